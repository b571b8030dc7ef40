// The schema is the only list of fields in JS: it must agree with what the
// wasm core registers, field by field and result by result, so the two cannot drift.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import { coreFacts, coreFields, defaultTexts } from '../../web/src/kit/schema.js';
import { checkDefaults, checkSchema } from '../../web/src/kit/schema-check.js';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { loadCalculatorCore, loadCore } from '../support/wasm-core.mjs';

let core;
before(async () => { core = await loadCore(); });

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

// --- Every calculator of the registry -----------------------------------------

const REGISTERED = await Promise.all(CALCULATORS.map(async (entry) => ({ entry, calculator: (await entry.load()).default })));

for (const { entry, calculator } of REGISTERED) {
  const { schema } = calculator;

  test(`${entry.name}: the schema passes the checks the build runs, its defaults read by its core in both syntaxes`, async () => {
    assert.equal(checkSchema(schema), schema);
    const core = await loadCalculatorCore(entry.name);
    assert.equal(checkDefaults(schema, (texts, syntax) => core.evaluate(schema, texts, syntax).fields), schema);
  });

  test(`${entry.name}: the schema's fields are what the running core declares, in its order, and its results`, async () => {
    // core-fields.js is written by the build: a core changed since, or a field out of order, reads differently here.
    const core = await loadCalculatorCore(entry.name);
    assert.deepEqual(coreFields(schema).map(coreFacts), core.describe(schema).fields.map(coreFacts));
    assert.deepEqual(schema.results.map(({ key }) => key), core.describe(schema).results);
  });

  test(`${entry.name}: each result depends on exactly the fields the schema says`, async () => {
    // With every field valid, one field made invalid at a time: a result that
    // depends on it is unavailable, and one that does not keeps its status.
    const core = await loadCalculatorCore(entry.name);
    const valid = defaultTexts(schema);
    const baseline = core.evaluate(schema, valid, 'en').results;
    for (const field of schema.fields) {
      const { results } = core.evaluate(schema, { ...valid, [field.key]: 'x' }, 'en');
      for (const result of schema.results) {
        // Of two either-of fields (oneOf), a filled one stands in for the other,
        // and what only the empty one needs (oneOfNeeds) is not needed then.
        const filled = result.oneOf?.find((key) => valid[key] !== '');
        const standIn = Boolean(filled) && (
          (result.oneOf.includes(field.key) && field.key !== filled)
          || Object.entries(result.oneOfNeeds ?? {}).some(([alternative, needs]) => alternative !== filled && needs.includes(field.key)));
        const expected = result.dependsOn.includes(field.key) && !standIn ? 'unavailable' : baseline[result.key].status;
        assert.equal(results[result.key].status, expected, `${result.key} with ${field.key} invalid`);
      }
    }
  });

  test(`${entry.name}: its page paths are distinct in each language and end with a slash`, () => {
    for (const path of Object.values(entry.paths)) assert.ok(path === '' || path.endsWith('/'), path);
  });
}

test('no two calculators share a name, a page path or a wasm module', () => {
  for (const key of ['name', 'wasm']) {
    const values = CALCULATORS.map((entry) => entry[key]);
    assert.equal(new Set(values).size, values.length, key);
  }
  const paths = CALCULATORS.flatMap((entry) => Object.values(entry.paths));
  assert.equal(new Set(paths).size, paths.length);
});

test('the registry and the C++ files name the same calculators: each has its core, tests, bindings and folder, and each bindings file is a calculator\'s', () => {
  // cpp/wasm/CMakeLists.txt builds a module from every NAME_bindings.cpp and the core from every .cpp: the registry is
  // the one list written by hand, and this holds the files to it.
  const root = new URL('../../', import.meta.url);
  const exists = (path) => existsSync(new URL(path, root));
  for (const { name, wasm } of CALCULATORS) {
    for (const path of [`cpp/core/${wasm}.hpp`, `cpp/core/${wasm}.cpp`, `cpp/wasm/${wasm}_bindings.cpp`, `tests/core/${wasm}_tests.cpp`,
      `web/src/calculators/${name}/calculator.js`, `build/wasm/cpp/wasm/${wasm}.wasm`]) assert.ok(exists(path), path);
  }
  // The planner is the home page's second module, the model reader the pickers' own.
  const modules = readdirSync(new URL('cpp/wasm/', root)).filter((file) => file.endsWith('_bindings.cpp')).map((file) => file.replace(/_bindings\.cpp$/, ''));
  assert.deepEqual(modules.sort(), [...CALCULATORS.map(({ wasm }) => wasm), 'planner', 'model_config'].sort());
});

test('a schema with a duplicate URL key is refused', () => {
  const broken = {
    ...EFFECTIVE_BATCH,
    fields: EFFECTIVE_BATCH.fields.map((field, index) => (index === 1 ? { ...field, param: 'micro' } : field)),
  };
  assert.throws(() => checkSchema(broken), /duplicate URL key/);
});

test('a default the core refuses in either syntax stops the build, named with what the core read', async () => {
  const core = await loadCore();
  const fieldsOf = (texts, syntax) => core.evaluate(EFFECTIVE_BATCH, texts, syntax).fields;
  const withDefault = (text) => ({ ...EFFECTIVE_BATCH, fields: EFFECTIVE_BATCH.fields.map((field, index) => (index === 0 ? { ...field, default: text } : field)) });
  // "4k" is 4,000 or 4,096 for a count of sequences: refused as ambiguous. "1.024" is 1,024 in pt-BR only.
  assert.throws(() => checkDefaults(withDefault('4k'), fieldsOf), /microBatch: the core reads its default "4k" as ambiguous_suffix \(en\)/);
  assert.throws(() => checkDefaults(withDefault('1.024'), fieldsOf), /microBatch: the core reads its default "1.024" as fractional \(en\)/);
  assert.throws(() => checkDefaults(withDefault('0'), fieldsOf), /microBatch: the core reads its default "0" as below_minimum \(en\)/);
  // A decimal read both ways but as two numbers: "1.024" is 1.024 in English and 1,024 in Portuguese.
  const training = CALCULATORS.find(({ name }) => name === 'training-compute');
  const { schema } = (await training.load()).default;
  const compute = await loadCalculatorCore('training-compute');
  const withPeak = { ...schema, fields: schema.fields.map((field) => (field.key === 'peakTflops' ? { ...field, default: '1.024' } : field)) };
  assert.throws(() => checkDefaults(withPeak, (texts, syntax) => compute.evaluate(schema, texts, syntax).fields), /peakTflops: its default "1.024" reads as 1.024 or 1024, by the number syntax/);
});

test('the schema is frozen', () => {
  assert.ok(Object.isFrozen(EFFECTIVE_BATCH.fields[0]));
});

test('the model shape\'s fields on the web side are the core\'s, in its order (models/shape-fields.js against models.wasm)', async () => {
  const { SHAPE_PARAMS } = await import('../../web/src/models/shape-fields.js');
  const { default: shapeCore } = await import('../../web/src/models/core-fields.js');
  assert.deepEqual(SHAPE_PARAMS.map(({ key }) => key), shapeCore.fields.map(({ key }) => key));
});
