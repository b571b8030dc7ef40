// The optimal batch size calculator, as the site's registry describes it
// (calculators/registry.js holds its name, page paths and wasm module): what
// every surface needs to show it.
import { OPTIMAL_BATCH } from './schema.js';

export default {
  schema: OPTIMAL_BATCH,
  /** Resolves to its core loader (core-loader.js), loaded only when asked for. */
  core: () => import('./core-loader.js').then((module) => module.loadCore),
  catalogs: { 'pt-BR': () => import('./words.pt-BR.js'), 'en': () => import('./words.en.js') },
  entry: 'src/calculators/optimal-batch/page-entry.js',
  // The compute page's model reader, imported when a model is chosen or pasted.
  lazyParts: ['src/models/model-reader.js'],
  // A published model by link (model=<slug>): the page keeps it in its address,
  // and the prefill guard hides the default figures until its shape is read.
  prefillParams: ['model'],
  styles: ['styles/calculator.css', 'styles/page.css', 'styles/model-picker.css', 'src/calculators/optimal-batch/styles.css'],
  folder: 'src/calculators/optimal-batch/',
  example: '?layers=95&hidden=8192&seq=4096&tokens=2T&gpus=512&bnoise=8M',
  // 3 <-> 30 layers: every law, the recommendation, the link and the verdicts are redrawn.
  keystrokes: { query: '?layers=3', field: '#ob-layers', keys: ['0', 'Backspace'], watch: 'recommended-batch-tokens' },
};
