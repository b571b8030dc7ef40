// The parallel-configuration calculator's schema: the only list of its fields
// and results (see kit/schema.js for the shape); each field's kind, limits and
// choices are the core's (core-fields.js, from describeParallelConfiguration).
// The model's shape uses the memory page's keys, the cluster the device list's
// figures; every knob left empty is searched, and a knob given is kept.
import { defineSchema, fieldsOfCore, presetField } from '../../kit/schema.js';
import { SHAPE_KEYS, shapeFields } from '../../models/shape-fields.js';
import { DEFAULT_DEVICE, deviceOptionsWith, gibibytesOf } from '../../hardware/devices.js';
import described from './core-fields.js';

const coreField = fieldsOfCore(described);
const field = (key, param, id, group, extra) => coreField(key, { param, id, group, messages: `parallelConfiguration.fields.${key}`, ...extra });
const preset = (key, param, id, group, extra) => presetField(key, { param, id, group, messages: `parallelConfiguration.fields.${key}`, ...extra });
const choice = (key, param, id, group, fallback, extra = {}) => field(key, param, id, group, { default: fallback, ...extra });
const decimal = (key, param, id, group, extra) => field(key, param, id, group, { inputMode: 'decimal', ...extra });
// TFLOPS, GB/s and Gb/s.
const rate = (key, param, id, extra) => decimal(key, param, id, 'cluster', extra);
const knob = (key, param, id, extra = {}) => field(key, param, id, 'knobs', { default: '', ...extra });
const result = (key, id, kind, extra = {}) => ({ key, id, kind, dependsOn: SEARCHED, messages: `parallelConfiguration.results.${key}`, bar: false, ...extra });

const MODEL = SHAPE_KEYS;
const CLUSTER = ['gpus', 'gpusPerNode', 'deviceMemory', 'reservedMemory', 'peakTflops', 'fp8Tflops', 'matmulTflops', 'fp8MatmulTflops', 'flash2Tflops',
  'memoryBandwidth', 'intraBandwidth',
  'nicsPerNode', 'nicRate'];
const RUN = ['sequenceLength', 'target', 'targetUnit', 'precision', 'gradientPrecision', 'attention', 'framework', 'dispatcher', 'tensorOverlap'];
const KNOBS = ['tensorParallel', 'pipelineParallel', 'virtualStages', 'contextParallel', 'expertParallel', 'expertTensorParallel', 'zeroStage', 'recompute',
  'sequenceParallel', 'microBatch', 'accumulationSteps', 'dataParallel'];
