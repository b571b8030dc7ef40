// Reading fields from the URL and writing them back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import { differsFromDefaults, textsFromSearch, urlWithFields } from '../../web/src/kit/url-state.js';
import { PLANNER } from '../../web/src/planner/schema.js';
import { carryRun } from '../../web/src/run/run-context.js';

const ok = (value) => ({ status: 'ok', value });

test('the schema\'s URL keys map to its fields', () => {
  assert.deepEqual(textsFromSearch(EFFECTIVE_BATCH, '?micro=8&dp=64&accum=4&seq=4096'),
    { microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096' });
});

test('missing parameters are left out so the defaults stay', () => {
  assert.deepEqual(textsFromSearch(EFFECTIVE_BATCH, '?dp=128'), { dataParallel: '128' });
});

test('the first of repeated parameters wins and unknown ones are ignored', () => {
  assert.deepEqual(textsFromSearch(EFFECTIVE_BATCH, '?micro=2&micro=3&evil=1'), { microBatch: '2' });
});

test('valid fields are written as plain digits, other parameters kept', () => {
  const evaluation = { fields: { microBatch: ok('8'), dataParallel: ok('64'), accumulationSteps: ok('4'), sequenceLength: ok('4096') } };
  const texts = { microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4,096' };
  assert.equal(urlWithFields(EFFECTIVE_BATCH, 'https://example.org/en/?utm=x#faq', evaluation, texts),
    'https://example.org/en/?utm=x&micro=8&dp=64&accum=4&seq=4096#faq');
});

test('invalid text is carried as typed, trimmed and capped', () => {
  const bad = { status: 'not_a_number', value: '' };
  const evaluation = { fields: { microBatch: bad, dataParallel: ok('64'), accumulationSteps: ok('4'), sequenceLength: bad } };
  const texts = { microBatch: ' a&b ', dataParallel: '64', accumulationSteps: '4', sequenceLength: 'x'.repeat(5000) };
  const url = new URL(urlWithFields(EFFECTIVE_BATCH, 'https://example.org/', evaluation, texts));
  assert.equal(url.searchParams.get('micro'), 'a&b');
  assert.equal(url.searchParams.get('seq').length, 100);
});

test('a query differs from the defaults only when it sets a field to something else', () => {
  assert.equal(differsFromDefaults(EFFECTIVE_BATCH, ''), false);
  assert.equal(differsFromDefaults(EFFECTIVE_BATCH, '?micro=8&dp=64&accum=4&seq=4096&utm=x'), false);
  assert.equal(differsFromDefaults(EFFECTIVE_BATCH, '?seq=2048'), true);
  assert.equal(differsFromDefaults(EFFECTIVE_BATCH, '?seq=4.096'), true);
});

test('the page\'s address writes only what differs from the defaults', () => {
  // Issue 16, item 25: "target=1024" was written after any edit.
  const evaluation = { fields: { microBatch: ok('8'), dataParallel: ok('128'), accumulationSteps: ok('4'), sequenceLength: ok('4096') } };
  const texts = { microBatch: '8', dataParallel: '128', accumulationSteps: '4', sequenceLength: '4.096' };
  const url = new URL(urlWithFields(EFFECTIVE_BATCH, 'https://example.org/?micro=8&dp=64', evaluation, texts, { onlyChanged: true }));
  assert.equal(url.search, '?dp=128');
});

test('the page\'s address drops parameters no part of the page knows, however large', () => {
  const evaluation = { fields: { microBatch: ok('8'), dataParallel: ok('64'), accumulationSteps: ok('4'), sequenceLength: ok('4096') } };
  const texts = { microBatch: '16', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096' };
  evaluation.fields.microBatch = ok('16');
  const huge = 'x'.repeat(500_000);
  const url = new URL(urlWithFields(EFFECTIVE_BATCH, `https://example.org/?junk=${huge}&ramp=192,16,9765625&world=384`, evaluation, texts,
    { onlyChanged: true, knownParams: ['ramp', 'world'] }));
  assert.equal(url.searchParams.get('junk'), null);
  assert.equal(url.searchParams.get('ramp'), '192,16,9765625');
  assert.equal(url.searchParams.get('world'), '384');
  assert.equal(url.searchParams.get('micro'), '16');
});

test('a link carries the run the address holds, its own values first, a token target as sequences', () => {
  // Issue 29, item 1: what the reader set travels to the next page; the link's own values win.
  const from = 'https://example.test/computo-treinamento/?model=llama-3.1-8b&gpus=16&device=h200&tokens=100000000000&junk=1&mfu=40';
  const carried = new URL(carryRun(from, 'https://example.test/?gpus=32&dp=32#planner'));
  assert.deepEqual(Object.fromEntries(carried.searchParams),
    { gpus: '32', dp: '32', model: 'llama-3.1-8b', device: 'h200', tokens: '100000000000', mfu: '40' });
  assert.equal(carried.hash, '#planner');
  // A target of 4,194,304 tokens at L = 4,096 is 1,024 sequences where a target has no unit; one L does not divide stays behind.
  const tokens = (search) => Object.fromEntries(new URL(carryRun(`https://example.test/?${search}`, 'https://example.test/en/grad-accum-memory/')).searchParams);
  assert.deepEqual(tokens('unit=tok&target=4194304&seq=4096'), { target: '1024', seq: '4096' });
  assert.deepEqual(tokens('unit=tok&target=4000000&seq=4096'), { seq: '4096' });
  assert.deepEqual(tokens('unit=tok&target=4194304'), {});
  assert.deepEqual(tokens('unit=seq&target=1024'), { unit: 'seq', target: '1024' });
});

test('a key\'s older name is read as the key, and written back as the key alone', () => {
  assert.equal(textsFromSearch(PLANNER, '?world=384&budget=2T').gpus, '384');
  assert.equal(textsFromSearch(PLANNER, '?world=384&budget=2T').tokens, '2T');
  // The key itself wins over its older name.
  assert.equal(textsFromSearch(PLANNER, '?world=384&gpus=16').gpus, '16');
});

// Issue 41, items 3 and 5: what a link means does not change with the page.
const { DP_SCALING } = await import('../../web/src/calculators/dp-scaling/schema.js');
const { GRAD_MEMORY } = await import('../../web/src/calculators/grad-memory/schema.js');
const { defaultTexts } = await import('../../web/src/kit/schema.js');

test('a carried tokens/s leaves the scaling page\'s example compute time out; a typed compute time stays', () => {
  assert.equal(textsFromSearch(DP_SCALING, '?tps=3000').computeSeconds, '');
  assert.equal(textsFromSearch(DP_SCALING, '?tps=3000&compute=2').computeSeconds, '2');
  assert.equal('computeSeconds' in textsFromSearch(DP_SCALING, '?dp=8'), false);
});

test('gradient bytes of an earlier link become the gradient precision: 4 is fp32, 2 is bf16, others stay to be refused', () => {
  assert.equal(textsFromSearch(DP_SCALING, '?gradbytes=4').gradientPrecision, 'fp32');
  assert.equal(textsFromSearch(DP_SCALING, '?gradbytes=2').gradientPrecision, 'bf16');
  assert.equal(textsFromSearch(DP_SCALING, '?gradbytes=8').gradientPrecision, '8');
  assert.equal(textsFromSearch(DP_SCALING, '?gradbytes=2&grads=fp32').gradientPrecision, 'fp32');
});

test('a memory link from before the shape fields reads f = 4h, a KV head per head and no gated MLP', () => {
  assert.deepEqual(textsFromSearch(GRAD_MEMORY, '?layers=96&hidden=12288&heads=96'),
    { layers: '96', hiddenSize: '12288', attentionHeads: '96', ffnHidden: '49152', kvHeads: '96', gatedMlp: 'off' });
  // h and the heads default to 4,096 and 32, then as now.
  assert.deepEqual(textsFromSearch(GRAD_MEMORY, '?layers=40'), { layers: '40', ffnHidden: '16384', kvHeads: '32', gatedMlp: 'off' });
  // A key added since (the FFN, a model) says the link is later: read as it is.
  assert.deepEqual(textsFromSearch(GRAD_MEMORY, '?layers=96&ffn=1000'), { layers: '96', ffnHidden: '1000' });
  assert.deepEqual(textsFromSearch(GRAD_MEMORY, '?layers=96&model=llama-3.1-8b'), { layers: '96' });
});

test('the memory page writes the whole shape once one part differs, so its address never reads as an earlier link', () => {
  const texts = { ...defaultTexts(GRAD_MEMORY), layers: '96', hiddenSize: '12288', attentionHeads: '96' };
  const fields = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, text === '' ? { status: 'empty', value: '' } : ok(text)]));
  const url = new URL(urlWithFields(GRAD_MEMORY, 'https://example.org/en/grad-accum-memory/', { fields }, texts, { onlyChanged: true }));
  assert.equal(url.searchParams.get('ffn'), '14336');
  assert.equal(url.searchParams.get('kvheads'), '8');
  assert.equal(url.searchParams.get('glu'), 'on');
  assert.deepEqual(textsFromSearch(GRAD_MEMORY, url.search).ffnHidden, '14336');
  // Only the shape: the batch's defaults stay out.
  assert.equal(url.searchParams.has('micro'), false);
  // A dense model's empty expert fields go unwritten (no experts=&topk=), and read back empty all the same.
  for (const key of ['experts', 'topk', 'moeffn', 'sharedffn']) assert.equal(url.searchParams.has(key), false, key);
  const back = { ...defaultTexts(GRAD_MEMORY), ...textsFromSearch(GRAD_MEMORY, url.search) };
  for (const key of ['experts', 'expertsPerToken', 'expertFfn', 'sharedExpertFfn']) assert.equal(back[key], '', key);
});

// A device that sets several fields (issue 40: the memory, peaks and bandwidths the configuration page needs).
const { defineSchema, presetChoice } = await import('../../web/src/kit/schema.js');
const { checkSchema } = await import('../../web/src/kit/schema-check.js');
const { deviceOptionsWith } = await import('../../web/src/hardware/devices.js');
const DEVICE_FIGURES = { peakTflops: 'peakTflops', fp8Tflops: 'fp8Tflops', memoryBandwidth: 'memoryGBps', linkBandwidth: 'linkGBps' };
const decimalField = (key, param, fallback, optional = false) => ({ key, param, id: key, group: 'device', kind: 'decimal', default: fallback,
  minimum: '0.001', maximum: '1000000', optional, messages: `x.${key}` });
const DEVICE_SCHEMA = defineSchema({
  name: 'devices', core: 'X', messages: 'x', groups: ['device'], results: [],
  fields: [
    { key: 'device', param: 'device', id: 'device', group: 'device', kind: 'preset', sets: 'mebibytes', default: 'h100-sxm', messages: 'x.device',
      options: deviceOptionsWith('mebibytes', DEVICE_FIGURES, { optional: ['fp8Tflops'] }) },
    decimalField('mebibytes', 'gpu', '81559'), decimalField('peakTflops', 'peak', '9895e-1'), decimalField('fp8Tflops', 'fp8', '1979', true),
    decimalField('memoryBandwidth', 'hbm', '3350'), decimalField('linkBandwidth', 'link', '370'),
  ],
});

test('a device that gives several figures is checked: its default holds every field\'s default', () => {
  assert.doesNotThrow(() => checkSchema(DEVICE_SCHEMA));
  const wrongDefault = { ...DEVICE_SCHEMA, fields: DEVICE_SCHEMA.fields.map((field) => (field.key === 'linkBandwidth' ? { ...field, default: '300' } : field)) };
  assert.throws(() => checkSchema(wrongDefault), /hold linkBandwidth's default/);
});

test('a linked device sets every figure it gives, an A100 leaves the FP8 peak empty, and a figure in the link wins', () => {
  assert.deepEqual(textsFromSearch(DEVICE_SCHEMA, '?device=a100-80gb'),
    { device: 'a100-80gb', mebibytes: '81920', peakTflops: '312', fp8Tflops: '', memoryBandwidth: '2039', linkBandwidth: '2467e-1' });
  assert.equal(textsFromSearch(DEVICE_SCHEMA, '?device=h200&hbm=4000').memoryBandwidth, '4000');
});

test('a device is shown only while every figure it gives is held', () => {
  const field = DEVICE_SCHEMA.fields[0];
  const held = { mebibytes: ok('81920'), peakTflops: ok('312'), fp8Tflops: { status: 'empty', value: '' }, memoryBandwidth: ok('2039'), linkBandwidth: ok('246.7') };
  assert.equal(presetChoice(field, 'a100-80gb', held.mebibytes, held), 'a100-80gb');
  assert.equal(presetChoice(field, 'a100-80gb', held.mebibytes, { ...held, memoryBandwidth: ok('2000') }), '');
  assert.equal(presetChoice(field, 'a100-80gb', held.mebibytes, { ...held, fp8Tflops: ok('624') }), '');
});

test('a link to a page that chooses the layout itself carries the run but not the keys it chooses', () => {
  const from = 'https://example.org/en/grad-accum-memory/?micro=1&accum=32&dp=16&tp=2&zero=1&recompute=full&seq=8192&grads=bf16&model=llama-3.1-8b';
  const link = new URL(carryRun(from, 'https://example.org/en/parallel-configuration/', { chooses: ['tp', 'pp', 'cp', 'ep', 'zero', 'recompute', 'sp', 'micro', 'accum', 'dp'] }));
  assert.deepEqual([...link.searchParams.keys()].sort(), ['grads', 'model', 'seq']);
  // Without it, the same link carries them all.
  assert.equal(new URL(carryRun(from, 'https://example.org/en/')).searchParams.get('tp'), '2');
});

test('a key given more than once is found with every value, in order; a key given once is not', async () => {
  const { repeatedParams } = await import('../../web/src/kit/url-state.js');
  const { EFFECTIVE_BATCH } = await import('../../web/src/calculators/effective-batch/schema.js');
  assert.deepEqual(repeatedParams(EFFECTIVE_BATCH, '?micro=4&dp=8&micro=8&micro=16'), [{ name: 'micro', values: ['4', '8', '16'] }]);
  assert.deepEqual(repeatedParams(EFFECTIVE_BATCH, '?micro=4&dp=8&stray=1&stray=2'), []);
});

test('an optimal-batch link of before nonemb= still reads its params= as the non-embedding parameters, and nonemb= wins over it', async () => {
  const { OPTIMAL_BATCH } = await import('../../web/src/calculators/optimal-batch/schema.js');
  assert.equal(textsFromSearch(OPTIMAL_BATCH, '?params=250000000').nonEmbeddingParameters, '250000000');
  assert.equal(textsFromSearch(OPTIMAL_BATCH, '?nonemb=250000000&params=1').nonEmbeddingParameters, '250000000');
});
