// The parallel-configuration calculator's schema: the only list of its fields
// and results (see kit/schema.js for the shape). A
// node test checks it against what the wasm registers
// (describeParallelConfiguration). The model's shape uses the memory page's
// keys, the cluster the device list's figures; every knob left empty is
// searched, and a knob given is kept.
import { defineSchema } from '../../kit/schema.js';
import { SHAPE_KEYS, shapeFields } from '../../models/shape-fields.js';
import { DEFAULT_DEVICE, deviceOptionsWith, gibibytesOf } from '../../hardware/devices.js';

const FACTOR = { minimum: '1', maximum: '4294967295' };
const SHAPE = { minimum: '1', maximum: '1048576' };
const STAGES = { minimum: '1', maximum: '1024' };
const field = (key, param, id, group, extra) => ({ key, param, id, group, kind: 'count', messages: `parallelConfiguration.fields.${key}`, ...extra });
const choice = (key, param, id, group, choices, fallback, extra = {}) =>
  field(key, param, id, group, { kind: 'choice', choices, default: fallback, minimum: '0', maximum: String(choices.length - 1), ...extra });
const decimal = (key, param, id, group, minimum, extra) =>
  field(key, param, id, group, { kind: 'decimal', minimum, maximum: '1048576', inputMode: 'decimal', ...extra });
// TFLOPS, GB/s and Gb/s: the core's rate limits.
const rate = (key, param, id, extra) => decimal(key, param, id, 'cluster', '0.001', { maximum: '1000000', ...extra });
const knob = (key, param, id, limits, extra = {}) => field(key, param, id, 'knobs', { default: '', optional: true, ...limits, ...extra });
const result = (key, id, kind, extra = {}) => ({ key, id, kind, dependsOn: SEARCHED, messages: `parallelConfiguration.results.${key}`, bar: false, ...extra });

const MODEL = SHAPE_KEYS;
const CLUSTER = ['gpus', 'gpusPerNode', 'deviceMemory', 'reservedMemory', 'peakTflops', 'fp8Tflops', 'matmulTflops', 'fp8MatmulTflops', 'flash2Tflops',
  'memoryBandwidth', 'intraBandwidth',
  'nicsPerNode', 'nicRate'];
const RUN = ['sequenceLength', 'target', 'targetUnit', 'precision', 'gradientPrecision', 'attention', 'framework'];
const KNOBS = ['tensorParallel', 'pipelineParallel', 'virtualStages', 'contextParallel', 'expertParallel', 'zeroStage', 'recompute',
  'sequenceParallel', 'microBatch', 'accumulationSteps', 'dataParallel'];
// The PCIe rate (pcieBandwidth) sets no result: it only times the remedies when nothing fits.
const SEARCHED = [...MODEL, ...CLUSTER, ...RUN, ...KNOBS];
/** The framework field's choices, in the core's order (step_time::Framework). */
export const FRAMEWORKS = ['megatron', 'deepspeed', 'torchtitan', 'fsdp'];

// What the device sets: its memory (nvidia-smi's MiB, in GiB), its peaks and bandwidths, and its usual node's NICs.
const DEVICE_FIGURES = {
  peakTflops: 'peakTflops', fp8Tflops: 'fp8Tflops', matmulTflops: 'mamfTflops', fp8MatmulTflops: 'fp8MamfTflops', flash2Tflops: 'flash2Tflops',
  memoryBandwidth: 'memoryGBps', intraBandwidth: 'linkGBps', nicsPerNode: 'nodeNics', nicRate: 'nicGbps', pcieBandwidth: 'pcieGBps',
};

