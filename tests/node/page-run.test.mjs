// The home page's run in one core evaluation (planner/page-run.js, issue 51):
// the calculator and the planner evaluated together on the real planner.wasm,
// the module's evaluatePlanner counted. Expected figures are worked by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageRun } from '../../web/src/planner/page-run.js';
import { adaptPlanner } from '../../web/src/planner/core-adapter.js';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import { PLANNER } from '../../web/src/planner/schema.js';
import { loadPlannerModule } from '../support/wasm-core.mjs';

// A planner core whose every evaluation is counted, and typing as the page sees it: its listener marks d typed when
// the field typed in is d's (page-entry.js).
async function countedRun(search, { dataParallelTyped = false } = {}) {
  const module = await loadPlannerModule();
  const counted = Object.create(module);
  let calls = 0;
  counted.evaluatePlanner = (...args) => {
    calls += 1;
    return module.evaluatePlanner(...args);
  };
  const core = adaptPlanner(counted);
  let typed = dataParallelTyped;
  const dpId = EFFECTIVE_BATCH.fields.find(({ key }) => key === 'dataParallel').id;
  const run = pageRun({ search, calculatorSchema: EFFECTIVE_BATCH, dataParallelTyped: () => typed, loadPlannerCore: async () => core });
  const typeInto = (id) => { if (id === dpId) typed = true; };
  return { run, core, calls: () => calls, typeInto, calculatorCore: await run.loadCalculatorCore() };
}

// /?gpus=64&tp=8&micro=1&accum=8&seq=4096: d = 64 / 8 = 8, B = 1·8·8 = 64 sequences, T = 64 · 4,096 = 262,144 tokens.
const LINK = '?gpus=64&tp=8&micro=1&accum=8&seq=4096';
// The calculator's fields as the link fills them: d still holds its default, 64, until the run's d is written in.
const CALCULATOR = { microBatch: '1', dataParallel: '64', accumulationSteps: '8', sequenceLength: '4096' };

test('a link with GPUs gives the calculator d = 8, B = 64 and T = 262,144 from the cluster in one call', async () => {
  const { calculatorCore, calls } = await countedRun(LINK);
  const evaluation = calculatorCore.evaluate(EFFECTIVE_BATCH, CALCULATOR, 'en');
  assert.equal(evaluation.fields.dataParallel.value, '8');
  assert.deepEqual(evaluation.results.effectiveBatch, { status: 'ok', value: '64' });
  assert.deepEqual(evaluation.results.tokensPerStep, { status: 'ok', value: '262144' });
  assert.equal(evaluation.cluster.dataParallel, '8');
  assert.equal(evaluation.dataParallelFromCluster, true);
  assert.equal(calls(), 1);
});

test('the planner asking for the run the calculator has just shown is answered without a call, d written in or not', async () => {
  const { run, core, calculatorCore, calls } = await countedRun(LINK);
  const shown = calculatorCore.evaluate(EFFECTIVE_BATCH, CALCULATOR, 'en');
  // The planner's form as its markup fills it from the link: the link's texts, every other field its default.
  const linked = { gpus: '64', tensorParallel: '8' };
  const plannerTexts = Object.fromEntries(PLANNER.fields.map(({ key, default: text }) => [key, linked[key] ?? text]));
  run.plannerTexts(() => plannerTexts);
  assert.equal(run.evaluate(core, { ...CALCULATOR, ...plannerTexts }, 'en'), shown);
  // The cluster's d written into the calculator's field, as the section does: still the same run.
  assert.equal(calculatorCore.evaluate(EFFECTIVE_BATCH, { ...CALCULATOR, dataParallel: '8' }, 'en'), shown);
  // L left and written back grouped ("4096" -> "4,096"): the same reading, so the same run.
  assert.equal(calculatorCore.evaluate(EFFECTIVE_BATCH, { ...CALCULATOR, dataParallel: '8', sequenceLength: '4,096' }, 'en'), shown);
  assert.equal(calls(), 1);
  // Another reading is another run: 4,097 tokens, T = 64 · 4,097 = 262,208.
  const longer = calculatorCore.evaluate(EFFECTIVE_BATCH, { ...CALCULATOR, sequenceLength: '4,097' }, 'en');
  assert.equal(longer.results.tokensPerStep.value, '262208');
  assert.equal(calls(), 2);
});

