// A calculator's fields and results on one surface (page, embed or element):
// found by id inside a Document or ShadowRoot, and only ever given text, never
// markup.
import { showAttribute, showData, showText } from './dom-write.js';
import { echoText } from './escape.js';
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
  for (const spec of view.schema.fields) {
    const text = texts[spec.key];
    if (typeof text !== 'string') continue;
    const input = view.inputs[spec.key];
    if (input.options) holdRefusedOption(input, text);
    input.value = text;
  }
}

// A list given a text none of its options holds (a link's zero=7, device=bogus)
// shows that text as a refused option of its own, so the field keeps it, the
// core judges it and the field says why, instead of the list falling silently
// to another option. The option goes once another is chosen.
function holdRefusedOption(select, text) {
  for (const old of select.querySelectorAll('option[data-refused]')) old.remove();
  if (text.trim() === '' || [...select.options].some((option) => option.value === text)) return;
  const option = select.ownerDocument.createElement('option');
  option.value = text;
  option.textContent = `“${echoText(text, 64)}”`;
  option.dataset.refused = '';
  select.append(option);
  select.addEventListener('change', function dropRefused() {
    if (select.value === text) return;
    option.remove();
    select.removeEventListener('change', dropRefused);
  });
}

/** Shows a presentation (present.js). Fields are left alone when it has none. */
export function applyPresentation(view, presentation) {
  for (const { key } of view.schema.fields) {
    const shown = presentation.fields?.[key];
    if (!shown) continue;
    showText(view.errors[key], shown.error);
    showAttribute(view.inputs[key], 'aria-invalid', String(shown.invalid));
    if (shown.choice !== undefined && view.inputs[key].value !== shown.choice) {
      view.inputs[key].value = shown.choice;
      for (const refused of view.inputs[key].querySelectorAll?.('option[data-refused]') ?? []) refused.remove();
    }
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
