// Wires a calculator view to the wasm core: prefill, "loading" until the core is
// ready, recompute on every keystroke, regroup a field when it is left. Used by
// the page, the iframe embed and the custom element alike.
import { loadCore } from './calculator-core.js';
import { FIELDS, readTexts, regroupField, renderEvaluation, renderUnavailable, writeTexts } from './calculator-view.js';
import { RESULT_TEXT } from './strings.pt-BR.js';

/**
 * Fills the fields with texts and starts the calculator. onEvaluate(evaluation,
 * {byUser}) runs after every render, byUser being true for typing. Resolves to
 * {update}, which recomputes after fields were changed from outside, or to null
 * when the core cannot load, which the view then says.
 */
export function startCalculator(view, texts, onEvaluate = () => {}) {
  writeTexts(view, texts);
  renderUnavailable(view, RESULT_TEXT.loading);
  view.form.addEventListener('submit', (event) => event.preventDefault());
  return loadCore().then((core) => {
    const update = ({ byUser = false } = {}) => {
      const evaluation = core.evaluate(readTexts(view));
      renderEvaluation(view, evaluation);
      onEvaluate(evaluation, { byUser });
    };
    for (const { key } of FIELDS) {
      view.inputs[key].addEventListener('input', () => update({ byUser: true }));
      view.inputs[key].addEventListener('change', () => regroupField(view, key, core.evaluate(readTexts(view))));
    }
    update();
    return { update: () => update() };
  }, () => {
    renderUnavailable(view, RESULT_TEXT.coreFailed);
    return null;
  });
}
