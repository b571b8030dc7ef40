// The calculator's fields and results, shared by every surface that shows them
// (page, embed, widget). It finds elements by id inside a Document or ShadowRoot
// and only ever writes text, never markup.
import { formatExact, approximateTokens } from './present.js';
import { FIELD_ERRORS, RESULT_TEXT } from './strings.pt-BR.js';

export const FIELDS = Object.freeze([
  { key: 'microBatch', id: 'micro-batch', param: 'micro', fallback: '8' },
  { key: 'dataParallel', id: 'data-parallel', param: 'dp', fallback: '64' },
  { key: 'accumulationSteps', id: 'accumulation-steps', param: 'accum', fallback: '4' },
  { key: 'sequenceLength', id: 'sequence-length', param: 'seq', fallback: '4.096' },
]);

const RESULTS = Object.freeze(['effectiveBatch', 'tokensPerStep']);

export function findView(root) {
  const byId = (id) => root.getElementById(id);
  return {
    form: byId('calculator'),
    inputs: Object.fromEntries(FIELDS.map(({ key, id }) => [key, byId(id)])),
    errors: Object.fromEntries(FIELDS.map(({ key, id }) => [key, byId(`${id}-error`)])),
    outputs: { effectiveBatch: byId('effective-batch'), tokensPerStep: byId('tokens-per-step') },
    tokensApproximation: byId('tokens-approximation'),
    overflowNote: byId('overflow-note'),
    status: byId('results-status'),
  };
}

/** The fields' texts when nothing else is given: the seed example. */
export function defaultTexts() {
  return Object.fromEntries(FIELDS.map(({ key, fallback }) => [key, fallback]));
}

export function readTexts(view) {
  return Object.fromEntries(FIELDS.map(({ key }) => [key, view.inputs[key].value]));
}

export function writeTexts(view, texts) {
  for (const { key } of FIELDS) {
    if (typeof texts[key] === 'string') view.inputs[key].value = texts[key];
  }
}

export function renderEvaluation(view, evaluation) {
  for (const { key } of FIELDS) {
    const { status } = evaluation.fields[key];
    const message = status === 'ok' ? '' : FIELD_ERRORS[status] ?? FIELD_ERRORS['not-a-number'];
    view.errors[key].textContent = message;
    view.inputs[key].setAttribute('aria-invalid', String(message !== ''));
  }
  for (const key of RESULTS) renderResult(view.outputs[key], evaluation[key]);

  const tokens = evaluation.tokensPerStep;
  view.tokensApproximation.textContent = tokens.status === 'ok' ? approximateTokens(tokens.value) : '';
  const overflow = RESULTS.some((key) => evaluation[key].status === 'overflow');
  view.overflowNote.textContent = overflow ? RESULT_TEXT.overflowNote : '';
  view.status.textContent = evaluation.effectiveBatch.status === 'none' ? RESULT_TEXT.prompt : '';
}

// Before the core answers (or when it cannot load): no figure at all.
export function renderUnavailable(view, message) {
  for (const key of RESULTS) renderResult(view.outputs[key], { status: 'none', value: '' });
  view.tokensApproximation.textContent = '';
  view.overflowNote.textContent = '';
  view.status.textContent = message;
}

// Above this many characters a figure gets a smaller type, so 20-digit results
// stay on one line instead of breaking between digit groups.
const LONG_RESULT_LENGTH = 13;

function renderResult(output, product) {
  const exact = product.status === 'ok' ? product.value : '';
  output.dataset.value = exact;
  output.textContent = exact ? formatExact(exact)
    : product.status === 'overflow' ? RESULT_TEXT.overflow : RESULT_TEXT.empty;
  output.classList.toggle('long', output.textContent.length > LONG_RESULT_LENGTH);
}

// Valid fields are rewritten with pt-BR grouping ("4096" -> "4.096") once the
// person leaves them, so the caret never jumps while typing.
export function regroupField(view, key, evaluation) {
  const field = evaluation.fields[key];
  if (field.status === 'ok') view.inputs[key].value = formatExact(field.value);
}
