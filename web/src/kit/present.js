// What a calculator shows for an evaluation, as plain data: the text of every
// field error, result, note and the status line. Pure, so the build renders
// the default figures into the HTML with exactly what the browser would show.
import { isSettled, messagesAt } from './schema.js';
import { approximateBytes, approximateCount, groupDigits, powerOfTwo } from './number-format.js';

// Above this many characters a figure gets a smaller type, so 20-digit results
// stay on one line instead of breaking between digit groups.
const LONG_RESULT_LENGTH = 13;

/**
 * typing: true while a key is being pressed in a field, when a grouped number
 * that is still unfinished ("2.04" on the way to "2.048") is not yet an error.
 */
export function presentEvaluation(schema, catalog, evaluation, { typing = false } = {}) {
  const { kit } = catalog;
  const { marks } = evaluation;
  // An optional field left empty is not an error; neither is a number still being typed.
  const byKey = new Map(schema.fields.map((field) => [field.key, field]));
  const shownAsError = (status, key) => !isSettled(byKey.get(key), status) && !(typing && status === 'unfinished_grouping');

  const fields = {};
  for (const field of schema.fields) {
    const { status, readings } = evaluation.fields[field.key];
    const message = shownAsError(status, field.key) ? fieldError(kit, { status, readings }, field, marks, evaluation.maxTextLength) : '';
    fields[field.key] = { error: message, invalid: message !== '' };
  }

  const results = {};
  for (const result of schema.results) {
    const { status, value } = evaluation.results[result.key];
    const text = status === 'ok' ? groupDigits(value, marks) : status === 'overflow' ? kit.overflow : kit.noFigure;
    results[result.key] = {
      value: status === 'ok' ? value : '',
      text,
      long: text.length > LONG_RESULT_LENGTH,
      note: status === 'ok' ? approximation(kit, result.approximate, value, marks) : '',
      breakdown: status === 'ok' ? breakdownOf(result, evaluation, marks) : '',
    };
  }

  const overflow = schema.results.some((result) => evaluation.results[result.key].status === 'overflow');
  return { fields, results, overflowNote: overflow ? kit.overflowNote : '', status: statusLine(schema, catalog, evaluation, shownAsError) };
}

// "≈ 8.4 million tokens", "≈ 12.3 GiB": a reading aid beside an exact figure.
function approximation(kit, kind, value, marks) {
  if (kind === 'tokens') {
    const count = approximateCount(value, marks, kit.scaleCount);
    return count ? kit.approximateTokens(count.amount, count.scale, count.singular) : '';
  }
  if (kind === 'bytes') {
    const bytes = approximateBytes(value, marks);
    return bytes ? `≈ ${bytes.amount} ${bytes.unit}` : '';
  }
  return '';
}

/** Before the core answers, or when it cannot: no figure at all, and a message. */
export function presentUnavailable(schema, catalog, message) {
  const results = {};
  for (const result of schema.results) results[result.key] = { value: '', text: catalog.kit.noFigure, long: false, note: '', breakdown: '' };
  return { fields: null, results, overflowNote: '', status: message };
}

// Where a figure comes from, "8 × 64 × 4 = 2.048", and "= 2¹¹" when it is a
// power of two. Factors are fields or other results, all exact by now.
function breakdownOf(result, evaluation, marks) {
  if (!result.breakdown) return '';
  const { value } = evaluation.results[result.key];
  const factors = result.breakdown.map((key) => evaluation.fields[key] ?? evaluation.results[key]);
  if (factors.some((factor) => factor.status !== 'ok')) return '';
  const power = powerOfTwo(value);
  return `${factors.map((factor) => groupDigits(factor.value, marks)).join(' × ')} = ${groupDigits(value, marks)}${power ? ` = ${power}` : ''}`;
}

/**
 * The message for a field's status, from the kit's catalog (or from overrides,
 * a calculator's own wording for some statuses). field: {minimum, maximum} as
 * decimal strings, either may be absent; readings: [decimal, binary] for an
 * ambiguous suffix.
 */
export function fieldError(kit, { status, readings }, field, marks, maxTextLength, overrides = {}) {
  const message = overrides[status] ?? kit.fieldErrors[status] ?? kit.fieldErrors.not_a_number;
  return message({
    minimum: field.minimum ? groupDigits(field.minimum, marks) : '',
    maximum: field.maximum ? groupDigits(field.maximum, marks) : '',
    maxTextLength: groupDigits(maxTextLength, marks),
    readings: (readings ?? ['', '']).map((reading) => (reading ? groupDigits(reading, marks) : '')),
  });
}

// Names the fields that keep a result from showing: "fill in" when they are
// all empty, "check" when something was entered; nothing while a number is
// merely unfinished.
function statusLine(schema, catalog, evaluation, shownAsError) {
  const blocking = new Set();
  for (const result of schema.results) {
    if (evaluation.results[result.key].status !== 'unavailable') continue;
    for (const key of result.dependsOn) if (shownAsError(evaluation.fields[key].status, key)) blocking.add(key);
  }
  if (blocking.size === 0) return '';
  const fields = schema.fields.filter((field) => blocking.has(field.key));
  const list = catalog.kit.listOf(fields.map((field) => messagesAt(catalog, field.messages).label));
  const allEmpty = fields.every((field) => evaluation.fields[field.key].status === 'empty');
  return (allEmpty ? catalog.kit.fillIn : catalog.kit.review)(list, fields.length);
}
