// The controller against the real wasm core, on a stand-in view: when a call
// into the core throws, no figure is left on screen, the failure is said, and
// a fresh core brings the figures back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import en from '../../web/src/i18n/en.js';
import { startCalculator } from '../../web/src/kit/controller.js';
import { loadCore as loadRealCore } from '../support/wasm-core.mjs';

// Just what form-view.js touches on an element.
function standIn(value = '') {
  const listeners = {};
  const attributes = {};
  return {
    value,
    textContent: '',
    dataset: {},
    classList: { toggle: () => {} },
    setAttribute: (name, text) => { attributes[name] = text; },
    getAttribute: (name) => attributes[name] ?? null,
    addEventListener: (type, listener) => { (listeners[type] ??= []).push(listener); },
    fire: (type) => Promise.all((listeners[type] ?? []).map((listener) => listener())),
  };
}

function standInView() {
  const byKey = (items, make) => Object.fromEntries(items.map(({ key }) => [key, make(key)]));
  return {
    schema: EFFECTIVE_BATCH,
    container: standIn(),
    form: standIn(),
    inputs: byKey(EFFECTIVE_BATCH.fields, () => standIn()),
    errors: byKey(EFFECTIVE_BATCH.fields, () => standIn()),
    outputs: byKey(EFFECTIVE_BATCH.results, () => standIn()),
    notes: {},
    breakdowns: {},
    bar: {},
    status: standIn(),
    overflowNote: standIn(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test('a core that throws leaves no figure, says so, and is replaced by a fresh one', async () => {
  let loads = 0;
  let failNext = false;
  // Like core-loader.js: after a throw, the next load is a new instance.
  let current = null;
  const loadCore = async () => {
    if (!current) {
      loads += 1;
      const core = await loadRealCore();
      current = {
        evaluate: (...args) => {
          if (failNext) {
            failNext = false;
            current = null;
            throw new Error('the module aborted');
          }
          return core.evaluate(...args);
        },
      };
    }
    return current;
  };

  const view = standInView();
  const calculator = await startCalculator({
    view, catalog: en, loadCore, texts: { microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096' },
  });
  assert.ok(calculator);
  assert.equal(view.outputs.effectiveBatch.dataset.value, '2048');
  assert.equal(view.container.dataset.state, 'ready');

  failNext = true;
  view.inputs.microBatch.value = '16';
  await view.inputs.microBatch.fire('input');
  assert.equal(view.outputs.effectiveBatch.dataset.value, '', 'no stale figure after the failure');
  assert.equal(view.outputs.effectiveBatch.textContent, en.kit.noFigure);
  assert.equal(view.status.textContent, en.kit.coreCrashed);

  await settle();
  assert.equal(loads, 2, 'a fresh core was loaded');
  assert.equal(view.container.dataset.state, 'ready');
  assert.equal(view.outputs.effectiveBatch.dataset.value, '4096');
  assert.equal(view.status.textContent, '');
});

test('a core that cannot load at the start says so, shows no figure, and loads at the next edit', async () => {
  const view = standInView();
  let offline = true;
  const core = await loadRealCore();
  const calculator = await startCalculator({
    view, catalog: en, loadCore: () => (offline ? Promise.reject(new Error('offline')) : Promise.resolve(core)),
    texts: { microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096' },
  });
  assert.equal(view.container.dataset.state, 'failed');
  assert.equal(view.status.textContent, en.kit.coreFailed);
  assert.equal(view.outputs.tokensPerStep.dataset.value, '');
  // Back online, a = 8 typed: B = 8·64·8 = 4,096.
  offline = false;
  view.inputs.accumulationSteps.value = '8';
  await view.inputs.accumulationSteps.fire('input');
  await settle();
  assert.equal(view.container.dataset.state, 'ready');
  assert.equal(view.outputs.effectiveBatch.dataset.value, '4096');
  assert.equal(typeof calculator.update, 'function');
});

test('withheld results show no figure and say why until a field is edited, and the listeners see none either', async () => {
  // Issue 52, item 1: a model the page refuses leaves no figure of the fields' other run.
  const view = standInView();
  const seen = [];
  const calculator = await startCalculator({
    view, catalog: en, loadCore: loadRealCore, texts: { microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096' },
    onEvaluate: (evaluation) => seen.push(evaluation.results.effectiveBatch.status),
  });
  assert.equal(view.outputs.effectiveBatch.dataset.value, '2048');
  await calculator.withhold('not counted here');
  assert.equal(view.outputs.effectiveBatch.dataset.value, '');
  assert.equal(view.outputs.tokensPerStep.textContent, en.kit.noFigure);
  assert.equal(view.status.textContent, 'not counted here');
  assert.equal(view.container.dataset.withheld, '');
  assert.equal(seen.at(-1), 'unavailable');
  await calculator.update();
  assert.equal(view.outputs.effectiveBatch.dataset.value, '', 'an update from elsewhere keeps them withheld');
  view.inputs.microBatch.value = '16';
  await view.inputs.microBatch.fire('input');
  assert.equal(view.outputs.effectiveBatch.dataset.value, '4096');
  assert.equal(view.status.textContent, '');
  assert.equal(view.container.dataset.withheld, undefined);
  assert.equal(seen.at(-1), 'ok');
});

test('a page can start withheld, so its first frame shows no figure', async () => {
  const view = standInView();
  await startCalculator({
    view, catalog: en, loadCore: loadRealCore, withheld: 'refused', texts: { microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096' },
  });
  assert.equal(view.outputs.effectiveBatch.dataset.value, '');
  assert.equal(view.status.textContent, 'refused');
});
