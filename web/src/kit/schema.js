// Calculator schemas: frozen when defined, and checked (schema-check.js) by
// the build and the tests: unique ids and URL keys, results that depend on
// real fields, defaults within limits.
//
// Field kinds: "count" (typed, judged by the core), "decimal" (typed, above
// zero and at most `maximum`), "choice" (a select of the core's words in
// `choices`). Result kinds: "exact-integer" (a decimal string) and "decimal"
// (a number; `percent` shows a fraction as a percentage); `oneOf` names two
// optional fields of which the result needs either, and `oneOfNeeds` what an
// alternative needs besides itself ({tokensPerSecond: ['sequenceLength']}). `optional: true` lets a field be left empty
// without an error; `suggestions` offers typical values; `inputMode` overrides
// the keyboard ("numeric" by default). A result with `bar: false` stays out of
// the narrow screens' result bar; `approximate` is "tokens", "bytes" or "scientific".

/**
 * Freezes a schema, so every surface reading it can trust it stays as checked.
 * The checks themselves (schema-check.js) run when the site is built and in
 * the tests, so pages do not carry them.
 */
export function defineSchema(schema) {
  return deepFreeze(schema);
}

/** Whether a field's status needs no fixing: valid, or an optional field left empty. */
export function isSettled(field, status) {
  return status === 'ok' || (status === 'empty' && Boolean(field.optional));
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
