// What the planner shows for an evaluation, as plain data: every field's
// error, every result's exact value (data-value), its reason when absent
// (data-error) and its words, the ramp table's rows and chart, and the
// Megatron-LM command lines. Pure: no DOM, so node tests check it directly.
import { domCode, fieldError } from '../kit/present.js';
import { SUMMARY_KEYS } from './markup.js';
import { groupDigits, localDecimal, plainDecimal, powerOfTwo, readableDecimal, roundedDecimal } from '../kit/number-format.js';

// Significant digits for learning rates: data-value keeps 12, the page shows 4.
const RATE_DATA_DIGITS = 12;
const RATE_SHOWN_DIGITS = 4;
// A Megatron threshold is read with int(float(text) * multiplier): exact below 2^53.
const EXACT_FLOAT_LIMIT = 2n ** 53n;
const SHORTHAND = [[12n, 'T'], [9n, 'B'], [6n, 'M'], [3n, 'K']];
// Room for labels that grow to 20 units on a phone (planner.css), where the chart is drawn at about half size.
const CHART = { width: 640, height: 270, left: 84, right: 16, top: 26, bottom: 46 };

/**
 * catalogs: {kit, planner} (the page's run-time catalog's kit part, and the
 * planner's catalog). options: unit ("seq" | "tok"), typing (a key is being
 * pressed: an unfinished grouped number is not an error yet), texts (what the
 * fields hold, to say how a shorthand was read), fieldsShown
 * ({key: {id, label}} of every field, the calculator's too: the summary names
 * the one that blocks a figure).
 */