export const PARALLEL_CONFIGURATION = defineSchema({
  name: 'parallel-configuration',
  core: 'ParallelConfiguration',
  messages: 'parallelConfiguration',
  embed: 'parallel-configuration',
  groups: ['model', 'cluster', 'run', 'knobs'],
  fields: [
    // The model, under the memory page's keys; Llama 3.1 8B's shape by default, as there.
    ...shapeFields({ field, choice }, 'conf'),
    // The cluster: 2 nodes of 8 H100s by default.
    field('gpus', 'gpus', 'conf-gpus', 'cluster', { default: '16', minimum: '1', maximum: '16777216' }),
    field('gpusPerNode', 'gpn', 'conf-gpus-per-node', 'cluster', { default: '8', suggestions: ['4', '8'], minimum: '1', maximum: '65536' }),
    field('device', 'device', 'conf-device', 'cluster', {
      kind: 'preset', sets: 'deviceMemory', default: DEFAULT_DEVICE,
      // Every device whose memory is known; a figure the list lacks for it is left empty, and its field asks for it.
      options: deviceOptionsWith('mebibytes', DEVICE_FIGURES, { toFieldUnit: gibibytesOf, optional: Object.values(DEVICE_FIGURES) }),
    }),
    decimal('deviceMemory', 'gpu', 'conf-device-memory', 'cluster', '0.001', { default: '796474609375e-10' }),
    decimal('reservedMemory', 'overhead', 'conf-reserved-memory', 'cluster', '0', { default: '1' }),
    rate('peakTflops', 'peak', 'conf-peak', { default: '9895e-1' }),
    rate('fp8Tflops', 'fp8', 'conf-fp8-peak', { default: '1979', optional: true }),
    // The measured maximum achievable matmul rates (devices.js): empty, the A100's share of the peak.
    rate('matmulTflops', 'mamf', 'conf-matmul', { default: '7945e-1', optional: true }),
    rate('fp8MatmulTflops', 'fp8mamf', 'conf-fp8-matmul', { default: '14026e-1', optional: true }),
    // FlashAttention-2's best measured rate (devices.js): empty, the A100's share of the peak.
    rate('flash2Tflops', 'fa2', 'conf-flash2', { default: '346325e-3', optional: true }),
    rate('memoryBandwidth', 'hbm', 'conf-memory-bandwidth', { default: '3350' }),
    rate('intraBandwidth', 'intra', 'conf-link-bandwidth', { default: '370', aliases: ['link'] }),
    field('nicsPerNode', 'nics', 'conf-nics', 'cluster', { default: '8', suggestions: ['1', '4', '8'], minimum: '1', maximum: '1024' }),
    rate('nicRate', 'nicgbps', 'conf-nic-rate', { default: '400', suggestions: ['100', '200', '400', '800'] }),
    // Each way between a GPU and its host (devices.js): what optimizer states kept in CPU memory cross every step.
    rate('pcieBandwidth', 'pcie', 'conf-pcie', { default: '64', optional: true }),
    // The run: 8K context, 512 sequences (4M tokens) a step, 100B tokens.
    field('sequenceLength', 'seq', 'conf-sequence-length', 'run', { symbol: 's', default: '8192', ...FACTOR }),
    // In sequences by default: a target a link brings without a unit is in sequences on every page (run-context.js).
    field('target', 'target', 'conf-target', 'run', { symbol: 'B', default: '512', inputMode: 'text', minimum: '1', maximum: '1000000000000000000' }),
    choice('targetUnit', 'unit', 'conf-target-unit', 'run', ['seq', 'tok'], 'seq'),
    field('tokens', 'tokens', 'conf-tokens', 'run', { symbol: 'D', default: '100000000000', optional: true, inputMode: 'text', minimum: '1', maximum: '1000000000000000000' }),
    choice('precision', 'precision', 'conf-precision', 'run', ['bf16', 'fp16', 'fp8'], 'bf16'),
    choice('gradientPrecision', 'grads', 'conf-gradient-precision', 'run', ['fp32', 'bf16'], 'fp32'),
    choice('attention', 'attention', 'conf-attention', 'run', ['flash', 'flash2', 'eager'], 'flash'),
    // The trainer: what layouts the search offers, how it prices them, and the export the plan link opens.
    choice('framework', 'framework', 'conf-framework', 'run', FRAMEWORKS, 'megatron'),
    // The knobs: empty is searched.
    knob('tensorParallel', 'tp', 'conf-tensor-parallel', SHAPE, { symbol: 't' }),
    knob('pipelineParallel', 'pp', 'conf-pipeline-parallel', STAGES, { symbol: 'p' }),
    knob('virtualStages', 'vpp', 'conf-virtual-stages', STAGES, { symbol: 'v' }),
    knob('contextParallel', 'cp', 'conf-context-parallel', SHAPE, { symbol: 'c' }),
    knob('expertParallel', 'ep', 'conf-expert-parallel', SHAPE, { symbol: 'e' }),
    knob('zeroStage', 'zero', 'conf-zero-stage', {}, { kind: 'choice', choices: ['0', '1', '2', '3'], minimum: '0', maximum: '3' }),
    knob('recompute', 'recompute', 'conf-recompute', {}, { kind: 'choice', choices: ['none', 'selective', 'full'], minimum: '0', maximum: '2' }),
    knob('sequenceParallel', 'sp', 'conf-sequence-parallel', {}, { kind: 'choice', choices: ['off', 'on'], minimum: '0', maximum: '1' }),
    knob('microBatch', 'micro', 'conf-micro-batch', FACTOR, { symbol: 'b' }),
    knob('accumulationSteps', 'accum', 'conf-accumulation-steps', FACTOR, { symbol: 'a' }),
    knob('dataParallel', 'dp', 'conf-data-parallel', FACTOR, { symbol: 'd' }),
  ],
  results: [
    result('bestStepSeconds', 'best-step-seconds', 'decimal', { symbol: 't', primary: true, bar: true }),
    result('bestTokensPerSecondPerGpu', 'best-tokens-per-second-per-gpu', 'decimal', { bar: true }),
    result('bestMfu', 'best-mfu', 'decimal', { percent: true, bar: true }),
    result('bestMemory', 'best-memory', 'exact-integer', { approximate: 'bytes', headline: 'binary' }),
    { ...result('bestDays', 'best-days', 'decimal'), dependsOn: [...SEARCHED, 'tokens'] },
    result('configurationsConsidered', 'configurations-considered', 'exact-integer'),
    result('configurationsFitting', 'configurations-fitting', 'exact-integer'),
  ],
});
