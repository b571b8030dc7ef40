// The optimal batch size calculator's schema: the only list of its fields and
// results (see kit/schema.js for the shape); each field's kind, limits and
// choices are the core's (core-fields.js, from describeOptimalBatch).
// The cluster's fields are for its floor only: without GPUs, the laws still answer.
import { defineSchema, fieldsOfCore, presetField } from '../../kit/schema.js';
import { gradientPrecisionOfBytes } from '../../run/run-context.js';
import { DEFAULT_DEVICE, deviceOptions } from '../../hardware/devices.js';
import described from './core-fields.js';

const coreField = fieldsOfCore(described);
const field = (key, param, id, group, extra) => coreField(key, { param, id, group, messages: `optimalBatch.fields.${key}`, ...extra });
const preset = (key, param, id, group, extra) => presetField(key, { param, id, group, messages: `optimalBatch.fields.${key}`, ...extra });
const decimal = (key, param, id, group, extra) => field(key, param, id, group, { inputMode: 'decimal', ...extra });
const result = (key, id, kind, dependsOn, extra = {}) => ({ key, id, kind, dependsOn, messages: `optimalBatch.results.${key}`, bar: false, ...extra });

const SHAPE = ['layers', 'hiddenSize', 'sequenceLength'];
const DEEPSEEK = [...SHAPE, 'activeNonEmbeddingParameters', 'tokens'];
const STEPLAW_N = ['nonEmbeddingParameters', 'layers', 'hiddenSize'];
// The recommendation waits for every field either law reads.
const RECOMMENDED = [...DEEPSEEK, 'nonEmbeddingParameters', 'law'];
// The batch that splits: a multiple of d·b.
const SPLIT = [...RECOMMENDED, 'gpus', 'microBatch'];
const LINK = ['gpus', 'gpusPerNode', 'intraBandwidth', 'interBandwidth', 'nicsPerNode', 'nicRate'];
const FLOOR = [...LINK, 'peakTflops', 'utilization', 'gradientPrecision', 'sequenceLength'];

