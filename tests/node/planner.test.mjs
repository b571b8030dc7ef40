// The planner in Node: its schema against what the wasm registers, the words
// in both languages, what the presenter shows for published and hand-checked
// plans, and the URL round trip.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { PLANNER } from '../../web/src/planner/schema.js';
import { presentPlanner } from '../../web/src/planner/present.js';
import { textsFromSearch, urlWithFields } from '../../web/src/kit/url-state.js';
import { messagesAt } from '../../web/src/kit/schema.js';
import { checkDefaults, checkSchema } from '../../web/src/kit/schema-check.js';
import { coreFacts } from '../../web/src/kit/schema.js';
import { plannerBodyTree, plannerShellTree } from '../../web/src/planner/markup.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import plannerEn from '../../web/src/planner/words.en.js';
import plannerPtBR from '../../web/src/planner/words.pt-BR.js';
import { loadPlanner, loadPlannerModule } from '../support/wasm-core.mjs';

const LANGUAGES = [
  { catalog: en, planner: plannerEn },
  { catalog: ptBR, planner: plannerPtBR },
];

// BLOOM-176B (bigscience tr11-176B-ml): 384 GPUs at TP 4, PP 12; micro-batch 2,
// global batch 2048, sequence length 2048, ramp-up 192 16 9765625.
const BLOOM = {
  microBatch: '2', dataParallel: '8', accumulationSteps: '128', sequenceLength: '2048',
  gpus: '384', tensorParallel: '4', pipelineParallel: '12', contextParallel: '1', target: '2048',
  tokens: '', dataset: '', warmup: '', tokensPerSecond: '', referenceBatch: '', learningRate: '',
  rampStart: '192', rampIncrement: '16', rampSamples: '9765625',
};

let planner;
before(async () => { planner = await loadPlanner(); });

const present = (texts, { unit = 'seq', language = LANGUAGES[1], syntax = 'pt_BR' } = {}) => {
  const evaluation = planner.evaluate(texts, unit, syntax);
  return presentPlanner(PLANNER, { kit: language.catalog.kit, planner: language.planner }, evaluation, { unit, texts });
};

test('the schema lists the core\'s fields in the core\'s order, after the calculator\'s four', () => {
  const described = planner.describe().fields.map(({ key }) => key);
  assert.deepEqual(described, [...PLANNER.calculatorFields, ...PLANNER.fields.map(({ key }) => key)]);
});

test('the schema passes the checks every calculator schema passes, its defaults read by the core, and its fields are what the running core declares', () => {
  assert.equal(checkSchema(PLANNER), PLANNER);
  assert.equal(checkDefaults(PLANNER, (texts, syntax) => planner.evaluate(texts, 'seq', syntax).fields), PLANNER);
  // core-fields.js is written by the build: a core changed since reads differently here.
  const described = planner.describe().fields.filter(({ key }) => !PLANNER.calculatorFields.includes(key));
  assert.deepEqual(PLANNER.fields.map(coreFacts), described.map(coreFacts));
});

test('one field is judged alone, as the whole evaluation judges it', () => {
  for (const [key, text] of [['target', '4k'], ['tokens', '2T'], ['learningRate', '3e-4'], ['gpus', '12.5'], ['targetUnit', 'tok']]) {
    const alone = planner.readField(key, text, 'en');
    const whole = planner.evaluate({ [key]: text }, 'seq', 'en').fields[key];
    assert.deepEqual({ status: alone.status, value: alone.value }, { status: whole.status, value: whole.value }, key);
  }
});

test('the planner catalogs have the same keys in both languages, none empty', () => {
  const shape = (value, path = '') => (typeof value === 'function' ? [`${path}: function`]
    : value && typeof value === 'object' ? Object.keys(value).sort().flatMap((key) => shape(value[key], `${path}.${key}`))
      : [`${path}: ${typeof value}`]);
  assert.deepEqual(shape(plannerEn), shape(plannerPtBR));
  const empty = (value, path = '') => (typeof value === 'string' ? (value.trim() ? [] : [path])
    : value && typeof value === 'object' ? Object.keys(value).flatMap((key) => empty(value[key], `${path}.${key}`)) : []);
  assert.deepEqual([...empty(plannerEn), ...empty(plannerPtBR)], []);
});

