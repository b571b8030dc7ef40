// The training-compute page, one per language (calculator-page.mjs is the
// frame): before the calculator, the model (a published one or a pasted
// config.json, counted by the core); after it, which FLOPs the time counts
// and the links that carry the model to the memory page and the run to the
// planner, filled in by the page script.
import { h } from '../../kit/tree.js';
import { toHtml } from '../../../pages/html.mjs';
import { modelPickerNodes } from '../../../pages/model-picker.mjs';

/** The page's own slots in the frame (calculator-page.mjs); options: as site.mjs gives them. */
export default function pageSlots({ catalog, schema }) {
  const words = catalog[schema.messages];
  const model = words.model;
  const section = h('section', { class: 'model-section', id: 'model', 'aria-labelledby': 'model-title' },
    modelPickerNodes(model),
    h('dl', { class: 'model-figures' },
      h('div', {}, h('dt', {}, model.parameters), h('dd', {}, h('output', { id: 'model-parameters', 'data-value': '' }, catalog.kit.noFigure))),
      h('div', {}, h('dt', {}, model.active), h('dd', {}, h('output', { id: 'model-active-parameters', 'data-value': '' }, catalog.kit.noFigure)))),
    h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'model-split-caption', hidden: true },
      h('table', { id: 'model-split', class: 'model-split' },
        h('caption', { id: 'model-split-caption' }, model.split),
        h('tbody', {}))));
  const after = [
    h('p', { class: 'time-basis', id: 'compute-time-basis' }),
    h('p', { class: 'time-basis', id: 'compute-optimal-note' }),
    h('p', { class: 'compute-links' },
      h('a', { id: 'compute-memory-link', hidden: true }, words.memoryLink),
      ' ',
      h('a', { id: 'compute-planner-link', hidden: true })),
  ];
  return { beforeCalculator: `    ${toHtml(section)}\n`, afterCalculator: `    ${after.map(toHtml).join('\n    ')}\n` };
}
