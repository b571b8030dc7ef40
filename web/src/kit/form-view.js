// A calculator's fields and results on one surface (page, embed or element):
// found by id inside a Document or ShadowRoot, and only ever given text, never
// markup.
import { showAttribute, showData, showText } from './dom-write.js';
import { partIds } from './part-ids.js';
import { barText } from './present.js';

export function findView(root, schema) {
  const byId = (id) => root.getElementById(id);
  const ids = partIds(schema);
  return {
    schema,
    container: byId(ids.container),
    form: byId(ids.form),
    inputs: Object.fromEntries(schema.fields.map(({ key, id }) => [key, byId(id)])),
    errors: Object.fromEntries(schema.fields.map(({ key, id }) => [key, byId(`${id}-error`)])),
    outputs: Object.fromEntries(schema.results.map(({ key, id }) => [key, byId(id)])),
    notes: Object.fromEntries(schema.results.filter((result) => result.approximate).map(({ key, id }) => [key, byId(`${id}-note`)])),
    // Only the full layout has breakdowns and the result bar; elsewhere these are null.
    breakdowns: Object.fromEntries(schema.results.map(({ key, id }) => [key, byId(`${id}-breakdown`)])),
    bar: Object.fromEntries(schema.results.map(({ key, id }) => [key, byId(`${id}-bar`)])),
    status: byId(ids.status),
    overflowNote: byId(ids.overflowNote),
  };
}

export function readTexts(view) {
  return Object.fromEntries(view.schema.fields.map(({ key }) => [key, view.inputs[key].value]));
}

/** Writes the given texts; fields missing from texts keep theirs. */
export function writeTexts(view, texts) {
  for (const { key } of view.schema.fields) {
    if (typeof texts[key] === 'string') view.inputs[key].value = texts[key];
  }
}

/** Shows a presentation (present.js). Fields are left alone when it has none. */
export function applyPresentation(view, presentation) {
  for (const { key } of view.schema.fields) {
    const shown = presentation.fields?.[key];
    if (!shown) continue;
    showText(view.errors[key], shown.error);
    showAttribute(view.inputs[key], 'aria-invalid', String(shown.invalid));
    if (shown.choice !== undefined && view.inputs[key].value !== shown.choice) view.inputs[key].value = shown.choice;
  }
  for (const { key } of view.schema.results) {
    const shown = presentation.results[key];
    const output = view.outputs[key];
    showData(output, 'value', shown.value);
    showData(output, 'error', shown.error || undefined);
    showText(output, shown.text);
    output.classList.toggle('long', shown.long);
    if (view.notes[key]) showText(view.notes[key], shown.note);
    if (view.breakdowns[key]) showText(view.breakdowns[key], shown.breakdown);
    if (view.bar[key]) showText(view.bar[key], barText(view.schema.results.find((spec) => spec.key === key), shown, shown.text));
  }
  showText(view.overflowNote, presentation.overflowNote);
  showText(view.status, presentation.status);
}