test('every message of both planner catalogs can be written: no missing name, no "undefined"', () => {
  // Any named value a message asks for is given as "7".
  const values = new Proxy({}, { get: (target, key) => (key === Symbol.toPrimitive ? () => '7' : '7') });
  const check = (node, path) => {
    if (typeof node === 'function') {
      const written = node(values, values);
      assert.equal(typeof written, 'string', path);
      assert.doesNotMatch(written, /undefined|NaN|\[object/, path);
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) check(value, `${path}.${key}`);
    }
  };
  check(plannerEn, 'en');
  check(plannerPtBR, 'pt-BR');
});

test('every reason the core can give has words in both languages', async () => {
  const module = await loadPlannerModule();
  const reasons = Object.keys(module.Reason).filter((name) => name !== 'values' && name !== 'none');
  for (const { planner: words } of LANGUAGES) {
    for (const reason of reasons) assert.ok(words.reasons[reason], `${words.title}: ${reason}`);
  }
});

test('every field, group and result of the schema has its words in both languages', () => {
  for (const { planner: words } of LANGUAGES) {
    for (const group of PLANNER.groups) assert.ok(words.groups[group].title && words.groups[group].hint, group);
    for (const field of PLANNER.fields) {
      // A choice (the target's unit) has a label and a word for each choice; the others a label and a hint.
      const messages = messagesAt({ planner: words }, field.messages);
      if (field.kind === 'choice') assert.ok(messages.label && field.choices.every((choice) => messages.options?.[choice] ?? messages[choice]), field.key);
      else assert.ok(messages.label && messages.hint, field.key);
    }
    for (const { key } of PLANNER.results) assert.ok(words.results[key], key);
  }
});

test('the markup carries every id the schema names, once', () => {
  const ids = [];
  const walk = (node) => {
    if (typeof node !== 'object') return;
    if (node.attributes.id) ids.push(node.attributes.id);
    node.children.forEach(walk);
  };
  walk(plannerShellTree(PLANNER, plannerEn, { stylesheet: 'planner.css' }));
  walk(plannerBodyTree(PLANNER, plannerEn, { noFigure: '—' }));
  assert.equal(new Set(ids).size, ids.length);
  for (const id of [...PLANNER.fields.map((field) => field.id), ...PLANNER.results.map((result) => result.id), 'ramp-schedule']) {
    assert.ok(ids.includes(id), id);
  }
});

test('BLOOM-176B: d = 8 from the cluster and a = 128 for 2048 sequences', () => {
  const { outputs } = present(BLOOM);
  assert.equal(outputs.dataParallel.value, '8');
  assert.equal(outputs.accumulationSteps.value, '128');
  assert.equal(outputs.accumulationSteps.error, '');
});

// Megatron-LM's training loop, written again here: before every step,
// RampupBatchsizeNumMicroBatchesCalculator.update() (megatron/core/num_microbatches_calculator.py)
// sets the batch from the consumed samples, with Python's float division and int();
// then the step consumes that batch. Stages: [{batch, steps, firstSample}] until the full batch.
function megatronLoop(start, increment, rampSamples, finalBatch) {
  const perIncrement = rampSamples / ((finalBatch - start) / increment);
  const stages = [];
  let consumed = 0;
  for (;;) {
    const batch = consumed > rampSamples ? finalBatch : start + Math.trunc(consumed / perIncrement) * increment;
    if (batch === finalBatch) return { stages, samples: consumed };
    if (stages.at(-1)?.batch !== batch) stages.push({ batch, steps: 0, firstSample: consumed });
    stages.at(-1).steps += 1;
    consumed += batch;
  }
}

