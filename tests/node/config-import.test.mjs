// Pasted configs read back: exports round-trip through import for DeepSpeed,
// Megatron-LM and Hugging Face; contradictions are explained with their
// numbers; hostile pastes are refused without being echoed.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { presentExport } from '../../web/src/calculators/config-export/present.js';
import { MAX_IMPORT_LENGTH, readConfig } from '../../web/src/calculators/config-import/read.js';
import plannerEn from '../../web/src/i18n/planner.en.js';
import en from '../../web/src/i18n/en.js';
import { presentPlanner } from '../../web/src/calculators/planner/present.js';
import { PLANNER } from '../../web/src/calculators/planner/schema.js';
import { loadPlanner } from '../support/wasm-core.mjs';

const EMPTY = Object.fromEntries(['target', 'budget', 'dataset', 'warmup', 'throughput', 'referenceBatch', 'learningRate',
  'minLearningRate', 'decay', 'rampStart', 'rampIncrement', 'rampSamples'].map((key) => [key, '']));
const BLOOM = { ...EMPTY, microBatch: '2', dataParallel: '8', accumulationSteps: '128', sequenceLength: '2048',
  worldSize: '384', tensorParallel: '4', pipelineParallel: '12', contextParallel: '1', gpusPerNode: '8',
  rampStart: '192', rampIncrement: '16', rampSamples: '9765625' };
