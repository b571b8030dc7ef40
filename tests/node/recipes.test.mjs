// The published recipes: each one's published numbers equal those quoted here
// from its source (file and commit, or paper and table), its derived numbers
// make the published ones hold, and the core accepts its link as it stands.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { RECIPES, recipeQuery } from '../../web/src/calculators/recipes/recipes.js';
import { PLANNER } from '../../web/src/calculators/planner/schema.js';
import { textsFromSearch } from '../../web/src/kit/url-state.js';
import { EFFECTIVE_BATCH } from '../../web/src/calculators/effective-batch/schema.js';
import { loadPlanner } from '../support/wasm-core.mjs';

// What each source states, as quoted from it.
const SOURCES = {
  // tr11-176B-ml.slurm at 1698fa0: #SBATCH --nodes=48, GPUS_PER_NODE=8, TP_SIZE=4, PP_SIZE=12, MICRO_BATCH_SIZE=2,
  // GLOBAL_BATCH_SIZE=2048, SEQ_LEN=2048, --rampup-batch-size 192 16 9_765_625, TRAIN_SAMPLES=220_000_000,
  // LR_WARMUP_SAMPLES=183_105 (the planner takes tokens: samples x SEQ_LEN).
  'bloom-176b': {
    micro: '2', seq: '2048', world: String(48 * 8), tp: '4', pp: '12', gpn: '8', target: '2048', ramp: '192,16,9765625',
    budget: String(220_000_000 * 2048), warmup: String(183_105 * 2048),
  },
  // train_gpt3_175b_distributed.sh at 157006d: --micro-batch-size 1, --global-batch-size 1536, --seq-length 2048,
  // --rampup-batch-size 16 16 5859375, --tensor-model-parallel-size 8, --pipeline-model-parallel-size 16, GPUS_PER_NODE=8.
  'gpt-3-175b': { micro: '1', seq: '2048', tp: '8', pp: '16', gpn: '8', target: '1536', ramp: '16,16,5859375' },
  // Llama 2 Table 1: 4M tokens per batch (2^22 = 1,024 sequences of 4,096), context 4k.
  'llama-2': { seq: '4096', target: String(2 ** 22 / 4096) },
  // Llama 3 Table 4, second row: 16,384 GPUs, TP 8, CP 1, PP 16, DP 128, 8,192 tokens, batch size/DP 16.
  'llama-3-405b': { world: '16384', tp: '8', cp: '1', pp: '16', dp: '128', seq: '8192', target: String(16 * 128) },
  // OLMo2-7B-stage1.yaml: global_train_batch_size 1024, device_train_microbatch_size 2, max_sequence_length 4096.
  'olmo-2-7b': { target: '1024', micro: '2', seq: '4096' },
  // OLMo2-13B-stage1.yaml: global_train_batch_size 2048, device_train_microbatch_size 2, max_sequence_length 4096.
  'olmo-2-13b': { target: '2048', micro: '2', seq: '4096' },
  // pythia-12b.yml: "trained on 256 gpus", model-parallel-size 4, pipe-parallel-size 1,
  // train_micro_batch_size_per_gpu 8, gradient_accumulation_steps 2, seq-length 2048.
  'pythia-12b': { world: '256', tp: '4', pp: '1', micro: '8', accum: '2', seq: '2048' },
  // falcon-40b card: 384 A100 40GB, TP=8, PP=4, DP=12; batch size 1152 (100B tokens ramp-up); sequence length 2048.
  'falcon-40b': { world: '384', tp: '8', pp: '4', dp: '12', target: '1152', seq: '2048' },
  // DeepSeek-V3 report: 2,048 H800 (8 per node), 16-way PP, no TP; batch 15,360 after the ramp; maximum sequence length 4K.
  'deepseek-v3': { world: '2048', gpn: '8', pp: '16', tp: '1', target: '15360', seq: '4096' },
  // mpt-7b.yaml: global_train_batch_size 1024, device_train_microbatch_size 8, max_seq_len 2048.
  'mpt-7b': { target: '1024', micro: '8', seq: '2048' },
};

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
  test(`${recipe.slug}: the published numbers are the source's, and every published key is one the source states`, () => {
    const quoted = SOURCES[recipe.slug];
    for (const [key, value] of Object.entries(quoted)) assert.equal(recipe.values[key], value, `${recipe.slug}.${key}`);
    for (const key of recipe.published) assert.ok(key in quoted, `${recipe.slug}: ${key} is marked published but not quoted`);
  });

  test(`${recipe.slug}: the derived numbers make the published ones hold, and the core accepts the link`, () => {
    const search = `?${recipeQuery(recipe)}`;
    const texts = { ...textsFromSearch(EFFECTIVE_BATCH, search), ...textsFromSearch(PLANNER, search) };
    const evaluation = planner.evaluate(texts, 'seq', 'en');
    for (const [key, field] of Object.entries(evaluation.fields)) {
      if (texts[key] !== undefined && texts[key] !== '') assert.equal(field.status, 'ok', `${recipe.slug}.${key}`);
    }
    const { micro, dp, accum, world, tp, pp, cp, target } = recipe.values;
    assert.equal(BigInt(micro) * BigInt(dp) * BigInt(accum), BigInt(target), 'b·d·a = B');
    assert.equal(BigInt(dp) * BigInt(tp) * BigInt(pp) * BigInt(cp), BigInt(world), 'd·TP·PP·CP = GPUs');
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
