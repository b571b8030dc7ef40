// The training-compute calculator's schema: the only list of its fields and
// results (see kit/schema.js for the shape); each field's kind, limits and
// choices are the core's (core-fields.js, from describeTrainingCompute).
// The model's shape (matrix-product parameters, layers, heads, head
// dimension) is optional: given, the FLOPs count the attention as
// Megatron-LM does and the time comes from them; left empty, from 6ND.
import { defineSchema, fieldsOfCore, presetField } from '../../kit/schema.js';
import { DEFAULT_DEVICE, deviceOptions } from '../../hardware/devices.js';
import described from './core-fields.js';

// Parameter counts take "405B": a keyboard with letters.
const PARAMETERS = { inputMode: 'text' };
const coreField = fieldsOfCore(described);
const field = (key, param, id, group, extra) => coreField(key, { param, id, group, messages: `trainingCompute.fields.${key}`, ...extra });
const preset = (key, param, id, group, extra) => presetField(key, { param, id, group, messages: `trainingCompute.fields.${key}`, ...extra });
const decimal = (key, param, id, group, extra) => field(key, param, id, group, { inputMode: 'decimal', ...extra });
const result = (key, id, kind, dependsOn, extra = {}) => ({ key, id, kind, dependsOn, messages: `trainingCompute.results.${key}`, bar: false, ...extra });

const N = ['parameters', 'activeParameters'];
const SHAPE = ['matmulParameters', 'sequenceLength', 'layers', 'attentionHeads', 'headDim'];
// The shape, when any of it is typed, replaces 6N; the sequence length then counts through the attention results.
const RATE = [...N, 'matmulParameters', 'layers', 'attentionHeads', 'headDim', 'peakTflops', 'utilization'];
const TIME = [...RATE, 'tokens', 'gpus'];

export const TRAINING_COMPUTE = defineSchema({
  name: 'training-compute',
  core: 'TrainingCompute',
  messages: 'trainingCompute',
  embed: 'training-compute',
  groups: ['run', 'shape', 'cluster'],
  fields: [
    field('parameters', 'params', 'compute-parameters', 'run', { symbol: 'N', default: '405000000000', ...PARAMETERS }),
    field('activeParameters', 'active', 'compute-active-parameters', 'run', { default: '', ...PARAMETERS }),
    field('tokens', 'tokens', 'compute-tokens', 'run', { symbol: 'D', default: '15600000000000', inputMode: 'text' }),
    field('sequenceLength', 'seq', 'compute-sequence-length', 'run', { symbol: 's', default: '8192' }),
    field('matmulParameters', 'matmul', 'compute-matmul-parameters', 'shape', { symbol: 'M', default: '', ...PARAMETERS }),
    field('layers', 'layers', 'compute-layers', 'shape', { symbol: 'L', default: '' }),
    field('attentionHeads', 'heads', 'compute-heads', 'shape', { symbol: 'n', default: '' }),
    field('headDim', 'headdim', 'compute-head-dim', 'shape', { symbol: 'd', default: '' }),
    field('gpus', 'gpus', 'compute-gpus', 'cluster', { default: '16384' }),
    // The device sets the peak; a peak typed by hand leaves no device chosen.
    preset('device', 'device', 'compute-device', 'cluster', { sets: 'peakTflops', default: DEFAULT_DEVICE, options: deviceOptions('peakTflops') }),
    decimal('peakTflops', 'peak', 'compute-peak', 'cluster', { default: '9895e-1' }),
    decimal('utilization', 'mfu', 'compute-utilization', 'cluster', { default: '41' }),
    decimal('pricePerGpuHour', 'price', 'compute-price', 'cluster', { default: '' }),
  ],
  results: [
    result('trainingFlops6ND', 'training-flops-6nd', 'exact-integer', [...N, 'tokens'], { symbol: 'C', primary: true, bar: true, approximate: 'scientific' }),
    result('flopsPerToken6N', 'flops-per-token-6n', 'exact-integer', N, { approximate: 'scientific' }),
    result('trainingFlopsAttention', 'training-flops-attention', 'exact-integer', [...SHAPE, 'tokens'], { approximate: 'scientific' }),
    result('flopsPerTokenAttention', 'flops-per-token-attention', 'exact-integer', SHAPE, { approximate: 'scientific' }),
    result('trainingDays', 'training-days', 'decimal', TIME, { primary: true, bar: true }),
    result('trainingSeconds', 'training-seconds', 'decimal', TIME),
    result('gpuHours', 'gpu-hours', 'decimal', TIME, { bar: true }),
    result('cost', 'training-cost', 'decimal', [...TIME, 'pricePerGpuHour']),
    result('tokensPerSecondPerGpu', 'tokens-per-second-per-gpu', 'decimal', RATE),
    result('computeOptimalTokens', 'compute-optimal-tokens', 'exact-integer', ['parameters'], { approximate: 'tokens' }),
    result('tokensPerParameter', 'tokens-per-parameter', 'decimal', ['parameters', 'tokens']),
  ],
});
