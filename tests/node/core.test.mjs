// The real wasm build, through the adapter every surface uses: same results as
// the C++ tests, exact 64-bit values as decimal strings, statuses by name,
// errors as data, in both number syntaxes.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import { loadCore } from '../support/wasm-core.mjs';

let core;
before(async () => { core = await loadCore(); });

const evaluate = (microBatch, dataParallel, accumulationSteps, sequenceLength, syntax = 'pt_BR') =>
  core.evaluate(EFFECTIVE_BATCH, { microBatch, dataParallel, accumulationSteps, sequenceLength }, syntax);

test('the seed example gives 2048 sequences and 8388608 tokens', () => {
  const { results } = evaluate('8', '64', '4', '4.096');
  assert.deepEqual(results.effectiveBatch, { status: 'ok', value: '2048' });
  assert.deepEqual(results.tokensPerStep, { status: 'ok', value: '8388608' });
});

test('en grouping gives the same example', () => {
  assert.equal(evaluate('8', '64', '4', '4,096', 'en').results.tokensPerStep.value, '8388608');
});

test('valid fields report their plain value', () => {
  assert.deepEqual(evaluate('8', '64', '4', '4.096').fields.sequenceLength, { status: 'ok', value: '4096' });
});

test('a value above 2^63 arrives exact and unsigned', () => {
  assert.deepEqual(evaluate('4294967295', '4294967295', '1', '1').results.effectiveBatch,
    { status: 'ok', value: '18446744065119617025' });
});

test('2^64-1 arrives exact', () => {
  assert.equal(evaluate('4.294.967.295', '641', '6700417', '1').results.tokensPerStep.value, '18446744073709551615');
});

test('tokens overflow is reported while the batch stays valid', () => {
  const { results } = evaluate('2147483648', '2147483648', '2', '2');
  assert.deepEqual(results.effectiveBatch, { status: 'ok', value: '9223372036854775808' });
  assert.deepEqual(results.tokensPerStep, { status: 'overflow', value: '' });
});

test('an invalid sequence length leaves the batch and withholds the tokens', () => {
  const { results } = evaluate('8', '64', '4', 'abc');
  assert.deepEqual(results.effectiveBatch, { status: 'ok', value: '2048' });
  assert.deepEqual(results.tokensPerStep, { status: 'unavailable', value: '' });
});

test('every error kind crosses the boundary by name', () => {
  const cases = {
    '': 'empty', 'abc': 'not_a_number', '0': 'below_minimum', '-8': 'negative', '8,5': 'fractional',
    '4294967296': 'above_maximum', '40.9600': 'malformed_grouping', '40.96': 'unfinished_grouping', [' '.repeat(65) + '8']: 'too_long',
  };
  for (const [text, status] of Object.entries(cases)) {
    const { fields, results } = evaluate(text, '64', '4', '4096');
    assert.deepEqual(fields.microBatch, { status, value: '' }, `text ${JSON.stringify(text)}`);
    assert.deepEqual(results.effectiveBatch, { status: 'unavailable', value: '' });
  }
});

test('no-break and narrow no-break spaces group digits in both syntaxes', () => {
  for (const syntax of ['pt_BR', 'en']) {
    assert.equal(evaluate('8', '64', '4', '4\u00a0096', syntax).fields.sequenceLength.value, '4096');
    assert.equal(evaluate('8', '64', '4', '1\u202f000\u202f000', syntax).fields.sequenceLength.value, '1000000');
  }
});

test('what Intl writes in each locale, the core reads back', () => {
  for (const [locale, syntax] of [['pt-BR', 'pt_BR'], ['en', 'en']]) {
    for (const value of [1n, 999n, 1000n, 4096n, 1000000n, 4294967295n]) {
      const text = new Intl.NumberFormat(locale).format(value);
      assert.equal(evaluate(text, '1', '1', '1', syntax).fields.microBatch.value, String(value), `${locale} ${text}`);
    }
  }
});

test('non-ASCII and invisible characters are rejected through UTF-8', () => {
  for (const text of ['８', '٨', '8\u200b', '\u202e8', '8\u0000', 'NaN', 'Infinity', '1e3', '0x10', '+8']) {
    assert.equal(evaluate(text, '1', '1', '1').fields.microBatch.status, 'not_a_number', JSON.stringify(text));
  }
});

test('a megabyte paste, twenty times over, is judged too long and the next input still computes', () => {
  const huge = '9'.repeat(1_000_000);
  for (let round = 0; round < 20; round += 1) {
    const { fields } = evaluate(huge, '<script>'.repeat(125_000), '1', '1');
    assert.equal(fields.microBatch.status, 'too_long');
    assert.equal(fields.dataParallel.status, 'too_long');
  }
  assert.equal(evaluate('8', '64', '4', '4096').results.tokensPerStep.value, '8388608');
});

test('a lone surrogate at the cut does not break the call', () => {
  const text = `${'1'.repeat(64)}\ud83d\ude00`;
  assert.equal(evaluate(text, '1', '1', '1').fields.microBatch.status, 'too_long');
  assert.equal(evaluate('\ud83d', '1', '1', '1').fields.microBatch.status, 'not_a_number');
});

test('context lengths as people write them: 4k, 32K and 128k are 4,096, 32,768 and 131,072 tokens; 4k sequences stay ambiguous', () => {
  // Issue 20, item 10: Llama 3.1's "128K" context is 131,072 tokens.
  for (const [text, tokens] of [['4k', '4096'], ['32K', '32768'], ['128k', '131072']]) {
    for (const syntax of ['pt_BR', 'en']) assert.deepEqual(evaluate('1', '1', '1', text, syntax).fields.sequenceLength, { status: 'ok', value: tokens });
  }
  assert.equal(evaluate('4k', '1', '1', '4096', 'en').fields.microBatch.status, 'ambiguous_suffix');
});
