// The effective-batch calculator, as the site's registry describes it
// (calculators/registry.js holds its name, page paths and wasm module): what
// every surface needs to show it. Its words are in the run-time catalogs
// themselves (i18n/pt-BR.js, en.js), so it adds none of its own.
import { EFFECTIVE_BATCH } from './schema.js';

export default {
  schema: EFFECTIVE_BATCH,
  /** Resolves to its core loader (core-loader.js), loaded only when asked for. */
  core: () => import('./core-loader.js').then((module) => module.loadCore),
  catalogs: null,
  // Build: the page's script, its stylesheets, and its folder, which holds its template (page.mjs), prose (prose.<locale>.mjs) and words (words.<locale>.js).
  entry: 'src/calculators/effective-batch/page-entry.js',
  // What its page imports only when the reader reaches it: the planner, with the page's run on the planner's core,
  // a bundle of its own (scripts/assemble.mjs).
  lazyParts: ['src/planner/section.js'],
  styles: ['styles/calculator.css', 'styles/page.css'],
  // Its page loads its core only when the reader first needs it (kit/calculator-page.js): the HTML carries the
  // default figures and the evaluation they came from, so a first visit that only reads fetches no core.
  coreWhenNeeded: true,
  // Its custom element's entry: the site's stable widget.js loads it (scripts/assemble.mjs).
  element: 'src/calculators/effective-batch/element/widget.js',
  folder: 'src/calculators/effective-batch/',
  // A link that sets values other than the defaults (Lighthouse, the benchmark).
  example: '?micro=16&dp=64&accum=4&seq=4096',
  // GPUs by link (gpus=) set d when it is not given: the prefill guard waits for them.
  prefillParams: ['gpus'],
  // The benchmark's keystrokes: in this field, these keys, until this result is updated.
  keystrokes: { query: '?micro=8&dp=64&accum=4&seq=4096', field: '#accumulation-steps', keys: ['4', 'Backspace'], watch: 'effective-batch' },
};