export function presentPlanner(schema, { kit, planner }, evaluation,
  { unit = 'seq', typing = false, texts = {}, fieldsShown = {}, predicted = null, predictionRefused = false } = {}) {
  const { marks } = evaluation;
  // The cluster fields left empty, and what the core assumed for them.
  const assumed = evaluation.assumed.values;
  const digits = (value) => (value === '' || value == null ? '' : groupDigits(value, marks));
  const shownAsError = (status) => status !== 'ok' && status !== 'empty' && !(typing && status === 'unfinished_grouping');

  const fields = {};
  for (const spec of schema.fields) {
    const field = evaluation.fields[spec.key];
    // A field's own message for a relation it breaks (conflicting) comes before its kind's.
    const overrides = { ...(field.kind === 'decimal' ? planner.fieldErrors.decimal
      : (spec.shorthand === 'tokens' || (spec.key === 'target' && unit === 'tok')) ? planner.fieldErrors.tokens : {}),
    ...(planner.fields[spec.key]?.errors ?? {}) };
    // A decimal's limits come from the core as numbers: written in the page's syntax.
    const limits = field.kind === 'decimal'
      ? { minimum: plainDecimal(Number(field.minimum), 15), maximum: plainDecimal(Number(field.maximum), 15) } : field;
    const error = shownAsError(field.status) ? fieldError(kit, field, limits, marks, evaluation.maxTextLength, overrides) : '';
    // "2T" is kept as typed; say what it was read as.
    const text = String(texts[spec.key] ?? '');
    const reading = spec.key in assumed ? planner.cluster.assumedNone[spec.key] ?? planner.cluster.assumedReading(digits(assumed[spec.key]))
      : field.status === 'ok' && field.kind === 'count' && /[^\d\s.,\u00a0\u202f]/.test(text) ? `= ${digits(field.value)}` : '';
    // A throughput the configuration page predicted stands in for an empty field, and says so.
    const predictedHere = spec.key === 'tokensPerSecond' && predicted !== null;
    fields[spec.key] = {
      error, invalid: error !== '', reading: predictedHere ? planner.budget.predictedReading(readableDecimal(predicted, marks)) : reading,
      placeholder: spec.key in assumed ? digits(assumed[spec.key]) : '',
      // A reading of what the plan assumed (the field shows it as its placeholder), not of what was typed.
      assumed: spec.key in assumed,
    };
  }
  fields.target.powerOffer = unit === 'tok' ? powerOffer(evaluation.targetPower, planner, marks) : null;
  // The planner's ramp fields go together: one empty among filled ones says so.
  const rampKeys = ['rampStart', 'rampIncrement', 'rampSamples'];
  const rampFilled = rampKeys.filter((key) => evaluation.fields[key].status !== 'empty');
  const rampIncomplete = rampFilled.length > 0 && rampFilled.length < rampKeys.length;

  const calculatorBlocked = schema.calculatorFields.some((key) => shownAsError(evaluation.fields[key].status));
  const reasonText = (reason) => planner.reasons[reason] ?? kit.noFigure;
  const result = (value, reason, text = value, detail = '') =>
    ({ value, error: value === '' ? kebab(reason) : '', text, detail, detailKind: 'detail' });
  // A reason is not a result: an absent figure is a dash, and why it is absent
  // (a field to fill in, "not divisible", ...) a message beside it.
  const absent = (reason, detail = '') => ({ ...result('', reason, kit.noFigure, detail || reasonText(reason)), detailKind: 'reason' });
  const count = (value, reason, detail = '') => (value === '' ? absent(reason, detail) : result(value, 'none', digits(value), detail));

  const outputs = {};
  const messages = {};
  const f = (key) => digits(evaluation.fields[key].value);

  // 1. Cluster.
  const { cluster } = evaluation;
  outputs.dataParallel = count(cluster.dataParallel, cluster.reason);
  messages.useDataParallel = null;
  if (cluster.reason === 'none') {
    const calculatorD = evaluation.fields.dataParallel;
    if (calculatorD.status === 'ok' && calculatorD.value === cluster.dataParallel) {
      messages.cluster = planner.cluster.matches;
    } else {
      messages.cluster = calculatorD.status === 'ok' ? planner.cluster.differs(digits(calculatorD.value)) : '';
      messages.useDataParallel = { label: planner.cluster.use(digits(cluster.dataParallel)), value: cluster.dataParallel };
    }
  } else if (cluster.reason === 'not_divisible') {
    messages.cluster = `${planner.cluster.notDivisible({
      world: f('gpus'), tp: f('tensorParallel'), pp: f('pipelineParallel'), cp: f('contextParallel'), product: digits(cluster.modelParallel),
    })} ${planner.cluster.nearest({ below: digits(cluster.worldBelow), above: digits(cluster.worldAbove) })}`;
  } else {
    messages.cluster = '';
  }

  // 2. Solve.
  const { solve } = evaluation;
  const unitWords = planner.solve.units[unit];
  const nearest = (batch) => {
    if (solve.reason === 'none') return absent('target_divides');
    if (solve.reason !== 'not_divisible' && solve.reason !== 'not_whole_sequences') return absent(solve.reason);
    if (!batch) return absent('no_achievable_batch');
    return {
      ...result(batch.batch, 'none', planner.solve.achievable({
        batch: digits(batch.batch), unit: unitWords, a: digits(batch.accumulationSteps), drift: signedPercent(batch.driftPercent, marks, planner),
      })),
      accumulationSteps: batch.accumulationSteps,
    };
  };
  outputs.accumulationSteps = count(solve.accumulationSteps, solve.reason);
  outputs.batchBelow = nearest(solve.below);
  outputs.batchAbove = nearest(solve.above);
  outputs.dataParallelNeeded = count(solve.dataParallel ?? '', solve.reason === 'none' || solve.reason === 'not_divisible' ? solve.dataParallelReason : solve.reason);
  // With the cluster's TP·PP·CP, the replicas are a number of GPUs.
  if (outputs.dataParallelNeeded.value !== '' && solve.gpusNeeded) {
    outputs.dataParallelNeeded.detail = planner.solve.gpusNeeded({ gpus: digits(solve.gpusNeeded), model: digits(cluster.modelParallel) });
  }
  outputs.microBatchNeeded = count(solve.microBatch ?? '', solve.reason === 'none' || solve.reason === 'not_divisible' ? solve.microBatchReason : solve.reason);
  const b = f('microBatch');
  const d = f('dataParallel');
  messages.solve = '';
  messages.frameworks = [];
  messages.exactMicro = '';
  if (solve.reason === 'none') {
    const a = digits(solve.accumulationSteps);
    // In tokens the product of b, d and a is still sequences: the sequence length makes them tokens.
    messages.solve = unit === 'tok'
      ? planner.solve.exactTokens({ b, d, a, sequences: digits(solve.targetSequences), length: f('sequenceLength'), tokens: f('target') })
      : planner.solve.exact({ b, d, a, batch: digits(solve.targetSequences), unit: unitWords });
  } else if (solve.reason === 'not_divisible') {
    messages.solve = planner.solve.notDivisible({ target: digits(solve.targetSequences), b, d, step: digits(evaluation.perPass) });
    const target = solve.targetSequences;
    messages.frameworks = [
      planner.solve.megatron({ target, b: evaluation.fields.microBatch.value, d: evaluation.fields.dataParallel.value }),
      planner.solve.deepspeed({ target, b: evaluation.fields.microBatch.value, d: evaluation.fields.dataParallel.value, accumulation: solve.frameworks.deepspeedAccumulation }),
      planner.solve.olmo({ device: digits(solve.frameworks.olmoDeviceBatch), batch: digits(solve.frameworks.olmoBatch), d }),
    ];
  } else if (solve.reason === 'not_whole_sequences') {
    messages.solve = planner.solve.notWhole({ target: f('target'), length: f('sequenceLength') });
  }
  if (solve.reason === 'none' || solve.reason === 'not_divisible') {
    messages.exactMicro = solve.exactMicroBatches.length === 0 ? (solve.targetPerReplicaWhole ? planner.solve.noExactMicro : planner.solve.notMultipleOfD)
      : kit.listOf(solve.exactMicroBatches.map(({ microBatch, accumulationSteps }) => planner.solve.exactMicro({ b: digits(microBatch), a: digits(accumulationSteps) })));
  }

  // 3. Budget.
  const { budget } = evaluation;
  const plan = budget.reason === 'none' ? budget : null;
  outputs.optimizerSteps = count(plan?.optimizer.steps ?? '', budget.reason);
  outputs.lastStepTokens = plan
    ? result(plan.optimizer.lastStepTokens, 'none', digits(plan.optimizer.lastStepTokens),
      planner.budget.lastStep({ tokens: digits(plan.optimizer.lastStepTokens), full: lastFull(evaluation, digits) }))
    : absent(budget.reason);
  // An optional input left empty is not a problem: a dash, and what would fill it in.
  const optional = (field, needs) => {
    const reason = optionalReason(plan, budget, field);
    return reason === 'missing_input' && plan ? absent(reason, needs) : absent(reason);
  };
  // Under a ramp-up the warmup is counted through its smaller batches, as
  // Megatron-LM counts --lr-warmup-samples in consumed samples.
  outputs.warmupSteps = plan?.warmupWithRamp
    ? result(plan.warmupWithRamp, 'none', digits(plan.warmupWithRamp), planner.budget.warmupWithRamp({ full: digits(plan.warmup.steps) }))
    : plan?.warmup ? count(plan.warmup.steps, 'none') : optional(evaluation.fields.warmup, planner.budget.needsWarmup);
  outputs.epochs = plan?.epochs != null
    ? result(roundedDecimal(plan.epochs, 6), 'none', planner.budget.epochs(localDecimal(roundedDecimal(plan.epochs, 2), marks)))
    : optional(evaluation.fields.dataset, planner.budget.needsDataset);
  const durationDetail = () => (predicted !== null
    ? planner.budget.predictedDuration({ gpus: digits(plan.gpus), rate: readableDecimal(predicted, marks) }) : planner.budget.gpus(digits(plan.gpus)));
  outputs.duration = plan?.seconds != null && Number.isFinite(plan.seconds)
    ? { ...result(roundedDecimal(plan.seconds, 3), 'none', planner.budget.duration(splitDuration(plan.seconds, marks)), durationDetail()),
      predicted: predicted !== null ? 'true' : '' }
    : plan?.seconds != null ? absent('overflow')
      : optional(evaluation.fields.tokensPerSecond, predictionRefused ? planner.budget.noPrediction : planner.budget.needsThroughput);
  outputs.decaySteps = plan?.decayWithRamp
    ? result(plan.decayWithRamp, 'none', digits(plan.decayWithRamp), planner.budget.decayWithRamp({ full: digits(plan.decay.steps) }))
    : plan?.decay ? count(plan.decay.steps, 'none') : optional(evaluation.fields.decay, planner.budget.needsDecay);
  const rampAbsence = evaluation.ramp.reason === 'none' ? 'overflow' : rampIncomplete ? 'missing_input' : evaluation.ramp.reason;
  outputs.stepsWithRamp = plan?.stepsWithRamp ? count(plan.stepsWithRamp, 'none')
    : !plan ? absent(budget.reason)
      : rampAbsence === 'missing_input' && !rampIncomplete ? absent(rampAbsence, planner.budget.needsRamp) : absent(rampAbsence);

  // 4. Learning rate.
  const rates = evaluation.learningRate;
  const rate = (value) => (value == null ? absent(rates.reason)
    : result(plainDecimal(value, RATE_DATA_DIGITS), 'none', localDecimal(plainDecimal(value, RATE_SHOWN_DIGITS), marks),
      value.toExponential(RATE_SHOWN_DIGITS - 1).replace(/\.?0+e/, 'e').replace('e+', 'e')));
  outputs.learningRateLinear = rate(rates.linear);
  outputs.learningRateSqrt = rate(rates.squareRoot);

  // 5. Ramp.
  const { ramp } = evaluation;
  const rampOk = ramp.reason === 'none';
  outputs.rampSteps = count(rampOk ? ramp.steps : '', rampIncomplete ? 'missing_input' : ramp.reason);
  outputs.rampSamples = count(rampOk ? ramp.samples : '', rampIncomplete ? 'missing_input' : ramp.reason);
  outputs.rampTokens = count(rampOk ? ramp.tokens : '', rampIncomplete ? 'missing_input' : ramp.tokens === '' ? 'overflow' : ramp.reason);
  messages.ramp = rampIncomplete ? planner.ramp.incomplete : rampMessage(planner, ramp, evaluation, digits);
  const schedule = rampOk ? rampScheduleOnce(planner, ramp, evaluation, digits) : null;

  messages.apply = applyActions(planner, evaluation, outputs, digits);
  messages.exactMicroChoices = exactMicroChoices(planner, evaluation, solve, digits);
  const summary = planSummary({ kit, planner }, evaluation, outputs, fieldsShown, digits);
  const status = calculatorBlocked ? planner.calculatorInvalid : '';
  return { fields, outputs, messages, schedule, summary, status, typing };
}