export const OPTIMAL_BATCH = defineSchema({
  name: 'optimal-batch',
  core: 'OptimalBatch',
  messages: 'optimalBatch',
  embed: 'optimal-batch',
  groups: ['model', 'law', 'cluster'],
  // Until 1e749e5 the gradients were given in bytes per element (gradbytes=2 or 4).
  earlierLinks: [{ until: '1e749e5', reads: (params) => gradientPrecisionOfBytes(params.get('gradbytes')) }],
  fields: [
    field('layers', 'layers', 'ob-layers', 'model', { symbol: 'n_layer', default: '30' }),
    field('hiddenSize', 'hidden', 'ob-hidden', 'model', { symbol: 'd_model', default: '4096' }),
    field('sequenceLength', 'seq', 'ob-sequence-length', 'model', { symbol: 'l_seq', default: '4096' }),
    // Non-embedding parameters; left empty, 12·n_layer·d_model². Written params= until this name: every other
    // page's params= counts every parameter, so the link key says which count this is; old links still read.
    field('nonEmbeddingParameters', 'nonemb', 'ob-parameters', 'model', { symbol: 'N', default: '', aliases: ['params'], inputMode: 'text' }),
    // A mixture of experts' active non-embedding parameters: DeepSeek's M counts them (6·N_active + attention).
    field('activeNonEmbeddingParameters', 'nactive', 'ob-active-parameters', 'model', { symbol: 'N_active', default: '', inputMode: 'text' }),
    field('tokens', 'tokens', 'ob-tokens', 'model', { symbol: 'D', default: '2000000000000', inputMode: 'text' }),
    field('law', 'law', 'ob-law', 'law', { default: 'deepseek' }),
    field('noiseScale', 'bnoise', 'ob-noise-scale', 'law', { symbol: 'B_noise', default: '', inputMode: 'text' }),
    field('gpus', 'gpus', 'ob-gpus', 'cluster', { default: '' }),
    field('microBatch', 'micro', 'ob-micro-batch', 'cluster', { symbol: 'b', default: '' }),
    field('gpusPerNode', 'gpn', 'ob-gpus-per-node', 'cluster', { default: '8', suggestions: ['4', '8'] }),
    // The device sets the peak; a peak typed by hand leaves no device chosen.
    preset('device', 'device', 'ob-device', 'cluster', { sets: 'peakTflops', default: DEFAULT_DEVICE, options: deviceOptions('peakTflops') }),
    decimal('peakTflops', 'peak', 'ob-peak', 'cluster', { default: '9895e-1' }),
    decimal('utilization', 'mfu', 'ob-utilization', 'cluster', { default: '41' }),
    // The memory page's field and key: fp32 by default, as Megatron-LM reduces a bf16 run's gradients.
    field('gradientPrecision', 'grads', 'ob-gradient-precision', 'cluster', { default: 'fp32' }),
    decimal('intraBandwidth', 'intra', 'ob-intra', 'cluster', { default: '370', suggestions: ['370'] }),
    decimal('interBandwidth', 'inter', 'ob-inter', 'cluster', { default: '' }),
    field('nicsPerNode', 'nics', 'ob-nics', 'cluster', { unreadWhen: 'interBandwidth', default: '8', suggestions: ['1', '4', '8'] }),
    decimal('nicRate', 'nicgbps', 'ob-nic-rate', 'cluster', { unreadWhen: 'interBandwidth', default: '400', suggestions: ['100', '200', '400', '800'] }),
  ],
  results: [
    result('recommendedBatchTokens', 'recommended-batch-tokens', 'exact-integer', RECOMMENDED, { symbol: 'B', primary: true, bar: true, approximate: 'tokens' }),
    result('recommendedSequences', 'recommended-sequences', 'exact-integer', RECOMMENDED, { bar: true }),
    result('recommendedLearningRate', 'recommended-lr', 'decimal', RECOMMENDED, { symbol: 'η', primary: true, bar: true }),
    result('recommendedSteps', 'recommended-steps', 'exact-integer', RECOMMENDED, { approximate: 'count' }),
    result('splitMultiple', 'split-multiple', 'exact-integer', ['gpus', 'microBatch']),
    result('splitSequences', 'split-sequences', 'exact-integer', SPLIT, { bar: true }),
    result('splitBatchTokens', 'split-batch-tokens', 'exact-integer', SPLIT, { approximate: 'tokens' }),
    result('splitShift', 'split-shift', 'decimal', SPLIT),
    result('splitSteps', 'split-steps', 'exact-integer', SPLIT, { approximate: 'count' }),
    result('deepseekFlopsPerToken', 'deepseek-flops-per-token', 'exact-integer', [...SHAPE, 'activeNonEmbeddingParameters'], { symbol: 'M', approximate: 'scientific' }),
    result('deepseekCompute', 'deepseek-compute', 'exact-integer', DEEPSEEK, { symbol: 'C', approximate: 'scientific' }),
    result('deepseekBatchTokens', 'deepseek-batch-tokens', 'decimal', DEEPSEEK),
    result('deepseekLearningRate', 'deepseek-lr', 'decimal', DEEPSEEK),
    result('steplawParameters', 'steplaw-parameters', 'exact-integer', STEPLAW_N, { symbol: 'N', approximate: 'count' }),
    result('steplawBatchTokens', 'steplaw-batch-tokens', 'decimal', ['tokens']),
    result('steplawLearningRate', 'steplaw-lr', 'decimal', [...STEPLAW_N, 'tokens']),
    result('noiseSteps', 'noise-steps', 'decimal', [...RECOMMENDED, 'noiseScale']),
    result('noiseTokens', 'noise-tokens', 'decimal', [...RECOMMENDED, 'noiseScale']),
    result('busBandwidth', 'floor-bus-bandwidth', 'decimal', LINK),
    result('floorTokensPerReplica', 'floor-tokens-per-replica', 'decimal', FLOOR),
    result('floorSequencesPerReplica', 'floor-sequences-per-replica', 'exact-integer', FLOOR),
    result('floorBatchTokens', 'floor-batch-tokens', 'exact-integer', FLOOR, { approximate: 'tokens' }),
  ],
});
