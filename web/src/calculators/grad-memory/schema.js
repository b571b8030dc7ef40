// The gradient-accumulation memory calculator's schema: the only list of its
// fields and results (see kit/schema.js for the shape); each field's kind,
// limits and choices are the core's (core-fields.js, from describeGradMemory).
// The activation cost per sample is optional: left
// empty, the core derives it from the model's shape.
import { defineSchema, fieldsOfCore, presetField } from '../../kit/schema.js';
import { SHAPE_KEYS, shapeFields } from '../../models/shape-fields.js';
import { DEFAULT_DEVICE, deviceOptions, gibibytesOf, MEMORY_DEVICES } from '../../hardware/devices.js';
import described from './core-fields.js';

const coreField = fieldsOfCore(described);
const field = (key, param, id, group, extra) => coreField(key, { param, id, group, messages: `gradMemory.fields.${key}`, ...extra });
const preset = (key, param, id, group, extra) => presetField(key, { param, id, group, messages: `gradMemory.fields.${key}`, ...extra });
const choice = (key, param, id, group, fallback, extra = {}) => field(key, param, id, group, { default: fallback, ...extra });
// Sizes read in binary units first ("17.00 GiB"), the exact bytes beside them and in data-value.
const bytes = (key, id, dependsOn, extra = {}) => ({ key, id, kind: 'exact-integer', approximate: 'bytes', headline: 'binary', dependsOn, messages: `gradMemory.results.${key}`, ...extra });

const count = (key, id, dependsOn) => ({ key, id, kind: 'exact-integer', bar: false, dependsOn, messages: `gradMemory.results.${key}` });

const decimal = (key, param, id, group, extra) => field(key, param, id, group, { inputMode: 'decimal', ...extra });

// What each device really offers (hardware/devices.js: the site's
// one list of them), as nvidia-smi reports it in MiB, offered in GiB:
// mebibytes / 1024 is an exact decimal.
export const DEVICES = MEMORY_DEVICES;

// The model's architecture, as Megatron-LM's arguments give it; every part but
// the widths of the experts enters the parameter count.
const MODEL_FIELDS = [...SHAPE_KEYS, 'tensorParallel'];
// The activations read the model as the core reads it, whole (model_shape::shape_of), and the run.
const SHAPE_FIELDS = ['activationPerSample', ...SHAPE_KEYS, 'sequenceLength', 'tensorParallel', 'pipelineParallel', 'sequenceParallel', 'recompute', 'attention', 'accumulationSteps'];
const PARALLEL_FIELDS = ['tensorParallel', 'pipelineParallel', 'dataParallel', 'expertParallel', 'expertTensorParallel'];
const HELD_FIELDS = ['parameters', ...MODEL_FIELDS, ...PARALLEL_FIELDS];
const TUNING_FIELDS = ['fineTuning', 'loraRank', 'loraTargets', 'optimizer'];
const STATE_FIELDS = [...HELD_FIELDS, 'zeroStage', 'gradientPrecision', 'vocabulary', ...TUNING_FIELDS];

// The URL keys of the page until fed12be, before the model's shape had more
// fields than its layers, width and heads. That page counted Korthikanti et
// al.'s layer: an FFN of 4h, as many key-value heads as heads, no gated MLP.
const FIRST_KEYS = new Set(['micro', 'accum', 'dp', 'act', 'layers', 'hidden', 'heads', 'seq', 'tp', 'pp', 'sp', 'recompute',
  'params', 'zero', 'gpu', 'overhead', 'target']);
const digits = (text) => (text !== null && /^[1-9]\d{0,15}$/.test(text) ? BigInt(text) : null);
/**
 * A link of that page that sets the shape (and nothing added since, the
 * model= of a picker included) read as that page read it: f = 4h (h from the
 * link, or 4096, the default then and now), the KV heads the heads (32 then
 * and now), the MLP not gated. laterKeys: every key the page reads today.
 */
