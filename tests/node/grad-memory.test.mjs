// The memory calculator in Node: its schema against what the wasm registers,
// its words in both languages, the worked example's figures, the split of the
// device's memory, and choices in links.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { DEVICES, GRAD_MEMORY, gibibytesOf } from '../../web/src/calculators/grad-memory/schema.js';
import { calculatorTree } from '../../web/src/kit/calculator-markup.js';
import { toHtml } from '../../web/pages/html.mjs';
import { presentSplit } from '../../web/src/calculators/grad-memory/split.js';
import { defaultTexts, messagesAt } from '../../web/src/kit/schema.js';
import { presentEvaluation } from '../../web/src/kit/present.js';
import { textsFromSearch, urlWithFields } from '../../web/src/kit/url-state.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import wordsEn from '../../web/src/i18n/grad-memory.en.js';
import wordsPtBR from '../../web/src/i18n/grad-memory.pt-BR.js';
import proseEn from '../../web/pages/grad-memory.en.mjs';
import prosePtBR from '../../web/pages/grad-memory.pt-BR.mjs';
import { loadCalculatorCore } from '../support/wasm-core.mjs';

const CATALOGS = [{ ...en, gradMemory: wordsEn }, { ...ptBR, gradMemory: wordsPtBR }];
const shape = (value, path = '') => (typeof value === 'function' ? [`${path}: function`]
  : value && typeof value === 'object' ? Object.keys(value).sort().flatMap((key) => shape(value[key], `${path}.${key}`))
    : [`${path}: ${typeof value}`]);

let core;
before(async () => { core = await loadCalculatorCore('grad-memory'); });

test('the schema lists the core\'s fields in the core\'s order, with its limits', () => {
  const described = core.describe(GRAD_MEMORY).fields;
  assert.deepEqual(GRAD_MEMORY.fields.map(({ key, kind, minimum, maximum }) => ({ key, kind, minimum, maximum })), described);
});

test('the schema lists the core\'s results', () => {
  assert.deepEqual(GRAD_MEMORY.results.map(({ key }) => key), core.describe(GRAD_MEMORY).results);
});

test('the memory catalogs and page prose have the same keys in both languages', () => {
  assert.deepEqual(shape(wordsEn), shape(wordsPtBR));
  assert.deepEqual(shape(proseEn), shape(prosePtBR));
});

test('every field, choice, group and result has its words in both languages', () => {
  for (const catalog of CATALOGS) {
    const messages = messagesAt(catalog, GRAD_MEMORY.messages);
    for (const group of GRAD_MEMORY.groups) assert.ok(messages.groups[group], group);
    for (const field of GRAD_MEMORY.fields) {
      const words = messagesAt(catalog, field.messages);
      assert.ok(words.label && words.hint, field.key);
      for (const choice of field.choices ?? []) assert.ok(words.options[choice], `${field.key}: ${choice}`);
    }
    for (const result of GRAD_MEMORY.results) assert.ok(messagesAt(catalog, result.messages).label, result.key);
  }
});

test('the defaults give the worked example: 17 GiB a sample, 29,312,500,000 bytes of states, 3 samples fit, 6 steps for 1,024', () => {
  const { fields, results } = core.evaluate(GRAD_MEMORY, defaultTexts(GRAD_MEMORY), 'en');
  assert.ok(Object.entries(fields).every(([key, { status }]) => status === 'ok' || key === 'activationPerSample'));
  assert.equal(results.effectiveBatch.value, '512');
  assert.equal(results.activationPerSample.value, String(32 * 4096 * 4096 * 34));
  assert.equal(results.modelStateMemory.value, '29312500000');
  assert.equal(results.maxMicroBatch.value, '3');
  assert.equal(results.accumulationForTarget.value, '6');
});

test('an empty optional field is not an error, an empty required one is', () => {
  const presented = presentEvaluation(GRAD_MEMORY, CATALOGS[0], core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), layers: '' }, 'en'));
  assert.equal(presented.fields.activationPerSample.error, '');
  assert.equal(presented.fields.targetBatch.error, '');
  assert.notEqual(presented.fields.layers.error, '');
});

test('byte figures read in binary units first, the exact bytes beside them and in data-value', () => {
  // Issue 20, item 6: 29,312,500,000 bytes are 27.2990... GiB (29,312,500,000 / 2^30).
  const presented = presentEvaluation(GRAD_MEMORY, CATALOGS[1], core.evaluate(GRAD_MEMORY, defaultTexts(GRAD_MEMORY), 'pt_BR'));
  assert.equal(presented.results.modelStateMemory.text, '27,30 GiB');
  assert.equal(presented.results.modelStateMemory.note, '= 29.312.500.000 bytes');
  assert.equal(presented.results.modelStateMemory.value, '29312500000');
});

