// Reading fields from the URL and writing them back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textsFromSearch, urlWithFields } from '../../web/share-url.js';

const ok = (value) => ({ status: 'ok', value });

test('the four parameters map to the four fields', () => {
  assert.deepEqual(textsFromSearch('?micro=8&dp=64&accum=4&seq=4096'),
    { microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096' });
});

test('missing parameters are left out so the defaults stay', () => {
  assert.deepEqual(textsFromSearch('?dp=128'), { dataParallel: '128' });
});

test('the first of repeated parameters wins and unknown ones are ignored', () => {
  assert.deepEqual(textsFromSearch('?micro=2&micro=3&evil=1'), { microBatch: '2' });
});

test('valid fields are written as plain digits, other parameters kept', () => {
  const evaluation = { fields: { microBatch: ok('8'), dataParallel: ok('64'), accumulationSteps: ok('4'), sequenceLength: ok('4096') } };
  const texts = { microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4.096' };
  assert.equal(urlWithFields('https://example.org/?utm=x#faq', evaluation, texts),
    'https://example.org/?utm=x&micro=8&dp=64&accum=4&seq=4096#faq');
});

test('invalid text is carried as typed, trimmed and capped', () => {
  const bad = { status: 'not-a-number', value: '' };
  const evaluation = { fields: { microBatch: bad, dataParallel: ok('64'), accumulationSteps: ok('4'), sequenceLength: bad } };
  const texts = { microBatch: ' a&b ', dataParallel: '64', accumulationSteps: '4', sequenceLength: 'x'.repeat(5000) };
  const url = new URL(urlWithFields('https://example.org/', evaluation, texts));
  assert.equal(url.searchParams.get('micro'), 'a&b');
  assert.equal(url.searchParams.get('seq').length, 100);
});
