// Pasted configs read back: exports round-trip through import for DeepSpeed,
// Megatron-LM and Hugging Face; contradictions are explained with their
// numbers; hostile pastes are refused without being echoed.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { presentExport } from '../../web/src/planner/export/present.js';
import { MAX_IMPORT_LENGTH, readConfig } from '../../web/src/planner/import/read.js';
import { batchRules } from '../../web/src/planner/core-adapter.js';
import { localDecimal, plainFromNeutral } from '../../web/src/kit/number-format.js';
import plannerEn from '../../web/src/planner/words.en.js';
import en from '../../web/src/i18n/en.js';
import { presentPlanner } from '../../web/src/planner/present.js';
import { PLANNER } from '../../web/src/planner/schema.js';
import { loadPlanner } from '../support/wasm-core.mjs';

const EMPTY = Object.fromEntries(['target', 'tokens', 'dataset', 'warmup', 'tokensPerSecond', 'referenceBatch', 'learningRate',
  'minLearningRate', 'decay', 'rampStart', 'rampIncrement', 'rampSamples'].map((key) => [key, '']));
const BLOOM = { ...EMPTY, microBatch: '2', dataParallel: '8', accumulationSteps: '128', sequenceLength: '2048',
  gpus: '384', tensorParallel: '4', pipelineParallel: '12', contextParallel: '1', gpusPerNode: '8',
  rampStart: '192', rampIncrement: '16', rampSamples: '9765625' };