// Each solved value as one click: the texts it sets in the calculator, and
// whether the calculator holds them already.
function applyActions(planner, evaluation, outputs, digits) {
  const { fields } = evaluation;
  const inUse = (texts) => Object.entries(texts).every(([key, value]) => fields[key].status === 'ok' && fields[key].value === value);
  const action = (texts, label) => ({ texts, label: inUse(texts) ? planner.apply.inUse(label) : planner.apply.use(label), inUse: inUse(texts) });
  const a = (value) => action({ accumulationSteps: value }, `a = ${digits(value)}`);
  return {
    accumulationSteps: outputs.accumulationSteps.value ? a(outputs.accumulationSteps.value) : null,
    batchBelow: outputs.batchBelow.value ? a(outputs.batchBelow.accumulationSteps) : null,
    batchAbove: outputs.batchAbove.value ? a(outputs.batchAbove.accumulationSteps) : null,
    dataParallelNeeded: outputs.dataParallelNeeded.value
      ? action({ dataParallel: outputs.dataParallelNeeded.value }, `d = ${digits(outputs.dataParallelNeeded.value)}`) : null,
    microBatchNeeded: outputs.microBatchNeeded.value
      ? action({ microBatch: outputs.microBatchNeeded.value }, `b = ${digits(outputs.microBatchNeeded.value)}`) : null,
  };
}

