// The scaling calculator in Node: its schema against what the wasm registers,
// its words in both languages, the worked example's figures, decimals in
// fields, results and links, refusals, and the curve.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { DP_SCALING } from '../../web/src/calculators/dp-scaling/schema.js';
import { presentCurve } from '../../web/src/calculators/dp-scaling/curve.js';
import { defaultTexts, messagesAt } from '../../web/src/kit/schema.js';
import { presentEvaluation } from '../../web/src/kit/present.js';
import { textsFromSearch, urlWithFields } from '../../web/src/kit/url-state.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import wordsEn from '../../web/src/calculators/dp-scaling/words.en.js';
import wordsPtBR from '../../web/src/calculators/dp-scaling/words.pt-BR.js';
import proseEn from '../../web/src/calculators/dp-scaling/prose.en.mjs';
import prosePtBR from '../../web/src/calculators/dp-scaling/prose.pt-BR.mjs';
import { loadCalculatorCore } from '../support/wasm-core.mjs';

const [EN, PT_BR] = [{ ...en, dpScaling: wordsEn }, { ...ptBR, dpScaling: wordsPtBR }];
const shape = (value, path = '') => (typeof value === 'function' ? [`${path}: function`]
  : value && typeof value === 'object' ? Object.keys(value).sort().flatMap((key) => shape(value[key], `${path}.${key}`))
    : [`${path}: ${typeof value}`]);

let core;
before(async () => { core = await loadCalculatorCore('dp-scaling'); });
const evaluate = (texts, syntax = 'en') => core.evaluate(DP_SCALING, { ...defaultTexts(DP_SCALING), ...texts }, syntax);

test('the scaling catalogs and page prose have the same keys in both languages', () => {
  assert.deepEqual(shape(wordsEn), shape(wordsPtBR));
  assert.deepEqual(shape(proseEn), shape(prosePtBR));
});

test('every scaling field, choice, group and result has its words in both languages', () => {
  for (const catalog of [EN, PT_BR]) {
    const messages = messagesAt(catalog, DP_SCALING.messages);
    for (const group of DP_SCALING.groups) assert.ok(messages.groups[group], group);
    for (const field of DP_SCALING.fields) {
      const words = messagesAt(catalog, field.messages);
      assert.ok(words.label, field.key);
      for (const choice of field.choices ?? []) assert.ok(words.options[choice], `${field.key}: ${choice}`);
    }
    for (const result of DP_SCALING.results) assert.ok(messagesAt(catalog, result.messages).label, result.key);
  }
});

test('the defaults give the worked example: fp32 gradients, 8 NICs of 400 Gb/s carry 400 GB/s, capped at NVLink\'s 370, so 98.2% at 64 GPUs', () => {
  // Issue 16, item 8: NCCL's rings cross nodes on every rail at once (nccl-tests doc/PERFORMANCE.md;
  // NVIDIA/nccl#812: 8 x 200 Gb/s per node measured 192 GB/s all-reduce busbw). Issue 41, item 3: gradients
  // in fp32 by default, as on the memory page (Megatron-LM d98e8a6, arguments.py 1213-1216: 4 bytes each).
  const { fields, results } = evaluate({});
  assert.ok(Object.entries(fields).every(([key, { status }]) => status === 'ok' || key === 'tokensPerSecond' || key === 'interBandwidth'));
  assert.equal(fields.interBandwidth.status, 'empty');
  assert.equal(results.gradientBytes.value, '28000000000');
  assert.equal(results.globalBatch.value, '512');
  assert.equal(results.busBandwidth.value, Math.min(8 * 400 / 8, 370));
  const allreduce = 2 * 63 / 64 * 28e9 / 370e9;
  assert.equal(results.allreduceSeconds.value, allreduce);
  assert.equal(results.stepSeconds.value, 4 + 0.5 * allreduce);
  assert.equal(results.scalingEfficiency.value, 4 / (4 + 0.5 * allreduce));
  assert.equal(results.throughputTokens.value, 512 * 4096 / (4 + 0.5 * allreduce));
  // The worked example's rounded figures (prose): 0.1490 s, 4.074 s, 514,703 tokens/s, 98.2%.
  const english = presentEvaluation(DP_SCALING, EN, evaluate({})).results;
  assert.deepEqual([english.allreduceSeconds.text, english.stepSeconds.text, english.throughputTokens.text, english.scalingEfficiency.text],
    ['0.149', '4.074', '514,703', '98.17']);
});