const DATA_PARALLEL = { ...EMPTY, microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096',
  gpus: '64', tensorParallel: '1', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8' };
const CURRENT = { dataParallel: 64n, gpus: 64n };

let planner;
let judge;
before(async () => {
  planner = await loadPlanner();
  // As the page judges a pasted number: the core reads that one field alone.
  judge = (key, text) => planner.readField(key, text, 'en');
});

const exportOf = (texts, key) => presentExport(plannerEn.export, planner.evaluate(texts, 'seq', 'en'), {}).targets[key].text;
const read = (text, current = CURRENT) => readConfig(text, judge, current, batchRules(planner));

test('an exported DeepSpeed config imports back to the same b, a and d', () => {
  assert.deepEqual(read(exportOf(DATA_PARALLEL, 'deepspeed')), {
    // The engine too (issue 30): the planner's defaults, ZeRO-1 and bf16, written and read back.
    // The planner's target is the batch the config runs, train_batch_size, in sequences (issue 42, item 19).
    format: 'deepspeed', texts: { microBatch: '8', accumulationSteps: '4', dataParallel: '64', zeroStage: '1', precision: 'bf16', target: '2048', targetUnit: 'seq' }, run: {},
    kept: ['gpus', 'tensorParallel', 'pipelineParallel', 'contextParallel', 'gpusPerNode'], derived: ['dataParallel', 'targetUnit'],
  });
});

test('an exported Megatron-LM line with the whole run imports its run back, in the units Megatron counts them', () => {
  const run = { ...BLOOM, tokens: '366B', warmup: String(183105 * 2048), decay: String(200000000 * 2048), learningRate: '6e-5', minLearningRate: '6e-6' };
  const read = readConfig(exportOf(run, 'megatron'), judge, { dataParallel: null, gpus: null }, batchRules(planner));
  assert.deepEqual(read.run.warmup, { unit: 'samples', text: '183105' });
  assert.deepEqual(read.run.decay, { unit: 'samples', text: '200000000' });
  assert.equal(read.run.tokens.unit, 'samples');
  assert.equal(Number(read.run.learningRate.text), 6e-5);
  assert.equal(Number(read.run.minLearningRate.text), 6e-6);
  assert.deepEqual(read.kept, []);
});

test('Hugging Face flags with the whole run import max_steps, warmup_steps and learning_rate', () => {
  const run = { ...DATA_PARALLEL, tokens: '1T', warmup: '8B', learningRate: '3e-4' };
  const read = readConfig(exportOf(run, 'hfCli'), judge, { dataParallel: null, gpus: null }, batchRules(planner));
  assert.deepEqual(read.run.tokens, { unit: 'steps', text: '119210' });
  assert.deepEqual(read.run.warmup, { unit: 'steps', text: '954' });
  assert.equal(Number(read.run.learningRate.text), 3e-4);
});

test('a world size left in a shell variable is named as the reason it is missing', () => {
  const line = 'torchrun $DISTRIBUTED_ARGS pretrain_gpt.py $GPT_MODEL_ARGS --micro-batch-size 2 --global-batch-size 2048 --tensor-model-parallel-size 4';
  assert.deepEqual(readConfig(line, judge, { dataParallel: null, gpus: null }, batchRules(planner)).error,
    { code: 'needsWorldInVariable', variables: '$DISTRIBUTED_ARGS, $GPT_MODEL_ARGS' });
  // Only a variable's name is repeated, never other pasted text.
  const hostile = readConfig('torchrun $X<img> --micro-batch-size 2 --global-batch-size 16', judge, { dataParallel: null, gpus: null }, batchRules(planner));
  assert.notEqual(hostile.error.variables, '$X<img>');
});

test('an exported Megatron-LM line imports back to the same cluster, batch and ramp-up', () => {
  const { format, texts } = read(exportOf(BLOOM, 'megatron'), { dataParallel: null, gpus: null });
  assert.equal(format, 'megatron');
  // The engine is the planner's defaults, ZeRO-1 as the distributed optimizer, bf16, linear (no rate given).
  // No EP and no interleaving: Megatron-LM's 1s; the experts' TP left empty, TP's.
  const engine = {
    zeroStage: '1', precision: 'bf16', decayStyle: 'linear', target: '2048', targetUnit: 'seq', expertParallel: '1', virtualStages: '1', expertTensorParallel: '',
  };
  for (const [key, value] of Object.entries(texts)) assert.equal(value, { ...BLOOM, ...engine }[key], key);
  assert.equal(texts.gpus, '384');
  assert.deepEqual([texts.rampStart, texts.rampIncrement, texts.rampSamples], ['192', '16', '9765625']);
});

test('exported Hugging Face flags import back, with the world from torchrun', () => {
  const { format, texts } = read(exportOf(DATA_PARALLEL, 'hfCli'), { dataParallel: null, gpus: null });
  assert.equal(format, 'huggingface');
  // The Trainer takes no sequence length (--max_length is TRL's), so the page keeps its own.
  assert.deepEqual(texts, { microBatch: '8', accumulationSteps: '4', dataParallel: '64', gpus: '64',
    tensorParallel: '1', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8', precision: 'bf16', decayStyle: 'linear', target: '2048', targetUnit: 'seq' });
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
    { microBatch: '8', accumulationSteps: '4', dataParallel: '64', zeroStage: '0', precision: 'fp32', target: '2048', targetUnit: 'seq' });
});

test('Megatron-LM\'s refusals are reproduced: a world not divisible by TP·PP·CP, a batch not divisible by micro × d', () => {
  assert.equal(read('--micro-batch-size 2 --global-batch-size 2048 --tensor-model-parallel-size 5', { dataParallel: 8n, gpus: 384n }).error.code, 'megatronWorld');
  assert.deepEqual(read('torchrun --nnodes 2 --nproc_per_node 8 pretrain_gpt.py --micro-batch-size 3 --global-batch-size 100').error,
    { code: 'megatronBatch', global: 100n, micro: 3n, dataParallel: 16n });
});

test('a flag is read with Python\'s int(), as argparse gives it to the framework: digit groups with _, nothing a field would read more', () => {
  // Python 3: int('1_024') == 1024; int('2^1'), int('2,048'), int('8.0') raise ValueError.
  assert.equal(read('--micro-batch-size 2 --global-batch-size 2_048', { dataParallel: 8n, gpus: 8n }).texts.accumulationSteps, '128');
  assert.equal(read('--micro-batch-size +2 --global-batch-size 002048', { dataParallel: 8n, gpus: 8n }).texts.accumulationSteps, '128');
  for (const text of ['2^1', '2,048', '2.048', '8.0', '2k', '1__024', '_8', '2e3', '٨']) {
    assert.deepEqual(read(`--micro-batch-size 2 --global-batch-size ${text}`, { dataParallel: 8n, gpus: 8n }).error,
      { code: 'notAnInteger', name: '--global-batch-size' }, text);
  }
  // The cases on Hugging Face flags, refused by argparse's int() on every page.
  for (const text of ['1,024', '2^3']) {
    assert.deepEqual(read(`torchrun --nproc_per_node 8 train.py --per_device_train_batch_size ${text}`).error,
      { code: 'notAnInteger', name: '--per_device_train_batch_size' }, text);
  }
  assert.deepEqual(read('{"train_batch_size": "auto", "train_micro_batch_size_per_gpu": 8}').error,
    { code: 'deepspeedAuto', name: 'train_batch_size' });
});

test('a DeepSpeed batch key written as a float (1.024, 1024.0, 1.024e3) is refused: Python\'s json reads it as a float', () => {
  for (const literal of ['1.024', '1024.0', '1.024e3', '2048.5']) {
    assert.deepEqual(read(`{"train_batch_size": ${literal}, "gradient_accumulation_steps": 4}`).error,
      { code: 'jsonNotAnInteger', name: 'train_batch_size' }, literal);
  }
  assert.deepEqual(read('{"train_batch_size": 64, "train_micro_batch_size_per_gpu": 8, "gradient_accumulation_steps": NaN}').error,
    { code: 'nonFinite', name: 'gradient_accumulation_steps' });
});

test('a rate is read with Python\'s float() on every page: the pt-BR page\'s own syntax plays no part', () => {
  const judgePt = (key, text) => planner.readField(key, text, 'pt_BR');
  const none = { dataParallel: null, gpus: null };
  const megatron = readConfig('torchrun --nnodes 1 --nproc_per_node 8 pretrain_gpt.py --micro-batch-size 1 --global-batch-size 64 --lr 1.5e-4 --min-lr 1_5e-6', judgePt, none, batchRules(planner));
  assert.deepEqual([megatron.run.learningRate, megatron.run.minLearningRate], [{ unit: 'rate', text: '15e-5' }, { unit: 'rate', text: '15e-6' }]);
  const hf = readConfig('torchrun --nproc_per_node 8 train.py --per_device_train_batch_size 1 --learning_rate 0.00002', judgePt, none, batchRules(planner));
  assert.deepEqual(hf.run.learningRate, { unit: 'rate', text: '2e-5' });
  const deepspeed = readConfig('{"train_batch_size": 64, "train_micro_batch_size_per_gpu": 8, "gradient_accumulation_steps": 1, "scheduler": {"type": "WarmupLR", "params": {"warmup_max_lr": 0.0001}}}', judgePt, none, batchRules(planner));
  assert.deepEqual(deepspeed.run.learningRate, { unit: 'rate', text: '1e-4' });
  // float() refuses a decimal comma and a grouping mark; it reads inf and nan, which no run can use.
  for (const [text, code] of [['0,0002', 'notAFloat'], ['1.000,5', 'notAFloat'], ['inf', 'nonFinite'], ['-NaN', 'nonFinite']]) {
    assert.equal(readConfig(`torchrun --nproc_per_node 8 train.py --per_device_train_batch_size 1 --learning_rate ${text}`, judgePt, none, batchRules(planner)).error.code, code, text);
  }
});

test('a rate read from a paste is written into the pt-BR field as the page writes it: 2e-5 becomes 0,00002, exactly', () => {
  assert.equal(localDecimal(plainFromNeutral('2e-5'), { group: '.', decimal: ',' }), '0,00002');
  assert.equal(localDecimal(plainFromNeutral('15e-5'), { group: ',', decimal: '.' }), '0.00015');
  assert.equal(localDecimal(plainFromNeutral('12345678e-3'), { group: '.', decimal: ',' }), '12.345,678');
  assert.equal(plainFromNeutral('3e2'), '300');
  // The core reads the field's text back to the same number in that syntax.
  assert.equal(Number(planner.readField('learningRate', '0,00002', 'pt_BR').value), 2e-5);
});

test('Megatron-LM\'s --step-batch-size-schedule is read as _parse_numeric_value reads it: int(float(x) × suffix), thresholds floor-divided by --seq-length', () => {
  const judgePt = (key, text) => planner.readField(key, text, 'pt_BR');
  // 1.5M tokens = 1,500,000; // 2048 = 732 samples; batch 16 reaches it at 736 consumed samples (46 steps),
  // and --rampup-batch-size 16 16 S for S in 721..736 switches there too: the largest, 736, is written.
  const line = 'torchrun --nnodes 1 --nproc_per_node 8 pretrain_gpt.py --micro-batch-size 1 --seq-length 2048 --step-batch-size-schedule "0:16 1.5M:32"';
  const { texts } = readConfig(line, judgePt, { dataParallel: null, gpus: null }, batchRules(planner));
  assert.deepEqual([texts.rampStart, texts.rampIncrement, texts.rampSamples, texts.accumulationSteps], ['16', '16', '736', '4']);
  // Lower-case suffixes and commas between entries, as Megatron reads them.
  assert.equal(readConfig(line.replace('"0:16 1.5M:32"', '"0:16,1.5m:32"'), judgePt, { dataParallel: null, gpus: null }, batchRules(planner)).texts.rampSamples, '736');
  // A first threshold that is not 0 samples, or thresholds that do not increase, trip _validate_schedule.
  assert.equal(readConfig(line.replace('"0:16 1.5M:32"', '"2048:16 1.5M:32"'), judgePt, { dataParallel: null, gpus: null }, batchRules(planner)).error.code, 'scheduleInvalid');
  assert.equal(readConfig(line.replace('"0:16 1.5M:32"', '"0:16 1K:32"'), judgePt, { dataParallel: null, gpus: null }, batchRules(planner)).error.code, 'scheduleInvalid');
});

test('torchrun\'s world is read as torchrun reads it: --nnodes MIN:MAX with MIN = MAX is fixed, an elastic range or a device word is not', () => {
  const line = (launch) => `torchrun ${launch} pretrain_gpt.py --micro-batch-size 1 --global-batch-size 64`;
  assert.equal(read(line('--nnodes 2:2 --nproc_per_node 8'), { dataParallel: null, gpus: null }).texts.gpus, '16');
  assert.deepEqual(read(line('--nnodes 1:4 --nproc_per_node 8')).error, { code: 'elasticNodes' });
  assert.deepEqual(read(line('--nnodes 2 --nproc_per_node gpu')).error, { code: 'nprocFromMachine' });
});

test('a repeated flag is refused rather than guessed', () => {
  assert.deepEqual(read('--micro-batch-size 2 --global-batch-size 64 --micro-batch-size 4').error, { code: 'repeatedFlag', name: 'micro-batch-size' });
});

test('hostile pastes: too long is refused unread, deep nesting and markup are refused without echo', () => {
  assert.deepEqual(read('x'.repeat(MAX_IMPORT_LENGTH + 1)).error, { code: 'tooLong', limit: BigInt(MAX_IMPORT_LENGTH) });
  assert.equal(read(`${'['.repeat(5000)}${']'.repeat(5000)}`).error.code, 'unknownFormat');
  // Deeper than Python's own recursion limit (1,000), which DeepSpeed's reader would hit too.
  // Issue 42, item 20: it is valid JSON, so it is named as nested too deeply, not as invalid.
  assert.equal(read(`{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`).error.code, 'tooDeep');
  assert.equal(read(`{"a":${'['.repeat(9000)}${']'.repeat(9000)}}`).error.code, 'tooDeep');
  assert.equal(read(`{"a":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`).error.code, 'deepspeedNeedsTwo');
  const markup = read('{"train_batch_size": "<img src=x onerror=alert(1)>", "gradient_accumulation_steps": 4}').error;
  assert.deepEqual(markup, { code: 'notANumber', name: 'train_batch_size' });
  // Shell syntax is split into words, never run: substitutions and variables stay text.
  assert.equal(read('--micro-batch-size $(rm -rf /) --global-batch-size 8').error.code, 'notAnInteger');
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
    const result = read(text, random() < 0.5 ? CURRENT : { dataParallel: null, gpus: null });
    if (result.error) {
      assert.ok(codes.has(result.error.code), `unknown code ${result.error.code} for ${JSON.stringify(text)}`);
      continue;
    }
    for (const [key, value] of Object.entries(result.texts)) {
      // The experts' TP left out is left empty: TP's, the planner's reading of an empty field.
      const expected = key === 'expertTensorParallel' && value === '' ? 'empty' : 'ok';
      assert.equal(judge(key, value).status, expected, `${key}=${value} from ${JSON.stringify(text)}`);
    }
  }
});

// --- Issue 16, items 20 to 22 ---------------------------------------------------

test('a nested or duplicated train_batch_size is never read in place of the top-level one', () => {
  // DeepSpeed reads only top-level members, and refuses duplicate keys at any depth
  // (deepspeed/runtime/config.py: object_pairs_hook=dict_raise_error_on_duplicate_keys).
  const nested = read('{"zero_optimization": {"train_batch_size": 512}, "train_batch_size": 100000000000000000000, "train_micro_batch_size_per_gpu": 8}');
  assert.equal(nested.error.name, 'train_batch_size');
  assert.equal(nested.error.code, 'badNumber');
  assert.deepEqual(read('{"train_batch_size": 512, "train_batch_size": 1024, "train_micro_batch_size_per_gpu": 8}').error,
    { code: 'duplicateKey', name: 'train_batch_size' });
  assert.deepEqual(read('{"zero_optimization": {"stage": 1, "stage": 2}, "train_batch_size": 2048, "train_micro_batch_size_per_gpu": 8}').error,
    { code: 'duplicateKey' });
  assert.deepEqual(read('{"zero_optimization": {"train_batch_size": 512}, "train_micro_batch_size_per_gpu": 8}').error, { code: 'deepspeedNeedsTwo' });
});

test('DeepSpeed\'s hjson comments are accepted; arrays, strings and "auto" are refused by name', () => {
  const commented = '// batch\n{ # 2,048 sequences\n  "train_batch_size": 2048, /* per GPU */ "train_micro_batch_size_per_gpu": 8\n}';
  // Without them, DeepSpeed's own defaults: no ZeRO, fp32.
  assert.deepEqual(read(commented).texts, { microBatch: '8', accumulationSteps: '4', dataParallel: '64', zeroStage: '0', precision: 'fp32', target: '2048', targetUnit: 'seq' });
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
  const { texts } = read(line, { dataParallel: null, gpus: null });
  assert.equal(texts.gpus, '384');
  assert.equal(texts.gpusPerNode, '8');
  assert.equal(texts.dataParallel, '8');
  assert.equal(texts.accumulationSteps, '128');
});

test('a core-0.18 Megatron-LM line with --step-batch-size-schedule round-trips: the same schedule comes back out', () => {
  const evaluation = planner.evaluate(BLOOM, 'seq', 'en');
  const schedule = presentPlanner(PLANNER, { kit: en.kit, planner: plannerEn }, evaluation, { texts: BLOOM }).schedule.stepSchedule;
  const line = presentExport(plannerEn.export, evaluation, { stepSchedule: schedule, megatronVersion: 'core-0.18' }).targets.megatron.text;
  assert.doesNotMatch(line, /--global-batch-size/);
  const { format, texts } = read(line, { dataParallel: null, gpus: null });
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

// --- Issue 28, item 3: round trips -------------------------------------------

test('every importable export of a run with TP 4 reads back as that run: b, d, a, the cluster and the run\'s length', () => {
  // 256 GPUs, TP 4: d = 64; B = 1 × 64 × 128 = 8,192; 30 steps of 8,192 × 4,096 tokens.
  const plan = { ...EMPTY, microBatch: '1', dataParallel: '64', accumulationSteps: '128', sequenceLength: '4096', gpus: '256',
    tensorParallel: '4', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8', tokens: String(30 * 8192 * 4096), learningRate: '3e-4' };
  // What the page holds when the export is pasted back: the same cluster.
  const page = { dataParallel: 64n, gpus: 256n, tensorParallel: 4n, contextParallel: 1n };
  for (const key of ['deepspeed', 'megatron', 'hfCli']) {
    const result = readConfig(exportOf(plan, key), judge, page, batchRules(planner));
    assert.equal(result.error, undefined, key);
    const { texts } = result;
    assert.deepEqual([texts.microBatch, texts.dataParallel, texts.accumulationSteps], ['1', '64', '128'], key);
    if (key !== 'deepspeed') assert.deepEqual([texts.gpus, texts.tensorParallel], ['256', '4'], key);
    assert.deepEqual(result.run.tokens, { unit: 'steps', text: '30' }, key);
    // TP is never labelled as read from a format that does not carry it.
    if (key !== 'megatron') assert.ok(result.kept.includes('tensorParallel'), key);
  }
});

test('a value the paste never gave is labelled kept or worked out, never read: Trainer flags give no TP, Megatron-LM defaults it to 1', () => {
  const hf = read('torchrun --nproc_per_node 8 train.py --per_device_train_batch_size 2', { dataParallel: 8n, gpus: 8n, tensorParallel: 1n, contextParallel: 1n });
  // Trainer flags carry no ZeRO stage (it is in --deepspeed's file); fp32 and a linear decay are the Trainer's defaults.
  assert.deepEqual([hf.kept, hf.derived], [['tensorParallel', 'contextParallel', 'zeroStage'], ['dataParallel', 'pipelineParallel', 'precision', 'decayStyle', 'targetUnit', 'target']]);
  const noLaunch = read('--per_device_train_batch_size 2', { dataParallel: 16n, gpus: 16n });
  assert.equal(noLaunch.texts.dataParallel, '16');
  assert.ok(noLaunch.kept.includes('dataParallel') && noLaunch.kept.includes('gpus'));
  const megatron = read('--micro-batch-size 2 --global-batch-size 64', { dataParallel: null, gpus: 8n });
  assert.deepEqual(megatron.kept, ['gpus']);
  assert.deepEqual(megatron.derived, ['dataParallel', 'accumulationSteps', 'tensorParallel', 'pipelineParallel', 'contextParallel', 'expertParallel',
    'expertTensorParallel', 'virtualStages', 'precision', 'zeroStage', 'decayStyle', 'targetUnit']);
});

test('a Megatron-LM line\'s EP and virtual stages import back, the older layers-a-chunk flag counted as arguments.py counts it', () => {
  // Mixtral's layout: 64 GPUs at PP 4, EP 8, 8 virtual stages; d = 16, a = 16.
  const mixtral = { ...EMPTY, microBatch: '1', dataParallel: '16', accumulationSteps: '16', sequenceLength: '4096', gpus: '64',
    tensorParallel: '1', pipelineParallel: '4', contextParallel: '1', gpusPerNode: '8', expertParallel: '8', virtualStages: '8' };
  const { texts, derived } = read(exportOf(mixtral, 'megatron'), { dataParallel: null, gpus: null });
  assert.deepEqual([texts.expertParallel, texts.virtualStages], ['8', '8']);
  assert.ok(!derived.includes('expertParallel') && !derived.includes('virtualStages'));
  const line = (extra) => `torchrun --nnodes 8 --nproc_per_node 8 pretrain_gpt.py --micro-batch-size 1 --global-batch-size 256 --pipeline-model-parallel-size 4 ${extra}`;
  // 32 layers ÷ PP 4 = 8 a stage, in chunks of 2: 4 virtual stages; with the embedding and the loss counted, (126 + 2) ÷ 4 ÷ 2 = 16.
  assert.equal(read(line('--num-layers 32 --num-layers-per-virtual-pipeline-stage 2')).texts.virtualStages, '4');
  assert.equal(read(line('--num-layers 126 --account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split --num-layers-per-virtual-pipeline-stage 2')).texts.virtualStages, '16');
  assert.deepEqual(read(line('--num-layers-per-virtual-pipeline-stage 2')).error, { code: 'megatronVirtualNeedsLayers' });
  assert.deepEqual(read(line('--num-layers 32 --num-layers-per-virtual-pipeline-stage 3')).error, { code: 'megatronVirtualSplit', layers: 32n, pp: 4n, perChunk: 3n });
  assert.deepEqual(read(line('--num-layers 32 --num-layers-per-virtual-pipeline-stage 2 --num-virtual-stages-per-pipeline-rank 4')).error, { code: 'megatronVirtualBoth' });
  // The experts' own tensor parallelism is read (the planner's core judges EP · ETP against the world); left out, TP's.
  const whole = read(line('--tensor-model-parallel-size 2 --expert-tensor-parallel-size 1 --expert-model-parallel-size 8'));
  assert.deepEqual([whole.error, whole.texts.expertParallel, whole.texts.expertTensorParallel], [undefined, '8', '1']);
  const split = read(line('--tensor-model-parallel-size 2 --expert-model-parallel-size 8'));
  assert.equal(split.texts.expertTensorParallel, '');
  assert.ok(split.derived.includes('expertTensorParallel'));
  // Without the older flag the layers are not read: a line with --num-layers in a shell variable imports as before.
  assert.equal(read(line('--num-layers ${NUM_LAYERS}')).texts.virtualStages, '1');
});

test('an export\'s header states a true product: TP 4 on 256 GPUs is 64 Trainer replicas; Accelerate\'s every-process count is shown with this plan\'s batch beside it', () => {
  // ZeRO 0, which every framework runs (torchtitan has no stage 1).
  const plan = { ...EMPTY, microBatch: '1', dataParallel: '64', accumulationSteps: '128', sequenceLength: '4096', gpus: '256',
    tensorParallel: '4', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8', zeroStage: '0' };
  const header = (key) => exportOf(plan, key).split('\n')[0];
  assert.equal(header('hfCli'), '# 1 per device x 128 accumulation steps x 64 data-parallel replicas (256 processes / TP x CP 4) = 8192 sequences per optimizer step');
  assert.equal(header('accelerate'), '# 1 per device x 128 accumulation steps x 256 processes = 32768 sequences per optimizer step (this plan is 8192: see the note)');
  // Every "x ... = N" header multiplies out: 1 × 128 × 64 = 8,192; 1 × 128 × 256 = 32,768.
  for (const key of ['hfCli', 'hfPython', 'accelerate', 'lightning', 'megatron', 'torchtitan', 'nanotron']) {
    const [, product] = /^# (.*?) = (\d+)/.exec(header(key)) ?? [];
    const factors = product === undefined ? null : header(key).slice(2, header(key).indexOf(' = ')).replace(/\([^)]*\)/g, '').match(/\d+/g);
    const total = /= (\d+)/.exec(header(key))[1];
    assert.equal(factors.reduce((x, y) => x * BigInt(y), 1n), BigInt(total), `${key}: ${header(key)}`);
  }
});

// --- Issue 28, item 4: runs that cannot start ------------------------------------

test('a warmup longer than the run, or a minimum rate above the rate, keeps every export back and names the framework\'s refusal', () => {
  const exported = (texts) => presentExport(plannerEn.export, planner.evaluate(texts, 'seq', 'en'), {});
  const longWarmup = exported({ ...DATA_PARALLEL, tokens: '1B', warmup: '2B' });
  assert.equal(longWarmup.targets, null);
  assert.match(longWarmup.message, /lr_warmup_steps < lr_decay_steps/);
  const lowRate = exported({ ...DATA_PARALLEL, learningRate: '3e-4', minLearningRate: '5e-4' });
  assert.equal(lowRate.targets, null);
  assert.match(lowRate.message, /max_lr >= min_lr/);
  // The same run with the warmup inside it exports, warmup included.
  assert.match(exported({ ...DATA_PARALLEL, tokens: '2B', warmup: '1B' }).targets.megatron.text, /--lr-warmup-iters 120 \\\n/);
});

test('the 8-node ZeRO-1 bf16 plan with a cosine schedule reads back the same from DeepSpeed, Megatron-LM and the Trainer\'s flags', () => {
  // Issue 30: zero, precision and the decay's shape travel with the run; DeepSpeed's cos_min_ratio × lr is the minimum rate, exactly.
  const plan = { ...EMPTY, microBatch: '2', dataParallel: '32', accumulationSteps: '16', sequenceLength: '4096', gpus: '64',
    tensorParallel: '2', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8', tokens: '100B', warmup: '2B',
    learningRate: '3e-4', minLearningRate: '3e-5', zeroStage: '1', precision: 'bf16', decayStyle: 'cosine' };
  const current = { dataParallel: null, gpus: null, tensorParallel: 2n, contextParallel: 1n };
  const engine = { zeroStage: '1', precision: 'bf16', decayStyle: 'cosine' };
  const deepspeed = read(exportOf(plan, 'deepspeed'), current);
  assert.deepEqual({ ...deepspeed.texts, ...engine }, deepspeed.texts);
  assert.deepEqual([deepspeed.run.learningRate.text, deepspeed.run.minLearningRate.text], ['3e-4', '3e-5']);
  const megatron = read(exportOf(plan, 'megatron'), current);
  assert.deepEqual({ ...megatron.texts, ...engine }, megatron.texts);
  assert.deepEqual([megatron.texts.gpus, megatron.texts.dataParallel, megatron.run.minLearningRate.text], ['64', '32', '3e-5']);
  const trainer = read(exportOf(plan, 'hfCli'), current);
  assert.deepEqual([trainer.texts.precision, trainer.texts.decayStyle, trainer.run.minLearningRate.text], ['bf16', 'cosine', '3e-5']);
  // Other shapes are refused by name, not guessed.
  assert.equal(read(exportOf(plan, 'megatron').replace('--lr-decay-style cosine', '--lr-decay-style WSD'), current).error.code, 'decayStyle');
  assert.equal(read('{"train_batch_size": 64, "train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": 1, "zero_optimization": {"stage": 4}}').error.code, 'zeroStage');
});

test('the site\'s own SLURM script imports back: #SBATCH --nodes is the $SLURM_NNODES its launch line reads', () => {
  // Issue 42, item 19: it was refused with "--nnodes: ... int() refuses this text".
  const read = readConfig(exportOf(BLOOM, 'slurm'), judge, { dataParallel: null, gpus: null }, batchRules(planner));
  assert.equal(read.format, 'megatron');
  assert.deepEqual(['microBatch', 'dataParallel', 'accumulationSteps', 'gpus', 'tensorParallel', 'pipelineParallel', 'sequenceLength', 'target']
    .map((key) => read.texts[key]), ['2', '8', '128', '384', '4', '12', '2048', '2048']);
  // Without the #SBATCH line the variable is named, not called a bad number.
  const line = exportOf(BLOOM, 'slurm').split('\n').filter((text) => !text.startsWith('#SBATCH --nodes')).join('\n');
  assert.deepEqual(readConfig(line, judge, { dataParallel: null, gpus: null }, batchRules(planner)).error, { code: 'valueInVariable', name: '--nnodes', variable: '$SLURM_NNODES' });
  assert.match(plannerEn.export.import.errors.valueInVariable({ name: '--nnodes', variable: '$SLURM_NNODES' }), /shell variable that holds no number until the script runs/);
});

test('the site\'s own accelerate launch imports back: processes, accumulation, precision and ZeRO stage, the micro-batch kept', () => {
  // Issue 42, item 19: it was "Not a DeepSpeed JSON ... or Hugging Face flags". train.py sets b, so the page's is kept.
  const read = readConfig(exportOf(DATA_PARALLEL, 'accelerate'), judge, { microBatch: 8n, dataParallel: null, gpus: null, tensorParallel: 1n, contextParallel: 1n }, batchRules(planner));
  assert.equal(read.format, 'accelerate');
  assert.deepEqual(['microBatch', 'dataParallel', 'accumulationSteps', 'precision', 'zeroStage', 'target'].map((key) => read.texts[key]),
    ['8', '64', '4', 'bf16', '1', '2048']);
  assert.ok(read.kept.includes('microBatch'));
  assert.equal(readConfig(exportOf(DATA_PARALLEL, 'accelerate'), judge, { microBatch: null, dataParallel: null, gpus: null }, batchRules(planner)).error.code, 'accelerateNeedsMicro');
  // --use_deepspeed without --zero_stage: accelerate's DeepSpeedPlugin takes stage 2 (utils/dataclasses.py at 16cb6eb).
  assert.equal(readConfig('accelerate launch --num_processes 8 --use_deepspeed --gradient_accumulation_steps 2 train.py', judge, { microBatch: 4n }, batchRules(planner)).texts.zeroStage, '2');
});

test('an exported Megatron-LM line at every ZeRO stage imports back at that stage, Megatron-FSDP\'s strategies read as arguments.py has them', () => {
  for (const stage of ['0', '1', '2', '3']) {
    assert.equal(read(exportOf({ ...DATA_PARALLEL, zeroStage: stage }, 'megatron')).texts.zeroStage, stage, stage);
  }
  const line = (flags) => read(`torchrun --nnodes 1 --nproc_per_node 8 pretrain_gpt.py --micro-batch-size 1 --global-batch-size 64 ${flags}`, { dataParallel: null, gpus: null });
  // --data-parallel-sharding-strategy is optim_grads_params unless given (Megatron-LM at d98e8a6, arguments.py line 3190).
  assert.equal(line('--use-megatron-fsdp').texts.zeroStage, '3');
  assert.equal(line('--use-megatron-fsdp --data-parallel-sharding-strategy optim').texts.zeroStage, '1');
  assert.equal(line('--use-megatron-fsdp --data-parallel-sharding-strategy stripes').error.code, 'shardingStrategy');
});
