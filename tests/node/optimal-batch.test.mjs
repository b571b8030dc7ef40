// The optimal batch size calculator in Node, through its wasm core: its words
// in both languages, and the papers' rows and formulas. Every expected value
// is the paper's own number or the paper's formula worked out here again, in
// JavaScript's doubles (BigInt for the exact counts), not by the code under test.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { OPTIMAL_BATCH } from '../../web/src/calculators/optimal-batch/schema.js';
import { presentNoiseCurve } from '../../web/src/calculators/optimal-batch/noise-curve.js';
import { defaultTexts } from '../../web/src/kit/schema.js';
import { presentEvaluation } from '../../web/src/kit/present.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import wordsEn from '../../web/src/calculators/optimal-batch/words.en.js';
import wordsPtBR from '../../web/src/calculators/optimal-batch/words.pt-BR.js';
import proseEn from '../../web/src/calculators/optimal-batch/prose.en.mjs';
import prosePtBR from '../../web/src/calculators/optimal-batch/prose.pt-BR.mjs';
import { loadCalculatorCore, loadTrainingCompute } from '../support/wasm-core.mjs';
import { modelTexts } from '../../web/src/calculators/optimal-batch/model-texts.js';
import { presetMembers } from '../../web/src/models/model-config.js';
import { modelNamed } from '../../web/src/models/models.js';

const shape = (value, path = '') => (typeof value === 'function' ? [`${path}: function`]
  : value && typeof value === 'object' ? Object.keys(value).sort().flatMap((key) => shape(value[key], `${path}.${key}`))
    : [`${path}: ${typeof value}`]);

let core;
before(async () => { core = await loadCalculatorCore('optimal-batch'); });
const evaluate = (texts, syntax = 'en') => core.evaluate(OPTIMAL_BATCH, { ...defaultTexts(OPTIMAL_BATCH), ...texts }, syntax);
const close = (actual, expected, tolerance = 1e-12) => assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * tolerance, `${actual} ≉ ${expected}`);

// The papers' formulas, written again from the papers.
const deepseekM = (layers, width, sequence) => 72n * layers * width * width + 12n * layers * width * sequence;
const deepseekBatch = (compute) => 0.2920 * compute ** 0.3271;
const deepseekRate = (compute) => 0.3118 * compute ** -0.1250;
const steplawBatch = (tokens) => 0.58 * tokens ** 0.571;
const steplawRate = (parameters, tokens) => 1.79 * parameters ** -0.713 * tokens ** 0.307;

test('the words have the same keys in both languages, and so has the prose', () => {
  assert.deepEqual(shape(wordsPtBR), shape(wordsEn));
  assert.deepEqual(shape(prosePtBR), shape(proseEn));
});

test('the worked example\'s defaults are DeepSeek LLM 7B of Table 2', () => {
  const texts = defaultTexts(OPTIMAL_BATCH);
  assert.deepEqual([texts.layers, texts.hiddenSize, texts.sequenceLength, texts.tokens], ['30', '4096', '4096', '2000000000000']);
});

for (const { name, layers, width, chosen } of [
  // Table 2: 2,304 sequences of 4,096 tokens at 4.2e-4; 4,608 at 3.2e-4.
  { name: '7B', layers: 30n, width: 4096n, chosen: { sequences: 2304, rate: 4.2e-4 } },
  { name: '67B', layers: 95n, width: 8192n, chosen: { sequences: 4608, rate: 3.2e-4 } },
]) {
  test(`DeepSeek LLM ${name}: M, C, the fitted batch and rate, near what Table 2 chose (batch within 15%, rate within 5%)`, () => {
    const m = deepseekM(layers, width, 4096n);
    const c = m * 2_000_000_000_000n;
    const { results, extra } = evaluate({ layers: String(layers), hiddenSize: String(width) });
    assert.equal(results.deepseekFlopsPerToken.value, String(m));
    assert.equal(results.deepseekCompute.value, String(c));
    close(results.deepseekBatchTokens.value, deepseekBatch(Number(c)));
    close(results.deepseekLearningRate.value, deepseekRate(Number(c)));
    // The paper's own choices sit near its fit (its figures, rounded in the table).
    assert.ok(Math.abs(results.deepseekBatchTokens.value / (chosen.sequences * 4096) - 1) < 0.15);
    assert.ok(Math.abs(results.deepseekLearningRate.value / chosen.rate - 1) < 0.05);
    assert.equal(extra.deepseekExtrapolated, true);
  });
}

