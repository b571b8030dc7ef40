// The gradient-accumulation memory calculator's page, one per language
// (calculator-page.mjs is the frame): before the calculator, the model picker
// (a published model or a pasted config.json fills the shape); after it, where one
// device's memory goes, as an SVG bar with a table beside it (filled in by
// the page script from the core's figures), and iframe embed code; between
// them, the link that hands the run to the configuration page.
import { h } from '../../kit/tree.js';
import { toHtml } from '../../../pages/html.mjs';
import { modelPickerNodes } from '../../../pages/model-picker.mjs';

/** The page's own slots in the frame (calculator-page.mjs); options: as site.mjs gives them. */
export default function pageSlots({ catalog, schema }) {
  const words = catalog[schema.messages].split;
  const split = h('section', { class: 'memory-split-section', 'aria-labelledby': 'memory-split-title' },
    h('h2', { id: 'memory-split-title' }, words.title),
    h('p', { class: 'memory-split-at', id: 'memory-split-at' }),
    h('figure', { class: 'memory-split', id: 'memory-split', hidden: true },
      h('svg', { id: 'memory-split-chart', class: 'memory-split-chart', role: 'img', viewBox: '0 0 640 48', preserveAspectRatio: 'none',
        'aria-labelledby': 'memory-split-title memory-split-description', xmlns: 'http://www.w3.org/2000/svg' },
        h('desc', { id: 'memory-split-description' }),
        h('g', { id: 'memory-split-bars' }),
        h('line', { id: 'memory-split-device', class: 'split-device', x1: '640', x2: '640', y1: '0', y2: '48' })),
      h('p', { class: 'split-over', id: 'memory-split-over', role: 'status' }),
      h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'memory-split-caption' },
        h('table', { id: 'memory-split-table', class: 'memory-split-table' },
          h('caption', { id: 'memory-split-caption' }, words.title),
          h('thead', {}, h('tr', {}, Object.values(words.columns).map((label) => h('th', { scope: 'col' }, label)))),
          h('tbody', {})))));
  const model = h('section', { class: 'model-section', id: 'model', 'aria-labelledby': 'model-title' },
    modelPickerNodes(catalog[schema.messages].model));
  // The configuration page, handed this run (page-entry.js): quietly always, plainly when nothing fits.
  const handoff = h('p', { class: 'configuration-handoff', id: 'memory-configuration-handoff', hidden: true },
    h('a', { id: 'memory-configuration-link' }));
  return { beforeCalculator: `    ${toHtml(model)}\n`, afterCalculator: `    ${toHtml(handoff)}\n    ${toHtml(split)}\n` };
}