function firstShapeLink(params, laterKeys) {
  const keys = [...params.keys()];
  if (!['layers', 'hidden', 'heads'].some((key) => params.has(key)) || keys.some((key) => laterKeys.has(key) && !FIRST_KEYS.has(key))) return {};
  const hidden = params.has('hidden') ? digits(params.get('hidden')) : 4096n;
  const heads = params.has('heads') ? digits(params.get('heads')) : 32n;
  return {
    ...(hidden === null ? {} : { ffn: String(4n * hidden) }),
    ...(heads === null ? {} : { kvheads: String(heads) }),
    glu: 'off',
  };
}

export const GRAD_MEMORY = defineSchema({
  name: 'grad-memory',
  core: 'GradMemory',
  messages: 'gradMemory',
  embed: 'grad-memory',
  groups: ['training', 'model', 'parallelism', 'fineTuning', 'device'],
  earlierLinks: [{ until: 'bf104ff', reads: (params) => firstShapeLink(params, LATER_KEYS) }],
  fields: [
    field('microBatch', 'micro', 'mem-micro-batch', 'training', { symbol: 'b', default: '1' }),
    field('accumulationSteps', 'accum', 'mem-accumulation-steps', 'training', { symbol: 'a', default: '8' }),
    field('dataParallel', 'dp', 'mem-data-parallel', 'training', { symbol: 'd', default: '64' }),
    field('activationPerSample', 'act', 'mem-activation-per-sample', 'model', { default: '', inputMode: 'text' }),
    ...shapeFields({ field }, 'mem', { keptWith: 'shape' }),
    field('sequenceLength', 'seq', 'mem-sequence-length', 'model', { symbol: 's', default: '4096' }),
    field('tensorParallel', 'tp', 'mem-tensor-parallel', 'parallelism', { symbol: 't', default: '1' }),
    field('pipelineParallel', 'pp', 'mem-pipeline-parallel', 'parallelism', { symbol: 'p', default: '1' }),
    field('expertParallel', 'ep', 'mem-expert-parallel', 'parallelism', { default: '1' }),
    field('expertTensorParallel', 'etp', 'mem-expert-tensor-parallel', 'parallelism', { default: '' }),
    choice('sequenceParallel', 'sp', 'mem-sequence-parallel', 'parallelism', 'off'),
    choice('recompute', 'recompute', 'mem-recompute', 'parallelism', 'selective'),
    // FlashAttention or SDPA (every current framework's default) keeps no s×s scores; eager keeps Table 2's.
    choice('attention', 'attention', 'mem-attention', 'parallelism', 'flash'),
    field('parameters', 'params', 'mem-parameters', 'parallelism', { symbol: 'Ψ', default: '', inputMode: 'text' }),
    choice('zeroStage', 'zero', 'mem-zero-stage', 'parallelism', '1'),
    choice('gradientPrecision', 'grads', 'mem-gradient-precision', 'parallelism', 'fp32'),
    choice('fineTuning', 'finetune', 'mem-fine-tuning', 'fineTuning', 'full'),
    field('loraRank', 'rank', 'mem-lora-rank', 'fineTuning', { symbol: 'r', default: '16' }),
    choice('loraTargets', 'targets', 'mem-lora-targets', 'fineTuning', 'all-linear'),
    choice('optimizer', 'optimizer', 'mem-optimizer', 'fineTuning', 'adamw'),
    // The device sets the memory; a memory typed by hand leaves no device chosen.
    preset('device', 'device', 'mem-device', 'device', {
      sets: 'deviceMemory', default: DEFAULT_DEVICE, options: deviceOptions('mebibytes', gibibytesOf),
    }),
    // An H100 SXM's 81,559 MiB, exactly, in GiB (79.6474609375), written so every number syntax reads it.
    decimal('deviceMemory', 'gpu', 'mem-device-memory', 'device', { default: '796474609375e-10' }),
    decimal('reservedMemory', 'overhead', 'mem-reserved-memory', 'device', { default: '1' }),
    field('target', 'target', 'mem-target-batch', 'device', { default: '1024' }),
  ],
  results: [
    // The answers first: the largest micro-batch that fits, and the accumulation that reaches the target with it.
    { key: 'maxMicroBatch', id: 'max-micro-batch', symbol: 'b_max', kind: 'exact-integer', primary: true,
      dependsOn: ['deviceMemory', 'reservedMemory', ...SHAPE_FIELDS, ...STATE_FIELDS], messages: 'gradMemory.results.maxMicroBatch' },
    { key: 'accumulationForTarget', id: 'mem-accumulation-for-target', kind: 'exact-integer', bar: false,
      dependsOn: ['target', 'deviceMemory', 'reservedMemory', 'dataParallel', ...SHAPE_FIELDS, ...STATE_FIELDS], messages: 'gradMemory.results.accumulationForTarget' },
    bytes('maxActivationMemory', 'mem-max-activation-memory', ['deviceMemory', 'reservedMemory', ...SHAPE_FIELDS, ...STATE_FIELDS], { bar: false }),
    { key: 'effectiveBatch', id: 'mem-effective-batch', symbol: 'B', kind: 'exact-integer', bar: false,
      breakdown: ['microBatch', 'dataParallel', 'accumulationSteps'], dependsOn: ['microBatch', 'dataParallel', 'accumulationSteps'],
      messages: 'gradMemory.results.effectiveBatch' },
    // The GPUs this layout spans, the cluster the configuration page is handed (page-entry.js).
    { key: 'gpus', id: 'mem-gpus', kind: 'exact-integer', bar: false,
      breakdown: ['dataParallel', 'tensorParallel', 'pipelineParallel'], dependsOn: ['dataParallel', 'tensorParallel', 'pipelineParallel'],
      messages: 'gradMemory.results.gpus' },
    bytes('totalMemory', 'mem-total-memory', ['microBatch', ...SHAPE_FIELDS, ...STATE_FIELDS, 'reservedMemory']),
    bytes('activationMemory', 'activation-memory', ['microBatch', ...SHAPE_FIELDS], { symbol: 'A' }),
    // What Megatron-LM's report_theoretical_memory prints for the same run, beside the page's own figure.
    bytes('megatronActivationMemory', 'megatron-activation-memory', ['microBatch', ...SHAPE_FIELDS], { bar: false }),
    bytes('modelStateMemory', 'model-state-memory', STATE_FIELDS, { symbol: 'S' }),
    bytes('parameterMemory', 'mem-parameter-memory', STATE_FIELDS, { bar: false }),
    bytes('gradientMemory', 'mem-gradient-memory', STATE_FIELDS, { bar: false }),
    bytes('optimizerMemory', 'mem-optimizer-memory', STATE_FIELDS, { bar: false }),
    // ZeRO stage 3's gathered parameters (DeepSpeed's 4 bytes × the largest module); 0 at stages 0 to 2.
    bytes('zero3WorkingMemory', 'zero3-working-memory', STATE_FIELDS, { bar: false }),
    bytes('activationPerSample', 'activation-per-sample', SHAPE_FIELDS, { bar: false }),
    bytes('deviceMemory', 'mem-device-bytes', ['deviceMemory'], { bar: false }),
    bytes('reservedMemory', 'mem-reserved-bytes', ['reservedMemory'], { bar: false }),
    count('modelParameters', 'mem-model-parameters', MODEL_FIELDS),
    count('activeParameters', 'mem-active-parameters', MODEL_FIELDS),
    count('deviceParameters', 'mem-device-parameters', HELD_FIELDS),
    count('paddedVocabulary', 'mem-padded-vocabulary', ['vocabulary', 'tensorParallel']),
    count('trainableParameters', 'trainable-parameters', [...MODEL_FIELDS, 'parameters', ...TUNING_FIELDS]),
  ],
});

// Every key the page reads today: its fields', their older names, the picker's model=.
const LATER_KEYS = new Set(['model', ...GRAD_MEMORY.fields.flatMap(({ param, aliases = [] }) => [param, ...aliases])]);