test('the run is evaluated again when a text the core reads changes, and for the other language', async () => {
  const { calculatorCore, calls } = await countedRun(LINK);
  calculatorCore.evaluate(EFFECTIVE_BATCH, CALCULATOR, 'en');
  // a = 16: B = 1·8·16 = 128.
  assert.equal(calculatorCore.evaluate(EFFECTIVE_BATCH, { ...CALCULATOR, accumulationSteps: '16' }, 'en').results.effectiveBatch.value, '128');
  calculatorCore.evaluate(EFFECTIVE_BATCH, { ...CALCULATOR, accumulationSteps: '16' }, 'pt_BR');
  assert.equal(calls(), 3);
});

test('a d the link sets is kept beside the cluster\'s, which the planner offers', async () => {
  const { calculatorCore, run } = await countedRun(`${LINK}&dp=4`);
  const evaluation = calculatorCore.evaluate(EFFECTIVE_BATCH, { ...CALCULATOR, dataParallel: '4' }, 'en');
  assert.equal(run.follows(), false);
  // B = 1·4·8 = 32.
  assert.equal(evaluation.results.effectiveBatch.value, '32');
  assert.equal(evaluation.cluster.dataParallel, '8');
  assert.equal(evaluation.dataParallelFromCluster, false);
});

test('typing in d stops d following the cluster, and so does a d set from outside or typed before the run was made', async () => {
  const typed = await countedRun(LINK);
  // Another field typed in leaves d following.
  typed.typeInto('micro-batch');
  assert.equal(typed.run.follows(), true);
  typed.typeInto('data-parallel');
  assert.equal(typed.run.follows(), false);
  // B = 1·2·8 = 16, d as typed.
  assert.equal(typed.calculatorCore.evaluate(EFFECTIVE_BATCH, { ...CALCULATOR, dataParallel: '2' }, 'en').results.effectiveBatch.value, '16');
  const set = await countedRun(LINK);
  set.run.dataParallelSet();
  assert.equal(set.run.follows(), false);
  const before = await countedRun(LINK, { dataParallelTyped: true });
  assert.equal(before.run.follows(), false);
});

test('a cluster field typed with the value the core assumed for it empty is another run', async () => {
  const { run, core, calculatorCore, calls } = await countedRun('?micro=1&accum=8&seq=4096&gpus=64');
  const linked = { gpus: '64' };
  const plannerTexts = Object.fromEntries(PLANNER.fields.map(({ key, default: text }) => [key, linked[key] ?? text]));
  run.plannerTexts(() => plannerTexts);
  // TP left empty: the core assumes 1, and d = 64 / 1 = 64.
  const empty = calculatorCore.evaluate(EFFECTIVE_BATCH, CALCULATOR, 'en');
  assert.equal(empty.assumed.values.tensorParallel, '1');
  // TP typed as 1: the same d, but nothing assumed any more, which the planner says.
  const typed = run.evaluate(core, { ...CALCULATOR, ...plannerTexts, tensorParallel: '1' }, 'en');
  assert.notEqual(typed, empty);
  assert.equal(typed.assumed.values.tensorParallel, undefined);
  assert.equal(calls(), 2);
});

test('GPUs that TP·PP·CP does not divide leave d as its field reads it, and the results that need a missing field absent', async () => {
  const { calculatorCore } = await countedRun('?gpus=65&tp=8');
  const evaluation = calculatorCore.evaluate(EFFECTIVE_BATCH, { ...CALCULATOR, dataParallel: '3' }, 'en');
  // B = 1·3·8 = 24, and the cluster refused: 65 is no multiple of 8.
  assert.equal(evaluation.results.effectiveBatch.value, '24');
  assert.equal(evaluation.cluster.reason, 'not_divisible');
  const blank = calculatorCore.evaluate(EFFECTIVE_BATCH, { ...CALCULATOR, dataParallel: '3', sequenceLength: '' }, 'en');
  assert.equal(blank.results.tokensPerStep.status, 'unavailable');
  assert.equal(blank.fields.sequenceLength.status, 'empty');
});

test('a predicted throughput the planner stands in is part of the run the core is given', async () => {
  const { run, core, calls } = await countedRun(LINK);
  run.shownTexts((texts) => ({ ...texts, tokensPerSecond: '1000' }));
  run.plannerTexts(() => ({ gpus: '64', tensorParallel: '8', tokens: '262144000' }));
  // 262,144,000 tokens at 1,000 tokens/s on each of 64 GPUs: 4,096 s.
  assert.equal(run.evaluate(core, { ...CALCULATOR, gpus: '64', tensorParallel: '8', tokens: '262144000' }, 'en').budget.seconds, 4096);
  assert.equal(calls(), 1);
});
