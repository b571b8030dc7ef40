// The planner's fields <-> URL query. Only what differs from the defaults is
// written, so a link stays short; the three ramp fields travel together as
// ramp=START,INCR,SAMPLES, Megatron-LM's --rampup-batch-size order. Valid counts
// travel as plain digits and valid decimals as "3e-4"-style text with no
// decimal mark, so a link made in one language opens in the other.
import { neutralDecimal } from '../../kit/number-format.js';

const MAX_INVALID_PARAM_LENGTH = 100;

/** {texts, unit} from a query: texts only for the fields it names. */
export function plannerStateFromSearch(schema, search) {
  const params = new URLSearchParams(search);
  const texts = {};
  for (const spec of schema.fields) {
    const value = params.get(spec.param);
    if (value === null) continue;
    texts[spec.key] = spec.part === undefined ? value : partOf(value, spec.part);
  }
  const unit = params.get(schema.unit.param);
  return { texts, unit: schema.unit.values.includes(unit) ? unit : schema.unit.default };
}

// A multi-part value's parts are each percent-encoded before they are joined
// with commas, so an invalid part such as "16,5" cannot split into two.
function partOf(value, index) {
  const part = value.split(',')[index] ?? '';
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The given URL with the planner's parameters set or removed; other parameters are kept. */
export function urlWithPlanner(schema, href, evaluation, texts, unit) {
  const url = new URL(href);
  const shared = (spec) => {
    const field = evaluation.fields[spec.key];
    if (field.status !== 'ok') return String(texts[spec.key] ?? '').trim().slice(0, MAX_INVALID_PARAM_LENGTH);
    return field.kind === 'decimal' ? neutralDecimal(field.value) : field.value;
  };
  const changed = (spec) => String(texts[spec.key] ?? '').trim() !== spec.default;
  const byParam = new Map();
  for (const spec of schema.fields) byParam.set(spec.param, [...(byParam.get(spec.param) ?? []), spec]);
  for (const [param, specs] of byParam) {
    if (!specs.some(changed)) url.searchParams.delete(param);
    else url.searchParams.set(param, specs.length === 1 ? shared(specs[0]) : specs.map((spec) => encodeURIComponent(shared(spec))).join(','));
  }
  if (unit === schema.unit.default) url.searchParams.delete(schema.unit.param);
  else url.searchParams.set(schema.unit.param, unit);
  return url.href;
}
