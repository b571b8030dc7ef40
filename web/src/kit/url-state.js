// A calculator's fields <-> URL query (?micro=8&dp=64&accum=4&seq=4096). The
// URL only carries text, and the core judges it like typed text. Valid values
// travel as plain digits, so a link made in one language opens in the other.

import { neutralDecimal } from './number-format.js';

// Invalid text is kept in the link so the recipient sees the same error, but a
// huge paste is not copied into the address bar.
const MAX_INVALID_PARAM_LENGTH = 100;

/**
 * Texts for the schema's fields present in the query; absent ones are left
 * out. A field with a `part` reads its part of a multi-part parameter
 * (ramp=START,INCR,SAMPLES), each part percent-encoded so none can split.
 */
export function textsFromSearch(schema, search) {
  const params = linkParams(schema, search);
  const texts = {};
  for (const { key, param, part, aliases = [] } of schema.fields) {
    // The first of repeated parameters; a key's older name when the link has only that.
    const value = [param, ...aliases].map((name) => params.get(name)).find((found) => found !== null) ?? null;
    if (value !== null) texts[key] = part === undefined ? value : partOf(value, part);
  }
  // A linked preset (device=h200) sets its field, unless the link gives that field itself. A slug the page
  // does not offer leaves every field a device sets empty (unless the link gives it): no other device's
  // figures stand in for the one named, and each empty field asks for its figure.
  for (const field of schema.fields) {
    const option = field.kind === 'preset' ? field.options.find(({ slug }) => slug === texts[field.key]?.trim()) : null;
    if (field.kind === 'preset' && !option && (texts[field.key] ?? '').trim() !== '') {
      const set = [field.sets, ...field.options.flatMap((offered) => Object.keys(offered.also ?? {}))];
      for (const key of new Set(set)) {
        const other = schema.fields.find((spec) => spec.key === key);
        if (other && !params.has(other.param)) texts[key] = '';
      }
    }
    const target = option && schema.fields.find(({ key }) => key === field.sets);
    if (target && !params.has(target.param)) texts[target.key] = neutralDecimal(Number(option.value));
    for (const [key, value] of Object.entries(option?.also ?? {})) {
      const other = schema.fields.find((spec) => spec.key === key);
      if (other && !params.has(other.param)) texts[key] = value === '' ? '' : neutralDecimal(Number(value));
    }
  }
  return texts;
}

/**
 * The keys of the schema's fields a link gives more than once, each with the
 * values given, in order: the page reads the first (textsFromSearch), and says so.
 */
export function repeatedParams(schema, search) {
  const params = new URLSearchParams(search);
  const names = [...new Set(schema.fields.flatMap(({ param, aliases = [] }) => [param, ...aliases]))];
  return names.map((name) => ({ name, values: params.getAll(name) })).filter(({ values }) => values.length > 1);
}

/**
 * A link's parameters as the page reads them now. A link written by an
 * earlier version of the page first gains what that version read without
 * saying it: each of the schema's earlierLinks rules, given the link's
 * parameters, returns the parameters that spell it out (or none), taken
 * where the link gives none of its own. Then a field whose default yields to
 * others (defaultUnlessLinked: their URL keys) is empty when the link gives
 * one of them and not this field: a carried tokens/s wins over the scaling
 * page's example compute time.
 */
export function linkParams(schema, search) {
  const params = new URLSearchParams(search);
  for (const rule of schema.earlierLinks ?? []) {
    for (const [param, value] of Object.entries(rule.reads(params) ?? {})) if (!params.has(param)) params.set(param, value);
  }
  for (const { param, defaultUnlessLinked = [] } of schema.fields) {
    if (!params.has(param) && defaultUnlessLinked.some((other) => params.has(other))) params.set(param, '');
  }
  return params;
}

