// The checks every calculator schema must pass: unique field keys, URL keys
// and element ids, known groups, choice defaults among their choices, presets
// that hold their field's default, results that depend on real fields,
// earlier-link rules that name their commit; and, with its core, every default
// read as valid by the core in every number syntax. Run by the build (site.mjs)
// and the tests, so a broken schema never ships, and the pages do not carry the checks.

/** Throws on the first problem; returns the schema. */
export function checkSchema(schema) {
  const fieldKeys = new Set(schema.fields.map((field) => field.key));
  const unique = (values, what) => {
    if (new Set(values).size !== values.length) throw new Error(`${schema.name}: duplicate ${what}`);
  };
  unique(schema.fields.map((field) => field.key), 'field key');
  // Fields of one multi-part parameter (ramp=START,INCR,SAMPLES) share its URL key, each at its part.
  unique(schema.fields.flatMap((field) => [`${field.param}:${field.part ?? ''}`, ...(field.aliases ?? [])]), 'URL key');
  unique([...schema.fields, ...schema.results].map((item) => item.id), 'element id');
  const params = new Set(schema.fields.map((field) => field.param));
  for (const rule of schema.earlierLinks ?? []) {
    if (typeof rule.reads !== 'function' || !/^[0-9a-f]{7,40}$/.test(rule.until ?? '')) throw new Error(`${schema.name}: an earlier-link rule needs reads() and the commit it holds until`);
  }
  for (const field of schema.fields) {
    if (!schema.groups.includes(field.group)) throw new Error(`${schema.name}.${field.key}: unknown group`);
    // A default that yields to other keys can only yield to emptiness.
    if (field.defaultUnlessLinked && (!field.optional || !field.defaultUnlessLinked.every((param) => params.has(param)))) {
      throw new Error(`${schema.name}.${field.key}: defaultUnlessLinked needs an optional field and this page's URL keys`);
    }
    // A choice's default is one of its words; an optional field may start empty.
    // A preset sets a real field; its default is one of its options and holds that field's default.
    if (field.kind === 'preset') {
      const target = schema.fields.find((other) => other.key === field.sets);
      const chosen = field.options.find((option) => option.slug === field.default);
      if (!target || target.kind !== 'decimal' || !chosen || Number(chosen.value) !== Number(target.default)) {
        throw new Error(`${schema.name}.${field.key}: a preset's default must hold its field's default`);
      }
      unique(field.options.map((option) => option.slug), 'preset option');
      // Whatever else an option sets is a decimal field, or a count given in plain digits (a node's NICs), or left
      // empty where the device list lacks the figure (the field then asks for it by the device's name, kit/present.js);
      // the default option holds those fields' defaults.
      for (const option of field.options) {
        for (const [key, value] of Object.entries(option.also ?? {})) {
          const other = schema.fields.find((spec) => spec.key === key);
          const settable = other?.kind === 'decimal' || (other?.kind === 'count' && (value === '' || /^[1-9]\d*$/.test(value)));
          if (!settable) throw new Error(`${schema.name}.${field.key}: an option sets ${key}, which it cannot`);
          if (option === chosen && (value === '' ? other.default !== '' : Number(value) !== Number(other.default))) {
            throw new Error(`${schema.name}.${field.key}: a preset's default must hold ${key}'s default`);
          }
        }
      }
      continue;
    }
    if (field.kind === 'choice') {
      // An optional choice (a knob left to be searched) may start empty.
      if (!field.choices.includes(field.default) && !(field.optional && field.default === '')) throw new Error(`${schema.name}.${field.key}: default not among its choices`);
    }
  }
  const resultKeys = new Set(schema.results.map((result) => result.key));
  for (const result of schema.results) {
    if (!result.dependsOn.every((key) => fieldKeys.has(key))) throw new Error(`${schema.name}.${result.key}: unknown dependency`);
    if (!(result.breakdown ?? []).every((key) => fieldKeys.has(key) || resultKeys.has(key))) {
      throw new Error(`${schema.name}.${result.key}: unknown factor in its breakdown`);
    }
    // What an either-of alternative needs is among the result's dependencies.
    for (const [alternative, needs] of Object.entries(result.oneOfNeeds ?? {})) {
      if (!(result.oneOf ?? []).includes(alternative) || !needs.every((key) => result.dependsOn.includes(key))) {
        throw new Error(`${schema.name}.${result.key}: oneOfNeeds outside its oneOf or dependencies`);
      }
    }
  }
  return schema;
}

/**
 * Throws unless the core reads every field's default as valid in each number
 * syntax (a default is shown as written, whatever the page's language, so
 * "2T" and "9895e-1" must mean the same in both), an optional field's empty
 * default aside. fieldsOf(texts, numberSyntax): the core's evaluation's fields
 * ({key: {status}}) for those texts. Returns the schema.
 */
export function checkDefaults(schema, fieldsOf, numberSyntaxes = ['en', 'pt_BR']) {
  const defaults = Object.fromEntries(schema.fields.map((field) => [field.key, field.default]));
  const read = numberSyntaxes.map((syntax) => [syntax, fieldsOf(defaults, syntax)]);
  for (const field of schema.fields) {
    if (field.kind === 'preset' || (field.optional && field.default === '')) continue;
    for (const [syntax, fields] of read) {
      const { status } = fields[field.key];
      if (status !== 'ok') throw new Error(`${schema.name}.${field.key}: the core reads its default "${field.default}" as ${status} (${syntax})`);
    }
    // "1.024" is 1.024 in one syntax and 1,024 in the other: a default must be one number in all.
    const values = new Set(read.map(([, fields]) => String(fields[field.key].value)));
    if (values.size > 1) throw new Error(`${schema.name}.${field.key}: its default "${field.default}" reads as ${[...values].join(' or ')}, by the number syntax`);
  }
  return schema;
}
