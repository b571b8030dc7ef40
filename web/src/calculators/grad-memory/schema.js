// The gradient-accumulation memory calculator's schema: the only list of its
// fields and results (see calculators/effective-batch/schema.js for the
// shape). A node test checks it against what the wasm registers
// (describeGradMemory). The activation cost per sample is optional: left
// empty, the core derives it from the model's shape.
import { defineSchema } from '../../kit/schema.js';

const FACTOR = { minimum: '1', maximum: '4294967295' };
const SHAPE = { minimum: '1', maximum: '1048576' };
const BYTES = { minimum: '1', maximum: '1000000000000000000' };
const field = (key, param, id, group, extra) => ({ key, param, id, group, kind: 'count', messages: `gradMemory.fields.${key}`, ...extra });
const choice = (key, param, id, group, choices, fallback) =>
  field(key, param, id, group, { kind: 'choice', choices, default: fallback, minimum: '0', maximum: String(choices.length - 1) });
const bytes = (key, id, dependsOn, extra = {}) => ({ key, id, kind: 'exact-integer', approximate: 'bytes', dependsOn, messages: `gradMemory.results.${key}`, ...extra });

const SHAPE_FIELDS = ['activationPerSample', 'layers', 'hiddenSize', 'attentionHeads', 'sequenceLength', 'tensorParallel', 'sequenceParallel', 'recompute'];
const STATE_FIELDS = ['parameters', 'tensorParallel', 'dataParallel', 'zeroStage'];

export const GRAD_MEMORY = defineSchema({
  name: 'grad-memory',
  core: 'GradMemory',
  messages: 'gradMemory',
  embed: 'grad-memory',
  groups: ['training', 'model', 'device'],
  fields: [
    field('microBatch', 'micro', 'mem-micro-batch', 'training', { symbol: 'b', default: '1', ...FACTOR }),
    field('accumulationSteps', 'accum', 'mem-accumulation-steps', 'training', { symbol: 'a', default: '8', ...FACTOR }),
    field('dataParallel', 'dp', 'mem-data-parallel', 'training', { symbol: 'd', default: '64', ...FACTOR }),
    field('activationPerSample', 'act', 'mem-activation-per-sample', 'model', { default: '', optional: true, inputMode: 'text', ...BYTES }),
    field('layers', 'layers', 'mem-layers', 'model', { symbol: 'L', default: '32', ...SHAPE }),
    field('hiddenSize', 'hidden', 'mem-hidden', 'model', { symbol: 'h', default: '4096', ...SHAPE }),
    field('attentionHeads', 'heads', 'mem-heads', 'model', { default: '32', ...SHAPE }),
    field('sequenceLength', 'seq', 'mem-sequence-length', 'model', { symbol: 's', default: '4096', ...FACTOR }),
    field('tensorParallel', 'tp', 'mem-tensor-parallel', 'model', { symbol: 't', default: '1', ...SHAPE }),
    choice('sequenceParallel', 'sp', 'mem-sequence-parallel', 'model', ['off', 'on'], 'off'),
    choice('recompute', 'recompute', 'mem-recompute', 'model', ['none', 'selective', 'full'], 'selective'),
    field('parameters', 'params', 'mem-parameters', 'model', { symbol: 'Ψ', default: '7000000000', inputMode: 'text', ...BYTES }),
    choice('zeroStage', 'zero', 'mem-zero-stage', 'model', ['0', '1', '2', '3'], '1'),
    field('deviceMemory', 'gpu', 'mem-device-memory', 'device', {
      default: '80', suggestions: ['24', '40', '48', '80', '94', '141', '192'], ...SHAPE,
    }),
    field('targetBatch', 'target', 'mem-target-batch', 'device', { default: '1024', optional: true, ...FACTOR }),
  ],
  results: [
    { key: 'effectiveBatch', id: 'mem-effective-batch', symbol: 'B', kind: 'exact-integer', bar: false,
      breakdown: ['microBatch', 'dataParallel', 'accumulationSteps'], dependsOn: ['microBatch', 'dataParallel', 'accumulationSteps'],
      messages: 'gradMemory.results.effectiveBatch' },
    bytes('activationPerSample', 'activation-per-sample', SHAPE_FIELDS, { bar: false }),
    bytes('activationMemory', 'activation-memory', ['microBatch', ...SHAPE_FIELDS], { primary: true, symbol: 'A' }),
    bytes('parameterMemory', 'mem-parameter-memory', STATE_FIELDS, { bar: false }),
    bytes('gradientMemory', 'mem-gradient-memory', STATE_FIELDS, { bar: false }),
    bytes('optimizerMemory', 'mem-optimizer-memory', STATE_FIELDS, { bar: false }),
    bytes('modelStateMemory', 'model-state-memory', STATE_FIELDS, { symbol: 'S' }),
    bytes('totalMemory', 'mem-total-memory', ['microBatch', ...SHAPE_FIELDS, ...STATE_FIELDS], { bar: false }),
    bytes('deviceMemory', 'mem-device-bytes', ['deviceMemory'], { bar: false }),
    { key: 'maxMicroBatch', id: 'max-micro-batch', symbol: 'b_max', kind: 'exact-integer',
      dependsOn: ['deviceMemory', ...SHAPE_FIELDS, ...STATE_FIELDS], messages: 'gradMemory.results.maxMicroBatch' },
    { key: 'accumulationForTarget', id: 'mem-accumulation-for-target', kind: 'exact-integer', bar: false,
      dependsOn: ['targetBatch', 'deviceMemory', 'dataParallel', ...SHAPE_FIELDS, ...STATE_FIELDS], messages: 'gradMemory.results.accumulationForTarget' },
  ],
});
