// The training-compute calculator, as the site's registry describes it
// (calculators/registry.js holds its name, page paths and wasm module): what
// every surface needs to show it.
import { TRAINING_COMPUTE } from './schema.js';

export default {
  schema: TRAINING_COMPUTE,
  /** Resolves to its core loader (core-loader.js), loaded only when asked for. */
  core: () => import('./core-loader.js').then((module) => module.loadCore),
  catalogs: { 'pt-BR': () => import('./words.pt-BR.js'), 'en': () => import('./words.en.js') },
  entry: 'src/calculators/training-compute/page-entry.js',
  // Link keys outside the schema that set its figures (a model preset): the
  // page keeps them in its address, and the prefill guard hides the default
  // figures while they are read.
  prefillParams: ['model'],
  styles: ['styles/calculator.css', 'styles/page.css', 'styles/model-picker.css', 'src/calculators/training-compute/styles.css'],
  folder: 'src/calculators/training-compute/',
  example: '?model=llama-3.1-70b&tokens=15T&gpus=2048',
  // 512 <-> 5,120 GPUs: the time, GPU-hours and cost are redrawn. (A zero
  // typed after a grouped "16,384" would make a malformed group, an error.)
  keystrokes: { query: '?gpus=512', field: '#compute-gpus', keys: ['0', 'Backspace'], watch: 'training-days' },
};
