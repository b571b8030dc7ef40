// The data-parallel scaling calculator's page, one per language
// (calculator-page.mjs is the frame): before the calculator, the model picker;
// after it, a link to the
// effective batch calculator with the batch at n, the curve as an SVG chart
// with a table beside it (filled in by the page script from the core's
// points), and iframe embed code.
import { h } from '../../kit/tree.js';
import { toHtml } from '../../../pages/html.mjs';
import { modelPickerNodes } from '../../../pages/model-picker.mjs';

/** The page's own slots in the frame (calculator-page.mjs); options: as site.mjs gives them. */
export default function pageSlots({ catalog, schema }) {
  const words = catalog[schema.messages].curve;
  const legend = (name) => h('li', {}, h('span', { class: `curve-swatch curve-${name}`, 'aria-hidden': 'true' }), words.legend[name]);
  const curve = [
    h('p', { class: 'scale-batch' }, h('a', { id: 'scale-batch-link', hidden: true })),
    h('section', { class: 'scaling-curve-section', 'aria-labelledby': 'scaling-curve-title' },
      h('h2', { id: 'scaling-curve-title' }, words.title),
      h('figure', { class: 'scaling-curve', id: 'scaling-curve', hidden: true },
        // A group, not an image: its points take focus and read out their values.
        h('svg', { id: 'scaling-curve-chart', class: 'scaling-curve-chart', role: 'group', viewBox: '0 0 640 378',
          'aria-labelledby': 'scaling-curve-title scaling-curve-description', xmlns: 'http://www.w3.org/2000/svg' },
          h('desc', { id: 'scaling-curve-description' }),
          h('g', { id: 'scaling-curve-plot' })),
        h('ul', { class: 'curve-legend' }, ['throughput', 'ideal', 'efficiency'].map(legend)),
        h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'scaling-curve-caption' },
          h('table', { id: 'scaling-curve-table', class: 'scaling-curve-table' },
            h('caption', { id: 'scaling-curve-caption' }, words.title),
            h('thead', {}, h('tr', {}, Object.values(words.columns).map((label) => h('th', { scope: 'col' }, label)))),
            h('tbody', {}))))),
  ];
  // Before the calculator, the model whose parameters are the gradients (a published one or a pasted config.json).
  const model = h('section', { class: 'model-section', id: 'model', 'aria-labelledby': 'model-title' },
    modelPickerNodes(catalog[schema.messages].model));
  return { beforeCalculator: `    ${toHtml(model)}\n`, afterCalculator: `    ${curve.map(toHtml).join('\n    ')}\n` };
}
