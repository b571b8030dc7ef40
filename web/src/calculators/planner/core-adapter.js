// The one mapping between the planner's wasm module and JS: texts in by the
// core's field order (the calculator's four, then the planner's), Embind enum
// values out as their names, counts as decimal strings ("" when absent),
// ratios and times as numbers (null when absent). Works on any instance of
// the module, in the browser (core-loader.js) or in Node (the tests).
import { enumNames } from '../../kit/core-adapter.js';

/** Wraps an instantiated planner module: {describe(), evaluate(texts, unit, numberSyntax)}. */
export function adaptPlanner(module) {
  const statusNames = enumNames(module.FieldStatus);
  const reasonNames = enumNames(module.Reason);
  let description = null;
  const describe = () => {
    description ??= module.describePlanner();
    return description;
  };

  /**
   * texts: {fieldKey: text} for every key describe() lists; unit: "seq" or
   * "tok"; numberSyntax: "pt_BR" or "en".
   */
  const evaluate = (texts, unit, numberSyntax) => {
    const { fields: specs, maxTextLength } = describe();
    // Longer text is judged "too long" from its first maxTextLength + 1 characters.
    const fieldTexts = specs.map(({ key }) => String(texts[key] ?? '').slice(0, maxTextLength + 1));
    const report = module.evaluatePlanner(fieldTexts, unit === 'tok' ? module.TargetUnit.tokens : module.TargetUnit.sequences,
      module.NumberSyntax[numberSyntax]);
    const named = (part, ...keys) => {
      const copy = { ...part, reason: reasonNames.get(part.reason) };
      for (const key of keys) copy[key] = reasonNames.get(part[key]);
      return copy;
    };
    return {
      maxTextLength,
      marks: { ...module.numberMarks(module.NumberSyntax[numberSyntax]) },
      fields: Object.fromEntries(specs.map(({ key }, index) => {
        const field = report.fields[index];
        const { kind, minimum, maximum } = specs[index];
        return [key, { status: statusNames.get(field.status), value: field.value, readings: field.readings, kind, minimum, maximum }];
      })),
      effectiveBatch: report.effectiveBatch,
      perPass: report.perPass,
      tokensPerStep: report.tokensPerStep,
      cluster: named(report.cluster),
      solve: named(report.solve, 'dataParallelReason', 'microBatchReason'),
      budget: named(report.budget),
      learningRate: named(report.learningRate),
      ramp: { ...named(report.ramp), stages: stagesOf(report.ramp.stages) },
    };
  };

  return { describe, evaluate };
}

// "192,12,439,0,0;208,13,..." (one string crosses the boundary faster than an
// object per row) -> [{batch, microbatches, steps, firstSample, firstToken}].
function stagesOf(text) {
  if (text === '') return [];
  return text.split(';').map((row) => {
    const [batch, microbatches, steps, firstSample, firstToken] = row.split(',');
    return { batch, microbatches, steps, firstSample, firstToken };
  });
}
