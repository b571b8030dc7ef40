// Field values <-> URL query (?micro=8&dp=64&accum=4&seq=4096), read by the same
// parser as typed text: the URL only carries text, the core judges it.
import { FIELDS } from './calculator-view.js';

// Invalid text is kept in the link so the recipient sees the same error, but a
// huge paste is not copied into the address bar.
const MAX_INVALID_PARAM_LENGTH = 100;

/** Texts for the fields present in the query; absent ones are left out. */
export function textsFromSearch(search) {
  const params = new URLSearchParams(search);
  const texts = {};
  for (const { key, param } of FIELDS) {
    const value = params.get(param);  // the first of repeated parameters
    if (value !== null) texts[key] = value;
  }
  return texts;
}

/** What a field carries in a link or snippet: plain digits, or the text as typed. */
export function sharedValue(field, text) {
  return field.status === 'ok' ? field.value : text.trim().slice(0, MAX_INVALID_PARAM_LENGTH);
}

/** The given URL with the fields' parameters replaced; other parameters are kept. */
export function urlWithFields(href, evaluation, texts) {
  const url = new URL(href);
  for (const { key, param } of FIELDS) url.searchParams.set(param, sharedValue(evaluation.fields[key], texts[key]));
  return url.href;
}
