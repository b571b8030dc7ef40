// The optimal batch size calculator's page, one per language
// (pages/calculator-page.mjs is the frame): before the calculator, the model
// picker (a published model or a pasted config.json fills the shape); after it, what each
// law's figure is worth (inside or outside the range it was fitted on), the
// cluster's floor, the link that hands the batch to the planner, and McCandlish
// et al.'s trade-off as an SVG chart with a table beside it (filled in by the
// page script from the core's points).
import { h } from '../../kit/tree.js';
import { toHtml } from '../../../pages/html.mjs';
import { modelPickerNodes } from '../../../pages/model-picker.mjs';

/** The page's own slots in the frame (calculator-page.mjs); options: as site.mjs gives them. */
export default function pageSlots({ catalog, schema }) {
  const words = catalog[schema.messages].curve;
  const legend = (name) => h('li', {}, h('span', { class: `curve-swatch curve-${name}`, 'aria-hidden': 'true' }), words.legend[name]);
  const parts = [
    // Filled in after every evaluation; empty (and so silent) until then.
    h('ul', { class: 'ob-verdicts', id: 'ob-verdicts', 'aria-live': 'polite' },
      ['ob-law-verdict', 'ob-deepseek-range', 'ob-steplaw-range', 'ob-parameters-note', 'ob-active-note', 'ob-split-verdict', 'ob-floor-verdict']
        .map((id) => h('li', { id, hidden: true }))),
    h('p', { class: 'ob-plan' }, h('a', { id: 'ob-plan-link', hidden: true })),
    h('p', { class: 'ob-plan' }, h('a', { id: 'ob-configuration-link', hidden: true })),
    h('section', { class: 'noise-curve-section', 'aria-labelledby': 'noise-curve-title' },
      h('h2', { id: 'noise-curve-title' }, words.title),
      h('p', { id: 'noise-curve-empty', class: 'ob-hint' }, words.empty),
      h('figure', { class: 'noise-curve', id: 'noise-curve', hidden: true },
        h('svg', { id: 'noise-curve-chart', class: 'noise-curve-chart', role: 'group', viewBox: '0 0 640 284',
          'aria-labelledby': 'noise-curve-title noise-curve-description', xmlns: 'http://www.w3.org/2000/svg' },
          h('desc', { id: 'noise-curve-description' }),
          h('g', { id: 'noise-curve-plot' })),
        h('ul', { class: 'curve-legend' }, ['steps', 'data'].map(legend)),
        h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'noise-curve-caption' },
          h('table', { id: 'noise-curve-table', class: 'noise-curve-table' },
            h('caption', { id: 'noise-curve-caption' }, words.tableCaption),
            h('thead', {}, h('tr', {}, Object.values(words.columns).map((label) => h('th', { scope: 'col' }, label)))),
            h('tbody', {}))))),
  ];
  const model = h('section', { class: 'model-section', id: 'model', 'aria-labelledby': 'model-title' },
    modelPickerNodes(catalog[schema.messages].model));
  return { beforeCalculator: `    ${toHtml(model)}\n`, afterCalculator: `    ${parts.map(toHtml).join('\n    ')}\n` };
}