test('BLOOM-176B: the ramp is Megatron-LM\'s own loop, row by row: 116 stages over 12,658 steps', () => {
  const { schedule, outputs } = present(BLOOM);
  const loop = megatronLoop(192, 16, 9_765_625, 2048);
  assert.equal(loop.stages.length, 116);
  assert.deepEqual(schedule.rows.map(({ batch, steps, firstSample }) => ({ batch: Number(batch), steps: Number(steps), firstSample: Number(firstSample) })),
    loop.stages);
  assert.equal(outputs.rampSteps.value, String(loop.stages.reduce((total, stage) => total + stage.steps, 0)));
  assert.equal(outputs.rampSteps.value, '12658');
  assert.equal(outputs.rampSamples.value, String(loop.samples));
});

test('BLOOM-176B: both Megatron-LM spellings of the ramp', () => {
  const { schedule } = present(BLOOM);
  assert.equal(schedule.oldCommand, '--global-batch-size 2048 --rampup-batch-size 192 16 9765625');
  assert.match(schedule.newCommand, /^--step-batch-size-schedule "0:192 172621824:208 /);
  assert.match(schedule.newCommand, / 20000374784:2048"$/);
});

test('the step schedule\'s thresholds read back, as Megatron reads them, to the stages\' first samples', () => {
  const { schedule } = present(BLOOM);
  const multipliers = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
  const entries = schedule.newCommand.match(/"(.*)"/)[1].split(' ');
  // StepBatchsizeNumMicroBatchesCalculator._parse_numeric_value, then // seq_length.
  const thresholds = entries.map((entry) => {
    const text = entry.split(':')[0].toUpperCase();
    const multiplier = multipliers[text.at(-1)] ?? 1;
    return Math.trunc(Number.parseFloat(multiplier === 1 ? text : text.slice(0, -1)) * multiplier) / 2048;
  });
  assert.deepEqual(thresholds.slice(0, -1), schedule.rows.map((row) => Number(row.firstSample)));
});

test('a world size TP·PP·CP does not divide is refused with Megatron\'s numbers and the nearest sizes', () => {
  const { outputs, messages } = present({ ...BLOOM, gpus: '386' }, { language: LANGUAGES[0], syntax: 'en' });
  assert.equal(outputs.dataParallel.value, '');
  assert.equal(outputs.dataParallel.error, 'not-divisible');
  assert.match(messages.cluster, /World size \(386\) is not divisible by TP·PP·CP = 4·12·1 = 48/);
  assert.match(messages.cluster, /384 and 432/);
});

test('a target b·d does not divide shows the nearest batches and what each framework does', () => {
  const { outputs, messages } = present({ ...BLOOM, target: '2050' }, { syntax: 'en', language: LANGUAGES[0] });
  assert.equal(outputs.accumulationSteps.error, 'not-divisible');
  assert.equal(outputs.batchBelow.value, '2048');
  assert.equal(outputs.batchBelow.accumulationSteps, '128');
  assert.equal(outputs.batchAbove.value, '2064');
  assert.match(outputs.batchAbove.text, /a = 129, \+0.68% from the target/);
  assert.equal(messages.frameworks.length, 3);
  assert.match(messages.frameworks[0], /global batch size \(2050\) is not divisible by micro batch size \(2\) times data parallel size \(8\)/);
  assert.match(messages.frameworks[1], /2050 \/\/ 2 \/\/ 8 = 128/);
  assert.match(messages.frameworks[2], /256/);
});

test('the replicas a target needs come with the GPUs they take at the cluster\'s TP·PP·CP', () => {
  // 2048 = b 2 × a 64 × d 16; 16 replicas at TP·PP·CP = 48 are 768 GPUs.
  const { outputs } = present({ ...BLOOM, accumulationSteps: '64' }, { syntax: 'en', language: LANGUAGES[0] });
  assert.equal(outputs.dataParallelNeeded.value, '16');
  assert.equal(outputs.dataParallelNeeded.detail, '768 GPUs at TP·PP·CP = 48');
});

test('a target that divides has no nearest batches, and says why', () => {
  const { outputs } = present(BLOOM);
  assert.equal(outputs.batchBelow.value, '');
  assert.equal(outputs.batchBelow.error, 'target-divides');
});

test('Llama 2\'s 4M tokens per step in tokens: 1024 sequences, a = 4 with b = 1 on 256 replicas', () => {
  const { outputs } = present({ ...BLOOM, microBatch: '1', dataParallel: '256', accumulationSteps: '4', sequenceLength: '4096', target: '2^22', rampStart: '', rampIncrement: '', rampSamples: '' }, { unit: 'tok' });
  assert.equal(outputs.accumulationSteps.value, '4');
});

test('pt-BR reads "4,5M" tokens and en reads "4.5M"; both say how they were read', () => {
  const texts = { ...BLOOM, tokens: '4,5M' };
  assert.equal(present(texts).fields.tokens.reading, '= 4.500.000');
  assert.equal(present({ ...BLOOM, tokens: '4.5M' }, { language: LANGUAGES[0], syntax: 'en' }).fields.tokens.reading, '= 4,500,000');
});

test('"4k" for a batch is an error that names both readings', () => {
  const { fields } = present({ ...BLOOM, referenceBatch: '4k', learningRate: '3e-4' }, { syntax: 'en', language: LANGUAGES[0] });
  assert.match(fields.referenceBatch.error, /4,000 or 4,096/);
});

test('learning rates: data-value is a plain decimal, the page shows four significant digits', () => {
  const { outputs } = present({ ...BLOOM, referenceBatch: '512', learningRate: '3e-4' }, { syntax: 'en', language: LANGUAGES[0] });
  assert.equal(outputs.learningRateLinear.value, '0.0012');
  assert.equal(outputs.learningRateSqrt.value, '0.0006');
  const odd = present({ ...BLOOM, referenceBatch: '1024', learningRate: '3e-4' }, { syntax: 'en', language: LANGUAGES[0] }).outputs.learningRateSqrt;
  assert.equal(odd.value, '0.000424264068712');
  assert.equal(odd.text, '0.0004243');
  assert.equal(odd.detail, '4.243e-4');
});

test('an empty optional budget field shows a dash and what would fill it, not an error', () => {
  const { outputs, fields } = present({ ...BLOOM, tokens: '2T' }, { syntax: 'en', language: LANGUAGES[0] });
  assert.equal(outputs.optimizerSteps.value, '476838');
  assert.equal(outputs.epochs.text, '—');
  assert.equal(outputs.epochs.error, 'missing-input');
  assert.equal(fields.dataset.error, '');
});

test('one ramp field left empty among the three says so', () => {
  const { messages, outputs } = present({ ...BLOOM, rampSamples: '' }, { syntax: 'en', language: LANGUAGES[0] });
  assert.equal(messages.ramp, plannerEn.ramp.incomplete);
  assert.equal(outputs.rampSteps.error, 'missing-input');
});

test('a stage batch b·d does not divide quotes Megatron\'s refusal with the batch', () => {
  const { messages, outputs } = present({ ...BLOOM, rampStart: '8', rampIncrement: '8' }, { syntax: 'en', language: LANGUAGES[0] });
  assert.equal(outputs.rampSteps.error, 'stage-not-divisible');
  assert.match(messages.ramp, /current global batch size \(8\) is not divisible by micro-batch-size \(2\)/);
});

test('an invalid calculator field blocks the planner with one message, not stale figures', () => {
  const presented = present({ ...BLOOM, microBatch: 'x' });
  assert.equal(presented.status, plannerPtBR.calculatorInvalid);
  assert.equal(presented.outputs.accumulationSteps.value, '');
  assert.equal(presented.outputs.rampSteps.value, '');
});

test('the URL carries only what differs from the defaults, the ramp as START,INCR,SAMPLES', () => {
  const evaluation = planner.evaluate(BLOOM, 'seq', 'en');
  const texts = { ...Object.fromEntries(PLANNER.fields.map((field) => [field.key, field.default])), ...BLOOM };
  const url = new URL(urlWithFields(PLANNER, 'https://example.test/en/?micro=2', evaluation, { ...texts, targetUnit: 'tok' }, { onlyChanged: true }));
  assert.equal(url.searchParams.get('micro'), '2');
  assert.equal(url.searchParams.get('ramp'), '192,16,9765625');
  assert.equal(url.searchParams.get('gpus'), '384');
  assert.equal(url.searchParams.get('unit'), 'tok');
  assert.equal(url.searchParams.has('pp'), true);
  // A typed CP of 1 is the reader's cluster, not the empty default that follows the calculator.
  assert.equal(url.searchParams.get('cp'), '1');
  assert.equal(url.searchParams.has('dataset'), false);
});

test('a link made in one language opens with the same values in the other', () => {
  const texts = { ...BLOOM, tokens: '4,5M', learningRate: '0,0003', tokensPerSecond: '3.500,25', referenceBatch: '512' };
  const evaluation = planner.evaluate(texts, 'seq', 'pt_BR');
  const url = urlWithFields(PLANNER, 'https://example.test/', evaluation, { ...texts, targetUnit: 'seq' }, { onlyChanged: true });
  const opened = textsFromSearch(PLANNER, new URL(url).search);
  const reopened = planner.evaluate({ ...BLOOM, ...opened }, 'seq', 'en');
  assert.equal(new URL(url).searchParams.get('lr'), '3e-4');
  assert.equal(reopened.fields.tokens.value, '4500000');
  assert.equal(reopened.fields.learningRate.value, 0.0003);
  assert.equal(reopened.fields.tokensPerSecond.value, 3500.25);
});

test('the page\'s shell names every planner URL key, so a link with any of them loads the planner at once', () => {
  const params = plannerShellTree(PLANNER, plannerEn, { stylesheet: 'planner.css' }).attributes['data-params'].split(' ');
  for (const field of PLANNER.fields) assert.ok(params.includes(field.param), field.param);
});

test('hostile text from a URL is judged, capped, and never breaks the evaluation', () => {
  const texts = textsFromSearch(PLANNER, `?world=${'9'.repeat(100000)}&ramp=<b>,,&lr=1e99999&tps=NaN`);
  const presented = present({ ...BLOOM, ...texts });
  assert.match(presented.fields.gpus.error, /64/);
  assert.equal(presented.outputs.dataParallel.value, '');
  assert.ok(presented.fields.rampStart.invalid);
  assert.ok(presented.fields.learningRate.invalid);
  assert.ok(presented.fields.tokensPerSecond.invalid);
});

test('an invalid ramp part cannot split into new parts in a link', () => {
  // Issue 16, item 24: "16,5" as the increment wrote ramp=192,16,5,9765625, three valid parts.
  const texts = { ...BLOOM, rampIncrement: '16,5' };
  const evaluation = planner.evaluate(texts, 'seq', 'en');
  const url = urlWithFields(PLANNER, 'https://example.test/', evaluation, { ...texts, targetUnit: 'seq' }, { onlyChanged: true });
  const opened = textsFromSearch(PLANNER, new URL(url).search);
  assert.deepEqual([opened.rampStart, opened.rampIncrement, opened.rampSamples], ['192', '16,5', '9765625']);
  assert.equal(planner.evaluate({ ...BLOOM, ...opened }, 'seq', 'en').ramp.reason, 'invalid_input');
});

test('the warmup is counted through the ramp, and says so', () => {
  const texts = { ...BLOOM, tokens: '450560000000', warmup: String(183_105 * 2048) };
  const presented = present(texts);
  assert.equal(presented.outputs.warmupSteps.value, '910');
  assert.match(presented.outputs.warmupSteps.detail, /--lr-warmup-samples em amostras consumidas \(90 com o lote cheio\)/);
});

// The planner's English presentation for the given fields (the others empty), in a unit.
async function presentedEn(values, unit = 'seq') {
  const { presentPlanner } = await import('../../web/src/planner/present.js');
  const plannerEn = (await import('../../web/src/planner/words.en.js')).default;
  const en = (await import('../../web/src/i18n/en.js')).default;
  const { PLANNER } = await import('../../web/src/planner/schema.js');
  const { loadPlanner } = await import('../support/wasm-core.mjs');
  const core = await loadPlanner();
  const texts = { ...Object.fromEntries(PLANNER.fields.map(({ key }) => [key, ''])), ...values };
  return presentPlanner(PLANNER, { kit: en.kit, planner: plannerEn }, core.evaluate(texts, unit, 'en'), { unit, texts });
}

test('in tokens, the solve line multiplies out: b·d·a is sequences, and L makes them tokens', async () => {
  // Issue 29: token mode printed "b·d·a = 1 × 16 × 32 = 4,194,304 tokens", where 1 × 16 × 32 = 512.
  const shown = await presentedEn({ microBatch: '1', dataParallel: '16', accumulationSteps: '1', sequenceLength: '8192', target: '4194304', targetUnit: 'tok' }, 'tok');
  assert.equal(shown.messages.solve, 'b·d·a = 1 × 16 × 32 = 512 sequences; × L: 512 × 8,192 = 4,194,304 tokens.');
  const [, b, d, a, sequences] = /= (\d+) × (\d+) × (\d+) = ([\d,]+) sequences/.exec(shown.messages.solve);
  assert.equal(BigInt(b) * BigInt(d) * BigInt(a), BigInt(sequences.replaceAll(',', '')));
});

test('a token target near a power of two is offered the power: 4M is 4,000,000, and 2²² = 4,194,304 is 4.9% away', () => {
  const offer = (text) => present({ ...BLOOM, target: text }, { unit: 'tok', language: LANGUAGES[0], syntax: 'en' }).fields.target.powerOffer;
  assert.deepEqual(offer('4000000'), { value: '4194304', text: 'Use 2²² = 4,194,304 tokens' });
  assert.deepEqual(offer('1000000'), { value: '1048576', text: 'Use 2²⁰ = 1,048,576 tokens' });
  // A power of two already, or none within 10%: nothing offered; nor for a target in sequences.
  assert.equal(offer('4194304'), null);
  assert.equal(offer('3000000'), null);
  assert.equal(present({ ...BLOOM, target: '4000000' }, { unit: 'seq', language: LANGUAGES[0], syntax: 'en' }).fields.target.powerOffer, null);
});

test('the ramp chart has ticks at round values on both axes, not just its two ends', async () => {
  // Issue 29: BLOOM's ramp chart had two ticks. Batch 0 to 2,048 in steps of 500; tokens in round steps of 5 × 10⁹.
  const { chart } = (await presentedEn({ microBatch: '2', dataParallel: '8', accumulationSteps: '128', sequenceLength: '2048',
    rampStart: '192', rampIncrement: '16', rampSamples: '9765625' })).schedule;
  const batchLabels = chart.labels.filter((label) => label.anchor === 'end' && label.x < 84).map((label) => label.text);
  assert.deepEqual(batchLabels, ['0', '500', '1,000', '1,500', '2,000']);
  const tokenLabels = chart.labels.filter((label) => label.anchor === 'middle').map((label) => label.text);
  // The ramp ends at 9,765,808 samples × 2,048 = 20,000,374,784 tokens; the axis runs 10% further.
  assert.deepEqual(tokenLabels, ['0', '5B', '10B', '15B', '20B']);
});
