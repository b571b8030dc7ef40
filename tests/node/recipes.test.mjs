// The published recipes: each one's published numbers equal those quoted here
// from its source (file and commit, or paper and table), its derived numbers
// make the published ones hold, and the core accepts its link as it stands.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { RECIPES, recipeQuery } from '../../web/src/planner/recipes/recipes.js';
import { PLANNER } from '../../web/src/planner/schema.js';
import { textsFromSearch } from '../../web/src/kit/url-state.js';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import { loadPlanner } from '../support/wasm-core.mjs';

// The number a quote states: digits with "_" or "," between thousands, or a power "2^22".
function quotedNumbers(quote) {
  return [...quote.matchAll(/(\d+(?:[_,]\d{3})*)(?:\^(\d+))?/g)].map(([, digits, power]) => {
    const value = BigInt(digits.replace(/[_,]/g, ''));
    return power === undefined ? value : value ** BigInt(power);
  });
}

// A value from its quotes: the product of their first numbers, a quote starting with "÷" dividing.
function valueOfQuotes(quotes) {
  let value = 1n;
  for (const quote of quotes) {
    const [number] = quotedNumbers(quote);
    assert.ok(number !== undefined, `no number in the quote ${quote}`);
    if (quote.startsWith('÷')) {
      assert.equal(value % number, 0n, `${quotes.join(' ')} is not whole`);
      value /= number;
    } else {
      value *= number;
    }
  }
  return value;
}

let planner;
before(async () => { planner = await loadPlanner(); });

test('the list has the runs the issue names, each once', () => {
  const slugs = RECIPES.map((recipe) => recipe.slug);
  assert.equal(new Set(slugs).size, slugs.length);
  assert.ok(slugs.length >= 10);
  for (const slug of ['bloom-176b', 'gpt-3-175b', 'llama-2', 'llama-3-405b', 'olmo-2-7b', 'pythia-12b', 'falcon-40b', 'deepseek-v3', 'mpt-7b']) {
    assert.ok(slugs.includes(slug), slug);
  }
});

for (const recipe of RECIPES) {
  test(`${recipe.slug}: each published value is what its quotes from the source say`, () => {
    assert.ok(recipe.published.length > 0);
    for (const [key, quotes] of Object.entries(recipe.quotes)) {
      if (key === 'ramp') {
        assert.equal(quotes.length, 1);
        assert.equal(recipe.values.ramp, quotedNumbers(quotes[0]).join(','), `${recipe.slug}.ramp`);
      } else if (key === 'decaystyle') {
        // A word the source writes as the flag's value: --lr-decay-style cosine.
        assert.equal(quotes.length, 1);
        assert.equal(quotes[0], `--lr-decay-style ${recipe.values.decaystyle}`, `${recipe.slug}.decaystyle`);
      } else if (key === 'lr' || key === 'minlr') {
        // A rate is quoted as the float literal the source writes.
        assert.equal(quotes.length, 1);
        assert.equal(Number(recipe.values[key]), Number(/\d+(?:\.\d+)?e-\d+/.exec(quotes[0])[0]), `${recipe.slug}.${key}`);
      } else {
        assert.equal(recipe.values[key], String(valueOfQuotes(quotes)), `${recipe.slug}.${key}`);
      }
    }
  });

  test(`${recipe.slug}: the derived numbers make the published ones hold, and the core accepts the link`, () => {
    const search = `?${recipeQuery(recipe)}`;
    const texts = { ...textsFromSearch(EFFECTIVE_BATCH, search), ...textsFromSearch(PLANNER, search) };
    const evaluation = planner.evaluate(texts, 'seq', 'en');
    for (const [key, field] of Object.entries(evaluation.fields)) {
      if (texts[key] !== undefined && texts[key] !== '') assert.equal(field.status, 'ok', `${recipe.slug}.${key}`);
    }
    const { micro, dp, accum, gpus, tp, pp, cp, target } = recipe.values;
    assert.equal(BigInt(micro) * BigInt(dp) * BigInt(accum), BigInt(target), 'b·d·a = B');
    assert.equal(BigInt(dp) * BigInt(tp) * BigInt(pp) * BigInt(cp), BigInt(gpus), 'd·TP·PP·CP = GPUs');
    assert.equal(evaluation.cluster.reason, 'none');
    assert.equal(evaluation.cluster.dataParallel, dp);
    assert.equal(evaluation.solve.accumulationSteps, accum);
    if (recipe.values.ramp) assert.equal(evaluation.ramp.reason, 'none');
  });
}

test('BLOOM\'s warmup runs through its ramp: 910 steps, not the 90 of the full batch', () => {
  // Issue 16, item 12. The steps until 183,105 samples are consumed, Megatron's ramp written again here:
  // batch = 192 + 16 * floor(consumed / (9,765,625 / 116)) while the ramp lasts.
  const recipe = RECIPES.find((entry) => entry.slug === 'bloom-176b');
  const search = `?${recipeQuery(recipe)}`;
  const texts = { ...textsFromSearch(EFFECTIVE_BATCH, search), ...textsFromSearch(PLANNER, search) };
  const { budget } = planner.evaluate(texts, 'seq', 'en');
  let consumed = 0;
  let steps = 0;
  while (consumed < 183_105) {
    consumed += 192 + 16 * Math.floor(consumed / (9_765_625 / 116));
    steps += 1;
  }
  assert.equal(budget.warmupWithRamp, String(steps));
  assert.equal(steps, 910);
  assert.equal(budget.warmup.steps, '90');
});

test('GPT-3 175B carries the ramp of Megatron-LM\'s own example', () => {
  // Issue 16, item 13.
  assert.equal(RECIPES.find((entry) => entry.slug === 'gpt-3-175b').values.ramp, '16,16,5859375');
});
