// The planner's schema: the only list of its fields, their URL keys, element
// ids and defaults, and of its public result ids. The section's markup, the
// URL state, the presenter and the tests read it; a node test checks the field
// keys against what the wasm registers (describePlanner).
//
// The core also reads the effective-batch calculator's four fields first
// (calculatorFields); the planner takes them from that calculator's form.
//
// Field: key (the core's), param (URL key; the three ramp fields share "ramp",
// "START,INCR,SAMPLES" as Megatron-LM's --rampup-batch-size, each at its part),
// id, default (text), group, kind ("count" or "decimal"), shorthand (what the
// core accepts besides digits: "sequences" = 2^n, and K/M/G/T refused as
// ambiguous; "tokens" = 2^n and decimal SI K/M/B/T), messages (catalog path).
import { deepFreeze } from '../../kit/schema.js';

const field = (key, param, id, group, { fallback = '', kind = 'count', shorthand = 'sequences', part } = {}) =>
  ({ key, param, id, default: fallback, group, kind, shorthand, part, messages: `planner.fields.${key}` });

export const PLANNER = definePlanner({
  name: 'planner',
  core: 'Planner',
  messages: 'planner',
  calculatorFields: ['microBatch', 'dataParallel', 'accumulationSteps', 'sequenceLength'],
  groups: ['cluster', 'target', 'budget', 'learningRate', 'ramp'],
  fields: [
    field('worldSize', 'world', 'plan-world', 'cluster', { fallback: '512' }),
    field('tensorParallel', 'tp', 'plan-tp', 'cluster', { fallback: '8' }),
    field('pipelineParallel', 'pp', 'plan-pp', 'cluster', { fallback: '1' }),
    field('contextParallel', 'cp', 'plan-cp', 'cluster', { fallback: '1' }),
    // Its shorthand follows the unit: sequences or tokens.
    field('target', 'target', 'plan-target', 'target', { fallback: '1024' }),
    field('budget', 'budget', 'plan-budget', 'budget', { fallback: '2T', shorthand: 'tokens' }),
    field('dataset', 'dataset', 'plan-dataset', 'budget', { shorthand: 'tokens' }),
    field('warmup', 'warmup', 'plan-warmup', 'budget', { shorthand: 'tokens' }),
    field('throughput', 'tps', 'plan-throughput', 'budget', { kind: 'decimal', shorthand: null }),
    field('referenceBatch', 'refbatch', 'plan-reference-batch', 'learningRate'),
    field('learningRate', 'lr', 'plan-learning-rate', 'learningRate', { kind: 'decimal', shorthand: null }),
    field('rampStart', 'ramp', 'plan-ramp-start', 'ramp', { part: 0 }),
    field('rampIncrement', 'ramp', 'plan-ramp-increment', 'ramp', { part: 1 }),
    field('rampSamples', 'ramp', 'plan-ramp-samples', 'ramp', { shorthand: 'tokens', part: 2 }),
    // Last, as in the core; shown with the cluster. Only for the exported
    // configs' launch commands: nodes = GPUs ÷ GPUs per node.
    field('gpusPerNode', 'gpn', 'plan-gpus-per-node', 'cluster', { fallback: '8' }),
  ],
  // The target's unit: ?unit=seq (the default) or ?unit=tok.
  unit: { param: 'unit', id: 'plan-unit', values: ['seq', 'tok'], default: 'seq' },
  // The public result ids (tests, embeds and shared links rely on them).
  results: {
    dataParallel: 'plan-data-parallel',
    accumulationSteps: 'plan-accumulation-steps',
    batchBelow: 'plan-batch-below',
    batchAbove: 'plan-batch-above',
    dataParallelNeeded: 'plan-data-parallel-needed',
    microBatchNeeded: 'plan-micro-batch-needed',
    optimizerSteps: 'plan-optimizer-steps',
    lastStepTokens: 'plan-last-step-tokens',
    warmupSteps: 'plan-warmup-steps',
    epochs: 'plan-epochs',
    duration: 'plan-duration',
    stepsWithRamp: 'plan-optimizer-steps-ramp',
    learningRateLinear: 'plan-lr-linear',
    learningRateSqrt: 'plan-lr-sqrt',
    rampSteps: 'ramp-steps',
    rampSamples: 'ramp-samples',
    rampTokens: 'ramp-tokens',
  },
});

// Checked once, then frozen: unique keys, ids and URL slots, known groups.
function definePlanner(schema) {
  const unique = (values, what) => {
    if (new Set(values).size !== values.length) throw new Error(`${schema.name}: duplicate ${what}`);
  };
  unique(schema.fields.map((spec) => spec.key), 'field key');
  unique(schema.fields.map((spec) => `${spec.param}:${spec.part ?? ''}`), 'URL slot');
  unique([...schema.fields.map((spec) => spec.id), schema.unit.id, ...Object.values(schema.results)], 'element id');
  for (const spec of schema.fields) {
    if (!schema.groups.includes(spec.group)) throw new Error(`${schema.name}.${spec.key}: unknown group`);
  }
  return deepFreeze(schema);
}
