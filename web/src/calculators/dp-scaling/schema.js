// The data-parallel scaling calculator's schema: the only list of its fields
// and results (see kit/schema.js for the shape). A
// field's kind, limits and choices are the core's (core-fields.js, from describeDpScaling).
// Compute per step may be left empty when tokens/s per GPU is given instead.
import { defineSchema, fieldsOfCore } from '../../kit/schema.js';
import { gradientPrecisionOfBytes } from '../../run/run-context.js';
import described from './core-fields.js';

const coreField = fieldsOfCore(described);
const field = (key, param, id, group, extra) => coreField(key, { param, id, group, messages: `dpScaling.fields.${key}`, ...extra });
// Every decimal has a positive minimum (the core's), so no figure can be infinite.
const decimal = (key, param, id, group, extra) => field(key, param, id, group, { inputMode: 'decimal', ...extra });
const result = (key, id, kind, dependsOn, extra = {}) => ({ key, id, kind, dependsOn, messages: `dpScaling.results.${key}`, bar: false, ...extra });

const COMPUTE = ['computeSeconds', 'tokensPerSecond', 'microBatch', 'accumulationSteps', 'sequenceLength'];
const SHAPE = ['dataParallel', 'mode', 'microBatch', 'accumulationSteps'];
const LINK = ['dataParallel', 'gpusPerNode', 'intraBandwidth', 'interBandwidth', 'nicsPerNode', 'nicRate'];
const ALLREDUCE = ['parameters', 'gradientPrecision', ...LINK];
const STEP = [...new Set([...COMPUTE, ...SHAPE, ...ALLREDUCE, 'overlap'])];
const ONE_OF_COMPUTE = ['computeSeconds', 'tokensPerSecond'];
// What an alternative needs besides itself: tokens/s becomes a time through b·a·L.
const VIA_TOKENS = { tokensPerSecond: ['sequenceLength'] };

export const DP_SCALING = defineSchema({
  name: 'dp-scaling',
  core: 'DpScaling',
  messages: 'dpScaling',
  embed: 'dp-scaling',
  groups: ['model', 'network', 'run'],
  // Until 1e749e5 the gradients were given in bytes per element (gradbytes=2 or 4).
  earlierLinks: [{ until: '1e749e5', reads: (params) => gradientPrecisionOfBytes(params.get('gradbytes')) }],
  fields: [
    field('parameters', 'params', 'scale-parameters', 'model', {
      symbol: 'Ψ', default: '7000000000', inputMode: 'text',
    }),
    // The memory page's field and key: fp32 by default, as Megatron-LM reduces a bf16 run's gradients.
    field('gradientPrecision', 'grads', 'scale-gradient-precision', 'model', { default: 'fp32' }),
    // The example compute time applies only when no tokens/s comes with the link (a carried rate wins).
    decimal('computeSeconds', 'compute', 'scale-compute', 'model', { symbol: 'C', default: '4', defaultUnlessLinked: ['tps'] }),
    decimal('tokensPerSecond', 'tps', 'scale-tokens-per-second', 'model', { default: '' }),
    field('gpusPerNode', 'gpn', 'scale-gpus-per-node', 'network', { default: '8', suggestions: ['4', '8'] }),
    decimal('intraBandwidth', 'intra', 'scale-intra', 'network', { default: '370', suggestions: ['370'] }),
    // As all_reduce_perf reports it; left empty, NICs per node × NIC rate / 8, capped by the intra-node figure.
    decimal('interBandwidth', 'inter', 'scale-inter', 'network', { default: '' }),
    field('nicsPerNode', 'nics', 'scale-nics', 'network', { unreadWhen: 'interBandwidth', default: '8', suggestions: ['1', '4', '8'] }),
    decimal('nicRate', 'nicgbps', 'scale-nic-rate', 'network', { unreadWhen: 'interBandwidth', default: '400', suggestions: ['100', '200', '400', '800'] }),
    field('overlap', 'overlap', 'scale-overlap', 'network', { default: '50' }),
    // The data-parallel replicas: `dp` on every page (`n` in older links).
    field('dataParallel', 'dp', 'scale-replicas', 'run', { symbol: 'n', default: '64', aliases: ['n'] }),
    field('mode', 'mode', 'scale-mode', 'run', { default: 'weak' }),
    field('microBatch', 'micro', 'scale-micro-batch', 'run', { symbol: 'b', default: '1' }),
    field('accumulationSteps', 'accum', 'scale-accumulation-steps', 'run', { symbol: 'a', default: '8' }),
    field('sequenceLength', 'seq', 'scale-sequence-length', 'run', { symbol: 'L', default: '4096' }),
  ],
  results: [
    result('globalBatch', 'scale-global-batch', 'exact-integer', SHAPE, { symbol: 'B' }),
    result('microBatch', 'scale-micro-batch-at-n', 'exact-integer', SHAPE),
    result('accumulationSteps', 'scale-accumulation-at-n', 'exact-integer', SHAPE),
    result('gradientBytes', 'scale-gradient-payload', 'exact-integer', ['parameters', 'gradientPrecision'], { approximate: 'bytes' }),
    result('busBandwidth', 'scale-bus-bandwidth', 'decimal', LINK),
    result('computeSeconds', 'scale-compute-at-n', 'decimal', [...COMPUTE, ...SHAPE], { oneOf: ONE_OF_COMPUTE, oneOfNeeds: VIA_TOKENS }),
    result('allreduceSeconds', 'allreduce-seconds', 'decimal', ALLREDUCE, { symbol: 't_AR', bar: true }),
    result('stepSeconds', 'step-seconds', 'decimal', STEP, { symbol: 't', bar: true, oneOf: ONE_OF_COMPUTE, oneOfNeeds: VIA_TOKENS }),
    result('throughputSamples', 'scale-throughput-samples', 'decimal', STEP, { oneOf: ONE_OF_COMPUTE, oneOfNeeds: VIA_TOKENS }),
    result('throughputTokens', 'throughput-tokens', 'decimal', STEP, { symbol: 'τ', primary: true, bar: true, oneOf: ONE_OF_COMPUTE }),
    result('scalingEfficiency', 'scaling-efficiency', 'decimal', STEP, { symbol: 'η', percent: true, bar: true, oneOf: ONE_OF_COMPUTE, oneOfNeeds: VIA_TOKENS }),
  ],
});