// The other exact micro-batch sizes, each a button that sets b and a together.
function exactMicroChoices(planner, evaluation, solve, digits) {
  if (solve.reason !== 'none' && solve.reason !== 'not_divisible') return [];
  const { fields } = evaluation;
  return solve.exactMicroBatches.map(({ microBatch, accumulationSteps }) => {
    const inUse = fields.microBatch.value === microBatch && fields.accumulationSteps.value === accumulationSteps;
    const pair = { b: digits(microBatch), a: digits(accumulationSteps) };
    return {
      texts: { microBatch, accumulationSteps },
      text: planner.solve.exactMicro(pair),
      label: inUse ? planner.apply.inUse(planner.apply.pair(pair)) : planner.apply.use(planner.apply.pair(pair)),
      inUse,
    };
  });
}

// The plan in one line that stays in view: b·d·a, B, T, the optimizer steps
// (through the ramp when there is one), the warmup steps and the wall-clock
// time. Each is a figure, or the one field that keeps it from being one.
// What each of the summary's figures (markup.js: SUMMARY_KEYS, their order) needs, in the order a blocker is named.
const BATCH = ['microBatch', 'dataParallel', 'accumulationSteps'];
const RUN = [...BATCH, 'sequenceLength', 'tokens'];
const SUMMARY_NEEDS = {
  product: BATCH,
  batch: BATCH,
  tokens: [...BATCH, 'sequenceLength'],
  steps: RUN,
  warmup: [...RUN, 'warmup'],
  duration: [...RUN, 'tokensPerSecond', 'gpus', 'tensorParallel', 'pipelineParallel', 'contextParallel'],
};
// An absent figure reads as its blocker's link, or, past the fields (a figure too large), as the reason.
function planSummary({ kit, planner }, evaluation, outputs, fieldsShown, digits) {
  const { fields } = evaluation;
  const fromOutput = (output) => ({ value: output.value, text: output.value ? output.text : '' });
  const product = fields.microBatch.status === 'ok' && fields.dataParallel.status === 'ok' && fields.accumulationSteps.status === 'ok'
    ? `${digits(fields.microBatch.value)} · ${digits(fields.dataParallel.value)} · ${digits(fields.accumulationSteps.value)}` : '';
  const figures = {
    product: { value: product ? evaluation.effectiveBatch : '', text: product },
    batch: { value: evaluation.effectiveBatch, text: digits(evaluation.effectiveBatch) },
    tokens: { value: evaluation.tokensPerStep, text: digits(evaluation.tokensPerStep) },
    steps: fromOutput(outputs.stepsWithRamp.value ? outputs.stepsWithRamp : outputs.optimizerSteps),
    warmup: fromOutput(outputs.warmupSteps),
    duration: fromOutput(outputs.duration),
  };
  return SUMMARY_KEYS.map((key) => {
    const needs = SUMMARY_NEEDS[key];
    const figure = figures[key];
    if (figure.value) return { key, value: figure.value, text: figure.text, blockedBy: null };
    // An invalid field before an empty one, in the order the figure needs them.
    const blocker = needs.find((name) => fields[name].status !== 'ok' && fields[name].status !== 'empty')
      ?? needs.find((name) => fields[name].status === 'empty');
    const shown = blocker ? fieldsShown[blocker] : null;
    return {
      key, value: '', text: shown ? kit.noFigure : planner.reasons.overflow,
      blockedBy: shown ? {
        key: blocker, id: shown.id, invalid: fields[blocker].status !== 'empty',
        text: (fields[blocker].status !== 'empty' ? planner.summary.fix : planner.summary.fill)(shown.label),
      } : null,
    };
  });
}

