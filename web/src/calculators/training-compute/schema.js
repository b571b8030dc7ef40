// The training-compute calculator's schema: the only list of its fields and
// results (see kit/schema.js for the shape). A node
// test checks it against what the wasm registers (describeTrainingCompute).
// The model's shape (matrix-product parameters, layers, heads, head
// dimension) is optional: given, the FLOPs count the attention as
// Megatron-LM does and the time comes from them; left empty, from 6ND.
import { defineSchema } from '../../kit/schema.js';
import { DEFAULT_DEVICE, deviceOptions } from '../../hardware/devices.js';

const PARAMETERS = { minimum: '1', maximum: '1000000000000000', inputMode: 'text' };
const SHAPE_LIMITS = { minimum: '1', maximum: '1048576' };
const field = (key, param, id, group, extra) => ({ key, param, id, group, kind: 'count', messages: `trainingCompute.fields.${key}`, ...extra });
const decimal = (key, param, id, group, minimum, maximum, extra) =>
  field(key, param, id, group, { kind: 'decimal', minimum, maximum, inputMode: 'decimal', ...extra });
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
    field('activeParameters', 'active', 'compute-active-parameters', 'run', { default: '', optional: true, ...PARAMETERS }),
    field('tokens', 'tokens', 'compute-tokens', 'run', { symbol: 'D', default: '15600000000000', inputMode: 'text', minimum: '1', maximum: '1000000000000000000' }),
    field('sequenceLength', 'seq', 'compute-sequence-length', 'run', { symbol: 's', default: '8192', minimum: '1', maximum: '4294967295' }),
    field('matmulParameters', 'matmul', 'compute-matmul-parameters', 'shape', { symbol: 'M', default: '', optional: true, ...PARAMETERS }),
    field('layers', 'layers', 'compute-layers', 'shape', { symbol: 'L', default: '', optional: true, ...SHAPE_LIMITS }),
    field('attentionHeads', 'heads', 'compute-heads', 'shape', { symbol: 'n', default: '', optional: true, ...SHAPE_LIMITS }),
    field('headDim', 'headdim', 'compute-head-dim', 'shape', { symbol: 'd', default: '', optional: true, ...SHAPE_LIMITS }),
    field('gpus', 'gpus', 'compute-gpus', 'cluster', { default: '16384', minimum: '1', maximum: '16777216' }),
    // The device sets the peak; a peak typed by hand leaves no device chosen.
    field('device', 'device', 'compute-device', 'cluster', { kind: 'preset', sets: 'peakTflops', default: DEFAULT_DEVICE, options: deviceOptions('peakTflops') }),
    decimal('peakTflops', 'peak', 'compute-peak', 'cluster', '0.001', '1000000', { default: '9895e-1' }),
    decimal('utilization', 'mfu', 'compute-utilization', 'cluster', '0.001', '100', { default: '41' }),
    decimal('pricePerGpuHour', 'price', 'compute-price', 'cluster', '0.000001', '1000000', { default: '', optional: true }),
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