test('the answers come first: the largest micro-batch, the accumulation for the target, its activations', () => {
  assert.deepEqual(GRAD_MEMORY.results.slice(0, 3).map(({ key }) => key), ['maxMicroBatch', 'accumulationForTarget', 'maxActivationMemory']);
  const { results } = core.evaluate(GRAD_MEMORY, defaultTexts(GRAD_MEMORY), 'en');
  // The worked example: 3 samples of 18,253,611,008 bytes fit.
  assert.equal(results.maxMicroBatch.value, '3');
  assert.equal(results.maxActivationMemory.value, String(3n * 18253611008n));
});

test('the split adds up to the device, with the free part last', () => {
  const evaluation = core.evaluate(GRAD_MEMORY, defaultTexts(GRAD_MEMORY), 'en');
  const split = presentSplit(wordsEn.split, evaluation);
  assert.deepEqual(split.rows.map((row) => row.name), ['parameters', 'gradients', 'optimizer', 'activations', 'reserved', 'free']);
  assert.equal(split.rows.find((row) => row.name === 'reserved').bytes, String(2 ** 30));
  assert.equal(split.rows.reduce((sum, row) => sum + BigInt(row.bytes), 0n), 80n * 2n ** 30n);
  assert.equal(split.over, '');
  // At the answer: the largest micro-batch that fits, 3 samples of activations.
  assert.equal(split.at, 'At the largest micro-batch that fits, b = 3.');
  assert.equal(split.rows.find((row) => row.name === 'activations').bytes, String(3n * 18253611008n));
  assert.equal(split.rows.find((row) => row.name === 'activations').text, '51.00 GiB (54,760,833,024 B)');
});

test('a configuration that does not fit says by how much', () => {
  const evaluation = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), parameters: '70B', zeroStage: '0' }, 'en');
  assert.equal(evaluation.results.maxMicroBatch.value, '0');
  assert.match(presentSplit(wordsEn.split, evaluation).over, /^Does not fit: /);
});

test('the device suggestions are nvidia-smi\'s MiB in exact GiB, named, each with a source', () => {
  // Issue 16, item 6: H200 143,771 MiB, not 141 GiB; B200 183,359 MiB, not 192 GiB (nvidia-smi's totals).
  const byName = Object.fromEntries(DEVICES.map((device) => [device.name, device]));
  assert.equal(byName.H200.mebibytes, '143771');
  assert.equal(byName.B200.mebibytes, '183359');
  assert.equal(byName['H100 SXM 80GB'].mebibytes, '81559');
  const suggestions = GRAD_MEMORY.fields.find((field) => field.key === 'deviceMemory').suggestions;
  for (const suggestion of suggestions) {
    assert.equal(Number(suggestion.value) * 1024, Number(suggestion.figure), suggestion.name);
    assert.ok(byName[suggestion.name].memorySource, suggestion.name);
    // The core reads the suggestion back as exactly that many MiB.
    const { results } = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), deviceMemory: suggestion.value }, 'en');
    assert.equal(results.deviceMemory.value, String(BigInt(suggestion.figure) * 2n ** 20n), suggestion.name);
  }
  assert.equal(gibibytesOf('143771'), '140.4013671875');
});

test('the device list is offered in the page\'s syntax, labelled with the MiB', () => {
  const html = toHtml(calculatorTree(GRAD_MEMORY, CATALOGS[1], { layout: 'full', texts: defaultTexts(GRAD_MEMORY) }));
  assert.match(html, /<option value="140,4013671875" label="H200: 143\.771 MiB">/);
});

test('a reserve of 0 gives exactly the formulas, and the default reserve is set aside before fitting', () => {
  const zero = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), reservedMemory: '0' }, 'en').results;
  assert.equal(BigInt(zero.totalMemory.value), BigInt(zero.modelStateMemory.value) + BigInt(zero.activationMemory.value));
  const full = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), reservedMemory: '0', recompute: 'full' }, 'en').results;
  assert.equal(full.maxMicroBatch.value, '13');  // issue 16, item 3: not 52
  const reserved = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), recompute: 'full' }, 'en').results;
  // (80 - 1) GiB - 29,312,500,000 = 55,513,104,096 bytes over 4,328,521,728 a sample: 12.8.
  assert.equal(reserved.maxMicroBatch.value, '12');
});

test('a link carries a choice as its word, and opens with it', () => {
  const texts = { ...defaultTexts(GRAD_MEMORY), recompute: 'full', zeroStage: '3' };
  const url = urlWithFields(GRAD_MEMORY, 'https://example.test/en/grad-accum-memory/', core.evaluate(GRAD_MEMORY, texts, 'en'), texts);
  assert.equal(new URL(url).searchParams.get('recompute'), 'full');
  assert.equal(new URL(url).searchParams.get('zero'), '3');
  assert.deepEqual(textsFromSearch(GRAD_MEMORY, new URL(url).search).recompute, 'full');
});
