// The markup of a calculator's fields and results, built from its schema and
// a catalog: "full" for the page, "compact" for the iframe embed and the
// custom element. The same tree is rendered to HTML at build time and to DOM
// at run time, and form-view.js finds its parts by the ids set here.
import { h } from './tree.js';
import { messagesAt } from './schema.js';
import { partIds } from './part-ids.js';
import { localDecimal } from './number-format.js';
import { barText } from './present.js';

// Past this many fields, a form runs far below the results beside it.
const LONG_FORM_FIELDS = 8;

/**
 * layout: "full" or "compact". texts: the fields' initial text. presentation:
 * what to show in the results at first (see present.js), or null for none yet.
 * state: the container's data-state. resultsExtra: trees appended to the
 * results (the page's share block). hints: each field's hint by its key, from
 * the page prose: "full" only, so the run-time words, which the compact
 * layouts build from in the browser, carry none. evaluation: the core's
 * evaluation the presentation came from, carried as data-evaluation ("full"
 * only) so the page can start from it without its core.
 */
export function calculatorTree(schema, catalog, { layout, texts = {}, presentation = null, state = 'loading', resultsExtra = [], hints = {}, evaluation = null }) {
  const ids = partIds(schema);
  const messages = messagesAt(catalog, schema.messages);
  const full = layout === 'full';
  const field = (spec) => fieldTree(spec, messagesAt(catalog, spec.messages), hints[spec.key], texts[spec.key] ?? '', presentation?.fields?.[spec.key], full, catalog.marks);
  const results = [
    h('p', { class: 'results-status', id: ids.status, role: 'status' }, presentation?.status ?? ''),
    // What the link gave that the page read in its own way (a key given twice), said once at the start.
    full && h('p', { class: 'link-note', id: ids.linkNote, hidden: true }),
    h('dl', { class: 'result-list' }, schema.results.map((spec) =>
      resultTree(spec, schema, messagesAt(catalog, spec.messages), presentation?.results?.[spec.key], full, catalog.kit.noFigure))),
    h('p', { class: 'overflow-note', id: ids.overflowNote }, presentation?.overflowNote ?? ''),
  ];

  if (full) {
    return h('section', { class: 'calculator', id: ids.container, 'aria-labelledby': ids.inputsTitle, 'data-calculator': schema.name, 'data-state': state,
      ...(evaluation ? { 'data-evaluation': JSON.stringify(evaluation) } : {}) },
      // A long form keeps the figures' bar on wide screens too (page.css).
      h('form', { class: schema.fields.length > LONG_FORM_FIELDS ? 'inputs long-form' : 'inputs', id: ids.form, novalidate: true },
        h('h2', { id: ids.inputsTitle }, messages.inputsTitle),
        schema.groups.map((group) => h('fieldset', {},
          h('legend', {}, messages.groups[group]),
          schema.fields.filter((spec) => spec.group === group).map(field))),
        // On narrow screens, and beside a long form, the results sit far from
        // the fields being typed in: this bar keeps a copy of the figures in
        // sight. Each figure with its words (a result's short `bar` label, or
        // its label) and unit (`barUnit`, or its unit); a size in binary units.
        // Hidden from assistive technology, which has the results themselves.
        h('p', { class: 'result-bar', 'aria-hidden': 'true', 'data-sticky-bar': 'bottom' }, schema.results.filter((spec) => spec.bar !== false).map((spec) => {
          const words = messagesAt(catalog, spec.messages);
          return h('span', { class: 'result-bar-item' }, h('span', { class: 'result-bar-label' }, words.bar ?? words.label), ' ',
            h('span', { id: `${spec.id}-bar` }, barText(spec, presentation?.results?.[spec.key], catalog.kit.noFigure)),
            spec.approximate !== 'bytes' && (words.barUnit ?? words.unit) && [' ', h('span', { class: 'unit' }, words.barUnit ?? words.unit)]);
        }))),
      // Focusable: on a wide screen the results scroll in their own box beside the form (page.css), by keyboard too.
      h('section', { class: 'results', 'aria-labelledby': ids.resultsTitle, tabindex: '0' },
        h('h2', { id: ids.resultsTitle }, messages.resultsTitle),
        results,
        resultsExtra));
  }
  return h('div', { class: 'compact', id: ids.container, 'data-calculator': schema.name, 'data-state': state },
    h('form', { id: ids.form, novalidate: true, 'aria-label': messages.formLabel },
      h('div', { class: 'compact-fields' }, schema.fields.map(field))),
    h('div', { class: 'compact-results', role: 'group', 'aria-label': messages.resultsTitle }, results));
}

function fieldTree(spec, messages, hint, text, shown, full, marks) {
  const hintId = `${spec.id}-hint`;
  const errorId = `${spec.id}-error`;
  const describedBy = full ? `${hintId} ${errorId}` : errorId;
  const invalid = shown ? String(shown.invalid) : null;
  const control = spec.kind === 'choice'
    ? h('select', { id: spec.id, name: spec.param, 'aria-describedby': describedBy, 'aria-invalid': invalid },
      // An optional choice (a knob left to be searched) starts with its empty option.
      (spec.optional ? ['', ...spec.choices] : spec.choices).map((choice) => h('option', { value: choice, selected: choice === text }, messages.options[choice])))
    : spec.kind === 'preset'
      ? h('select', { id: spec.id, name: spec.param, 'aria-describedby': describedBy, 'aria-invalid': invalid },
        h('option', { value: '', selected: text === '' }, messages.byHand),
        spec.options.map((option) => h('option', { value: option.slug, selected: option.slug === text }, messages.option(option.name, localDecimal(option.figure, marks)))))
    : [h('input', {
      id: spec.id, name: spec.param, type: 'text', inputmode: spec.inputMode ?? (spec.kind === 'decimal' ? 'decimal' : 'numeric'), autocomplete: 'off', spellcheck: 'false',
      value: text, 'aria-describedby': describedBy, 'aria-invalid': invalid, list: spec.suggestions ? `${spec.id}-suggestions` : null,
    }), spec.suggestions && h('datalist', { id: `${spec.id}-suggestions` }, spec.suggestions.map((suggestion) => h('option', { value: suggestion })))];
  return h('div', { class: 'field' },
    h('label', { for: spec.id }, messages.label, full && spec.symbol && [' ', h('span', { class: 'symbol' }, '(', h('i', {}, spec.symbol), ')')]),
    full && h('p', { class: 'hint', id: hintId }, hint),
    control,
    h('p', { class: 'field-error', id: errorId }, shown?.error ?? ''));
}

function resultTree(spec, schema, messages, shown, full, noFigure) {
  const inputs = schema.fields.filter((field) => spec.dependsOn.includes(field.key)).map((field) => field.id).join(' ');
  return h('div', { class: spec.primary ? 'result primary' : 'result' },
    h('dt', { id: `${spec.id}-label` }, messages.label),
    h('dd', {},
      // Named by its label, so a screen reader says what the figure is, not the figure alone.
      h('output', { id: spec.id, for: inputs, 'aria-labelledby': `${spec.id}-label`, 'data-value': shown?.value ?? '', 'data-error': shown?.error || null, class: shown?.long ? 'long' : null }, shown?.text ?? noFigure),
      // The unit in every layout: an embed's figures are read without the page around them.
      messages.unit && [' ', h('span', { class: 'unit' }, messages.unit)],
      spec.approximate && [' ', h('span', { class: 'unit', id: `${spec.id}-note` }, shown?.note ?? '')],
      full && spec.breakdown && h('span', { class: 'breakdown', id: `${spec.id}-breakdown` }, shown?.breakdown ?? '')));
}

