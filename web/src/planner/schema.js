// The planner's schema: the only list of its fields, their URL keys, element
// ids and defaults, and of its public result ids. The section's markup, the
// URL state, the presenter and the tests read it; a node test checks the field
// keys against what the wasm registers (describePlanner).
//
// The core also reads the effective-batch calculator's four fields first
// (calculatorFields); the planner takes them from that calculator's form.
//
// A kit schema (kit/schema.js), checked by schema-check.js like every
// calculator's. Field: key (the core's), param (URL key; the three ramp fields
// share "ramp", "START,INCR,SAMPLES" as Megatron-LM's --rampup-batch-size, each
// at its part), id, default (text), group, messages (catalog path); its kind
// ("count", "decimal" or "choice"), limits, choices, optionality (every planner
// field may be left empty: that only leaves its results out) and shorthand
// (what the core accepts besides digits: "sequences" = 2^n, and K/M/G/T refused
// as ambiguous; "tokens" = 2^n and decimal SI K/M/B/T) are the core's
// (core-fields.js, from describePlanner).
import { defineSchema, fieldsOfCore } from '../kit/schema.js';
import described from './core-fields.js';

const coreField = fieldsOfCore(described);
const field = (key, param, id, group, { fallback = '', part, aliases, messages = `planner.fields.${key}` } = {}) =>
  coreField(key, { param, id, default: fallback, group, part, messages, ...(aliases ? { aliases } : {}) });
const choice = (key, param, id, group, fallback) => field(key, param, id, group, { fallback });
const result = (key, id, dependsOn) => ({ key, id, dependsOn, messages: `planner.results.${key}` });
const CLUSTER = ['gpus', 'tensorParallel', 'pipelineParallel', 'contextParallel'];
const RAMP = ['rampStart', 'rampIncrement', 'rampSamples'];

export const PLANNER = defineSchema({
  name: 'planner',
  core: 'Planner',
  messages: 'planner',
  calculatorFields: ['microBatch', 'dataParallel', 'accumulationSteps', 'sequenceLength'],
  groups: ['cluster', 'target', 'budget', 'learningRate', 'ramp'],
  fields: [
    // Every GPU of the run: `gpus` on every page (`world` in links made before it was one key).
    field('gpus', 'gpus', 'plan-world', 'cluster', { aliases: ['world'] }),
    field('tensorParallel', 'tp', 'plan-tp', 'cluster'),
    field('pipelineParallel', 'pp', 'plan-pp', 'cluster'),
    field('contextParallel', 'cp', 'plan-cp', 'cluster'),
    // The layout's other degrees: they change no batch; the exports write them (ep=, vpp=: the configuration page's keys).
    field('expertParallel', 'ep', 'plan-ep', 'cluster'),
    field('virtualStages', 'vpp', 'plan-vpp', 'cluster'),
    // Its shorthand follows the unit: sequences or tokens.
    field('target', 'target', 'plan-target', 'target', { fallback: '1024' }),
    // The tokens the run trains on: `tokens` on every page (`budget` in older links).
    field('tokens', 'tokens', 'plan-budget', 'budget', { fallback: '2T', aliases: ['budget'] }),
    field('dataset', 'dataset', 'plan-dataset', 'budget'),
    field('warmup', 'warmup', 'plan-warmup', 'budget'),
    field('tokensPerSecond', 'tps', 'plan-throughput', 'budget'),
    field('referenceBatch', 'refbatch', 'plan-reference-batch', 'learningRate'),
    field('learningRate', 'lr', 'plan-learning-rate', 'learningRate'),
    field('minLearningRate', 'minlr', 'plan-min-learning-rate', 'learningRate'),
    field('decay', 'decay', 'plan-decay', 'learningRate'),
    field('rampStart', 'ramp', 'plan-ramp-start', 'ramp', { part: 0 }),
    field('rampIncrement', 'ramp', 'plan-ramp-increment', 'ramp', { part: 1 }),
    field('rampSamples', 'ramp', 'plan-ramp-samples', 'ramp', { part: 2 }),
    // Shown with the cluster. Only for the exported configs' launch commands: nodes = GPUs ÷ GPUs per node.
    field('gpusPerNode', 'gpn', 'plan-gpus-per-node', 'cluster'),
    // The experts' own TP (etp=: the memory and configuration pages' key); empty: TP's.
    field('expertTensorParallel', 'etp', 'plan-etp', 'cluster'),
    // The target's unit: ?unit=seq (the default) or ?unit=tok. Last, as in the core.
    field('targetUnit', 'unit', 'plan-unit', 'target', { fallback: 'seq', messages: 'planner.unit' }),
    // What the exports write besides the batch: the ZeRO stage (zero=, the memory
    // page's key and words), the precision, and the decay's shape.
    choice('zeroStage', 'zero', 'plan-zero', 'cluster', '1'),
    choice('precision', 'precision', 'plan-precision', 'cluster', 'bf16'),
    choice('decayStyle', 'decaystyle', 'plan-decay-style', 'learningRate', 'linear'),
  ],
  // The public result ids (tests, embeds and shared links rely on them), with
  // the planner fields each needs besides the calculator's.
  results: [
    result('dataParallel', 'plan-data-parallel', CLUSTER),
    result('accumulationSteps', 'plan-accumulation-steps', ['target', 'targetUnit']),
    result('batchBelow', 'plan-batch-below', ['target', 'targetUnit']),
    result('batchAbove', 'plan-batch-above', ['target', 'targetUnit']),
    result('dataParallelNeeded', 'plan-data-parallel-needed', ['target', 'targetUnit']),
    result('microBatchNeeded', 'plan-micro-batch-needed', ['target', 'targetUnit']),
    result('optimizerSteps', 'plan-optimizer-steps', ['tokens']),
    result('lastStepTokens', 'plan-last-step-tokens', ['tokens']),
    result('warmupSteps', 'plan-warmup-steps', ['tokens', 'warmup']),
    result('epochs', 'plan-epochs', ['tokens', 'dataset']),
    result('duration', 'plan-duration', ['tokens', 'tokensPerSecond', ...CLUSTER]),
    result('stepsWithRamp', 'plan-optimizer-steps-ramp', ['tokens', ...RAMP]),
    result('learningRateLinear', 'plan-lr-linear', ['referenceBatch', 'learningRate']),
    result('learningRateSqrt', 'plan-lr-sqrt', ['referenceBatch', 'learningRate']),
    result('decaySteps', 'plan-decay-steps', ['tokens', 'decay']),
    result('rampSteps', 'ramp-steps', RAMP),
    result('rampSamples', 'ramp-samples', RAMP),
    result('rampTokens', 'ramp-tokens', RAMP),
  ],
});
