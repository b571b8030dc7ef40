// The data-parallel scaling calculator, as the site's registry describes it
// (calculators/registry.js holds its name, page paths and wasm module): what
// every surface needs to show it.
import { DP_SCALING } from './schema.js';

export default {
  schema: DP_SCALING,
  /** Resolves to its core loader (core-loader.js), loaded only when asked for. */
  core: () => import('./core-loader.js').then((module) => module.loadCore),
  catalogs: { 'pt-BR': () => import('./words.pt-BR.js'), 'en': () => import('./words.en.js') },
  entry: 'src/calculators/dp-scaling/page-entry.js',
  styles: ['styles/calculator.css', 'styles/page.css', 'src/calculators/dp-scaling/styles.css'],
  folder: 'src/calculators/dp-scaling/',
  example: '?n=256&mode=strong&accum=256',
  // GPUs by link (gpus=) set the replicas when they are not given: the prefill guard waits for them.
  prefillParams: ['gpus'],
  // 6 <-> 64 replicas: the results, the chart and the curve's table (4 or 7 rows) are redrawn.
  keystrokes: { query: '?n=6', field: '#scale-replicas', keys: ['4', 'Backspace'], watch: 'scaling-efficiency' },
};
