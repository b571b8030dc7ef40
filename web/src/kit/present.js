// What a calculator shows for an evaluation, as plain data: the text of every
// field error, result, note and the status line. Pure, so the build renders
// the default figures into the HTML with exactly what the browser would show.
import { isSettled, messagesAt } from './schema.js';
import { approximateBytes, approximateCount, binarySize, groupDigits, scientific, localDecimal, plainDecimal, powerOfTwo, readableDecimal } from './number-format.js';

/** A status, reason or refusal as the core names it (snake_case) -> as the page writes it in data-error (kebab-case). */
export const domCode = (name) => name.replace(/_/g, '-');

// Significant digits a decimal result keeps in data-value, for machines; the page shows fewer.
const DECIMAL_DATA_DIGITS = 12;

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
  const shownAsError = (status, key) => !isSettled(byKey.get(key), status, evaluation.fields) && !(typing && status === 'unfinished_grouping');

  // A chosen preset (a device) that leaves a field it sets empty: the list has no such figure for it, so the field
  // asks for it by the device's name.
  const unpublished = new Map();
  for (const preset of schema.fields.filter(({ kind }) => kind === 'preset')) {
    const chosen = evaluation.fields[preset.key].status === 'ok' ? preset.options.find(({ slug }) => slug === evaluation.fields[preset.key].value) : null;
    for (const [key, figure] of Object.entries(chosen?.also ?? {})) if (figure === '') unpublished.set(key, chosen.name);
  }

  const fields = {};
  for (const field of schema.fields) {
    const { status, readings } = evaluation.fields[field.key];
    // A list's text that is none of its options (from a link) is named as such, not as a malformed number.
    const listStatus = field.kind === 'choice' && (status === 'not_a_number' || status === 'too_long') ? 'not_a_choice' : status;
    const message = !shownAsError(status, field.key) ? ''
      : status === 'empty' && unpublished.has(field.key) ? kit.fieldErrors.notInDeviceList({ device: unpublished.get(field.key) })
        : fieldError(kit, { status: listStatus, readings }, field, marks, evaluation.maxTextLength, messagesAt(catalog, field.messages).errors);
    fields[field.key] = { error: message, invalid: message !== '' };
    // A preset shows the option its field holds (none once that field is typed over).
    if (field.kind === 'preset' && status === 'ok') fields[field.key].choice = evaluation.fields[field.key].value;
  }

  const results = {};
  for (const result of schema.results) results[result.key] = presentResult(catalog, result, evaluation.results[result.key], evaluation, marks);

  const overflow = schema.results.some((result) => evaluation.results[result.key].status === 'overflow');
  // A calculator that counts wider than 64 bits names its own limit.
  const overflowNote = messagesAt(catalog, schema.messages).overflowNote ?? kit.overflowNote;
  return { fields, results, overflowNote: overflow ? overflowNote : '', status: statusLine(schema, catalog, evaluation, shownAsError) };
}

// An exact count is grouped ("8.388.608"); a decimal estimate is shown readably
// ("2,263", "93,75" for a percentage) and kept in data-value as a plain decimal
// ("2.2625", "0.9375"). A refusal takes the figure's place, named in data-error.
function presentResult(catalog, result, { status, value }, evaluation, marks) {
  const { kit } = catalog;
  if (status !== 'ok') {
    const refusal = status === 'not_divisible' ? messagesAt(catalog, result.messages).notDivisible : null;
    const text = status === 'overflow' ? kit.overflow : refusal ?? kit.noFigure;
    return { value: '', error: status === 'unavailable' ? '' : domCode(status), text, long: false, note: '', breakdown: '' };
  }
  if (result.kind === 'decimal') {
    const text = readableDecimal(result.percent ? value * 100 : value, marks);
    return { value: plainDecimal(value, DECIMAL_DATA_DIGITS), error: '', text, long: text.length > LONG_RESULT_LENGTH, note: '', breakdown: '' };
  }
  // A size whose headline is binary: "17,00 GiB", with the exact bytes beside it.
  if (result.headline === 'binary') {
    const size = binarySize(value, marks);
    return { value, error: '', text: `${size.amount} ${size.unit}`, long: false, note: kit.exactBytes(groupDigits(value, marks)), breakdown: '' };
  }
  const text = groupDigits(value, marks);
  return {
    value,
    error: '',
    text,
    long: text.length > LONG_RESULT_LENGTH,
    note: approximation(kit, result.approximate, value, marks),
    breakdown: breakdownOf(result, evaluation, marks),
  };
}

// "≈ 8.4 million tokens", "≈ 7 billion", "≈ 12.3 GiB", "≈ 3.79 × 10²⁵": a reading aid beside an exact figure.
function approximation(kit, kind, value, marks) {
  if (kind === 'scientific') {
    const text = scientific(value, marks);
    return text ? `≈ ${text}` : '';
  }
  if (kind === 'tokens' || kind === 'count') {
    const count = approximateCount(value, marks, kit.scaleCount);
    if (!count) return '';
    return (kind === 'tokens' ? kit.approximateTokens : kit.approximateCount)(count.amount, count.scale, count.singular);
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
  for (const result of schema.results) results[result.key] = { value: '', error: '', text: catalog.kit.noFigure, long: false, note: '', breakdown: '' };
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
  // Limits are plain digits, or a plain decimal for a decimal field ("0.001").
  const limit = (text) => (!text ? '' : text.includes('.') ? localDecimal(text, marks) : groupDigits(text, marks));
  return message({
    minimum: limit(field.minimum),
    maximum: limit(field.maximum),
    maxTextLength: groupDigits(maxTextLength, marks),
    readings: (readings ?? ['', '']).map((reading) => (reading ? groupDigits(reading, marks) : '')),
  });
}

// Names the fields that keep a result from showing: "fill in" when they are
// all empty, "check" when something was entered; nothing while a number is
// merely unfinished. A result that takes one of two fields (`oneOf`) with
// both left empty asks for either.
function statusLine(schema, catalog, evaluation, shownAsError) {
  const blocking = new Set();
  let eitherOf = null;
  for (const result of schema.results) {
    if (evaluation.results[result.key].status !== 'unavailable') continue;
    for (const key of result.dependsOn) if (shownAsError(evaluation.fields[key].status, key)) blocking.add(key);
    if (result.oneOf?.every((key) => evaluation.fields[key].status === 'empty')) eitherOf = result.oneOf;
  }
  const label = (field) => messagesAt(catalog, field.messages).label;
  if (blocking.size === 0) {
    if (!eitherOf) return '';
    const [first, second] = eitherOf.map((key) => label(schema.fields.find((field) => field.key === key)));
    return messagesAt(catalog, schema.messages).fillInOneOf(first, second);
  }
  const fields = schema.fields.filter((field) => blocking.has(field.key));
  const list = catalog.kit.listOf(fields.map(label));
  const allEmpty = fields.every((field) => evaluation.fields[field.key].status === 'empty');
  return (allEmpty ? catalog.kit.fillIn : catalog.kit.review)(list, fields.length);
}

/**
 * What the narrow screens' bar shows for a result: a byte count as its binary
 * approximation ("17 GiB"), a count of FLOPs in scientific notation, anything
 * else as shown.
 */
export function barText(spec, shown, noFigure) {
  if (!shown || !shown.text) return noFigure;
  if (spec.headline === 'binary') return shown.text;
  if ((spec.approximate === 'bytes' || spec.approximate === 'scientific') && shown.note) return shown.note.replace(/^≈ /, '');
  return shown.text;
}
