// The gradient-accumulation memory calculator, as the site's registry
// describes it (calculators/registry.js holds its name, page paths and wasm
// module): what every surface needs to show it.
import { GRAD_MEMORY } from './schema.js';

export default {
  schema: GRAD_MEMORY,
  /** Resolves to its core loader (core-loader.js), loaded only when asked for. */
  core: () => import('./core-loader.js').then((module) => module.loadCore),
  // Its run-time words, under schema.messages, each loaded only with it.
  catalogs: { 'pt-BR': () => import('./words.pt-BR.js'), 'en': () => import('./words.en.js') },
  entry: 'src/calculators/grad-memory/page-entry.js',
  // A model's presets and config reader, imported when one is chosen or pasted.
  lazyParts: ['src/models/model-source.js'],
  styles: ['styles/calculator.css', 'styles/page.css', 'styles/model-picker.css', 'src/calculators/grad-memory/styles.css'],
  folder: 'src/calculators/grad-memory/',
  example: '?micro=2&gpu=48&zero=3',
  // A published model by link (model=<slug>): the page keeps it in its address,
  // and the prefill guard hides the default figures until its shape is read.
  // GPUs by link set d (GPUs ÷ TP·PP·CP) when d is not given.
  prefillParams: ['model', 'gpus'],
  keystrokes: { query: '?micro=1&zero=3', field: '#mem-micro-batch', keys: ['2', 'Backspace'], watch: 'activation-memory' },
};
