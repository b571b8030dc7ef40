// The data-parallel scaling calculator's schema: the only list of its fields
// and results (see kit/schema.js for the shape). A
// node test checks it against what the wasm registers (describeDpScaling).
// Compute per step may be left empty when tokens/s per GPU is given instead.
import { defineSchema } from '../../kit/schema.js';
import { gradientPrecisionOfBytes } from '../../run/run-context.js';

const FACTOR = { minimum: '1', maximum: '4294967295' };
const field = (key, param, id, group, extra) => ({ key, param, id, group, kind: 'count', messages: `dpScaling.fields.${key}`, ...extra });
// Every decimal has a positive minimum (the core's), so no figure can be infinite.
const decimal = (key, param, id, group, minimum, maximum, extra) =>
  field(key, param, id, group, { kind: 'decimal', minimum, maximum, inputMode: 'decimal', ...extra });
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
      symbol: 'Ψ', default: '7000000000', inputMode: 'text', minimum: '1', maximum: '1000000000000000',
    }),
    // The memory page's field and key: fp32 by default, as Megatron-LM reduces a bf16 run's gradients.
    field('gradientPrecision', 'grads', 'scale-gradient-precision', 'model', { kind: 'choice', choices: ['fp32', 'bf16'], default: 'fp32', minimum: '0', maximum: '1' }),
    // The example compute time applies only when no tokens/s comes with the link (a carried rate wins).
    decimal('computeSeconds', 'compute', 'scale-compute', 'model', '0.000001', '1000000', { symbol: 'C', default: '4', optional: true, defaultUnlessLinked: ['tps'] }),
    decimal('tokensPerSecond', 'tps', 'scale-tokens-per-second', 'model', '0.001', '1000000000', { default: '', optional: true }),
    field('gpusPerNode', 'gpn', 'scale-gpus-per-node', 'network', { default: '8', suggestions: ['4', '8'], minimum: '1', maximum: '65536' }),
    decimal('intraBandwidth', 'intra', 'scale-intra', 'network', '0.001', '1000000', { default: '370', suggestions: ['370'] }),
    // As all_reduce_perf reports it; left empty, NICs per node × NIC rate / 8, capped by the intra-node figure.
    decimal('interBandwidth', 'inter', 'scale-inter', 'network', '0.001', '1000000', { default: '', optional: true }),
    field('nicsPerNode', 'nics', 'scale-nics', 'network', { unreadWhen: 'interBandwidth', default: '8', suggestions: ['1', '4', '8'], minimum: '1', maximum: '1024' }),
    decimal('nicRate', 'nicgbps', 'scale-nic-rate', 'network', '0.001', '1000000', { unreadWhen: 'interBandwidth', default: '400', suggestions: ['100', '200', '400', '800'] }),
    field('overlap', 'overlap', 'scale-overlap', 'network', { default: '50', minimum: '0', maximum: '100' }),
    // The data-parallel replicas: `dp` on every page (`n` in older links).
    field('dataParallel', 'dp', 'scale-replicas', 'run', { symbol: 'n', default: '64', minimum: '1', maximum: '1048576', aliases: ['n'] }),
    field('mode', 'mode', 'scale-mode', 'run', { kind: 'choice', choices: ['weak', 'strong'], default: 'weak', minimum: '0', maximum: '1' }),
    field('microBatch', 'micro', 'scale-micro-batch', 'run', { symbol: 'b', default: '1', ...FACTOR }),
    field('accumulationSteps', 'accum', 'scale-accumulation-steps', 'run', { symbol: 'a', default: '8', ...FACTOR }),
    field('sequenceLength', 'seq', 'scale-sequence-length', 'run', { symbol: 'L', default: '4096', ...FACTOR }),
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
