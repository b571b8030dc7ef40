// The one mapping between the wasm module and JS: texts in by the core's field
// order, Embind enum values out as their names ("ok", "not_a_number",
// "overflow", "unavailable", ...), exact values as decimal strings. Works on
// any instance of the module, in the browser (core-loader.js) or in Node
// (the build and the tests).
import { presetChoice } from './schema.js';

/**
 * A describe<Core>() result with every field's limits as plain text: a decimal
 * field's cross as numbers, a count's as decimal strings ("0.001", "4294967295").
 */
export function describedWithTextLimits(description) {
  const limitText = (limit) => (typeof limit === 'number' ? String(limit) : limit);
  return {
    ...description,
    fields: description.fields.map((field) => ({ ...field, minimum: limitText(field.minimum), maximum: limitText(field.maximum) })),
  };
}

/** Wraps an instantiated module: {describe(schema), evaluate(schema, texts, numberSyntax), readField(schema, key, text, numberSyntax), marks(numberSyntax)}. */
export function adaptCore(module) {
  const fieldStatusNames = enumNames(module.FieldStatus);
  const resultStatusNames = enumNames(module.ResultStatus);
  const descriptions = new Map();
  const marksBySyntax = new Map();

  /** {group, decimal}: the marks a NumberSyntax ("pt_BR", "en") writes numbers with. */
  const marks = (numberSyntax) => {
    if (!marksBySyntax.has(numberSyntax)) marksBySyntax.set(numberSyntax, { ...module.numberMarks(module.NumberSyntax[numberSyntax]) });
    return marksBySyntax.get(numberSyntax);
  };

  // A field as the core judged it. One with an ambiguous suffix ("4k") also
  // carries both readings: [decimal, binary].
  const fieldOf = ({ status, value, readings }) => (readings
    ? { status: fieldStatusNames.get(status), value, readings } : { status: fieldStatusNames.get(status), value });

  const describe = (schema) => {
    if (!descriptions.has(schema.core)) descriptions.set(schema.core, describedWithTextLimits(module[`describe${schema.core}`]()));
    return descriptions.get(schema.core);
  };

  /**
   * texts: {fieldKey: text}; numberSyntax: a NumberSyntax name ("pt_BR", "en"); options: what else the
   * module's evaluate<core> takes after them (the planner's d source), passed on as given.
   * Returns {maxTextLength, marks, fields: {key: {status, value}}, results: {key: {status, value}}},
   * marks being the syntax's (see marks()), for writing the values back.
   */
  const evaluate = (schema, texts, numberSyntax, ...options) => {
    const description = describe(schema);
    // Longer text is judged "too long" by the core from its first
    // maxTextLength + 1 characters, so a huge paste is never copied into the heap.
    const cap = description.maxTextLength + 1;
    const fieldTexts = description.fields.map(({ key }) => String(texts[key] ?? '').slice(0, cap));
    const report = module[`evaluate${schema.core}`](fieldTexts, module.NumberSyntax[numberSyntax], ...options);
    const entries = (keys, items, names) => Object.fromEntries(keys.map((key, index) => [
      key, { status: names.get(items[index].status), value: items[index].value },
    ]));
    const fields = Object.fromEntries(description.fields.map(({ key }, index) => [key, fieldOf(report.fields[index])]));
    // A preset (the device) is not the core's: it shows the option its field holds.
    for (const spec of schema.fields ?? []) {
      if (spec.kind !== 'preset') continue;
      const text = String(texts[spec.key] ?? '').trim();
      // A slug the page does not offer is refused by name, never taken for another device, until the
      // field it sets is typed by hand.
      fields[spec.key] = text !== '' && !spec.options.some(({ slug }) => slug === text) && fields[spec.sets]?.status === 'empty'
        ? { status: 'unknown_preset', value: '' }
        : { status: 'ok', value: presetChoice(spec, text, fields[spec.sets], fields) };
    }
    return {
      maxTextLength: description.maxTextLength,
      marks: marks(numberSyntax),
      fields,
      results: entries(description.results, report.results, resultStatusNames),
      // What a calculator sends besides its fields and results (a curve), as the core gives it.
      extra: report.extra ?? null,
    };
  };

  /**
   * One field's text judged alone, as the core reads it in that field:
   * {status, value, readings?}. For a module that binds read<core>Field.
   */
  const readField = (schema, key, text, numberSyntax) => {
    const description = describe(schema);
    const index = description.fields.findIndex((spec) => spec.key === key);
    return fieldOf(module[`read${schema.core}Field`](index, String(text).slice(0, description.maxTextLength + 1), module.NumberSyntax[numberSyntax]));
  };

  /** d from a link's cluster ({gpus, tp, pp, cp} as digits): its digits, or "" when one is not a count up to 15 digits or TP·PP·CP does not divide the GPUs. */
  const dataParallelOfCluster = (cluster) => {
    const values = ['gpus', 'tp', 'pp', 'cp'].map((key) => cluster[key]);
    if (!values.every((text) => /^[1-9]\d{0,14}$/.test(text))) return '';
    const d = module.dataParallelOfCluster(...values.map(Number));
    return d === 0 ? '' : String(d);
  };

  return { describe, evaluate, readField, marks, dataParallelOfCluster };
}

/** An Embind enum's values -> their names. The enum object holds each value under its name (and a "values" table). */
export function enumNames(enumeration) {
  return new Map(Object.entries(enumeration).filter(([name]) => name !== 'values').map(([name, value]) => [value, name]));
}

/**
 * A core adapter that keeps its last evaluation: the same texts again (the
 * start, an address write, a regroup) are answered without computing anew.
 * For a core whose evaluation is a search (the configuration page's).
 */
export function rememberLastEvaluation(core) {
  let last = null;
  return {
    ...core,
    evaluate(schema, texts, numberSyntax) {
      const key = JSON.stringify([schema.name, numberSyntax, texts]);
      if (last?.key !== key) last = { key, evaluation: core.evaluate(schema, texts, numberSyntax) };
      return last.evaluation;
    },
  };
}