test('bf16 gradients halve the bytes to reduce', () => {
  assert.equal(evaluate({ gradientPrecision: 'bf16' }).results.gradientBytes.value, '14000000000');
});

test('one 400 Gb/s NIC\'s worth a GPU, typed as 50 GB/s, with bf16 gradients gives the old figures: 0.55125 s, 93.6%', () => {
  const { results } = evaluate({ interBandwidth: '50', gradientPrecision: 'bf16' });
  assert.equal(results.allreduceSeconds.value, 2 * 63 / 64 * 14e9 / 50e9);
  assert.equal(results.stepSeconds.value, 4.275625);
  assert.equal(evaluate({ nicsPerNode: '2', nicRate: '200', gradientPrecision: 'bf16' }).results.stepSeconds.value, 4.275625);
});

test('decimal results show readably in each language, and keep a plain decimal in data-value', () => {
  const english = presentEvaluation(DP_SCALING, EN, evaluate({ interBandwidth: '50', gradientPrecision: 'bf16' })).results;
  assert.deepEqual([english.stepSeconds.text, english.stepSeconds.value], ['4.276', '4.275625']);
  assert.deepEqual([english.throughputTokens.text, english.throughputTokens.value], ['490,490', '490490.162257']);
  assert.deepEqual([english.scalingEfficiency.text, english.scalingEfficiency.value], ['93.55', '0.935535740389']);
  const portuguese = presentEvaluation(DP_SCALING, PT_BR, evaluate({ interBandwidth: '50', gradientPrecision: 'bf16' }, 'pt_BR')).results;
  assert.deepEqual([portuguese.allreduceSeconds.text, portuguese.throughputTokens.text], ['0,5513', '490.490']);
});

test('a decimal field takes the language\'s decimal mark', () => {
  assert.equal(evaluate({ computeSeconds: '3,5' }, 'pt_BR').fields.computeSeconds.value, 3.5);
  assert.equal(evaluate({ computeSeconds: '3,5' }, 'en').fields.computeSeconds.status, 'unfinished_grouping');
});

test('a decimal field\'s errors are the calculator\'s own words', () => {
  const presented = presentEvaluation(DP_SCALING, PT_BR, evaluate({ interBandwidth: '0' }, 'pt_BR'));
  assert.equal(presented.fields.interBandwidth.error, 'Use pelo menos 0,001.');
  assert.equal(presented.results.allreduceSeconds.value, '');
});

test('strong scaling that does not divide names the refusal instead of a figure', () => {
  const presented = presentEvaluation(DP_SCALING, EN, evaluate({ mode: 'strong' }));
  assert.equal(presented.results.accumulationSteps.error, 'not-divisible');
  assert.equal(presented.results.accumulationSteps.text, 'does not divide');
  assert.equal(presented.results.stepSeconds.error, 'not-divisible');
  assert.equal(presented.results.globalBatch.value, '8');
});

test('with neither compute time nor tokens per second, the status asks for either', () => {
  const presented = presentEvaluation(DP_SCALING, EN, evaluate({ computeSeconds: '' }));
  assert.equal(presented.status, 'To see the times and throughput, fill in “Compute per optimizer step, one replica (s)” or “Or: tokens/s per GPU (optional)”.');
  assert.equal(presented.fields.computeSeconds.error, '');
});

test('tokens per second stand in for an empty compute time', () => {
  const { results } = evaluate({ computeSeconds: '', tokensPerSecond: '16384' });
  assert.equal(results.computeSeconds.value, 2);
});

test('a link carries decimals without a decimal mark, so it opens in either language', () => {
  const texts = { ...defaultTexts(DP_SCALING), computeSeconds: '0,35', intraBandwidth: '3,7e2', mode: 'strong' };
  const url = new URL(urlWithFields(DP_SCALING, 'https://example.test/escalonamento-paralelismo-dados/', core.evaluate(DP_SCALING, texts, 'pt_BR'), texts));
  assert.equal(url.searchParams.get('compute'), '35e-2');
  assert.equal(url.searchParams.get('intra'), '370');
  assert.equal(url.searchParams.get('mode'), 'strong');
  const reopened = textsFromSearch(DP_SCALING, url.search);
  assert.equal(core.evaluate(DP_SCALING, { ...defaultTexts(DP_SCALING), ...reopened }, 'en').fields.computeSeconds.value, 0.35);
});

