// The one mapping between the planner's wasm module and JS, through the kit's
// adapter (kit/core-adapter.js), as for every calculator: texts in by the
// core's field order (the calculator's four, then the planner's, the target's
// unit last), Embind enum values out as their names, counts as decimal
// strings ("" when absent), ratios and times as numbers (null when absent).
// The planner's structured results come as the report's extra. Works on any
// instance of the module, in the browser (core-loader.js) or in Node (the tests).
import { adaptCore, enumNames } from '../kit/core-adapter.js';

// The schema-shaped handle the kit's adapter needs: the module's name, and the
// calculator's four fields before the planner's own.
const CORE = { core: 'Planner' };

/**
 * Wraps an instantiated planner module: {describe(), evaluate(texts, unit,
 * numberSyntax), readField(key, text, numberSyntax)}.
 */
export function adaptPlanner(module) {
  const kit = adaptCore(module);
  const reasonNames = enumNames(module.Reason);
  const describe = () => kit.describe(CORE);
  // Each field's spec by key, made once: every evaluation (a keystroke) reads it.
  let specsByKey = null;
  const specOf = (key) => {
    specsByKey ??= new Map(describe().fields.map((spec) => [spec.key, spec]));
    return specsByKey.get(key);
  };

  /**
   * texts: {fieldKey: text} for every key describe() lists (the target's unit
   * may come as `unit` instead of texts.targetUnit); numberSyntax: "pt_BR" or "en";
   * dataParallelFollowsCluster: d is the cluster's GPUs ÷ TP·PP·CP when the GPUs are typed and that divides
   * (planner.hpp, DataParallelSource), else d's text.
   */
  const evaluate = (texts, unit, numberSyntax, { dataParallelFollowsCluster = false } = {}) => {
    const report = kit.evaluate(CORE, { ...texts, targetUnit: texts.targetUnit ?? unit }, numberSyntax, dataParallelFollowsCluster);
    const named = (part, ...keys) => {
      const copy = { ...part, reason: reasonNames.get(part.reason) };
      for (const key of keys) copy[key] = reasonNames.get(part[key]);
      return copy;
    };
    const { extra } = report;
    return {
      maxTextLength: report.maxTextLength,
      marks: report.marks,
      fields: Object.fromEntries(Object.entries(report.fields).map(([key, field]) => {
        const { kind, minimum, maximum } = specOf(key);
        return [key, { ...field, kind, minimum, maximum }];
      })),
      // The effective-batch calculator's results, B and T, as its own core reports them: {key: {status, value}}.
      results: report.results,
      // d is the cluster's, read whatever d's text was.
      dataParallelFromCluster: extra.dataParallelFromCluster,
      effectiveBatch: extra.effectiveBatch,
      perPass: extra.perPass,
      tokensPerStep: extra.tokensPerStep,
      cluster: named(extra.cluster),
      solve: named(extra.solve, 'dataParallelReason', 'microBatchReason'),
      budget: named(extra.budget),
      learningRate: named(extra.learningRate),
      ramp: { ...named(extra.ramp), stages: stagesOf(extra.ramp.stages) },
      // The cluster fields left empty and what the plan assumed for them: {values: {fieldKey: digits}, followsCalculator}.
      assumed: extra.assumed,
      // What a launch starts and each framework's batch rule gives (planner.hpp, Launch), counts as decimal strings.
      launch: named(extra.launch),
      // A token target's nearest power of two within 10%, as digits, or '' (planner.hpp, power_of_two_near).
      targetPower: extra.targetPower,
    };
  };

  /** One field's text judged alone, as the core reads it: {status, value, readings?}. */
  const readField = (key, text, numberSyntax) => kit.readField(CORE, key, text, numberSyntax);

  // The frameworks' batch rules a pasted config is read by (planner.hpp, 8), numbers as digits ("" when left out);
  // batchRules() gathers them. Functions at the top, as the module loader guards each call.
  const deepspeedBatch = (train, micro, accumulation, d) => ({ ...module.deepspeedBatch(...[train, micro, accumulation, d].map(digitsOf)) });
  const clusterOf = (gpus, tp, pp, cp) => ({ ...module.clusterOf(...[gpus, tp, pp, cp].map(digitsOf)) });
  const batchOf = (b, d, a) => module.batchOf(...[b, d, a].map(digitsOf));
  const runTokens = (count, sequencesEach, sequenceLength) => module.runTokens(...[count, sequencesEach, sequenceLength].map(digitsOf));

  const rampThresholds = (start, increment, samples, final) => [...module.rampThresholds(...[start, increment, samples, final].map(digitsOf))].map(BigInt);
  return { describe, evaluate, readField, deepspeedBatch, clusterOf, batchOf, runTokens, rampThresholds };
}

/**
 * A planner core's batch rules, as the config reader takes them: deepspeed(train, micro, accumulation, d) ->
 * {agrees, microBatch, accumulationSteps, dataParallel}; cluster(gpus, tp, pp, cp) -> {modelParallel, dataParallel
 * ("" when it does not divide)}; batch(b, d, a) -> B as digits.
 */
export const batchRules = (core) => ({ deepspeed: core.deepspeedBatch, cluster: core.clusterOf, batch: core.batchOf, rampThresholds: core.rampThresholds });

// A BigInt, a digit string, or nothing (undefined, null) as the digits a rule takes.
const digitsOf = (value) => (value === undefined || value === null ? '' : String(value));

// "192,12,439,0,0;208,13,..." (one string crosses the boundary faster than an
// object per row) -> [{batch, microbatches, steps, firstSample, firstToken}].
function stagesOf(text) {
  if (text === '') return [];
  return text.split(';').map((row) => {
    const [batch, microbatches, steps, firstSample, firstToken] = row.split(',');
    return { batch, microbatches, steps, firstSample, firstToken };
  });
}
