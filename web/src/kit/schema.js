// Calculator schemas: checked once when defined, then frozen, so every surface
// reading one can trust it (unique ids and URL keys, results that depend on
// real fields, defaults within limits).
//
// Field kinds: "count" (typed, judged by the core), "decimal" (typed, above
// zero and at most `maximum`), "choice" (a select of the core's words in
// `choices`). Result kinds: "exact-integer" (a decimal string) and "decimal"
// (a number; `percent` shows a fraction as a percentage); `oneOf` names two
// optional fields of which the result needs either. `optional: true` lets a field be left empty
// without an error; `suggestions` offers typical values; `inputMode` overrides
// the keyboard ("numeric" by default). A result with `bar: false` stays out of
// the narrow screens' result bar; `approximate` is "tokens" or "bytes".

export function defineSchema(schema) {
  const fieldKeys = new Set(schema.fields.map((field) => field.key));
  const unique = (values, what) => {
    if (new Set(values).size !== values.length) throw new Error(`${schema.name}: duplicate ${what}`);
  };
  unique(schema.fields.map((field) => field.key), 'field key');
  unique(schema.fields.map((field) => field.param), 'URL key');
  unique([...schema.fields, ...schema.results].map((item) => item.id), 'element id');
  for (const field of schema.fields) {
    if (!schema.groups.includes(field.group)) throw new Error(`${schema.name}.${field.key}: unknown group`);
    // A choice's default is one of its words; an optional field may start empty.
    if (field.kind === 'choice') {
      if (!field.choices.includes(field.default)) throw new Error(`${schema.name}.${field.key}: default not among its choices`);
      continue;
    }
    if (field.optional && field.default === '') continue;
    // A decimal's default is a whole number, which reads the same in every number syntax.
    if (field.kind === 'decimal') {
      if (!/^[1-9]\d*$/.test(field.default) || Number(field.default) > Number(field.maximum)) {
        throw new Error(`${schema.name}.${field.key}: default outside its limits`);
      }
      continue;
    }
    const value = BigInt(field.default);
    if (value < BigInt(field.minimum) || value > BigInt(field.maximum)) {
      throw new Error(`${schema.name}.${field.key}: default outside its limits`);
    }
  }
  const resultKeys = new Set(schema.results.map((result) => result.key));
  for (const result of schema.results) {
    if (!result.dependsOn.every((key) => fieldKeys.has(key))) throw new Error(`${schema.name}.${result.key}: unknown dependency`);
    if (!(result.breakdown ?? []).every((key) => fieldKeys.has(key) || resultKeys.has(key))) {
      throw new Error(`${schema.name}.${result.key}: unknown factor in its breakdown`);
    }
  }
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