function kebab(reason) {
  return reason === 'none' ? '' : domCode(reason);
}

// An optional input of the budget: absent because the budget itself is, or
// because this field is empty or wrong.
function optionalReason(plan, budget, field) {
  if (!plan) return budget.reason;
  if (field.status === 'empty') return 'missing_input';
  return field.status === 'ok' ? 'none' : 'invalid_input';
}

function lastFull(evaluation, digits) {
  return evaluation.tokensPerStep === '' ? '' : digits(evaluation.tokensPerStep);
}

function signedPercent(percent, marks, planner) {
  const rounded = roundedDecimal(Math.abs(percent), 2);
  const sign = percent < 0 ? '−' : '+';
  return planner.percent(`${sign}${localDecimal(rounded, marks)}`);
}

function splitDuration(seconds, marks) {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return {
    days: Math.floor(minutes / 1440) ? groupDigits(String(Math.floor(minutes / 1440)), marks) : 0,
    hours: Math.floor(minutes / 60) % 24,
    minutes: minutes % 60,
    seconds: localDecimal(roundedDecimal(seconds, 1), marks),
  };
}

function rampMessage(planner, ramp, evaluation, digits) {
  const value = (key) => evaluation.fields[key].value;
  switch (ramp.reason) {
    case 'start_above_final': return planner.ramp.start_above_final({ start: value('rampStart'), final: evaluation.effectiveBatch });
    case 'increment_not_dividing':
      return planner.ramp.increment_not_dividing({
        difference: ramp.difference, increment: value('rampIncrement'),
      });
    case 'no_increments': return planner.ramp.no_increments({ start: digits(value('rampStart')) });
    case 'stage_not_divisible': return planner.ramp.stage_not_divisible({ batch: ramp.offendingBatch, b: value('microBatch'), d: value('dataParallel') });
    case 'too_many_stages': return planner.ramp.too_many_stages({ count: digits(String(ramp.stageCount - 1)) });
    case 'overflow': return planner.ramp.overflow;
    default: return '';
  }
}