// The PCIe rate (pcieBandwidth) sets no result: it only times the remedies when nothing fits.
const SEARCHED = [...MODEL, ...CLUSTER, ...RUN, ...KNOBS];
/** The framework field's choices, in the core's order (step_time::Framework). */
export const FRAMEWORKS = described.fields.find(({ key }) => key === 'framework').choices;

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
    ...shapeFields({ field }, 'conf'),
    // The cluster: 2 nodes of 8 H100s by default.
    field('gpus', 'gpus', 'conf-gpus', 'cluster', { default: '16' }),
    field('gpusPerNode', 'gpn', 'conf-gpus-per-node', 'cluster', { default: '8', suggestions: ['4', '8'] }),
    preset('device', 'device', 'conf-device', 'cluster', {
      sets: 'deviceMemory', default: DEFAULT_DEVICE,
      // Every device whose memory is known; a figure the list lacks for it is left empty, and its field asks for it.
      options: deviceOptionsWith('mebibytes', DEVICE_FIGURES, { toFieldUnit: gibibytesOf, optional: Object.values(DEVICE_FIGURES) }),
    }),
    decimal('deviceMemory', 'gpu', 'conf-device-memory', 'cluster', { default: '796474609375e-10' }),
    decimal('reservedMemory', 'overhead', 'conf-reserved-memory', 'cluster', { default: '1' }),
    rate('peakTflops', 'peak', 'conf-peak', { default: '9895e-1' }),
    rate('fp8Tflops', 'fp8', 'conf-fp8-peak', { default: '1979' }),
    // The measured maximum achievable matmul rates (devices.js): empty, the A100's share of the peak.
    rate('matmulTflops', 'mamf', 'conf-matmul', { default: '7945e-1' }),
    rate('fp8MatmulTflops', 'fp8mamf', 'conf-fp8-matmul', { default: '14026e-1' }),
    // FlashAttention-2's best measured rate (devices.js): empty, the A100's share of the peak.
    rate('flash2Tflops', 'fa2', 'conf-flash2', { default: '346325e-3' }),
    rate('memoryBandwidth', 'hbm', 'conf-memory-bandwidth', { default: '3350' }),
    rate('intraBandwidth', 'intra', 'conf-link-bandwidth', { default: '370', aliases: ['link'] }),
    field('nicsPerNode', 'nics', 'conf-nics', 'cluster', { default: '8', suggestions: ['1', '4', '8'] }),
    rate('nicRate', 'nicgbps', 'conf-nic-rate', { default: '400', suggestions: ['100', '200', '400', '800'] }),
    // Each way between a GPU and its host (devices.js): what optimizer states kept in CPU memory cross every step.
    rate('pcieBandwidth', 'pcie', 'conf-pcie', { default: '64' }),
    // The run: 8K context, 512 sequences (4M tokens) a step, 100B tokens.
    field('sequenceLength', 'seq', 'conf-sequence-length', 'run', { symbol: 's', default: '8192' }),
    // In sequences by default: a target a link brings without a unit is in sequences on every page (run-context.js).
    field('target', 'target', 'conf-target', 'run', { symbol: 'B', default: '512', inputMode: 'text' }),
    choice('targetUnit', 'unit', 'conf-target-unit', 'run', 'seq'),
    field('tokens', 'tokens', 'conf-tokens', 'run', { symbol: 'D', default: '100000000000', inputMode: 'text' }),
    choice('precision', 'precision', 'conf-precision', 'run', 'bf16'),
    choice('gradientPrecision', 'grads', 'conf-gradient-precision', 'run', 'fp32'),
    choice('attention', 'attention', 'conf-attention', 'run', 'flash'),
    // The trainer: what layouts the search offers, how it prices them, and the export the plan link opens.
    choice('framework', 'framework', 'conf-framework', 'run', 'megatron'),
    // How a mixture of experts' tokens cross to their experts: NCCL's all-to-all, or DeepEP's or HybridEP's kernels.
    choice('dispatcher', 'dispatcher', 'conf-dispatcher', 'run', 'alltoall'),
    // Whether TP's collectives run under its GEMMs (Megatron-LM's --tp-comm-overlap, torchtitan's async TP).
    choice('tensorOverlap', 'tpoverlap', 'conf-tensor-overlap', 'run', 'off'),
    // The knobs: empty is searched.
    knob('tensorParallel', 'tp', 'conf-tensor-parallel', { symbol: 't' }),
    knob('pipelineParallel', 'pp', 'conf-pipeline-parallel', { symbol: 'p' }),
    knob('virtualStages', 'vpp', 'conf-virtual-stages', { symbol: 'v' }),
    knob('contextParallel', 'cp', 'conf-context-parallel', { symbol: 'c' }),
    knob('expertParallel', 'ep', 'conf-expert-parallel', { symbol: 'e' }),
    // The experts' own TP (Megatron-LM's --expert-tensor-parallel-size): 1, each expert whole on its GPU, or TP's.
    knob('expertTensorParallel', 'etp', 'conf-expert-tensor-parallel'),
    knob('zeroStage', 'zero', 'conf-zero-stage'),
    knob('recompute', 'recompute', 'conf-recompute'),
    knob('sequenceParallel', 'sp', 'conf-sequence-parallel'),
    knob('microBatch', 'micro', 'conf-micro-batch', { symbol: 'b' }),
    knob('accumulationSteps', 'accum', 'conf-accumulation-steps', { symbol: 'a' }),
    knob('dataParallel', 'dp', 'conf-data-parallel', { symbol: 'd' }),
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
