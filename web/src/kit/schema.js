// Calculator schemas: frozen when defined, and checked (schema-check.js) by
// the build and the tests: unique ids and URL keys, results that depend on
// real fields, defaults the core reads as one number in every syntax. Each
// field the core reads takes its kind, `minimum` and `maximum` (decimal
// strings), `choices`, `optional` and `shorthand` from the core
// (fieldsOfCore below); the schema adds what the page needs.
//
// Field kinds: "count" (typed, judged by the core), "decimal" (typed, above
// zero and at most `maximum`), "choice" (a select of the core's words in
// `choices`), "preset" (a select of named `options`, each {slug, value}, that
// sets the field named by `sets` to its value, and each field of its `also` ({key: value}) to that value, '' leaving
// an optional field empty: the page's one device list;
// not read by the core, and showing no option once that field is typed over). Result kinds: "exact-integer" (a decimal string) and "decimal"
// (a number; `percent` shows a fraction as a percentage); `oneOf` names two
// optional fields of which the result needs either, and `oneOfNeeds` what an
// alternative needs besides itself ({tokensPerSecond: ['sequenceLength']}). `optional` (the core's) lets a field be left
// empty without an error; `unreadWhen: <key>` needs no fixing while that field holds text (the core reads it instead); `suggestions` offers typical values; `inputMode` overrides
// the keyboard ("numeric" by default). `defaultUnlessLinked: [keys]` leaves an optional field empty when a
// link gives one of those keys and not the field (url-state.js, linkParams); `keptWith: <tag>`
// writes the fields sharing that tag all together in the page's address once one differs from its default; a schema's `earlierLinks`, each
// {until: commit, reads(params)}, reads a link written by an earlier version of the page as that version did. A result with `bar: false` stays out of
// the narrow screens' result bar; `approximate` is "tokens", "count", "bytes" or "scientific".

// What the core declares of each field it reads (its C++ field list, written into the calculator's folder as
// core-fields.js by the build): a schema takes these from there and never restates them.
export const CORE_FACTS = ['kind', 'minimum', 'maximum', 'optional', 'choices', 'shorthand'];

/**
 * The schema field builder of one core: coreField(key, page) is the field as the
 * core declares it (described: a core-fields.js) with what the page adds (URL key,
 * id, group, default, words' path, ...). Throws for a key the core does not read,
 * or a page that restates what the core declares.
 */
export function fieldsOfCore(described) {
  return (key, page) => {
    const declared = described.fields.find((field) => field.key === key);
    if (!declared) throw new Error(`${described.core} reads no field ${key}`);
    const restated = CORE_FACTS.filter((fact) => fact in page);
    if (restated.length > 0) throw new Error(`${described.core}.${key}: ${restated.join(', ')} is the core's to declare`);
    return { ...declared, ...page };
  };
}

/** A field's key and what its core declares of it. */
export const coreFacts = (field) => Object.fromEntries(['key', ...CORE_FACTS].filter((fact) => fact in field).map((fact) => [fact, field[fact]]));

/** A preset field (a select that sets other fields, kit/schema.js above): the page's alone, the core never reads it. */
export const presetField = (key, page) => ({ key, kind: 'preset', ...page });

/**
 * Freezes a schema, so every surface reading it can trust it stays as checked.
 * The checks themselves (schema-check.js) run when the site is built and in
 * the tests, so pages do not carry them.
 */
export function defineSchema(schema) {
  return deepFreeze(schema);
}

/**
 * Whether a field's status needs no fixing: valid, an optional field left
 * empty, or a field the core does not read while the field named by its
 * `unreadWhen` holds text (the NICs while an inter-node bandwidth is typed).
 * fields: the evaluation's {key: {status}}.
 */
export function isSettled(field, status, fields = {}) {
  if (field.unreadWhen && fields[field.unreadWhen] && fields[field.unreadWhen].status !== 'empty') return true;
  return status === 'ok' || (status === 'empty' && Boolean(field.optional));
}

/** The fields the core reads: every field but the presets, which only set one of them. */
export function coreFields(schema) {
  return schema.fields.filter((field) => field.kind !== 'preset');
}

/**
 * The option a preset shows, given its text (the slug chosen or linked) and
 * the field it sets as the core judged it (and, for an option that also sets
 * others, `also`, every field as judged): the chosen one while the fields
 * hold its figures, else the first that does (two devices may share a
 * figure), else none (""): a value typed by hand.
 */
export function presetChoice(field, text, target, fields = {}) {
  if (target?.status !== 'ok') return '';
  const holdsAlso = (option) => Object.entries(option.also ?? {}).every(([key, value]) => (value === ''
    ? fields[key]?.status === 'empty' : fields[key]?.status === 'ok' && Number(fields[key].value) === Number(value)));
  const holds = (option) => Number(option.value) === Number(target.value) && holdsAlso(option);
  const chosen = field.options.find((option) => option.slug === text);
  return chosen && holds(chosen) ? chosen.slug : field.options.find(holds)?.slug ?? '';
}

/** The fields' texts when nothing else is given: the schema's defaults. */
export function defaultTexts(schema) {
  return Object.fromEntries(schema.fields.map((field) => [field.key, field.default]));
}

/** The catalog entry at a dotted path ("effectiveBatch.fields.microBatch"). */
export function messagesAt(catalog, path) {
  return path.split('.').reduce((node, part) => node?.[part], catalog);
}

/** Freezes a schema and everything in it. */
export function deepFreeze(value) {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
