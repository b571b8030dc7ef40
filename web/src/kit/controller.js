// Wires a calculator view to the wasm core, the same way on every surface:
// prefill, "loading" until the core answers, recompute on every keystroke,
// judge an unfinished number and regroup a field once it is left, and recover
// if the core ever fails. The container's data-state says where it stands:
// "loading", "ready" or "failed".
import { applyPresentation, readTexts, writeTexts } from './form-view.js';
import { presentEvaluation, presentUnavailable } from './present.js';
import { groupDigits, localDecimal, plainDecimal } from './number-format.js';

/**
 * Fills the fields with texts and starts the calculator.
 * loadCore: resolves to the core (core-loader.js in the browser), and gives a
 * fresh one after a call into the old one has thrown.
 * keepShown: the view already shows the right figures for these texts
 * (rendered at build time), so nothing is blanked while the core loads.
 * onEvaluate(evaluation, {cause}) runs after every render; cause is "start",
 * "input", "change" or "update".
 * Resolves to {update()} (recompute after fields changed from outside), or to
 * null when the core cannot load, which the view then says.
 */
export function startCalculator({ view, catalog, texts, loadCore, keepShown = false, onEvaluate = () => {} }) {
  const { schema } = view;
  writeTexts(view, texts);
  view.form.addEventListener('submit', (event) => event.preventDefault());
  if (!keepShown) applyPresentation(view, presentUnavailable(schema, catalog, catalog.kit.loading));
  view.container.dataset.state = 'loading';

  const showFailure = () => {
    applyPresentation(view, presentUnavailable(schema, catalog, catalog.kit.coreFailed));
    view.container.dataset.state = 'failed';
  };

  // Every evaluation goes through here: a failing core never leaves a figure
  // behind. The loader drops a failed instance, so loadCore() brings a fresh one.
  // Only a failing module is recovered from; a fault in showing its answer is a
  // bug, left to surface rather than retried forever.
  const evaluateAndShow = (core, cause) => {
    let evaluation;
    try {
      evaluation = core.evaluate(schema, readTexts(view), catalog.numberSyntax);
    } catch {
      applyPresentation(view, presentUnavailable(schema, catalog, catalog.kit.coreCrashed));
      view.container.dataset.state = 'loading';
      loadCore().then(() => run('update'), () => {});
      return null;
    }
    applyPresentation(view, presentEvaluation(schema, catalog, evaluation, { typing: cause === 'input' }));
    view.container.dataset.state = 'ready';
    return evaluation;
  };
  // Resolves to the evaluation shown, or null when there is none to show.
  const run = async (cause) => {
    let core;
    try {
      core = await loadCore();
    } catch {
      showFailure();
      return null;
    }
    const evaluation = evaluateAndShow(core, cause);
    if (evaluation) onEvaluate(evaluation, { cause });
    return evaluation;
  };

  return loadCore().then(async () => {
    const evaluation = await run('start');
    if (evaluation) regroup(view, evaluation, schema.fields.map(({ key }) => key));
    for (const { key } of schema.fields) {
      view.inputs[key].addEventListener('input', () => run('input'));
      view.inputs[key].addEventListener('change', () => run('change').then((changed) => {
        if (changed) regroup(view, changed, [key]);
      }));
    }
    return { update: () => run('update') };
  }, () => {
    showFailure();
    return null;
  });
}

// Valid counts are rewritten with the locale's grouping ("4096" -> "4.096")
// once they are left (or arrive from a URL), so the caret never jumps while
// typing; a decimal is written in the page's syntax ("3.7e2" -> "370").
function regroup(view, evaluation, keys) {
  const kinds = new Map(view.schema.fields.map((spec) => [spec.key, spec.kind]));
  for (const key of keys) {
    const field = evaluation.fields[key];
    if (field.status !== 'ok' || kinds.get(key) === 'choice') continue;
    view.inputs[key].value = kinds.get(key) === 'decimal'
      ? localDecimal(plainDecimal(field.value, 15), evaluation.marks) : groupDigits(field.value, evaluation.marks);
  }
}
