// What the export section shows for a planner evaluation, as plain data: each
// framework's snippet, its notes in the page's language (those every one
// would carry said once, as `shared`), and a download link;
// or, while a value it needs is missing or wrong, why there is none. Pure, so
// node tests check it directly.
import { groupDigits, plainDecimal } from '../../kit/number-format.js';
import { PLANNER } from '../schema.js';
import { EXPORT_TARGETS } from './targets.js';
import { exportConfigs } from './write.js';
import { memoryPageHoldsShape } from '../../models/shape-links.js';

// A choice's word (the core gives its index), or its default when left empty.
function choiceWord(fields, key) {
  const spec = PLANNER.fields.find((field) => field.key === key);
  return fields[key]?.status === 'ok' ? spec.choices[Number(fields[key].value)] : spec.default;
}

// The fields every snippet uses: the calculator's four, the model-parallel degrees, the cluster.
const USED = ['microBatch', 'dataParallel', 'accumulationSteps', 'sequenceLength', 'tensorParallel', 'pipelineParallel', 'contextParallel',
  'expertParallel', 'virtualStages', 'gpus', 'gpusPerNode'];
const RAMP = ['rampStart', 'rampIncrement', 'rampSamples'];
// The run's fields: optional, but one given wrong keeps every snippet back
// rather than letting it drop the value silently.
const RUN = ['tokens', 'warmup', 'decay', 'learningRate', 'minLearningRate', 'referenceBatch', 'expertTensorParallel'];

/**
 * words: the planner catalog's export words; evaluation: the planner's;
 * stepSchedule: the ramp's --step-batch-size-schedule value ("" when none is
 * exact), megatronVersion: "legacy" or "core-0.18", torchtitanVersion: "v0.2.2" or "main";
 * labels: {fieldKey: label} of every field, to name the one that blocks; rampMessage:
 * why the ramp cannot run, as the ramp group says it; recompute ("selective",
 * "none", "full") and sequenceParallel ("off", "on"): the run's activation
 * settings; dispatcher ("alltoall", "deepep", "hybridep"): how its experts'
 * tokens travel; tensorOverlap ("off", "on"): TP's collectives under its GEMMs; model: the run's published model, {name, report} (the
 * training-compute core's report), or null.
 */
export function presentExport(words, evaluation, {
  stepSchedule = '', megatronVersion = 'legacy', torchtitanVersion = 'v0.2.2', labels = {}, rampMessage = '',
  recompute = 'selective', sequenceParallel = 'off', dispatcher = 'alltoall', tensorOverlap = 'off', model = null,
} = {}) {
  const { fields, marks } = evaluation;
  const digits = (value) => groupDigits(String(value), marks);
  const rampSet = RAMP.some((key) => fields[key].status !== 'empty');
  // The message names what blocks: the fields to fill in or fix, or the ramp's refusal.
  const blockers = [...USED, ...(rampSet ? RAMP : [])].filter((key) => fields[key].status !== 'ok');
  blockers.push(...RUN.filter((key) => fields[key].status !== 'ok' && fields[key].status !== 'empty'));
  if (blockers.length) {
    // A run the frameworks would refuse to start is named with their refusal.
    const refusals = blockers.filter((key) => fields[key].status === 'conflicting' && words.refusals[key]).map((key) => words.refusals[key]());
    const message = words.blockedBy({ fields: blockers.map((key) => labels[key] ?? key).join('; '), count: blockers.length });
    return { message: [message, ...refusals].join(' '), shared: [], targets: null, blockers };
  }
  if (rampSet && evaluation.ramp.reason !== 'none') return { message: words.rampBlocks(rampMessage), shared: [], targets: null, blockers: RAMP };
  // Every field it needs is valid, so only a product above 2^64 - 1 keeps the launch from the core.
  if (evaluation.launch.reason !== 'none') return { message: words.tooLarge(), shared: [], targets: null, blockers: ['microBatch', 'dataParallel', 'accumulationSteps'] };

  const count = (key) => BigInt(fields[key].value);
  const values = {
    micro: count('microBatch'),
    dataParallel: count('dataParallel'),
    accumulation: count('accumulationSteps'),
    sequenceLength: count('sequenceLength'),
    tensorParallel: count('tensorParallel'),
    pipelineParallel: count('pipelineParallel'),
    contextParallel: count('contextParallel'),
    expertParallel: count('expertParallel'),
    virtualStages: count('virtualStages'),
    // The experts' own TP, or null for TP's.
    expertTensor: fields.expertTensorParallel.status === 'ok' ? count('expertTensorParallel') : null,
    gpusPerNode: count('gpusPerNode'),
    gpus: count('gpus'),
    run: runOf(evaluation),
    launch: evaluation.launch,
    assumedCluster: evaluation.assumed.followsCalculator,
    ramp: rampSet ? { start: count('rampStart'), increment: count('rampIncrement'), samples: count('rampSamples'), schedule: stepSchedule } : null,
    megatronVersion,
    torchtitanVersion,
    zeroStage: BigInt(choiceWord(fields, 'zeroStage')),
    precision: choiceWord(fields, 'precision'),
    decayStyle: choiceWord(fields, 'decayStyle'),
    recompute,
    sequenceParallel: sequenceParallel === 'on',
    dispatcher,
    tensorOverlap: tensorOverlap === 'on',
    model: model && modelShapeOf(model),
  };
  const written = exportConfigs(values, words.comments);
  const targets = {};
  for (const { key, file, type } of EXPORT_TARGETS) {
    const snippet = written[key];
    if (snippet.missing) {
      // A framework by its tab's title without the format ("DeepSpeed (JSON)" is DeepSpeed).
      const name = (framework) => words.titles[framework].replace(/ \(.*\)$/, '');
      targets[key] = {
        text: '', notes: [], unavailable: words.missing[snippet.missing]({
          gpus: digits(snippet.gpus ?? ''), gpusPerNode: digits(snippet.gpusPerNode ?? ''), stage: String(snippet.stage ?? ''),
          framework: snippet.framework ? name(snippet.framework) : '', running: (snippet.running ?? []).map(name).join(', '),
        }),
      };
      continue;
    }
    targets[key] = {
      text: snippet.text,
      notes: snippet.notes.map(({ code, ...numbers }) => words.notes[code](Object.fromEntries(Object.entries(numbers).map(([name, value]) =>
        [name, typeof value === 'bigint' ? digits(value) : value])))),
      unavailable: '',
      file: snippet.file ?? file,
      href: `data:${snippet.type ?? type};charset=utf-8,${encodeURIComponent(snippet.text)}`,
    };
  }
  // A note every framework would carry (the cluster assumed, a rate tuned at
  // another batch) is said once, above the tabs, not ten times.
  const available = Object.values(targets).filter((target) => target.text !== '');
  const shared = available.length > 1 ? available[0].notes.filter((note) => available.every((target) => target.notes.includes(note))) : [];
  for (const target of available) target.notes = target.notes.filter((note) => !shared.includes(note));
  return { message: '', shared, targets, blockers: [] };
}

