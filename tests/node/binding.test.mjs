// The Embind binding of the real wasm build: same results as the C++ tests,
// exact 64-bit values as decimal strings, errors as data.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmModule } from '../support/wasm-core.mjs';

let core;
before(async () => { core = await loadWasmModule(); });

const evaluate = (microBatch, dataParallel, accumulationSteps, sequenceLength) =>
  core.evaluate({ microBatch, dataParallel, accumulationSteps, sequenceLength });

test('the seed example gives 2048 sequences and 8388608 tokens', () => {
  const report = evaluate('8', '64', '4', '4.096');
  assert.deepEqual(report.effectiveBatch, { status: 'ok', value: '2048' });
  assert.deepEqual(report.tokensPerStep, { status: 'ok', value: '8388608' });
});

test('valid fields report their plain value', () => {
  const report = evaluate('8', '64', '4', '4.096');
  assert.deepEqual(report.sequenceLength, { status: 'ok', value: '4096' });
});

test('BLOOM-176B (DP 8, MBS 2, GAS 128, 2048 tokens) gives 2048 and 4194304', () => {
  const report = evaluate('2', '8', '128', '2048');
  assert.equal(report.effectiveBatch.value, '2048');
  assert.equal(report.tokensPerStep.value, '4194304');
});

test('a value above 2^63 arrives exact and unsigned', () => {
  const report = evaluate('4294967295', '4294967295', '1', '1');
  assert.deepEqual(report.effectiveBatch, { status: 'ok', value: '18446744065119617025' });
});

test('2^64-1 arrives exact', () => {
  const report = evaluate('4.294.967.295', '641', '6700417', '1');
  assert.equal(report.tokensPerStep.value, '18446744073709551615');
});

test('a value just above 2^53 keeps its last digit', () => {
  assert.equal(evaluate('4294967295', '2097153', '1', '1').effectiveBatch.value, '9007203547611135');
});

test('tokens overflow is reported while the batch stays valid', () => {
  const report = evaluate('2147483648', '2147483648', '2', '2');
  assert.deepEqual(report.effectiveBatch, { status: 'ok', value: '9223372036854775808' });
  assert.deepEqual(report.tokensPerStep, { status: 'overflow', value: '' });
});

test('a batch of 2^64 overflows both results', () => {
  const report = evaluate('2147483648', '2147483648', '4', '1');
  assert.equal(report.effectiveBatch.status, 'overflow');
  assert.equal(report.tokensPerStep.status, 'overflow');
});

test('every error kind crosses the boundary as data', () => {
  const cases = {
    '': 'empty', 'abc': 'not-a-number', '0': 'zero', '-8': 'negative', '8,5': 'fractional',
    '4294967296': 'above-maximum', '40.96': 'malformed-grouping',
  };
  for (const [text, status] of Object.entries(cases)) {
    const report = evaluate(text, '64', '4', '4096');
    assert.deepEqual(report.microBatch, { status, value: '' }, `text ${JSON.stringify(text)}`);
    assert.deepEqual(report.effectiveBatch, { status: 'none', value: '' });
  }
});

test('non-ASCII and invisible characters are rejected through UTF-8', () => {
  for (const text of ['８', '٨', '8\u200b', '\u202e8', '8\u0000', 'NaN', 'Infinity', '1e3', '0x10', '+8']) {
    assert.equal(evaluate(text, '1', '1', '1').microBatch.status, 'not-a-number', JSON.stringify(text));
  }
});

test('a 100000-character paste is judged quickly and without throwing', () => {
  const started = performance.now();
  const report = evaluate('9'.repeat(100000), '<script>'.repeat(12500), '1', '1');
  assert.equal(report.microBatch.status, 'above-maximum');
  assert.equal(report.dataParallel.status, 'not-a-number');
  assert.ok(performance.now() - started < 1000);
});