// Keystrokes elsewhere in the form leave the ramp as it was: its rows (up to a
// thousand) are formatted again only when it changed.
let lastSchedule = { key: null, value: null };
function rampScheduleOnce(planner, ramp, evaluation, digits) {
  const { microBatch, dataParallel } = evaluation.fields;
  const key = [planner.title, evaluation.marks.group, evaluation.effectiveBatch, microBatch.value, dataParallel.value,
    ramp.steps, ramp.samples, ramp.tokens, ramp.stages.length, ...['rampStart', 'rampIncrement', 'rampSamples'].map((name) => evaluation.fields[name].value)].join('|');
  if (lastSchedule.key !== key) lastSchedule = { key, value: rampSchedule(planner, ramp, evaluation, digits) };
  return lastSchedule.value;
}

// The table rows, the chart and both Megatron-LM spellings of the schedule.
function rampSchedule(planner, ramp, evaluation, digits) {
  const finalBatch = evaluation.effectiveBatch;
  const rows = ramp.stages.map((stage) => ({
    ...stage,
    cells: [digits(stage.batch), digits(stage.microbatches), digits(stage.steps), digits(stage.firstSample), stage.firstToken === '' ? '' : digits(stage.firstToken)],
  }));
  const final = {
    batch: finalBatch,
    cells: [`${planner.ramp.finalRow}: ${digits(finalBatch)}`, digits(ramp.finalMicrobatches),
      planner.ramp.untilEnd, digits(ramp.samples), ramp.tokens === '' ? '' : digits(ramp.tokens)],
  };
  const { rampStart, rampIncrement, rampSamples } = evaluation.fields;
  const oldCommand = `--global-batch-size ${finalBatch} --rampup-batch-size ${rampStart.value} ${rampIncrement.value} ${rampSamples.value}`;
  const thresholds = [...ramp.stages.map((stage) => [stage.firstToken, stage.batch]), [ramp.tokens, finalBatch]];
  const exact = thresholds.every(([tokens]) => tokens !== '' && BigInt(tokens) < EXACT_FLOAT_LIMIT);
  const stepSchedule = exact ? thresholds.map(([tokens, batch]) => `${shorthand(tokens)}:${batch}`).join(' ') : '';
  const newCommand = exact ? `--step-batch-size-schedule "${stepSchedule}"` : '';
  // The table opens on demand; its summary says what it holds.
  const tableSummary = planner.ramp.tableSummary({ stages: digits(String(ramp.stages.length)), steps: digits(ramp.steps), samples: digits(ramp.samples) });
  return { rows, final, oldCommand, newCommand, stepSchedule, tableSummary, chart: rampChart(planner, ramp, finalBatch, digits) };
}

