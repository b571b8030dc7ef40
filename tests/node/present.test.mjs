// What a calculator shows, in both languages: figures in the locale's grouping,
// approximations, partial results, and a status line that names the fields.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import { approximateCount, groupDigits } from '../../web/src/kit/number-format.js';
import { presentEvaluation } from '../../web/src/kit/present.js';
import { defaultTexts } from '../../web/src/kit/schema.js';
import { loadCore } from '../support/wasm-core.mjs';

let core;
before(async () => { core = await loadCore(); });

const show = (catalog, texts, options) => presentEvaluation(EFFECTIVE_BATCH, catalog,
  core.evaluate(EFFECTIVE_BATCH, { ...defaultTexts(EFFECTIVE_BATCH), ...texts }, catalog.numberSyntax), options);
const approximate = (catalog, decimal) => {
  const { amount, scale, singular } = approximateCount(decimal, core.marks(catalog.numberSyntax), catalog.kit.scaleCount);
  return catalog.kit.approximateTokens(amount, scale, singular);
};
const format = (catalog, decimal) => groupDigits(decimal, core.marks(catalog.numberSyntax));

test('exact figures use each language\'s grouping, from the core\'s marks', () => {
  assert.equal(format(ptBR, '8388608'), '8.388.608');
  assert.equal(format(en, '8388608'), '8,388,608');
  assert.equal(format(en, '999'), '999');
  assert.equal(format(en, '1000'), '1,000');
});

test('exact figures keep every digit above 2^53', () => {
  assert.equal(format(ptBR, '18446744073709551615'), '18.446.744.073.709.551.615');
  assert.equal(format(en, '9007203547611135'), '9,007,203,547,611,135');
});

test('the page writes numbers as Intl does in its locale', () => {
  for (const catalog of [ptBR, en]) {
    for (const value of [1n, 12n, 999n, 1000n, 4096n, 65536n, 1234567n, 18446744073709551615n]) {
      assert.equal(format(catalog, String(value)), new Intl.NumberFormat(catalog.locale).format(value), `${catalog.locale} ${value}`);
    }
  }
});

test('lists of fields read naturally in both languages', () => {
  assert.equal(ptBR.kit.listOf(['a']), 'a');
  assert.equal(ptBR.kit.listOf(['a', 'b', 'c']), 'a, b e c');
  assert.equal(en.kit.listOf(['a', 'b']), 'a and b');
});

test('the seed example reads as about 8,4 milhões / 8.4 million tokens', () => {
  assert.equal(show(ptBR, {}).results.tokensPerStep.note, '≈ 8,4 milhões de tokens');
  assert.equal(show(en, {}).results.tokensPerStep.note, '≈ 8.4 million tokens');
});

test('thousands read without "de" in pt-BR', () => {
  assert.equal(approximate(ptBR, '2048'), '≈ 2 mil tokens');
  assert.equal(approximate(en, '2048'), '≈ 2 thousand tokens');
});

test('below one thousand there is no approximation', () => {
  assert.equal(approximateCount('999', core.marks('en'), 7), null);
});

test('pt-BR takes the singular under two', () => {
  assert.equal(approximate(ptBR, '1000000'), '≈ 1 milhão de tokens');
  assert.equal(approximate(ptBR, '1234567890'), '≈ 1,2 bilhão de tokens');
});

test('rounding up to the next scale moves to that scale', () => {
  assert.equal(approximate(ptBR, '999960'), '≈ 1 milhão de tokens');
  assert.equal(approximate(en, '999960'), '≈ 1 million tokens');
});

test('the largest values read in quintillions', () => {
  assert.equal(approximate(ptBR, '18446744073709551615'), '≈ 18,4 quintilhões de tokens');
  assert.equal(approximate(en, '18446744073709551615'), '≈ 18.4 quintillion tokens');
});

test('an invalid sequence length still shows the batch and names the field', () => {
  const shown = show(en, { sequenceLength: 'abc' });
  assert.equal(shown.results.effectiveBatch.text, '2,048');
  assert.equal(shown.results.tokensPerStep.text, '—');
  assert.equal(shown.status, 'To see every result, check this field: Sequence length.');
});

test('empty fields are asked to be filled in, in the schema\'s order', () => {
  assert.equal(show(ptBR, { accumulationSteps: '', microBatch: '' }).status,
    'Para ver os resultados, preencha os campos: Microlote por dispositivo e Passos de acumulação.');
});

