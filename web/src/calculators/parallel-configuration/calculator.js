// The parallel-configuration calculator, as the site's registry describes it
// (calculators/registry.js holds its name, page paths and wasm module): what
// every surface needs to show it.
import { PARALLEL_CONFIGURATION } from './schema.js';

export default {
  schema: PARALLEL_CONFIGURATION,
  /** Resolves to its core loader (core-loader.js), loaded only when asked for. */
  core: () => import('./core-loader.js').then((module) => module.loadCore),
  /** Resolves to predict.js: the prediction for a layout another page already has (the planner's), loaded only then. */
  predict: () => import('./predict.js'),
  catalogs: { 'pt-BR': () => import('./words.pt-BR.js'), 'en': () => import('./words.en.js') },
  entry: 'src/calculators/parallel-configuration/page-entry.js',
  // A model's presets and config reader, imported when one is chosen, pasted or linked.
  lazyParts: ['src/models/model-source.js'],
  styles: ['styles/calculator.css', 'styles/page.css', 'styles/model-picker.css', 'src/calculators/parallel-configuration/styles.css'],
  folder: 'src/calculators/parallel-configuration/',
  // Llama 3.1 70B's shape on 64 GPUs, 4M tokens a step of 8,192.
  example: '?layers=80&hidden=8192&heads=64&kvheads=8&ffn=28672&gpus=64',
  // A published model by link (model=<slug>) fills the shape before the first figures show.
  prefillParams: ['model'],
  // A batch of 512 -> 5,120 sequences and back: the whole search runs again and the layout, breakdown and table are redrawn.
  keystrokes: { query: '?target=512&unit=seq', field: '#conf-target', keys: ['0', 'Backspace'], watch: 'best-step-seconds' },
};
