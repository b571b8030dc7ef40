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
  // A model's presets and config reader, imported when one is chosen, pasted or linked.
  lazyParts: ['src/models/model-reader.js'],
  styles: ['styles/calculator.css', 'styles/page.css', 'styles/model-picker.css', 'src/calculators/dp-scaling/styles.css'],
  folder: 'src/calculators/dp-scaling/',
  example: '?n=256&mode=strong&accum=256',
  // GPUs by link (gpus=) set the replicas when they are not given, and a published model
  // (model=<slug>) its parameters: the prefill guard waits for them, and the page keeps model= in its address.
  prefillParams: ['gpus', 'model'],
  // 6 <-> 64 replicas: the results, the chart and the curve's table (4 or 7 rows) are redrawn.
  keystrokes: { query: '?n=6', field: '#scale-replicas', keys: ['4', 'Backspace'], watch: 'scaling-efficiency' },
};