test('an unfinished grouped number is no error while typing, and is one once the field is left', () => {
  const typing = show(ptBR, { sequenceLength: '2.04' }, { typing: true });
  assert.deepEqual(typing.fields.sequenceLength, { error: '', invalid: false });
  assert.equal(typing.status, '');
  assert.equal(typing.results.tokensPerStep.value, '');
  const left = show(ptBR, { sequenceLength: '2.04' });
  assert.equal(left.fields.sequenceLength.invalid, true);
  assert.match(left.fields.sequenceLength.error, /4\.096/);
});

test('limits in messages are written in the page\'s language', () => {
  assert.equal(show(en, { microBatch: '4294967296' }).fields.microBatch.error, 'The largest accepted value is 4,294,967,295.');
  assert.equal(show(ptBR, { microBatch: '0' }).fields.microBatch.error, 'O valor precisa ser pelo menos 1.');
  assert.match(show(en, { microBatch: '1'.repeat(70) }).fields.microBatch.error, /at most 64 characters/);
});

test('an overflow says so and adds the note', () => {
  const shown = show(en, { microBatch: '2147483648', dataParallel: '2147483648', accumulationSteps: '2', sequenceLength: '2' });
  assert.equal(shown.results.tokensPerStep.text, 'Too large to represent');
  assert.match(shown.overflowNote, /18,446,744,073,709,551,615/);
});

test('twenty-digit figures are marked long', () => {
  assert.equal(show(en, { microBatch: '4294967295', dataParallel: '4294967295', sequenceLength: '1', accumulationSteps: '1' })
    .results.effectiveBatch.long, true);
});

test('each figure shows where it comes from, and a power of two says so', () => {
  const shown = show(ptBR, {});
  assert.equal(shown.results.effectiveBatch.breakdown, '8 × 64 × 4 = 2.048 = 2¹¹');
  assert.equal(shown.results.tokensPerStep.breakdown, '2.048 × 4.096 = 8.388.608 = 2²³');
  assert.equal(show(en, { microBatch: '3' }).results.effectiveBatch.breakdown, '3 × 64 × 4 = 768');
});

test('no breakdown without its figure', () => {
  const shown = show(en, { sequenceLength: 'x' });
  assert.equal(shown.results.tokensPerStep.breakdown, '');
  assert.equal(shown.results.effectiveBatch.breakdown, '8 × 64 × 4 = 2,048 = 2¹¹');
});

test('powers of two are named with superscript exponents, other numbers are not', async () => {
  const { powerOfTwo } = await import('../../web/src/kit/number-format.js');
  assert.equal(powerOfTwo('16777216'), '2²⁴');
  assert.equal(powerOfTwo('9223372036854775808'), '2⁶³');
  assert.equal(powerOfTwo('1'), null);
  assert.equal(powerOfTwo('768'), null);
});

test('an estimate from 10^15 up is shown to four significant digits, never with a double\'s noise digits grouped as exact', async () => {
  // Issue 28, item 19. 123456789012345678 is held as the double 123456789012345680: its last digits are noise.
  const { readableDecimal } = await import('../../web/src/kit/number-format.js');
  assert.equal(readableDecimal(123456789012345678, { group: ',', decimal: '.' }), '1.235 × 10¹⁷');
  assert.equal(readableDecimal(123456789012345678, { group: '.', decimal: ',' }), '1,235 × 10¹⁷');
  assert.equal(readableDecimal(999999999999999, { group: ',', decimal: '.' }), '999,999,999,999,999');
  assert.equal(readableDecimal(2.5e21, { group: ',', decimal: '.' }), '2.500 × 10²¹');
});

test('a negative decimal keeps its sign before the digits, in data-value and on screen', async () => {
  // Issue 52, item 2: the batch-size page's shift of 2,240 / 2,252 - 1 = -0.5329% read "0.-5329".
  const { plainDecimal, readableDecimal } = await import('../../web/src/kit/number-format.js');
  const shift = (2240 / 2252 - 1) * 100;
  assert.equal(plainDecimal(shift, 12), '-0.532859680284');
  assert.equal(readableDecimal(shift, { group: ',', decimal: '.' }), '−0.5329');
  assert.equal(readableDecimal(shift, { group: '.', decimal: ',' }), '−0,5329');
  assert.equal(readableDecimal(-1234567.8, { group: '.', decimal: ',' }), '−1.234.568');
  assert.equal(plainDecimal(-2.5e-7, 4), '-0.00000025');
});