// 0 and the multiples of a round step (1, 2 or 5 × 10ⁿ) up to max, at most about `count` of them.
function roundTicks(max, count) {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw);
  const ticks = [];
  for (let value = 0; value <= max * (1 + 1e-12); value += step) ticks.push(Math.round(value));
  return ticks;
}

// 250000000000 -> "250B": only where the shorthand is exact.
function shorthand(tokens) {
  const value = BigInt(tokens);
  if (value === 0n) return '0';
  for (const [power, letter] of SHORTHAND) {
    const unit = 10n ** power;
    if (value % unit === 0n) return `${value / unit}${letter}`;
  }
  return tokens;
}

// A step chart of the batch against tokens consumed, in SVG user units: the
// ramp's stages, then the full batch for a tenth more of the ramp's tokens.
function rampChart(planner, ramp, finalBatch, digits) {
  if (ramp.tokens === '') return null;
  const { width, height, left, right, top, bottom } = CHART;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const endTokens = Number(ramp.tokens) * 1.1;
  const maxBatch = Number(finalBatch);
  const x = (tokens) => (left + (Number(tokens) / endTokens) * plotWidth).toFixed(1);
  const y = (batch) => (top + plotHeight - (Number(batch) / maxBatch) * plotHeight).toFixed(1);
  const points = [...ramp.stages.map((stage) => [stage.firstToken, stage.batch]), [ramp.tokens, finalBatch]];
  // Round values on both axes (1, 2 or 5 × 10ⁿ apart): 0 to the full batch, 0 to the ramp's end.
  const batchTicks = roundTicks(maxBatch, 5);
  const tokenTicks = roundTicks(endTokens, 5).filter((tokens) => tokens <= endTokens);
  let path = `M${x(0)} ${y(points[0][1])}`;
  for (const [tokens, batch] of points.slice(1)) path += `H${x(tokens)}V${y(batch)}`;
  path += `H${(left + plotWidth).toFixed(1)}`;
  return {
    viewBox: `0 0 ${width} ${height}`,
    path,
    // The axes, with a short tick at every round value.
    axes: `M${left} ${top}V${top + plotHeight}H${left + plotWidth}`
      + batchTicks.map((batch) => `M${left - 4} ${y(batch)}h4`).join('')
      + tokenTicks.map((tokens) => `M${x(tokens)} ${top + plotHeight}v4`).join(''),
    labels: [
      ...batchTicks.map((batch) => ({ x: left - 8, y: Number(y(batch)) + 4, anchor: 'end', text: digits(String(batch)) })),
      ...tokenTicks.map((tokens) => ({ x: Number(x(tokens)), y: height - 24, anchor: 'middle', text: shorthand(String(tokens)) })),
      { x: left + plotWidth, y: height - 4, anchor: 'end', text: planner.ramp.axisTokens },
      { x: left, y: top - 4, anchor: 'start', text: planner.ramp.axisBatch },
    ],
    description: planner.ramp.chartDescription(digits(String(ramp.stages.length)), digits(finalBatch)),
  };
}

/**
 * The offer of the power of two the core found near a token target
 * (targetPower: digits, or ''): {value, text}, or null. "4M" is 4,000,000,
 * and 2²² = 4,194,304 tokens is what published runs mean.
 */
export function powerOffer(targetPower, planner, marks) {
  if (!targetPower) return null;
  return { value: targetPower, text: planner.solve.powerOffer({ power: powerOfTwo(targetPower), value: groupDigits(targetPower, marks) }) };
}
