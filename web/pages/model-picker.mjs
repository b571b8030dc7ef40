// The model picker a calculator page puts before its calculator: a published
// model (models.js, the site's one list) or a pasted config.json, and the
// line that says what was read. words: the page's model words (title, intro,
// presetLabel, presetNone, pasteLabel, pasteHint, source).
import { MODELS } from '../src/models/models.js';
import { h } from '../src/kit/tree.js';

/** The section's opening nodes; a page adds its own figures after them. */
export function modelPickerNodes(words) {
  return [
    h('h2', { id: 'model-title' }, words.title),
    h('p', {}, words.intro),
    h('div', { class: 'model-inputs' },
      h('div', { class: 'field' },
        h('label', { for: 'model-preset' }, words.presetLabel),
        h('select', { id: 'model-preset', name: 'model' },
          h('option', { value: '' }, words.presetNone),
          MODELS.map(({ slug, name }) => h('option', { value: slug }, name))),
        h('p', { class: 'model-source' }, h('a', { id: 'model-source', hidden: true }, words.source))),
      h('div', { class: 'field' },
        h('label', { for: 'model-config' }, words.pasteLabel),
        h('p', { class: 'hint', id: 'model-config-hint' }, words.pasteHint),
        h('textarea', { id: 'model-config', rows: '5', spellcheck: 'false', autocomplete: 'off', 'aria-describedby': 'model-config-hint model-status' }))),
    h('p', { class: 'model-status', id: 'model-status', role: 'status' }),
  ];
}