test('the curve runs 1, 2, 4 ... 64, switches to the inter-node link after 8, and marks refusals', () => {
  const weak = presentCurve(wordsEn.curve, evaluate({ interBandwidth: '50', gradientPrecision: 'bf16' }));
  assert.deepEqual(weak.rows.map((row) => row.replicas), ['1', '2', '4', '8', '16', '32', '64']);
  assert.deepEqual(weak.rows.map((row) => row.link === wordsEn.curve.acrossNodes), [false, false, false, false, true, true, true]);
  assert.equal(weak.rows.at(-1).efficiencyValue, '0.935535740389');
  assert.equal(weak.rows.at(-1).accumulation, '1 × 8');
  const strong = presentCurve(wordsEn.curve, evaluate({ mode: 'strong' }));
  assert.deepEqual(strong.rows.map((row) => row.error), ['', '', '', '', 'not-divisible', 'not-divisible', 'not-divisible']);
  assert.equal(strong.throughput.length, 1, 'one unbroken line up to 8 replicas');
});

test('strong scaling splits the micro-batch when a cannot be split, and says so in the table', () => {
  // Issue 16, item 10: b 4, a 2 over 4 replicas is b' = 2, a' = 1 (2 samples each).
  const evaluation = evaluate({ mode: 'strong', microBatch: '4', accumulationSteps: '2', dataParallel: '4' });
  assert.equal(evaluation.results.microBatch.value, '2');
  assert.equal(evaluation.results.accumulationSteps.value, '1');
  assert.equal(presentCurve(wordsEn.curve, evaluation).rows.at(-1).accumulation, '2 × 1');
});

test('a decimal far below its minimum is refused with the minimum in the page\'s syntax, and no curve is drawn', () => {
  // Issue 16, item 11: ?inter=5e-324 drew NaN polylines.
  const evaluation = evaluate({ interBandwidth: '5e-324' }, 'pt_BR');
  assert.equal(evaluation.fields.interBandwidth.status, 'below_minimum');
  assert.equal(presentEvaluation(DP_SCALING, PT_BR, evaluation).fields.interBandwidth.error, 'Use pelo menos 0,001.');
  assert.equal(presentCurve(wordsPtBR.curve, evaluation), null);
});

test('no curve while a field it needs is wrong', () => {
  assert.equal(presentCurve(wordsEn.curve, evaluate({ overlap: '101' })), null);
});

test('the efficiency axis zooms to the data under a 100% line, and the node boundary is marked', () => {
  // Issue 20, item 7: 99.2% within a node, 93.8% at two nodes, invisible on a 0–100% axis.
  const curve = presentCurve(wordsEn.curve, evaluate({ nicsPerNode: '2', nicRate: '200', gradientPrecision: 'bf16' }));
  assert.equal(curve.axes.efficiencyBottom.text, '93%');
  assert.equal(curve.axes.efficiencyTop.text, '100%');
  assert.equal(curve.boundary.text, 'node boundary (8 GPUs)');
  assert.equal(curve.readouts.length, curve.rows.length);
  assert.equal(curve.readouts.at(-1).text, 'n = 64: 490,490 tokens/s, 93.6%');
  assert.equal(curve.axisLabel.text, 'replicas n (log scale)');
  // Issue 29: the zoomed axis says its drop in figures, and the throughput axis says it is a log scale.
  assert.equal(curve.efficiencyDrop.text, 'at n = 64: 93.6%, 6.4 points below 100%');
  assert.equal(curve.axes.throughputLabel.text, 'tokens/s (log scale)');
  // On a phone the chart is drawn at its own width, so its labels keep their size.
  assert.equal(presentCurve(wordsEn.curve, evaluate({}), 358).width, 358);
  assert.equal(presentCurve(wordsEn.curve, evaluate({}), 2000).width, 640);
});