function partOf(value, index) {
  const part = value.split(',')[index] ?? '';
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Whether a query sets any field to something other than its default text. */
export function differsFromDefaults(schema, search) {
  const texts = textsFromSearch(schema, search);
  return schema.fields.some(({ key, default: fallback }) => key in texts && texts[key].trim() !== fallback);
}

/**
 * What a field carries in a link or snippet: plain digits, a decimal with no
 * decimal mark ("3e-4"), or the text as typed (a choice's word, or invalid text).
 */
export function sharedValue(field, text, spec = {}, { forOtherLanguage = false } = {}) {
  if (spec.kind === 'choice') return text.trim().slice(0, MAX_INVALID_PARAM_LENGTH);
  // A preset carries the option its field holds, or nothing; a slug it refused travels as given, to be refused there too.
  if (spec.kind === 'preset') return field.status === 'unknown_preset' ? text.trim().slice(0, MAX_INVALID_PARAM_LENGTH) : field.value;
  if (field.status !== 'ok') {
    const kept = text.trim().slice(0, MAX_INVALID_PARAM_LENGTH);
    // The two languages swap the decimal and grouping marks: swapped, refused text means the same there, and stays refused.
    return forOtherLanguage ? kept.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.')) : kept;
  }
  return spec.kind === 'decimal' ? neutralDecimal(field.value) : field.value;
}

/**
 * The given URL with the fields' parameters set. A snippet writes every field,
 * so it keeps meaning the same if a default ever changes; the page's own
 * address (onlyChanged) writes only what differs from the defaults, and keeps
 * of the other parameters only those in knownParams (the page's other parts),
 * so a stray or huge one is not carried on.
 */
export function urlWithFields(schema, href, evaluation, texts, { onlyChanged = false, knownParams = null, forOtherLanguage = false } = {}) {
  const url = new URL(href);
  if (knownParams) {
    const known = new Set([...knownParams, ...schema.fields.map(({ param }) => param)]);
    for (const key of [...url.searchParams.keys()]) if (!known.has(key)) url.searchParams.delete(key);
  }
  // A key's older name gives way to the key itself (world= becomes gpus=).
  for (const { aliases = [] } of schema.fields) for (const alias of aliases) url.searchParams.delete(alias);
  // The fields of one parameter together: one value, or its parts joined.
  const byParam = new Map();
  for (const spec of schema.fields) byParam.set(spec.param, [...(byParam.get(spec.param) ?? []), spec]);
  // A default kept as its shorthand ("2T") is a default too.
  const unchanged = (spec) => {
    const text = String(texts[spec.key] ?? '');
    return sharedValue(evaluation.fields[spec.key], text, spec) === spec.default || text.trim() === spec.default;
  };
  // Fields kept together (keptWith: the memory page's model shape) are written whole once one of them changes,
  // so the address never reads as an earlier version's link that gave only part of them.
  const changedTogether = new Set(schema.fields.filter((spec) => spec.keptWith && !unchanged(spec)).map((spec) => spec.keptWith));
  // A field a preset holds goes by the preset's name alone (device=h200, not its memory too).
  const heldByPreset = new Set(schema.fields.filter((spec) => spec.kind === 'preset' && evaluation.fields[spec.key].value !== '')
    .flatMap((spec) => [spec.sets, ...Object.keys(spec.options.find((option) => option.slug === evaluation.fields[spec.key].value)?.also ?? {})]));
  // A refused slug empties what it would set (textsFromSearch), so those empty fields go by its name too.
  for (const spec of schema.fields.filter((field) => field.kind === 'preset' && evaluation.fields[field.key].status === 'unknown_preset')) {
    for (const key of [spec.sets, ...spec.options.flatMap((option) => Object.keys(option.also ?? {}))]) {
      if (String(texts[key] ?? '').trim() === '') heldByPreset.add(key);
    }
  }
  for (const [param, specs] of byParam) {
    if (specs.every((spec) => heldByPreset.has(spec.key))) {
      url.searchParams.delete(param);
      continue;
    }
    const values = specs.map((spec) => sharedValue(evaluation.fields[spec.key], String(texts[spec.key] ?? ''), spec, { forOtherLanguage }));
    // An empty field whose default is empty says nothing a missing key does not (experts= on a dense model).
    const emptyAsDefault = onlyChanged && specs.every((spec, index) => values[index] === '' && spec.default === '');
    if ((onlyChanged && specs.every((spec) => unchanged(spec) && !changedTogether.has(spec.keptWith))) || emptyAsDefault
      || (specs.length === 1 && specs[0].kind === 'preset' && values[0] === '')) url.searchParams.delete(param);
    else url.searchParams.set(param, specs.length === 1 ? values[0] : values.map((value) => encodeURIComponent(value)).join(','));
  }
  return url.href;
}