test('the 7B\'s figures are the 9.22M tokens and 4.25e-4 the paper\'s fit gives', () => {
  const { results } = evaluate({});
  assert.equal((results.deepseekBatchTokens.value / 1e6).toFixed(2), '9.22');
  assert.equal(results.deepseekLearningRate.value.toExponential(2), '4.25e-4');
  // Rounded to whole sequences of 4,096: 2,252.
  assert.equal(results.recommendedSequences.value, String(Math.round(deepseekBatch(84557168640000000000000) / 4096)));
  assert.equal(results.recommendedBatchTokens.value, String(2252 * 4096));
});

test('a small run of about 1e18 FLOPs lies inside DeepSeek\'s fitted compute', () => {
  const c = deepseekM(12n, 768n, 1024n) * 1_600_000_000n;
  const { results, extra } = evaluate({ layers: '12', hiddenSize: '768', sequenceLength: '1024', tokens: '1.6B' });
  assert.equal(results.deepseekCompute.value, String(c));
  close(results.deepseekBatchTokens.value, deepseekBatch(Number(c)));
  assert.equal(extra.deepseekExtrapolated, false);
});

test('a large run, Llama 3.1 405B\'s shape on 15.6T tokens, is far past it and says so', () => {
  const c = deepseekM(126n, 16384n, 8192n) * 15_600_000_000_000n;
  const { results, extra } = evaluate({ layers: '126', hiddenSize: '16384', sequenceLength: '8192', tokens: '15.6T' });
  assert.equal(results.deepseekCompute.value, String(c));
  close(results.deepseekBatchTokens.value, deepseekBatch(Number(c)));
  close(results.deepseekLearningRate.value, deepseekRate(Number(c)));
  assert.equal(extra.deepseekExtrapolated, true);
});

for (const [parameters, tokens, inside] of [[1_000_000_000, 100_000_000_000, true], [429_260_800, 20_000_000_000, true], [7_000_000_000, 2_000_000_000_000, false]]) {
  test(`Step Law at N ${parameters} and D ${tokens}: ${inside ? 'inside' : 'outside'} its dense grid`, () => {
    const { results, extra } = evaluate({ nonEmbeddingParameters: String(parameters), tokens: String(tokens), law: 'steplaw' });
    close(results.steplawBatchTokens.value, steplawBatch(tokens));
    close(results.steplawLearningRate.value, steplawRate(parameters, tokens));
    close(results.recommendedLearningRate.value, steplawRate(parameters, tokens));
    assert.equal(results.recommendedSequences.value, String(Math.max(1, Math.round(steplawBatch(tokens) / 4096))));
    assert.equal(extra.steplawExtrapolated, !inside);
    assert.equal(extra.parametersEstimated, false);
  });
}

test('the noise-scale chart passes 2× steps and 2× data at B = B_noise', () => {
  const evaluation = evaluate({ noiseScale: '4194304' });
  const middle = evaluation.extra.noiseCurve[4];
  assert.deepEqual([middle.batchTokens, middle.stepsMultiple, middle.tokensMultiple], [4194304, 2, 2]);
  const curve = presentNoiseCurve(wordsEn.curve, evaluation, 9224192);
  const row = curve.rows.find(({ batch }) => batch === '4194304');
  assert.deepEqual([row.steps, row.data], ['2', '2']);
  assert.deepEqual(curve.marks.map(({ kind }) => kind), ['noise', 'recommended']);
  // The recommendation weighed against it: 1 + B_noise/B steps, 1 + B/B_noise data.
  close(evaluation.results.noiseSteps.value, 1 + 4194304 / 9224192);
  close(evaluation.results.noiseTokens.value, 1 + 9224192 / 4194304);
});

