// pt-BR presentation of exact results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatExact, approximateTokens } from '../../web/present.js';

test('exact figures use pt-BR grouping', () => {
  assert.equal(formatExact('2048'), '2.048');
  assert.equal(formatExact('8388608'), '8.388.608');
});

test('exact figures keep every digit above 2^53', () => {
  assert.equal(formatExact('18446744073709551615'), '18.446.744.073.709.551.615');
  assert.equal(formatExact('9007203547611135'), '9.007.203.547.611.135');
});

test('the seed example reads as about 8,4 milhões de tokens', () => {
  assert.equal(approximateTokens('8388608'), '≈ 8,4 milhões de tokens');
});

test('thousands read without "de"', () => {
  assert.equal(approximateTokens('2048'), '≈ 2 mil tokens');
});

test('below one thousand there is no approximation', () => {
  assert.equal(approximateTokens('999'), '');
});

test('values under two take the singular', () => {
  assert.equal(approximateTokens('1000000'), '≈ 1 milhão de tokens');
  assert.equal(approximateTokens('1234567890'), '≈ 1,2 bilhão de tokens');
});

test('rounding up to the next scale moves to that scale', () => {
  assert.equal(approximateTokens('999960'), '≈ 1 milhão de tokens');
});

test('the largest values read in quintilhões', () => {
  assert.equal(approximateTokens('18446744073709551615'), '≈ 18,4 quintilhões de tokens');
});