// A published model's shape as the exports write it (counts as BigInt), or
// {name, held: false} for one whose shape Megatron-LM's plain arguments
// cannot hold here (multi-head latent attention, dense layers before the
// experts), or shared experts, which no export writes.
function modelShapeOf({ name, report }) {
  const { shape } = report;
  if (!memoryPageHoldsShape(report) || !['', '0'].includes(shape.sharedExpertFfn)) return { name, held: false };
  // The shape fields' texts (models/model-config.js); an empty count (a dense model's experts) is none.
  const count = (key) => BigInt(shape[key] || '0');
  return {
    name, held: true, layers: count('layers'), hidden: count('hiddenSize'), heads: count('attentionHeads'), kvHeads: count('kvHeads'),
    headDim: count('headDim'), ffn: count('ffnHidden'), gated: shape.gatedMlp === 'on', layerNorm: shape.normalization === 'layernorm',
    qkNorm: shape.qkNorm, tied: shape.tiedEmbeddings === 'on',
    vocab: count('vocabulary'), experts: count('experts'), expertsPerToken: count('expertsPerToken'), expertFfn: count('expertFfn'),
  };
}

// The whole run as the exports write it: exact counts as BigInt (null when
// not given), the learning rate as typed (only when it is the rate for this
// batch: no reference batch, or the reference batch is B), and the ramp's
// stages for Megatron-LM's sample counts.
export function runOf(evaluation) {
  const { fields, budget, learningRate, ramp } = evaluation;
  const plan = budget.reason === 'none' ? budget : null;
  const big = (value) => (value == null || value === '' ? null : BigInt(value));
  const tokens = (key) => (fields[key].status === 'ok' ? BigInt(fields[key].value) : null);
  const rate = (key) => (fields[key].status === 'ok' ? plainDecimal(Number(fields[key].value), 12) : null);
  const rampOk = ramp.reason === 'none';
  const reference = fields.referenceBatch;
  const rateIsForThisBatch = reference.status === 'empty' || (reference.status === 'ok' && reference.value === evaluation.effectiveBatch);
  return {
    steps: big(plan?.optimizer.steps),
    rampSteps: rampOk ? big(plan?.stepsWithRamp) : null,
    // Frameworks without a ramp train at B from the first step: their warmup and decay steps are at B.
    warmupSteps: big(plan?.warmup?.steps),
    decaySteps: big(plan?.decay?.steps),
    budgetTokens: plan ? tokens('tokens') : null,
    warmupTokens: plan ? tokens('warmup') : null,
    decayTokens: plan ? tokens('decay') : null,
    learningRate: rateIsForThisBatch ? rate('learningRate') : null,
    // A rate tuned at another batch: the two rules' values, for the note; neither is chosen for the reader.
    rateChoices: !rateIsForThisBatch && learningRate.reason === 'none'
      ? { linear: plainDecimal(learningRate.linear, 12), sqrt: plainDecimal(learningRate.squareRoot, 12) } : null,
    minLearningRate: rate('minLearningRate'),
    stages: rampOk ? ramp.stages.map((stage) => ({ batch: BigInt(stage.batch), steps: BigInt(stage.steps) })) : [],
    rampEndSamples: rampOk ? BigInt(ramp.samples) : 0n,
  };
}
