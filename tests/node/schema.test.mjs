// The schema is the only list of fields in JS: it must agree with what the
// wasm core registers, field by field and result by result, so the two cannot drift.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import { defaultTexts } from '../../web/src/kit/schema.js';
import { checkSchema } from '../../web/src/kit/schema-check.js';
import { loadCore } from '../support/wasm-core.mjs';

let core;
before(async () => { core = await loadCore(); });

test('the schema lists the core\'s fields in the core\'s order, with its limits', () => {
  const described = core.describe(EFFECTIVE_BATCH).fields;
  assert.deepEqual(EFFECTIVE_BATCH.fields.map(({ key, minimum, maximum }) => ({ key, minimum, maximum })), described);
});

test('the schema lists the core\'s results', () => {
  assert.deepEqual(EFFECTIVE_BATCH.results.map(({ key }) => key), core.describe(EFFECTIVE_BATCH).results);
});

test('each result depends on exactly the fields the schema says', () => {
  const valid = defaultTexts(EFFECTIVE_BATCH);
  for (const field of EFFECTIVE_BATCH.fields) {
    const { results } = core.evaluate(EFFECTIVE_BATCH, { ...valid, [field.key]: 'x' }, 'en');
    for (const result of EFFECTIVE_BATCH.results) {
      const expected = result.dependsOn.includes(field.key) ? 'unavailable' : 'ok';
      assert.equal(results[result.key].status, expected, `${result.key} with ${field.key} invalid`);
    }
  }
});

test('the defaults are the seed example and valid in the core', () => {
  const { fields, results } = core.evaluate(EFFECTIVE_BATCH, defaultTexts(EFFECTIVE_BATCH), 'pt_BR');
  assert.ok(Object.values(fields).every(({ status }) => status === 'ok'));
  assert.equal(results.effectiveBatch.value, '2048');
  assert.equal(results.tokensPerStep.value, '8388608');
});

test('every calculator schema passes the checks the build runs', async () => {
  const { GRAD_MEMORY } = await import('../../web/src/calculators/grad-memory/schema.js');
  const { DP_SCALING } = await import('../../web/src/calculators/dp-scaling/schema.js');
  for (const schema of [EFFECTIVE_BATCH, GRAD_MEMORY, DP_SCALING]) assert.equal(checkSchema(schema), schema);
});

test('a schema with a duplicate URL key is refused', () => {
  const broken = {
    ...EFFECTIVE_BATCH,
    fields: EFFECTIVE_BATCH.fields.map((field, index) => (index === 1 ? { ...field, param: 'micro' } : field)),
  };
  assert.throws(() => checkSchema(broken), /duplicate URL key/);
});

test('the schema is frozen', () => {
  assert.ok(Object.isFrozen(EFFECTIVE_BATCH.fields[0]));
});