test('without B_noise there is no chart', () => {
  assert.equal(presentNoiseCurve(wordsEn.curve, evaluate({}), null), null);
});

test('the cluster floor: 64 H100s at 41% MFU, across nodes on 8 NICs of 400 Gb/s, capped at 370 GB/s', () => {
  const { results, extra } = evaluate({ gpus: '64' });
  // Only the last micro-batch's backward pass, 4 N T of the 6 N T, hides the all-reduce (issue 42, item 13);
  // fp32 gradients, 4 bytes each, by default as on the memory page (issue 41, item 3).
  const floor = 63 * 4 * 989.5e12 * 0.41 / (2 * 64 * 370e9);
  close(results.floorTokensPerReplica.value, floor);
  assert.equal(results.floorSequencesPerReplica.value, '1');
  assert.equal(results.floorBatchTokens.value, String(64 * 4096));
  assert.equal(extra.belowFloor, false);
});

test('every result is shown, and refused fields are named, in Portuguese too', () => {
  const catalog = { ...ptBR, optimalBatch: wordsPtBR };
  const shown = presentEvaluation(OPTIMAL_BATCH, catalog, evaluate({ tokens: '2.000.000.000.000' }, 'pt_BR'));
  assert.equal(shown.results.recommendedBatchTokens.text, '9.224.192');
  const refused = presentEvaluation(OPTIMAL_BATCH, catalog, evaluate({ hiddenSize: '4096,5' }, 'pt_BR'));
  assert.notEqual(refused.fields.hiddenSize.error, '');
  assert.equal(refused.results.recommendedBatchTokens.value, '');
});

test('Step Law\'s N reads as a count of parameters, not of tokens, in both languages (issue 42, item 12)', () => {
  // N = 12 · 30 · 4,096² = 6,039,797,760 when none is typed: "≈ 6 billion" (the kit's one decimal, 6.0), never "tokens".
  const evaluation = evaluate({});
  assert.equal(evaluation.results.steplawParameters.value, String(12n * 30n * 4096n * 4096n));
  const notes = [[en, wordsEn], [ptBR, wordsPtBR]].map(([kit, words]) =>
    presentEvaluation(OPTIMAL_BATCH, { ...kit, optimalBatch: words }, evaluation).results.steplawParameters.note);
  assert.deepEqual(notes, ['≈ 6 billion', '≈ 6 bilhões']);
});

test('a field\'s label does not repeat the symbol the full layout adds beside it (issue 42, item 12)', () => {
  for (const words of [wordsEn, wordsPtBR]) {
    for (const spec of OPTIMAL_BATCH.fields.filter((field) => field.symbol)) {
      assert.ok(!words.fields[spec.key].label.includes(`(${spec.symbol})`), `${spec.key}: ${words.fields[spec.key].label}`);
    }
  }
});

test('a mixture of experts from the model list gives M its active non-embedding parameters: Mixtral 8x7B', async () => {
  // Issue 42, item 9: 12,879,925,248 active less two 32,000 × 4,096 embeddings and 266,240 norm weights is
  // 12,617,515,008; M = 6 × that + 12 × 32 × 4,096 × 4,096 = 82,147,540,992 (the dense formula: 45,097,156,608).
  const compute = await loadTrainingCompute();
  const texts = modelTexts(compute.readModel(presetMembers(modelNamed('mixtral-8x7b').config)));
  assert.equal(texts.activeNonEmbeddingParameters, '12617515008');
  const { results, extra } = evaluate({ ...texts, sequenceLength: '4096' });
  assert.equal(results.deepseekFlopsPerToken.value, '82147540992');
  assert.equal(extra.activeCounted, true);
  assert.match(wordsEn.verdicts.activeCounted('12,617,515,008'), /6 × N_active/);
  // A dense model leaves it empty, and M is the paper's formula.
  assert.equal(modelTexts(compute.readModel(presetMembers(modelNamed('llama-3.1-8b').config))).activeNonEmbeddingParameters, '');
});
