// The data-parallel scaling calculator's page, one per language
// (calculator-page.mjs is the frame): after the calculator, a link to the
// effective batch calculator with the batch at n, the curve as an SVG chart
// with a table beside it (filled in by the page script from the core's
// points), and iframe embed code.
import { DP_SCALING } from '../src/calculators/dp-scaling/schema.js';
import { h } from '../src/kit/tree.js';
import { toHtml } from './html.mjs';
import { renderCalculatorPage } from './calculator-page.mjs';

/** options: as renderCalculatorPage's; catalog.dpScaling: the calculator's run-time words. */
export function renderDpScalingPage({ page, catalog, ...options }) {
  const words = catalog.dpScaling.curve;
  const legend = (name) => h('li', {}, h('span', { class: `curve-swatch curve-${name}`, 'aria-hidden': 'true' }), words.legend[name]);
  const curve = [
    h('p', { class: 'scale-batch' }, h('a', { id: 'scale-batch-link', hidden: true })),
    h('section', { class: 'scaling-curve-section', 'aria-labelledby': 'scaling-curve-title' },
      h('h2', { id: 'scaling-curve-title' }, words.title),
      h('figure', { class: 'scaling-curve', id: 'scaling-curve', hidden: true },
        h('svg', { id: 'scaling-curve-chart', class: 'scaling-curve-chart', role: 'img', viewBox: '0 0 640 342',
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
  return renderCalculatorPage({
    ...options,
    page: { ...page, manifest: `${page.localeRoot}manifest.webmanifest` },
    catalog,
    schema: DP_SCALING,
    entry: 'src/entries/dp-scaling-page.js',
    wasm: 'src/wasm/dp_scaling.wasm',
    styles: ['styles/calculator.css', 'styles/page.css', 'styles/dp-scaling.css'],
    extraPreloads: [`src/i18n/${page.locale}.js`, `src/i18n/dp-scaling.${page.locale}.js`],
    afterCalculator: `    ${curve.map(toHtml).join('\n    ')}\n`,
  });
}