const DATA_PARALLEL = { ...EMPTY, microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096',
  worldSize: '64', tensorParallel: '1', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8' };
const CURRENT = { dataParallel: 64n, worldSize: 64n };

let planner;
let judge;
before(async () => {
  planner = await loadPlanner();
  // As the page judges a pasted number: the core reads that one field alone.
  judge = (key, text) => planner.readField(key, text, 'en');
});

const exportOf = (texts, key) => presentExport(plannerEn.export, planner.evaluate(texts, 'seq', 'en'), {}).targets[key].text;
const read = (text, current = CURRENT) => readConfig(text, judge, current);

test('an exported DeepSpeed config imports back to the same b, a and d', () => {
  assert.deepEqual(read(exportOf(DATA_PARALLEL, 'deepspeed')), {
    format: 'deepspeed', texts: { microBatch: '8', accumulationSteps: '4', dataParallel: '64' }, run: {}, kept: [],
  });
});

test('an exported Megatron-LM line with the whole run imports its run back, in the units Megatron counts them', () => {
  const run = { ...BLOOM, budget: '366B', warmup: String(183105 * 2048), decay: String(200000000 * 2048), learningRate: '6e-5', minLearningRate: '6e-6' };
  const read = readConfig(exportOf(run, 'megatron'), judge, { dataParallel: null, worldSize: null });
  assert.deepEqual(read.run.warmup, { unit: 'samples', text: '183105' });
  assert.deepEqual(read.run.decay, { unit: 'samples', text: '200000000' });
  assert.equal(read.run.budget.unit, 'samples');
  assert.equal(Number(read.run.learningRate.text), 6e-5);
  assert.equal(Number(read.run.minLearningRate.text), 6e-6);
  assert.deepEqual(read.kept, []);
});

test('Hugging Face flags with the whole run import max_steps, warmup_steps and learning_rate', () => {
  const run = { ...DATA_PARALLEL, budget: '1T', warmup: '8B', learningRate: '3e-4' };
  const read = readConfig(exportOf(run, 'hfCli'), judge, { dataParallel: null, worldSize: null });
  assert.deepEqual(read.run.budget, { unit: 'steps', text: '119210' });
  assert.deepEqual(read.run.warmup, { unit: 'steps', text: '954' });
  assert.equal(Number(read.run.learningRate.text), 3e-4);
});

test('a world size left in a shell variable is named as the reason it is missing', () => {
  const line = 'torchrun $DISTRIBUTED_ARGS pretrain_gpt.py $GPT_MODEL_ARGS --micro-batch-size 2 --global-batch-size 2048 --tensor-model-parallel-size 4';
  assert.deepEqual(readConfig(line, judge, { dataParallel: null, worldSize: null }).error,
    { code: 'needsWorldInVariable', variables: '$DISTRIBUTED_ARGS, $GPT_MODEL_ARGS' });
  // Only a variable's name is repeated, never other pasted text.
  const hostile = readConfig('torchrun $X<img> --micro-batch-size 2 --global-batch-size 16', judge, { dataParallel: null, worldSize: null });
  assert.notEqual(hostile.error.variables, '$X<img>');
});

test('an exported Megatron-LM line imports back to the same cluster, batch and ramp-up', () => {
  const { format, texts } = read(exportOf(BLOOM, 'megatron'), { dataParallel: null, worldSize: null });
  assert.equal(format, 'megatron');
  for (const [key, value] of Object.entries(texts)) assert.equal(value, BLOOM[key], key);
  assert.equal(texts.worldSize, '384');
  assert.deepEqual([texts.rampStart, texts.rampIncrement, texts.rampSamples], ['192', '16', '9765625']);
});

test('exported Hugging Face flags import back, with the world from torchrun', () => {
  const { format, texts } = read(exportOf(DATA_PARALLEL, 'hfCli'), { dataParallel: null, worldSize: null });
  assert.equal(format, 'huggingface');
  assert.deepEqual(texts, { microBatch: '8', accumulationSteps: '4', sequenceLength: '4096', dataParallel: '64', worldSize: '64',
    tensorParallel: '1', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8' });
});

test('a DeepSpeed config that contradicts itself names its numbers', () => {
  const { error } = read('{"train_batch_size": 1000, "train_micro_batch_size_per_gpu": 8, "gradient_accumulation_steps": 4}');
  assert.deepEqual(error, { code: 'deepspeedContradiction', train: 1000n, micro: 8n, accumulation: 4n });
});

test('DeepSpeed\'s own floor-then-assert is reproduced for a config of two values', () => {
  // 1000 // 8 // 64 = 1, and 8 × 1 × 64 = 512 ≠ 1000.
  const { error } = read('{"train_batch_size": 1000, "train_micro_batch_size_per_gpu": 8}');
  assert.deepEqual(error, { code: 'deepspeedAssertion', train: 1000n, micro: 8n, accumulation: 1n, dataParallel: 64n });
  assert.deepEqual(read('{"train_batch_size": 2048, "train_micro_batch_size_per_gpu": 8}').texts,
    { microBatch: '8', accumulationSteps: '4', dataParallel: '64' });
});

test('Megatron-LM\'s refusals are reproduced: a world not divisible by TP·PP·CP, a batch not divisible by micro × d', () => {
  assert.equal(read('--micro-batch-size 2 --global-batch-size 2048 --tensor-model-parallel-size 5', { dataParallel: 8n, worldSize: 384n }).error.code, 'megatronWorld');
  assert.deepEqual(read('torchrun --nnodes 2 --nproc_per_node 8 pretrain_gpt.py --micro-batch-size 3 --global-batch-size 100').error,
    { code: 'megatronBatch', global: 100n, micro: 3n, dataParallel: 16n });
});

test('numbers are judged by the core: shorthand and grouping as in the fields, nonsense refused by name', () => {
  assert.equal(read('--micro-batch-size 2^1 --global-batch-size 2,048', { dataParallel: 8n, worldSize: 8n }).texts.accumulationSteps, '128');
  assert.deepEqual(read('{"train_batch_size": "auto", "train_micro_batch_size_per_gpu": 8}').error,
    { code: 'deepspeedAuto', name: 'train_batch_size' });
  assert.equal(read('{"train_batch_size": 2048.5, "gradient_accumulation_steps": 4}').error.code, 'badNumber');
});

test('a repeated flag is refused rather than guessed', () => {
  assert.deepEqual(read('--micro-batch-size 2 --global-batch-size 64 --micro-batch-size 4').error, { code: 'repeatedFlag', name: 'micro-batch-size' });
});

test('hostile pastes: too long is refused unread, deep nesting and markup are refused without echo', () => {
  assert.deepEqual(read('x'.repeat(MAX_IMPORT_LENGTH + 1)).error, { code: 'tooLong', limit: BigInt(MAX_IMPORT_LENGTH) });
  assert.equal(read(`${'['.repeat(5000)}${']'.repeat(5000)}`).error.code, 'unknownFormat');
  // Deeper than Python's own recursion limit (1,000), which DeepSpeed's reader would hit too.
  assert.equal(read(`{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`).error.code, 'badJson');
  assert.equal(read(`{"a":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`).error.code, 'deepspeedNeedsTwo');
  const markup = read('{"train_batch_size": "<img src=x onerror=alert(1)>", "gradient_accumulation_steps": 4}').error;
  assert.deepEqual(markup, { code: 'notANumber', name: 'train_batch_size' });
  // Shell syntax is split into words, never run: substitutions and variables stay text.
  assert.equal(read('--micro-batch-size $(rm -rf /) --global-batch-size 8').error.code, 'badNumber');
  assert.equal(read('{"__proto__": {"train_batch_size": 1}, "train_batch_size": 64, "gradient_accumulation_steps": 1}').texts.microBatch, '1');
});

test('text that is none of the three formats says which it accepts', () => {
  assert.equal(read('hello world').error.code, 'unknownFormat');
  assert.equal(read('   ').error.code, 'empty');
  assert.equal(read('{not json').error.code, 'badJson');
});

// A small fuzzer for the reader: mutated exports and random text, from a fixed
// seed so a failure reproduces. Whatever comes in, the reader returns either
// texts the core accepts or an error with a known code, never throws, and never
// hands back text it was not asked for.
test('fuzzed pastes never throw, and every answer is texts the core accepts or a known error', () => {
  let seed = 20261130;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = (items) => items[Math.floor(random() * items.length)];
  const seeds = [exportOf(DATA_PARALLEL, 'deepspeed'), exportOf(BLOOM, 'megatron'), exportOf(DATA_PARALLEL, 'hfCli'),
    '{"train_batch_size": 64, "gradient_accumulation_steps": 2}', '--micro-batch-size 1 --global-batch-size 8'];
  const pieces = ['{', '}', '"', '\\', '--', '=', ' ', '\n', '\\\n', '#', '$(', '`', ';', '|', '<b>', '0', '9', '-1', '2^64', '1e400', 'NaN',
    '\u0000', '\u202e', 'é', '😀', '"train_batch_size":', '--global-batch-size', '--rampup-batch-size', '--nnodes', '__proto__'];
  const codes = new Set(Object.keys(plannerEn.export.import.errors));
  for (let round = 0; round < 3000; round += 1) {
    let text = pick(seeds);
    for (let edits = Math.floor(random() * 6); edits > 0; edits -= 1) {
      const at = Math.floor(random() * (text.length + 1));
      const cut = random() < 0.4 ? Math.floor(random() * 8) : 0;
      text = text.slice(0, at) + (random() < 0.8 ? pick(pieces) : '') + text.slice(at + cut);
    }
    const result = read(text, random() < 0.5 ? CURRENT : { dataParallel: null, worldSize: null });
    if (result.error) {
      assert.ok(codes.has(result.error.code), `unknown code ${result.error.code} for ${JSON.stringify(text)}`);
      continue;
    }
    for (const [key, value] of Object.entries(result.texts)) {
      assert.equal(judge(key, value).status, 'ok', `${key}=${value} from ${JSON.stringify(text)}`);
    }
  }
});

// --- Issue 16, items 20 to 22 ---------------------------------------------------

test('a nested or duplicated train_batch_size is never read in place of the top-level one', () => {
  // DeepSpeed reads only top-level members, and refuses duplicate keys at any depth
  // (deepspeed/runtime/config.py: object_pairs_hook=dict_raise_error_on_duplicate_keys).
  const nested = read('{"zero_optimization": {"train_batch_size": 512}, "train_batch_size": 1e20, "train_micro_batch_size_per_gpu": 8}');
  assert.deepEqual(nested.error, { code: 'badNumber', name: 'train_batch_size', status: 'not_a_number' });
  assert.deepEqual(read('{"train_batch_size": 512, "train_batch_size": 1024, "train_micro_batch_size_per_gpu": 8}').error,
    { code: 'duplicateKey', name: 'train_batch_size' });
  assert.deepEqual(read('{"zero_optimization": {"stage": 1, "stage": 2}, "train_batch_size": 2048, "train_micro_batch_size_per_gpu": 8}').error,
    { code: 'duplicateKey' });
  assert.deepEqual(read('{"zero_optimization": {"train_batch_size": 512}, "train_micro_batch_size_per_gpu": 8}').error, { code: 'deepspeedNeedsTwo' });
});

test('DeepSpeed\'s hjson comments are accepted; arrays, strings and "auto" are refused by name', () => {
  const commented = '// batch\n{ # 2,048 sequences\n  "train_batch_size": 2048, /* per GPU */ "train_micro_batch_size_per_gpu": 8\n}';
  assert.deepEqual(read(commented).texts, { microBatch: '8', accumulationSteps: '4', dataParallel: '64' });
  assert.deepEqual(read('{"train_batch_size": [512], "train_micro_batch_size_per_gpu": 8}').error, { code: 'notANumber', name: 'train_batch_size' });
  assert.deepEqual(read('{"train_batch_size": "2^9", "train_micro_batch_size_per_gpu": 8}').error, { code: 'notANumber', name: 'train_batch_size' });
  assert.deepEqual(read('{"train_batch_size": "auto", "train_micro_batch_size_per_gpu": 8}').error, { code: 'deepspeedAuto', name: 'train_batch_size' });
  assert.match(plannerEn.export.import.errors.deepspeedAuto({ name: 'train_batch_size' }), /fills it in from TrainingArguments/);
});

test('a repeated unknown flag is refused without echoing it, however long', () => {
  const name = 'x'.repeat(9000);
  const { error } = read(`--per_device_train_batch_size 8 --${name} 1 --${name} 2`);
  assert.deepEqual(error, { code: 'repeatedUnknownFlag' });
  assert.equal(plannerEn.export.import.errors.repeatedUnknownFlag().includes('xxx'), false);
  assert.deepEqual(read('--micro-batch-size 1 --micro-batch-size 2 --global-batch-size 8').error, { code: 'repeatedFlag', name: 'micro-batch-size' });
});

test('a torchrun launch line gives the world and the GPUs per node', () => {
  const line = 'torchrun --nnodes 48 --nproc_per_node 8 pretrain_gpt.py --micro-batch-size 2 --global-batch-size 2048 '
    + '--tensor-model-parallel-size 4 --pipeline-model-parallel-size 12 --seq-length 2048';
  const { texts } = read(line, { dataParallel: null, worldSize: null });
  assert.equal(texts.worldSize, '384');
  assert.equal(texts.gpusPerNode, '8');
  assert.equal(texts.dataParallel, '8');
  assert.equal(texts.accumulationSteps, '128');
});

test('a core-0.18 Megatron-LM line with --step-batch-size-schedule round-trips: the same schedule comes back out', () => {
  const evaluation = planner.evaluate(BLOOM, 'seq', 'en');
  const schedule = presentPlanner(PLANNER, { kit: en.kit, planner: plannerEn }, evaluation, { texts: BLOOM }).schedule.stepSchedule;
  const line = presentExport(plannerEn.export, evaluation, { stepSchedule: schedule, megatronVersion: 'core-0.18' }).targets.megatron.text;
  assert.doesNotMatch(line, /--global-batch-size/);
  const { format, texts } = read(line, { dataParallel: null, worldSize: null });
  assert.equal(format, 'megatron');
  assert.deepEqual([texts.microBatch, texts.dataParallel, texts.accumulationSteps, texts.rampStart, texts.rampIncrement],
    ['2', '8', '128', '192', '16']);
  const again = { ...BLOOM, ...texts };
  const scheduleAgain = presentPlanner(PLANNER, { kit: en.kit, planner: plannerEn }, planner.evaluate(again, 'seq', 'en'), { texts: again }).schedule.stepSchedule;
  assert.equal(scheduleAgain, schedule);
});

test('a schedule beside --global-batch-size is refused, as Megatron-LM refuses it', () => {
  assert.deepEqual(read('--micro-batch-size 2 --global-batch-size 2048 --step-batch-size-schedule "0:192 1M:2048"').error, { code: 'scheduleAndBatch' });
});
