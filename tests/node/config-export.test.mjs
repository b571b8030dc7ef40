// The exported configs, read back with real parsers (JSON.parse, smol-toml,
// yaml, and Python's ast and shlex), and each framework's batch rule written
// here again from its source, independently of the exporter: applied to the
// parsed values, it must give back B = b·d·a, or the page must say it does not.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { presentExport } from '../../web/src/planner/export/present.js';
import { presentPlanner } from '../../web/src/planner/present.js';
import { PLANNER } from '../../web/src/planner/schema.js';
import { EXPORT_RUN_CHOICES, EXPORT_TARGETS } from '../../web/src/planner/export/targets.js';
import { GRAD_MEMORY } from '../../web/src/calculators/grad-memory/schema.js';
import { PARALLEL_CONFIGURATION } from '../../web/src/calculators/parallel-configuration/schema.js';
import en from '../../web/src/i18n/en.js';
import plannerEn from '../../web/src/planner/words.en.js';
import plannerPtBR from '../../web/src/planner/words.pt-BR.js';
import { loadPlanner, loadTrainingCompute } from '../support/wasm-core.mjs';
import { presetMembers } from '../../web/src/models/model-config.js';
import { modelNamed } from '../../web/src/models/models.js';

const EMPTY = Object.fromEntries(['target', 'tokens', 'dataset', 'warmup', 'tokensPerSecond', 'referenceBatch', 'learningRate',
  'minLearningRate', 'decay', 'rampStart', 'rampIncrement', 'rampSamples'].map((key) => [key, '']));
// Pure data parallelism: 8 × 64 × 4 = 2,048 sequences on 64 GPUs, 8 per node.
const DATA_PARALLEL = { ...EMPTY, microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096',
  gpus: '64', tensorParallel: '1', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8' };
// BLOOM-176B's shape: 384 GPUs at TP 4, PP 12; 2 × 8 × 128 = 2,048; its ramp-up.
const BLOOM = { ...EMPTY, microBatch: '2', dataParallel: '8', accumulationSteps: '128', sequenceLength: '2048',
  gpus: '384', tensorParallel: '4', pipelineParallel: '12', contextParallel: '1', gpusPerNode: '8',
  rampStart: '192', rampIncrement: '16', rampSamples: '9765625', tokens: '366B',
  // tr11-176B-ml.slurm: LR_WARMUP_SAMPLES 183,105, LR_DECAY_SAMPLES 200,000,000, --lr 6e-5, --min-lr 6e-6 (in tokens at 2,048).
  warmup: String(183105 * 2048), decay: String(200000000 * 2048), learningRate: '6e-5', minLearningRate: '6e-6' };
// The same data-parallel batch with a whole run: 1T tokens, 8B of warmup, a rate of 3e-4.
const DATA_PARALLEL_RUN = { ...DATA_PARALLEL, tokens: '1T', warmup: '8B', learningRate: '3e-4' };

let planner;
before(async () => { planner = await loadPlanner(); });

function exported(texts, { megatronVersion = 'legacy', torchtitanVersion = 'v0.2.2', words = plannerEn, ...run } = {}) {
  const evaluation = planner.evaluate(texts, 'seq', 'en');
  const presentation = presentPlanner(PLANNER, { kit: en.kit, planner: words }, evaluation, { texts });
  return presentExport(words.export, evaluation, { stepSchedule: presentation.schedule?.stepSchedule ?? '', megatronVersion, torchtitanVersion, ...run });
}

// Python's own parser: every call's name and its literal keyword arguments.
function pythonCalls(source) {
  const script = `
import ast, json, sys
calls = {}
for node in ast.walk(ast.parse(sys.stdin.read())):
    if isinstance(node, ast.Call):
        name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
        calls[name] = {k.arg: ast.literal_eval(k.value) for k in node.keywords if isinstance(k.value, ast.Constant)}
print(json.dumps(calls))`;
  return JSON.parse(execFileSync('python3', ['-c', script], { input: source, encoding: 'utf8' }));
}

// A shell's words, by Python's shlex (line continuations joined first, as the shell does), then "--flag value..." pairs.
function shellFlags(source) {
  const words = JSON.parse(execFileSync('python3', ['-c', 'import json, shlex, sys; print(json.dumps(shlex.split(sys.stdin.read().replace("\\\\\\n", ""), comments=True)))'],
    { input: source, encoding: 'utf8' }));
  const flags = {};
  let current = null;
  for (const word of words) {
    if (word.startsWith('--')) flags[current = word.slice(2)] = [];
    else if (current) flags[current].push(word);
  }
  return { words, flags, one: (name) => BigInt(flags[name][0]) };
}

const DP_B = 2048n;

test('the exports\' recomputation and sequence parallelism are the memory page\'s fields, the dispatcher and TP\'s overlap the configuration page\'s: their URL keys, words and default first', () => {
  const pageOf = { recompute: GRAD_MEMORY, sequenceParallel: GRAD_MEMORY, dispatcher: PARALLEL_CONFIGURATION, tensorOverlap: PARALLEL_CONFIGURATION };
  for (const choice of EXPORT_RUN_CHOICES) {
    const field = pageOf[choice.name].fields.find(({ key }) => key === choice.name);
    assert.equal(choice.param, field.param);
    assert.equal(choice.choices[0], field.default);
    assert.deepEqual([...choice.choices].sort(), [...field.choices].sort());
  }
  assert.deepEqual(EXPORT_RUN_CHOICES.map(({ choices }) => choices), [['selective', 'none', 'full'], ['off', 'on'], ['alltoall', 'deepep', 'hybridep'], ['off', 'on']]);
});

test('DeepSpeed: JSON whose three values satisfy train_batch_size == micro × accumulation × data-parallel world', () => {
  const config = JSON.parse(exported(DATA_PARALLEL).targets.deepspeed.text);
  // With no rate or length, the engine's batch, clipping, ZeRO stage and precision: the defaults, ZeRO-1 and bf16.
  assert.deepEqual(config, {
    train_batch_size: 2048, train_micro_batch_size_per_gpu: 8, gradient_accumulation_steps: 4, gradient_clipping: 1,
    zero_optimization: { stage: 1 }, bf16: { enabled: true },
  });
  // deepspeed/runtime/config.py: _batch_assertion, with the data-parallel world size.
  assert.equal(BigInt(config.train_micro_batch_size_per_gpu) * BigInt(config.gradient_accumulation_steps) * 64n, BigInt(config.train_batch_size));
});

test('Hugging Face Python: TrainingArguments and SFTConfig parse, and per-device × accumulation × world size is B', () => {
  const calls = pythonCalls(exported(DATA_PARALLEL).targets.hfPython.text);
  for (const name of ['TrainingArguments', 'SFTConfig']) {
    const args = calls[name];
    assert.equal(BigInt(args.per_device_train_batch_size) * BigInt(args.gradient_accumulation_steps) * 64n, DP_B, name);
  }
  assert.equal(calls.SFTConfig.max_length, 4096);
});

test('Hugging Face CLI: torchrun\'s nodes × processes per node, per-device × accumulation, B', () => {
  const { flags, one } = shellFlags(exported(DATA_PARALLEL).targets.hfCli.text);
  const gpus = one('nnodes') * one('nproc_per_node');
  assert.equal(one('per_device_train_batch_size') * one('gradient_accumulation_steps') * gpus, DP_B);
  // Issue 30, item 4: --max_length is TRL's SFTConfig's; the Trainer's parser would refuse it.
  assert.equal(flags.max_length, undefined);
});

// What Accelerator() ends up with (issue 16, item 14), as accelerate's code decides it:
// accelerator.py reads ACCELERATE_GRADIENT_ACCUMULATION_STEPS (parse_choice_from_env, default 1);
// accelerate launch puts --gradient_accumulation_steps there only in DeepSpeed mode
// (utils/launch.py, prepare_deepspeed_cmd_env), and otherwise passes the environment on.
function accelerateAccumulation(words, { deepspeed }) {
  const environment = {};
  for (let i = 0; i < words.length; i += 1) {
    if (words[i] === 'export') {
      const [name, value] = words[i + 1].split('=');
      environment[name] = value;
    }
  }
  const flag = words.indexOf('--gradient_accumulation_steps');
  if (deepspeed && flag >= 0) environment.ACCELERATE_GRADIENT_ACCUMULATION_STEPS = words[flag + 1];
  return BigInt(environment.ACCELERATE_GRADIENT_ACCUMULATION_STEPS ?? '1');
}

test('Accelerate: num_processes × the accumulation Accelerator reads × the script\'s batch is B, with and without DeepSpeed', () => {
  const { words, one } = shellFlags(exported(DATA_PARALLEL).targets.accelerate.text);
  for (const deepspeed of [false, true]) {
    assert.equal(one('num_processes') * accelerateAccumulation(words, { deepspeed }) * 8n, DP_B, `deepspeed: ${deepspeed}`);
  }
  assert.equal(one('num_processes') % one('num_machines'), 0n);
});

test('Accelerate: the launch flag alone would train a quarter of the batch without DeepSpeed', () => {
  // The snippet before the fix: only --gradient_accumulation_steps, which never reaches Accelerator outside DeepSpeed.
  const { words } = shellFlags('accelerate launch --num_machines 8 --num_processes 64 --gradient_accumulation_steps 4 train.py');
  assert.equal(accelerateAccumulation(words, { deepspeed: false }), 1n);
});

test('Lightning: batch_size × devices × num_nodes × accumulate_grad_batches is B', () => {
  const calls = pythonCalls(exported(DATA_PARALLEL).targets.lightning.text);
  const { devices, num_nodes: nodes, accumulate_grad_batches: accumulation } = calls.Trainer;
  assert.equal(BigInt(calls.DataLoader.batch_size) * BigInt(devices) * BigInt(nodes) * BigInt(accumulation), DP_B);
});

// megatron/core/num_microbatches_calculator.py: d = world ÷ (TP·PP·CP); global % (micro × d) must be 0.
function megatronBatch({ one, flags }) {
  const world = one('nnodes') * one('nproc_per_node');
  const modelParallel = one('tensor-model-parallel-size') * one('pipeline-model-parallel-size') * one('context-parallel-size');
  assert.equal(world % modelParallel, 0n);
  const dataParallel = world / modelParallel;
  const global = BigInt(flags['global-batch-size'][0]);
  assert.equal(global % (one('micro-batch-size') * dataParallel), 0n);
  return global;
}

test('Megatron-LM: the arguments divide as Megatron requires, with the ramp-up before core 0.18', () => {
  const parsed = shellFlags(exported(BLOOM).targets.megatron.text);
  assert.equal(megatronBatch(parsed), 2048n);
  assert.deepEqual(parsed.flags['rampup-batch-size'], ['192', '16', '9765625']);
  assert.deepEqual(parsed.flags['seq-length'], ['2048']);
});

test('Megatron-LM core 0.18: the schedule replaces --global-batch-size and ends at B', () => {
  const { flags } = shellFlags(exported(BLOOM, { megatronVersion: 'core-0.18' }).targets.megatron.text);
  assert.equal(flags['global-batch-size'], undefined);
  const schedule = flags['step-batch-size-schedule'][0].split(' ');
  assert.equal(schedule[0], '0:192');
  assert.equal(schedule.at(-1).split(':')[1], '2048');
});

// torchtitan v0.2.2 (73a0e69) as it runs a config: accumulation = global // (local × batch degree), asserted to
// divide (train.py lines 196-215); with a pipeline, each accumulation step is one schedule over the local batch in
// local // pipeline_parallel_microbatch_size micro-batches (default size 1; distributed/pipeline_parallel.py lines 186-194).
function torchtitanRuns({ training, parallelism }) {
  const batchDegree = BigInt(parallelism.data_parallel_replicate_degree) * BigInt(parallelism.data_parallel_shard_degree);
  const local = BigInt(training.local_batch_size);
  const global = BigInt(training.global_batch_size);
  assert.equal(global % (local * batchDegree), 0n);
  const pipelined = BigInt(parallelism.pipeline_parallel_degree) > 1n;
  const micro = pipelined ? BigInt(parallelism.pipeline_parallel_microbatch_size ?? 1) : local;
  assert.equal(local % micro, 0n);
  return { batchDegree, accumulation: global / (local * batchDegree), micro, perSchedule: local / micro, batch: global };
}

test('torchtitan: the TOML parses, the batch degree divides the global batch, and the degrees multiply to the GPUs', () => {
  const toml = parseToml(exported({ ...DATA_PARALLEL, zeroStage: '3' }).targets.torchtitan.text);
  const runs = torchtitanRuns(toml);
  assert.deepEqual([runs.micro, runs.accumulation, runs.batchDegree, runs.batch], [8n, 4n, 64n, 2048n]);
  assert.equal(toml.training.seq_len, 4096);
});

test('torchtitan with a pipeline: one accumulation step, its schedule over all a micro-batches of b, as the plan counts the bubble', () => {
  // BLOOM's 2 × 8 × 128 at PP 12: 128 micro-batches of 2 a step in one schedule. Written as local 2 (the old way),
  // torchtitan would run 128 accumulation steps, each a schedule of two micro-batches of one sequence.
  const { text, notes } = exported({ ...BLOOM, zeroStage: '3' }).targets.torchtitan;
  const toml = parseToml(text);
  const runs = torchtitanRuns(toml);
  assert.deepEqual([runs.micro, runs.perSchedule, runs.accumulation, runs.batchDegree, runs.batch], [2n, 128n, 1n, 8n, 2048n]);
  assert.equal(8n * BigInt(toml.parallelism.tensor_parallel_degree) * BigInt(toml.parallelism.pipeline_parallel_degree) * BigInt(toml.parallelism.context_parallel_degree), 384n);
  assert.match(notes.join(' '), /all 128 micro-batches of 2, one accumulation step/);
});

test('torchtitan main: the Python parses, and its token rule gives B × L, a pipeline\'s a micro-batches in one schedule', () => {
  // Issue 16, item 18. torchtitan/trainer.py at b5bcd76: accumulation = num_tokens_per_train_step //
  // (num_tokens_per_microbatch_per_dp_rank × num_pp_microbatches × dp degree), refused with a remainder.
  const result = exported({ ...BLOOM, zeroStage: '3' }, { torchtitanVersion: 'main' }).targets.torchtitan;
  const calls = pythonCalls(result.text);
  const training = calls.TrainingConfig;
  const parallelism = calls.ParallelismConfig;
  const dp = BigInt(parallelism.data_parallel_replicate_degree) * BigInt(parallelism.data_parallel_shard_degree);
  // With a pipeline, num_pp_microbatches micro-batches a schedule (trainer.py lines 409-428): 128 of 2 × 2,048 tokens,
  // one accumulation step.
  const schedule = BigInt(parallelism.num_pp_microbatches ?? 1);
  const perIteration = BigInt(training.num_tokens_per_microbatch_per_dp_rank) * schedule * dp;
  assert.equal(BigInt(training.num_tokens_per_train_step) % perIteration, 0n);
  assert.deepEqual([BigInt(training.num_tokens_per_microbatch_per_dp_rank), schedule, BigInt(training.num_tokens_per_train_step) / perIteration], [2n * 2048n, 128n, 1n]);
  assert.equal(BigInt(training.num_tokens_per_train_step), 2048n * 2048n);
  assert.equal(training.max_context_length, 2048);
  assert.equal(result.file, 'torchtitan_config.py');
});

test('MaxText: a ramp is written per device, and MaxText\'s own checks pass on it', () => {
  // Issue 16, item 17: types.py enable_rampup_batch_size, per_device_batch_size_start/_increment,
  // global_rampup_samples; rampup_batch.py refuses (per_device - start) % increment != 0.
  const texts = { ...DATA_PARALLEL, rampStart: '512', rampIncrement: '512', rampSamples: '1000000' };
  const config = parseYaml(exported({ ...texts, zeroStage: '3' }).targets.maxtext.text);
  assert.equal(config.enable_rampup_batch_size, true);
  assert.equal(config.global_rampup_samples, 1000000);
  const check = `
per_device, start, increment, devices, accumulation = ${config.per_device_batch_size}, ${config.per_device_batch_size_start}, ${config.per_device_batch_size_increment}, 64, ${config.gradient_accumulation_steps}
assert (per_device - start) > 0 and (per_device - start) % increment == 0
print(int(devices * start) * accumulation, int(devices * increment) * accumulation)`;
  assert.equal(execFileSync('python3', ['-c', check], { encoding: 'utf8' }).trim(), '512 512');
});

test('nanotron: the YAML parses and micro × accumulation × dp is B, with train_steps from the token budget', () => {
  const { parallelism, tokens } = parseYaml(exported(BLOOM).targets.nanotron.text);
  assert.equal(BigInt(tokens.micro_batch_size) * BigInt(tokens.batch_accumulation_per_replica) * BigInt(parallelism.dp), 2048n);
  // ⌈366e9 ÷ (2,048 × 2,048)⌉ optimizer steps at the full batch.
  assert.equal(tokens.train_steps, Math.ceil(366e9 / (2048 * 2048)));
});

test('MaxText: int(devices × per_device_batch_size) × accumulation is B, computed by Python, with a fractional per-device batch', () => {
  const result = exported({ ...BLOOM, zeroStage: '3' }).targets.maxtext;
  const config = parseYaml(result.text);
  const devices = (config.ici_fsdp_parallelism ?? config.ici_data_parallelism) * config.ici_tensor_parallelism * config.ici_pipeline_parallelism * config.ici_context_parallelism;
  const perDevice = /per_device_batch_size: (\S+)/.exec(result.text)[1];
  const trained = execFileSync('python3', ['-c', `print(int(int(${devices} * float("${perDevice}")) * ${config.gradient_accumulation_steps}))`], { encoding: 'utf8' });
  assert.equal(trained.trim(), '2048');
  assert.ok(config.per_device_batch_size < 1);
  assert.ok(result.notes.some((note) => note.includes('fractional')));
});

test('MaxText: BLOOM\'s ramp per device fails MaxText\'s own check in Python floats, so it is left out and said, with the run\'s steps at B', () => {
  // Issue 42, item 18. rampup_batch.py at e591f30 (_verify_inputs): (per_device − start) % increment must be 0.
  const result = exported({ ...BLOOM, zeroStage: '3' }).targets.maxtext;
  const config = parseYaml(result.text);
  assert.equal(config.enable_rampup_batch_size, undefined);
  const start = 192 / (384 * 128);
  const increment = 16 / (384 * 128);
  const refused = execFileSync('python3', ['-c', `print(((${config.per_device_batch_size} - ${start}) % ${increment}) != 0)`], { encoding: 'utf8' });
  assert.equal(refused.trim(), 'True');
  assert.match(result.notes.join(' '), /ramp is left out: MaxText would stop at start-up/);
  // Without the ramp MaxText trains at B from the first step: ⌈366e9 ÷ (2,048 × 2,048)⌉ steps.
  assert.equal(config.steps, Math.ceil(366e9 / (2048 * 2048)));
  // types.py (calculate_global_batch_sizes): below 1 per device it loads 384 devices × 128 micro-batches = 49,152.
  assert.match(result.notes.join(' '), /loads one sequence per device and micro-batch, 49,152 a step, and trains on 2,048/);
});

test('MaxText: the typed warmup is a warmup_steps_fraction that MaxText turns back into the same steps; none typed is 0, not its 0.1 default', () => {
  // maxtext_utils.py at e591f30 (create_learning_rate_schedule): int(learning_rate_schedule_steps × warmup_steps_fraction),
  // computed by Python; BLOOM's 183,105 warmup samples are ⌈183,105 × 2,048 ÷ 4,194,304⌉ = 90 steps at B.
  const config = parseYaml(exported({ ...BLOOM, zeroStage: '3' }).targets.maxtext.text);
  const warmup = execFileSync('python3', ['-c', `print(int(${config.steps} * ${config.warmup_steps_fraction}))`], { encoding: 'utf8' });
  assert.equal(warmup.trim(), String(Math.ceil((183105 * 2048) / (2048 * 2048))));
  // Issue 52, item 3: with none, base.yml's warmup_steps_fraction 0.1 warmed up over a tenth of the run unasked. MaxText
  // at e591f30 takes 0 (types.py: Field(0.1, ge=0.0, le=1.0)) and then builds no warmup piece (maxtext_utils.py,
  // create_learning_rate_schedule): int(steps × 0.0) = 0 steps.
  const none = exported({ ...BLOOM, warmup: '', zeroStage: '3' }).targets.maxtext;
  const noneConfig = parseYaml(none.text);
  assert.equal(noneConfig.warmup_steps_fraction, 0);
  assert.equal(execFileSync('python3', ['-c', `print(int(${noneConfig.steps} * ${noneConfig.warmup_steps_fraction}))`], { encoding: 'utf8' }).trim(), '0');
  assert.match(none.text, /^warmup_steps_fraction: 0\.0$/m);
  // The issue's own link: a plan with a rate and a budget and no warmup writes 0 too.
  const issue = exported({ ...BLOOM, warmup: '', learningRate: '3e-4', rampStart: '', rampIncrement: '', rampSamples: '', zeroStage: '3' }).targets.maxtext;
  assert.equal(parseYaml(issue.text).warmup_steps_fraction, 0);
});

test('MaxText: a warmup fraction survives the float product for every warmup up to the run', async () => {
  const { maxtextWarmupFraction } = await import('../../web/src/planner/export/frameworks/maxtext.js');
  for (const steps of [1n, 7n, 95151n, 119210n, 1000003n]) {
    for (const warmup of [0n, 1n, 2n, 3n, steps / 3n, steps / 2n, steps - 1n, steps]) {
      if (warmup > steps || warmup < 0n) continue;
      const fraction = maxtextWarmupFraction(warmup, steps);
      assert.equal(BigInt(Math.trunc(Number(steps) * Number(fraction))), warmup, `${warmup} of ${steps}: ${fraction}`);
      assert.ok(Number(fraction) <= 1, fraction);
    }
  }
  assert.equal(maxtextWarmupFraction(11n, 10n), null);
});

test('OLMo trains all of global // world on every GPU: 24 on 8 processes at b 2, TP 2, not 16', () => {
  // Issue 16, item 15: scripts/train.py sets device_train_batch_size = global // world, and
  // olmo/train.py (split_batch) trains all of it, the last micro-batch smaller: 3 × 8 = 24.
  const texts = { ...DATA_PARALLEL, microBatch: '2', dataParallel: '4', accumulationSteps: '3', gpus: '8', tensorParallel: '2', zeroStage: '3' };
  const { targets } = exported(texts);
  const config = parseYaml(targets.olmo.text);
  assert.equal((BigInt(config.global_train_batch_size) / 8n) * 8n, 24n);
  assert.doesNotMatch(targets.olmo.notes.join(' '), /OLMo would train/);
});

test('OLMo: global // world // micro-batch gives back B on pure data parallelism', () => {
  const config = parseYaml(exported({ ...DATA_PARALLEL, zeroStage: '3' }).targets.olmo.text);
  const device = BigInt(config.global_train_batch_size) / 64n;
  const accumulation = device / BigInt(config.device_train_microbatch_size);
  assert.equal(accumulation * BigInt(config.device_train_microbatch_size) * 64n, DP_B);
  assert.equal(config.model.max_sequence_length, 4096);
});

// allenai/OLMo at 59a53e3, olmo/config.py: TrainConfig's and ModelConfig's fields (the dataclasses'
// annotated names). OLMo's loader merges the YAML into the TrainConfig schema and refuses any other key
// ("Key 'max_seq_len' not in 'TrainConfig'", issue 42, item 17).
const OLMO_TRAIN_KEYS = ['run_name', 'seed', 'model', 'optimizer', 'scheduler', 'data', 'max_duration', 'global_train_batch_size',
  'device_train_batch_size', 'device_train_microbatch_size', 'device_train_grad_accum', 'max_grad_norm', 'precision', 'fsdp', 'ddp'];
const OLMO_SECTION_KEYS = {
  model: ['d_model', 'n_heads', 'n_layers', 'max_sequence_length', 'vocab_size', 'precision'],
  optimizer: ['name', 'learning_rate', 'weight_decay', 'betas', 'eps'],
  scheduler: ['name', 'units', 't_warmup', 't_max', 'alpha_f', 'warmup_min_lr'],
  fsdp: ['use_orig_params', 'sharding_strategy', 'wrapping_strategy', 'precision'],
};
// mosaicml/llm-foundry at 8c8dd48, llmfoundry/utils/config_utils.py: TrainConfig's fields these files use.
const LLM_FOUNDRY_KEYS = ['model', 'tokenizer', 'optimizer', 'scheduler', 'train_loader', 'max_duration', 'max_seq_len', 'precision',
  'fsdp_config', 'device_train_microbatch_size', 'global_train_batch_size'];

for (const texts of [['pure data parallelism', DATA_PARALLEL_RUN], ['BLOOM with its ramp', BLOOM]]) {
  test(`OLMo's file holds only keys its TrainConfig has, and llm-foundry's only its own: ${texts[0]}`, () => {
    const { targets } = exported({ ...texts[1], zeroStage: '3' });
    const olmo = parseYaml(targets.olmo.text);
    for (const key of Object.keys(olmo)) assert.ok(OLMO_TRAIN_KEYS.includes(key), `OLMo: ${key}`);
    for (const [section, keys] of Object.entries(OLMO_SECTION_KEYS)) {
      for (const key of Object.keys(olmo[section] ?? {})) assert.ok(keys.includes(key), `OLMo ${section}: ${key}`);
    }
    const foundry = parseYaml(targets.llmFoundry.text);
    for (const key of Object.keys(foundry)) assert.ok(LLM_FOUNDRY_KEYS.includes(key), `llm-foundry: ${key}`);
    assert.equal(foundry.max_seq_len, Number(texts[1].sequenceLength));
  });
}

test('llm-foundry: its device batch is global ÷ world, split into ceil(share ÷ micro) micro-batches: B on pure data parallelism', () => {
  // calculate_batch_size_info at 8c8dd48: device_batch = global / world; grad_accum = ceil(device_batch / micro).
  const config = parseYaml(exported({ ...DATA_PARALLEL_RUN, zeroStage: '3' }).targets.llmFoundry.text);
  const device = config.global_train_batch_size / 64;
  const accumulation = Math.ceil(device / config.device_train_microbatch_size);
  assert.equal(BigInt(accumulation * config.device_train_microbatch_size * 64), DP_B);
  assert.deepEqual([config.max_duration, config.scheduler.t_warmup, config.scheduler.name, config.optimizer.name, config.optimizer.lr],
    ['119210ba', '954ba', 'linear_decay_with_warmup', 'decoupled_adamw', 3e-4]);
});

test('with model parallelism, the frameworks that count every process say what batch they would train on', () => {
  const { targets } = exported(BLOOM);
  // Hugging Face by version (issue 16, item 16): 2 × 128 × 384 = 98,304 counting every process;
  // world ÷ TP = 96 replicas: 24,576; ÷ (TP·CP) the same at CP 1. OLMo: (2,048 // 384) × 384 = 1,920.
  assert.match(targets.hfPython.notes.join(' '), /98,304 before PR #38286/);
  assert.match(targets.hfPython.notes.join(' '), /24,576 from it/);
  assert.match(targets.hfPython.notes.join(' '), /no pipeline parallelism/);
  // OLMo and llm-foundry shard through torch FSDP, which has no ZeRO-1: at stage 3 they say what they would train on.
  const { targets: sharded } = exported({ ...BLOOM, zeroStage: '3' });
  assert.match(sharded.olmo.notes.join(' '), /1,920, not 2,048/);
  assert.match(sharded.llmFoundry.notes.join(' '), /llm-foundry refuses it/);
  // DeepSpeed counts every process unless an mpu or mesh is passed (issue 16, item 19): 2 × 128 × 384.
  assert.match(targets.deepspeed.notes.join(' '), /dist\.get_world_size\(\) = 384/);
  assert.match(targets.deepspeed.notes.join(' '), /98,304, not 2,048/);
  // Its only note: no model in the run, so no shape is written (issue 42, item 15).
  assert.equal(targets.megatron.notes.length, 1);
  assert.match(targets.megatron.notes[0], /^No model in the run/);
});

test('pure data parallelism with a whole run needs no note except where a framework keeps the run elsewhere', () => {
  const { targets } = exported(DATA_PARALLEL_RUN);
  // With ZeRO-1 (the default), the Trainer runs a DeepSpeed config of its own, every batch value "auto". MaxText,
  // torchtitan, OLMo and llm-foundry have no stage 1 (issue 50, item 1): refused, each with no note.
  const elsewhere = {
    deepspeed: [/gradient_clipping is 1\.0/], accelerate: [/training script/], lightning: [/training script/],
    hfPython: [/“auto”/], hfCli: [/“auto”/, /no sequence length/], megatron: [/^No model in the run/], slurm: [/^No model in the run/, /sbatch train\.sbatch/],
  };
  const refused = ['maxtext', 'torchtitan', 'olmo', 'llmFoundry'];
  for (const { key } of EXPORT_TARGETS) {
    const expected = elsewhere[key] ?? [];
    assert.equal(targets[key].notes.length, expected.length, `${key}: ${targets[key].notes.join(' | ')}`);
    expected.forEach((pattern, index) => assert.match(targets[key].notes[index], pattern, key));
    assert.equal(targets[key].unavailable !== '', refused.includes(key), key);
    if (refused.includes(key)) assert.match(targets[key].unavailable, /has no ZeRO stage 1: it would run another layout/, key);
  }
  // At stage 3, which they run, their notes are the run's alone.
  const { targets: sharded } = exported({ ...DATA_PARALLEL_RUN, zeroStage: '3' });
  const shardedNotes = { maxtext: [/plain linear decay/], torchtitan: [], olmo: [], llmFoundry: [/model, tokenizer and train_loader/] };
  for (const [key, patterns] of Object.entries(shardedNotes)) {
    assert.equal(sharded[key].notes.length, patterns.length, `${key}: ${sharded[key].notes.join(' | ')}`);
    patterns.forEach((pattern, index) => assert.match(sharded[key].notes[index], pattern, key));
  }
  // nanotron has no stage 3: refused there.
  assert.match(sharded.nanotron.unavailable, /^nanotron has no ZeRO stage 3/);
});

test('a run without a budget, warmup or rate says what each framework leaves out, and nanotron that it needs train_steps', () => {
  const { targets } = exported(DATA_PARALLEL);
  assert.match(targets.nanotron.notes.join(' '), /requires train_steps/);
  assert.match(targets.megatron.notes.join(' '), /training length is left out/);
  assert.match(targets.hfPython.notes.join(' '), /No learning rate given/);
  assert.doesNotMatch(targets.megatron.text, /--train-iters|--lr /);
});

test('no snippet while a value it uses is wrong; a launch command needs whole nodes', () => {
  assert.equal(exported({ ...DATA_PARALLEL, tensorParallel: 'x' }).targets, null);
  const { targets } = exported({ ...DATA_PARALLEL, gpusPerNode: '6' });
  assert.match(targets.hfCli.unavailable, /64 GPUs ÷ 6 GPUs per node/);
  assert.equal(targets.hfCli.text, '');
  assert.notEqual(targets.deepspeed.text, '');
});

test('notes and comments are in the page\'s language', () => {
  const evaluation = planner.evaluate(BLOOM, 'seq', 'pt_BR');
  const { targets } = presentExport(plannerPtBR.export, evaluation, {});
  assert.match(targets.hfPython.notes.join(' '), /98\.304 antes do PR #38286/);
  assert.match(targets.hfPython.text, /sequências por passo do otimizador/);
});

test('each download link carries its snippet, named for its framework', () => {
  // ZeRO 0, which every framework runs.
  const { targets } = exported({ ...DATA_PARALLEL, zeroStage: '0' });
  for (const { key, file } of EXPORT_TARGETS) {
    assert.equal(targets[key].file, file);
    assert.equal(decodeURIComponent(targets[key].href.split(',').slice(1).join(',')), targets[key].text, key);
  }
});


// --- The whole run (issue 17, item 4) ---------------------------------------------

// Megatron-LM's own counts, transcribed from its source, step by step:
// RampupBatchsizeNumMicroBatchesCalculator.update (megatron/core/num_microbatches_calculator.py):
// int(consumed / samples-per-increment) increments while consumed <= the ramp's samples.
function megatronBatchAt({ start, increment, rampSamples, final }) {
  const perIncrement = rampSamples / ((final - start) / increment);
  return (consumed) => (consumed > rampSamples ? final : start + Math.trunc(consumed / perIncrement) * increment);
}
// update_train_iters before core 0.18 (core_v0.17.1, megatron/training/training.py).
function legacyTrainIters(trainSamples, ramp) {
  const batchAt = megatronBatchAt(ramp);
  let iterations = 0;
  let consumed = 0;
  while (consumed <= ramp.rampSamples && consumed <= trainSamples) {
    consumed += batchAt(consumed);
    iterations += 1;
  }
  if (trainSamples > consumed) iterations += Math.floor((trainSamples - consumed) / ramp.final);
  return iterations;
}
// From core 0.18 (d98e8a6): steps while consumed < train_samples.
function scheduleTrainIters(trainSamples, ramp) {
  const batchAt = megatronBatchAt(ramp);
  let iterations = 0;
  let consumed = 0;
  while (consumed < trainSamples) {
    consumed += batchAt(consumed);
    iterations += 1;
  }
  return iterations;
}
// The steps a budget of tokens takes through the ramp: until consumed × L reaches it.
function stepsForTokens(tokens, length, ramp) {
  const batchAt = megatronBatchAt(ramp);
  let steps = 0;
  let consumed = 0;
  while (consumed * length < tokens) {
    consumed += batchAt(consumed);
    steps += 1;
  }
  return steps;
}
const BLOOM_RAMP = { start: 192, increment: 16, rampSamples: 9765625, final: 2048 };

test('Megatron-LM without a ramp: --train-iters, --lr-warmup-iters and --lr at the full batch', () => {
  const { flags, one } = shellFlags(exported(DATA_PARALLEL_RUN).targets.megatron.text);
  // T = 2,048 × 4,096 = 8,388,608 tokens a step: ceil(10^12 / T) and ceil(8 × 10^9 / T).
  assert.equal(one('train-iters'), (10n ** 12n + 8388607n) / 8388608n);
  assert.equal(one('train-iters'), 119210n);
  assert.equal(one('lr-warmup-iters'), 954n);
  assert.equal(Number(flags.lr[0]), 3e-4);
  assert.equal(flags['train-samples'], undefined);
});

for (const [version, count] of [['legacy', legacyTrainIters], ['core-0.18', scheduleTrainIters]]) {
  test(`Megatron-LM ${version} under BLOOM's ramp: --train-samples makes its own count give the planner's steps`, () => {
    const evaluation = planner.evaluate(BLOOM, 'seq', 'en');
    const { flags, one } = shellFlags(exported(BLOOM, { megatronVersion: version }).targets.megatron.text);
    const planned = stepsForTokens(366e9, 2048, BLOOM_RAMP);
    assert.equal(evaluation.budget.stepsWithRamp, String(planned));
    assert.equal(count(Number(one('train-samples')), BLOOM_RAMP), planned);
    // Samples, never iterations, beside a ramp (arguments.py refuses iteration-based training there).
    assert.equal(flags['train-iters'], undefined);
    assert.equal(one('lr-warmup-samples'), 183105n);
    assert.equal(one('lr-decay-samples'), 200000000n);
    assert.equal(Number(flags.lr[0]), 6e-5);
    assert.equal(Number(flags['min-lr'][0]), 6e-6);
  });

  test(`Megatron-LM ${version}: a budget that ends inside the ramp still runs the planner's steps`, () => {
    for (const budget of [1e9, 4096e6, 12345678 * 2048]) {
      const texts = { ...BLOOM, tokens: String(budget) };
      const { one } = shellFlags(exported(texts, { megatronVersion: version }).targets.megatron.text);
      const planned = stepsForTokens(budget, 2048, BLOOM_RAMP);
      assert.equal(planner.evaluate(texts, 'seq', 'en').budget.stepsWithRamp, String(planned), String(budget));
      assert.equal(count(Number(one('train-samples')), BLOOM_RAMP), planned, String(budget));
    }
  });
}

test('every other framework takes the run in its own keys, read back by its parser', () => {
  const { targets } = exported(DATA_PARALLEL_RUN);
  const steps = 119210;
  const warmup = 954;
  const deepspeed = JSON.parse(targets.deepspeed.text);
  // deepspeed/runtime/lr_schedules.py (d8943a3): WarmupDecayLR's arguments.
  assert.deepEqual(deepspeed.scheduler, { type: 'WarmupDecayLR',
    params: { total_num_steps: steps, warmup_num_steps: warmup, warmup_min_lr: 0, warmup_max_lr: 3e-4, warmup_type: 'linear' } });
  for (const name of ['TrainingArguments', 'SFTConfig']) {
    const args = pythonCalls(targets.hfPython.text)[name];
    assert.deepEqual([args.max_steps, args.warmup_steps, args.learning_rate], [steps, warmup, 3e-4], name);
  }
  const cli = shellFlags(targets.hfCli.text);
  assert.deepEqual([cli.one('max_steps'), cli.one('warmup_steps'), Number(cli.flags.learning_rate[0])], [BigInt(steps), BigInt(warmup), 3e-4]);
  assert.equal(pythonCalls(targets.lightning.text).Trainer.max_steps, steps);
  // The frameworks sharding through FSDP have no ZeRO-1: read at stage 3, which they run.
  const { targets: sharded } = exported({ ...DATA_PARALLEL_RUN, zeroStage: '3' });
  const titan = parseToml(sharded.torchtitan.text);
  assert.deepEqual([titan.training.steps, titan.lr_scheduler.warmup_steps, titan.optimizer.lr], [steps, warmup, 3e-4]);
  const nanotron = parseYaml(targets.nanotron.text);
  assert.equal(nanotron.tokens.train_steps, steps);
  // nanotron at 2411b02: LRSchedulerArgs takes lr_decay_style linear, cosine or 1-sqrt; zero_stage above 0 is its
  // ZeroDistributedOptimizer; model.dtype one of str_to_dtype's names.
  // config.py (LRSchedulerArgs.__post_init__): without min_decay_lr the rate never decays, so the floor 0 is written.
  assert.deepEqual(nanotron.optimizer.learning_rate_scheduler,
    { learning_rate: 3e-4, lr_warmup_steps: warmup, lr_warmup_style: 'linear', lr_decay_style: 'linear', min_decay_lr: 0 });
  assert.deepEqual([nanotron.optimizer.zero_stage, nanotron.model.dtype], [1, 'bfloat16']);
  const maxtext = parseYaml(sharded.maxtext.text);
  assert.deepEqual([maxtext.steps, maxtext.learning_rate], [steps, 3e-4]);
  // maxtext_utils.py at e591f30 (create_learning_rate_schedule): int(schedule steps × warmup_steps_fraction), in doubles.
  assert.equal(Math.trunc(steps * maxtext.warmup_steps_fraction), warmup);
  const olmo = parseYaml(sharded.olmo.text);
  assert.deepEqual([olmo.max_duration, olmo.scheduler.t_warmup, olmo.optimizer.learning_rate], [steps, warmup, 3e-4]);
  const main = pythonCalls(exported({ ...DATA_PARALLEL_RUN, zeroStage: '3' }, { torchtitanVersion: 'main' }).targets.torchtitan.text);
  assert.equal(main.TrainingConfig.steps, steps);
});

test('a rate tuned at another batch is not written: the note gives both rules\' rates', () => {
  const { targets } = exported({ ...DATA_PARALLEL_RUN, referenceBatch: '512' });
  assert.doesNotMatch(targets.megatron.text, /--lr /);
  // 3e-4 × 2,048 / 512 and 3e-4 × √4.
  const { shared } = exported({ ...DATA_PARALLEL_RUN, referenceBatch: '512' });
  assert.match([...shared, ...targets.megatron.notes].join(' '), /linear rule gives 0\.0012, the square-root rule 0\.0006/);
});

test('with no cluster typed, the configs are for the calculator\'s d GPUs and say so', () => {
  // The cluster left empty: the core assumes d·1·1·1 = 64 GPUs and min(64, 8) per node.
  const texts = { ...DATA_PARALLEL_RUN, gpus: '', tensorParallel: '', pipelineParallel: '', contextParallel: '', gpusPerNode: '' };
  const evaluation = planner.evaluate(texts, 'seq', 'en');
  const { targets, shared } = presentExport(plannerEn.export, evaluation, {});
  // Said once for the ten, not in each (issue 29, item 3).
  assert.equal(shared.length, 1);
  assert.match(shared[0], /assume 64 GPUs \(the calculator’s d\), TP = PP = CP = 1 and 8 GPUs per node/);
  for (const { key } of EXPORT_TARGETS) assert.doesNotMatch(targets[key].notes.join(' '), /assume 64 GPUs/, key);
  assert.match(targets.megatron.text, /--nnodes 8 --nproc_per_node 8/);
});

test('no configs while a field blocks them: the message names it', () => {
  const labels = { tokens: 'Training tokens', gpus: 'GPUs (world size)' };
  const evaluation = planner.evaluate({ ...DATA_PARALLEL, gpus: 'x' }, 'seq', 'en');
  const shown = presentExport(plannerEn.export, evaluation, { labels });
  assert.equal(shown.targets, null);
  assert.match(shown.message, /GPUs \(world size\)/);
});

test('a Megatron-LM export without a learning rate says Megatron-LM has none to fall back on (issue 42, item 15)', () => {
  // optimizer_param_scheduler.py at d98e8a6: self.max_lr = float(max_lr), and --lr defaults to None.
  for (const words of [plannerEn, plannerPtBR]) {
    const { notes } = exported({ ...BLOOM, learningRate: '', minLearningRate: '' }, { words }).targets.megatron;
    assert.ok(notes.some((note) => /float\(None\)/.test(note)), notes.join('\n'));
    assert.ok(!notes.some((note) => note === words.export.notes.noLearningRate({ framework: 'Megatron-LM' })));
  }
  // With a rate (BLOOM's 6e-5) the note goes.
  assert.ok(!exported(BLOOM).targets.megatron.notes.some((note) => /float\(None\)/.test(note)));
});

test('a Megatron-LM export with a ramp names, in its text, the versions that read it (issue 42, item 15)', () => {
  // core_v0.17.1 (266f1c9) passes --rampup-batch-size to the calculator; core_v0.18.0 (ba7b5eb) and main (d98e8a6) do not.
  for (const key of ['megatron', 'slurm']) {
    assert.match(exported(BLOOM).targets[key].text, /^# --rampup-batch-size is read up to core_v0\.17\.1; from core_v0\.18\.0 to main \(d98e8a6\) it is accepted and ignored/m, key);
    assert.match(exported(BLOOM, { megatronVersion: 'core-0.18' }).targets[key].text, /^# --step-batch-size-schedule is read from core_v0\.18\.0/m, key);
    assert.doesNotMatch(exported(DATA_PARALLEL).targets[key].text, /core_v0\.1/, key);
  }
  assert.match(exported(BLOOM, { words: plannerPtBR }).targets.megatron.text, /^# --rampup-batch-size é lido até a core_v0\.17\.1/m);
});

test('with a model in the run, Megatron-LM and SLURM write its shape; recomputation and sequence parallelism as chosen (issue 42, item 15)', async () => {
  const compute = await loadTrainingCompute();
  const model = (slug) => ({ name: modelNamed(slug).name, report: compute.readModel(presetMembers(modelNamed(slug).config)) });
  // Llama 3.1 8B (meta-llama/Llama-3.1-8B config.json): 32 layers of 4,096, 32 heads in 8 groups, SwiGLU 14,336, RMSNorm, untied.
  const llama = exported(BLOOM, { model: model('llama-3.1-8b'), recompute: 'full', sequenceParallel: 'on' });
  for (const key of ['megatron', 'slurm']) {
    const { flags } = shellFlags(llama.targets[key].text);
    assert.deepEqual(['num-layers', 'hidden-size', 'ffn-hidden-size', 'num-attention-heads', 'num-query-groups', 'normalization', 'max-position-embeddings',
      'recompute-granularity', 'recompute-method', 'recompute-num-layers'].map((name) => flags[name]?.[0]),
      ['32', '4096', '14336', '32', '8', 'RMSNorm', '2048', 'full', 'uniform', '1'], key);
    for (const bare of ['group-query-attention', 'swiglu', 'untie-embeddings-and-output-weights', 'sequence-parallel']) assert.ok(bare in flags, `${key} ${bare}`);
    assert.ok(!('kv-channels' in flags), key);  // 4,096 / 32 = 128, Megatron-LM's own default
    assert.match(llama.targets[key].notes.join(' '), /128,256-token vocabulary comes from the tokenizer/);
  }
  // Selective recomputation (the default) is --recompute-activations; at TP 1 sequence parallelism is not written, and said.
  const dense = exported(DATA_PARALLEL, { model: model('llama-3.1-8b'), sequenceParallel: 'on' });
  assert.ok('recompute-activations' in shellFlags(dense.targets.megatron.text).flags);
  assert.ok(!('sequence-parallel' in shellFlags(dense.targets.megatron.text).flags));
  assert.match(dense.targets.megatron.notes.join(' '), /at TP 1 Megatron-LM turns it off/);
  assert.ok(!('recompute-activations' in shellFlags(exported(DATA_PARALLEL, { recompute: 'none' }).targets.megatron.text).flags));
  // Mixtral's experts; DeepSeek-V3's latent attention is named, not written.
  const { flags: moe } = shellFlags(exported(BLOOM, { model: model('mixtral-8x7b') }).targets.megatron.text);
  assert.deepEqual(['num-experts', 'moe-router-topk', 'moe-ffn-hidden-size'].map((name) => moe[name]?.[0]), ['8', '2', '14336']);
  const deepseek = exported(BLOOM, { model: model('deepseek-v3') }).targets.megatron;
  assert.ok(!('num-layers' in shellFlags(deepseek.text).flags));
  assert.match(deepseek.notes.join(' '), /DeepSeek-V3’s shape \(multi-head latent attention/);
  // Shared experts (a link's sharedffn=) are not written either: no flag would be better than a wrong one.
  const mixtral = model('mixtral-8x7b');
  const shared = exported(BLOOM, { model: { ...mixtral, report: { ...mixtral.report, shape: { ...mixtral.report.shape, sharedExpertFfn: '2048' } } } }).targets.megatron;
  assert.ok(!('num-experts' in shellFlags(shared.text).flags));
  assert.match(shared.notes.join(' '), /or shared experts\) is not written here/);
});

test('Qwen3\'s per-head query and key norms are Megatron-LM\'s --qk-layernorm; OLMo 2\'s over all heads are named, not written (issue 53)', async () => {
  // Megatron-LM at d98e8a6: TransformerConfig.qk_layernorm builds q_layernorm and k_layernorm of
  // hidden_size_per_attention_head (megatron/core/transformer/attention.py), a norm per head.
  const compute = await loadTrainingCompute();
  const model = (slug) => ({ name: modelNamed(slug).name, report: compute.readModel(presetMembers(modelNamed(slug).config)) });
  for (const key of ['megatron', 'slurm']) {
    assert.ok('qk-layernorm' in shellFlags(exported(BLOOM, { model: model('qwen3-8b') }).targets[key].text).flags, key);
    assert.ok(!('qk-layernorm' in shellFlags(exported(BLOOM, { model: model('llama-3.1-8b') }).targets[key].text).flags), key);
    const olmo = exported(BLOOM, { model: model('olmo-2-7b') }).targets[key];
    assert.ok(!('qk-layernorm' in shellFlags(olmo.text).flags), key);
    assert.match(olmo.notes.join(' '), /OLMo 2 7B normalizes its queries and keys over all heads/, key);
  }
});

test('Megatron-LM splits layers the pipeline does not divide with the embedding and the loss counted, or refuses aloud (issue 49, item 3)', async () => {
  // arguments.py at d98e8a6 (lines 985-998): (num_layers + embedding + loss) % pipeline size == 0. Llama 3.1 405B's 126
  // layers on BLOOM's PP 12: 126 % 12 = 6 and 128 % 12 = 8, refused; on PP 16 (GPUs 384 = 4 · 16 · 6): 128 % 16 = 0.
  const compute = await loadTrainingCompute();
  const model = (slug) => ({ name: modelNamed(slug).name, report: compute.readModel(presetMembers(modelNamed(slug).config)) });
  const twelve = exported(BLOOM, { model: model('llama-3.1-405b') }).targets.megatron;
  assert.ok(!('account-for-embedding-in-pipeline-split' in shellFlags(twelve.text).flags));
  assert.match(twelve.notes.join(' '), /126 layers over 12 pipeline stages neither evenly nor/);
  const sixteen = exported({ ...BLOOM, pipelineParallel: '16', dataParallel: '6', accumulationSteps: '171', rampStart: '', rampIncrement: '', rampSamples: '' },
    { model: model('llama-3.1-405b') }).targets;
  for (const key of ['megatron', 'slurm']) {
    const { flags } = shellFlags(sixteen[key].text);
    assert.equal(flags['pipeline-model-parallel-size']?.[0], '16', key);
    assert.ok('account-for-embedding-in-pipeline-split' in flags && 'account-for-loss-in-pipeline-split' in flags, key);
  }
  // One stage (the data-parallel plan) splits nothing: neither flag.
  assert.ok(!('account-for-loss-in-pipeline-split' in shellFlags(exported(DATA_PARALLEL, { model: model('llama-3.1-8b') }).targets.megatron.text).flags));
});

test('a batch above 2^64 - 1 gets no configs, in either language: the message says B is too large for any framework', () => {
  // (2^32 - 1)^3 sequences: every field valid, their product beyond any framework's 64-bit count.
  const texts = { ...DATA_PARALLEL, microBatch: '4294967295', dataParallel: '4294967295', accumulationSteps: '4294967295',
    gpus: '', tensorParallel: '', pipelineParallel: '', contextParallel: '', gpusPerNode: '' };
  for (const words of [plannerEn, plannerPtBR]) {
    const shown = presentExport(words.export, planner.evaluate(texts, 'seq', 'en'), {});
    assert.equal(shown.targets, null);
    assert.equal(shown.message, words.export.tooLarge());
  }
});

test('a plan without warmup gets none from any framework whose default would warm up (issue 52, item 3)', () => {
  // Each framework's default at the commit its export cites, and the 0 it accepts:
  // MaxText e591f30 base.yml warmup_steps_fraction 0.1 (types.py ge=0.0); torchtitan 73a0e69 job_config.py
  // warmup_steps 200 (lr_scheduler.py runs its warmup branch only below it); OLMo 59a53e3 config.py t_warmup 100
  // (optim.py skips the warmup at 0); nanotron 2411b02 helpers.py lr_lambda counts step 0 as linear warmup at rate 0,
  // so "constant"; DeepSpeed edaa722 lr_schedules.py warmup_num_steps 1000, at least 1 from v0.19.3.
  const plan = { ...DATA_PARALLEL_RUN, warmup: '' };
  const { targets } = exported(plan);
  // MaxText, torchtitan, OLMo and llm-foundry at ZeRO 3, which they run; nanotron and DeepSpeed at ZeRO 1.
  const { targets: sharded } = exported({ ...plan, zeroStage: '3' });
  assert.equal(parseYaml(sharded.maxtext.text).warmup_steps_fraction, 0);
  assert.equal(parseToml(sharded.torchtitan.text.replace(/^#.*$/gm, '')).lr_scheduler.warmup_steps, 0);
  assert.equal(parseYaml(sharded.olmo.text).scheduler.t_warmup, 0);
  const nanotron = parseYaml(targets.nanotron.text).optimizer.learning_rate_scheduler;
  assert.deepEqual([nanotron.lr_warmup_steps, nanotron.lr_warmup_style], [0, 'constant']);
  assert.equal(JSON.parse(targets.deepspeed.text).scheduler.params.warmup_num_steps, 1);
  assert.equal(parseYaml(sharded.llmFoundry.text.replace(/^#.*$/m, '')).scheduler.t_warmup, '0ba');
  // With a warmup typed, each writes it (8B tokens at 8,388,608 a step: 954 steps), nanotron linearly.
  const typed = exported({ ...DATA_PARALLEL_RUN, zeroStage: '3' }).targets;
  assert.equal(parseToml(typed.torchtitan.text.replace(/^#.*$/gm, '')).lr_scheduler.warmup_steps, 954);
  assert.equal(parseYaml(typed.olmo.text).scheduler.t_warmup, 954);
  assert.equal(parseYaml(exported(DATA_PARALLEL_RUN).targets.nanotron.text).optimizer.learning_rate_scheduler.lr_warmup_style, 'linear');
  // torchtitan main's Python config takes it in LRSchedulersContainer.Config, whose default is 200 too: the note names 0.
  assert.match(exported({ ...plan, zeroStage: '3' }, { torchtitanVersion: 'main' }).targets.torchtitan.notes.join(' '), /warmup_steps=0\)/);
});

// Mixtral 8x7B (mistralai/Mixtral-8x7B-v0.1 config.json: 32 layers, 8 experts, 2 a token) on 64 GPUs at PP 4 with
// 8 virtual stages and EP 8, d = 16: 1 × 16 × 16 = 256 sequences, as Megatron-LM's MoE README maps it.
const MIXTRAL_LAYOUT = { ...EMPTY, microBatch: '1', dataParallel: '16', accumulationSteps: '16', sequenceLength: '4096', gpus: '64',
  tensorParallel: '1', pipelineParallel: '4', contextParallel: '1', gpusPerNode: '8', expertParallel: '8', virtualStages: '8' };

test('a mixture of experts\' layout goes into Megatron-LM whole: EP, the virtual stages, and the experts\' kernels the prediction counts', async () => {
  const compute = await loadTrainingCompute();
  const mixtral = { name: modelNamed('mixtral-8x7b').name, report: compute.readModel(presetMembers(modelNamed('mixtral-8x7b').config)) };
  for (const key of ['megatron', 'slurm']) {
    const { text, notes } = exported(MIXTRAL_LAYOUT, { model: mixtral }).targets[key];
    const { flags, one } = shellFlags(text);
    assert.deepEqual(['expert-model-parallel-size', 'num-virtual-stages-per-pipeline-rank', 'pipeline-model-parallel-size'].map(one), [8n, 8n, 4n], key);
    assert.ok('moe-grouped-gemm' in flags, key);
    // The token permutations the prediction counts are Transformer Engine's fused ones (transformer_config.py line 941).
    assert.ok('moe-permute-fusion' in flags, key);
    assert.deepEqual(flags['moe-token-dispatcher-type'], ['alltoall'], key);
    // 32 layers in 4 × 8 = 32 chunks: an even split, nothing counted in it.
    assert.ok(!('account-for-embedding-in-pipeline-split' in flags), key);
    assert.match(notes.join(' '), /grouped GEMMs \(--moe-grouped-gemm/, key);
  }
  // 3 virtual stages: 32 and 34 layers divide by 4 × 3 = 12 neither; Megatron-LM refuses it, and the note says so.
  const threes = exported({ ...MIXTRAL_LAYOUT, virtualStages: '3' }, { model: mixtral }).targets.megatron;
  assert.match(threes.notes.join(' '), /32 layers into 4 stages × 3 virtual stages = 12 chunks/);
  // A dense model refused EP; 8 experts over EP 16 refused (arguments.py lines 1655-1658).
  const llama = { name: modelNamed('llama-3.1-8b').name, report: compute.readModel(presetMembers(modelNamed('llama-3.1-8b').config)) };
  assert.match(exported(MIXTRAL_LAYOUT, { model: llama }).targets.megatron.notes.join(' '), /has no experts, and Megatron-LM refuses EP 8/);
  assert.match(exported({ ...MIXTRAL_LAYOUT, expertParallel: '16' }, { model: mixtral }).targets.megatron.notes.join(' '), /refuses 8 experts over EP 16/);
  // No EP: the experts' kernels still as the prediction has them; a dense layout writes none of it.
  const { flags: noEp } = shellFlags(exported({ ...MIXTRAL_LAYOUT, expertParallel: '1' }, { model: mixtral }).targets.megatron.text);
  assert.ok('moe-grouped-gemm' in noEp && !('expert-model-parallel-size' in noEp));
  const { flags: dense } = shellFlags(exported(DATA_PARALLEL, { model: llama }).targets.megatron.text);
  assert.ok(!['moe-grouped-gemm', 'moe-permute-fusion', 'expert-model-parallel-size', 'num-virtual-stages-per-pipeline-rank'].some((flag) => flag in dense));
});

test('torchtitan writes EP and the interleaved schedule, its stages a rank from the model\'s layers', async () => {
  const compute = await loadTrainingCompute();
  const mixtral = { name: modelNamed('mixtral-8x7b').name, report: compute.readModel(presetMembers(modelNamed('mixtral-8x7b').config)) };
  // PP 2, 3 virtual stages, d = 32: ⌈(32 + 2) ÷ 6⌉ = 6 = 2 × 3 stages (torchtitan's count at 73a0e69), and no other
  // layers_per_stage gives 6.
  const texts = { ...MIXTRAL_LAYOUT, pipelineParallel: '2', virtualStages: '3', dataParallel: '32', accumulationSteps: '8', zeroStage: '3' };
  const { parallelism } = parseToml(exported(texts, { model: mixtral }).targets.torchtitan.text);
  assert.deepEqual([parallelism.expert_parallel_degree, parallelism.pipeline_parallel_schedule, parallelism.pipeline_parallel_layers_per_stage], [8, 'Interleaved1F1B', 6]);
  // Two stages a rank are the multi-stage schedule's default: no layers_per_stage needed, nor a model.
  const twos = parseToml(exported({ ...texts, virtualStages: '2' }).targets.torchtitan.text).parallelism;
  assert.deepEqual([twos.pipeline_parallel_schedule, twos.pipeline_parallel_layers_per_stage], ['Interleaved1F1B', undefined]);
  // Eight a rank at PP 4: ⌈34 ÷ 2⌉ = 17 stages, not 32; refused aloud. Without the model, it says what it needs.
  assert.match(exported({ ...MIXTRAL_LAYOUT, zeroStage: '3' }, { model: mixtral }).targets.torchtitan.notes.join(' '), /splits 32 layers .* into exactly 32 stages/);
  assert.match(exported({ ...texts }).targets.torchtitan.notes.join(' '), /only from pipeline_parallel_layers_per_stage/);
  const main = pythonCalls(exported(texts, { model: mixtral, torchtitanVersion: 'main' }).targets.torchtitan.text).ParallelismConfig;
  assert.deepEqual([main.expert_parallel_degree, main.pipeline_parallel_schedule, main.pipeline_parallel_layers_per_stage, main.num_pp_microbatches], [8, 'Interleaved1F1B', 6, 8]);
});

test('an export that cannot carry EP or the virtual stages says that, as written, they would run as 1; DeepSpeed names where EP goes', () => {
  const { targets } = exported(MIXTRAL_LAYOUT, { zeroStage: '1' });
  for (const key of ['hfPython', 'hfCli', 'accelerate', 'lightning', 'nanotron', 'maxtext', 'olmo', 'llmFoundry']) {
    if (targets[key].unavailable) continue;
    const notes = targets[key].notes.join(' ');
    assert.match(notes, /EP 8 would run as EP 1/, key);
    assert.match(notes, /8 virtual stages would run as 1/, key);
  }
  assert.match(targets.deepspeed.notes.join(' '), /MoE\(\.\.\., ep_size=8\).*--moe-expert-parallel-size 8/);
  assert.doesNotMatch(targets.deepspeed.notes.join(' '), /EP 8 would run as EP 1/);
  assert.match(targets.deepspeed.notes.join(' '), /8 virtual stages would run as 1/);
  for (const key of ['megatron', 'slurm']) assert.doesNotMatch(targets[key].notes.join(' '), /would run as/, key);
});

// Megatron-LM at d98e8a6 (transformer_config.py lines 891 and 898, arguments from the dataclass by
// ArgumentGroupFactory; the same fields at core_v0.17.1, 266f1c9, lines 754-757): the flex dispatcher and its backend.
test('DeepEP and HybridEP go into Megatron-LM as the flex dispatcher with that backend, and NCCL\'s all-to-all as alltoall', async () => {
  const compute = await loadTrainingCompute();
  const mixtral = { name: modelNamed('mixtral-8x7b').name, report: compute.readModel(presetMembers(modelNamed('mixtral-8x7b').config)) };
  for (const key of ['megatron', 'slurm']) {
    for (const [dispatcher, type, backend] of [['alltoall', 'alltoall', undefined], ['deepep', 'flex', 'deepep'], ['hybridep', 'flex', 'hybridep']]) {
      const { text, notes } = exported(MIXTRAL_LAYOUT, { model: mixtral, dispatcher }).targets[key];
      const { flags } = shellFlags(text);
      assert.deepEqual([flags['moe-token-dispatcher-type'], flags['moe-flex-dispatcher-backend']], [[type], backend && [backend]], `${key} ${dispatcher}`);
      assert.doesNotMatch(notes.join(' '), /writes no expert dispatcher/, key);
    }
  }
  assert.match(exported(MIXTRAL_LAYOUT, { model: mixtral, dispatcher: 'hybridep' }).targets.megatron.notes.join(' '), /HybridEP must be installed .* hybrid-ep branch/);
  // At EP 1 every GPU holds every expert: Megatron-LM's flex dispatcher asserts TP × EP > 1 (token_dispatcher.py), so
  // NCCL's all-to-all is written, which moves nothing between GPUs.
  const { flags: alone } = shellFlags(exported({ ...MIXTRAL_LAYOUT, expertParallel: '1' }, { model: mixtral, dispatcher: 'deepep' }).targets.megatron.text);
  assert.deepEqual([alone['moe-token-dispatcher-type'], alone['moe-flex-dispatcher-backend']], [['alltoall'], undefined]);
});

// torchtitan v0.2.2 (73a0e69, config/job_config.py line 474): [parallelism] expert_parallel_comm_backend, "standard" or
// "deepep"; main (b5bcd76) takes it from the model's moe_comm_backend (models/common/config_utils.py lines 360-400).
test('torchtitan v0.2.2 writes DeepEP as its comm backend and says it has no HybridEP; main names the model\'s moe_comm_backend', () => {
  const texts = { ...MIXTRAL_LAYOUT, zeroStage: '3', virtualStages: '2' };
  const deep = exported(texts, { dispatcher: 'deepep' }).targets.torchtitan;
  assert.equal(parseToml(deep.text).parallelism.expert_parallel_comm_backend, 'deepep');
  const hybrid = exported(texts, { dispatcher: 'hybridep' }).targets.torchtitan;
  assert.equal(parseToml(hybrid.text).parallelism.expert_parallel_comm_backend, undefined);
  assert.match(hybrid.notes.join(' '), /v0\.2\.2 has no HybridEP/);
  const main = exported(texts, { dispatcher: 'hybridep', torchtitanVersion: 'main' }).targets.torchtitan;
  assert.equal(pythonCalls(main.text).ParallelismConfig.expert_parallel_comm_backend, undefined);
  assert.match(main.notes.join(' '), /moe_comm_backend="hybridep"/);
  assert.equal(parseToml(exported(texts).targets.torchtitan.text).parallelism.expert_parallel_comm_backend, undefined);
});

test('an export that splits the experts but writes no dispatcher says DeepEP would not run; one that does not split them says only that', () => {
  const { targets } = exported(MIXTRAL_LAYOUT, { dispatcher: 'deepep' });
  assert.match(targets.deepspeed.notes.join(' '), /writes no expert dispatcher: .* not by DeepEP/);
  for (const key of ['hfPython', 'accelerate', 'nanotron']) {
    if (targets[key].unavailable) continue;
    assert.doesNotMatch(targets[key].notes.join(' '), /writes no expert dispatcher/, key);
  }
  // Without EP there is no traffic between GPUs to dispatch.
  assert.doesNotMatch(exported({ ...MIXTRAL_LAYOUT, expertParallel: '1' }, { dispatcher: 'deepep' }).targets.deepspeed.notes.join(' '), /dispatcher/);
});

// Megatron-LM at d98e8a6: --tp-comm-overlap (model_parallel_config.py line 265), asserted with sequence parallelism
// (arguments.py lines 1441-1442), which arguments.py turns off at TP 1.
test('TP\'s overlap goes into Megatron-LM as --tp-comm-overlap with sequence parallelism at TP > 1, and is refused aloud otherwise', () => {
  const tensor = { ...DATA_PARALLEL, dataParallel: '16', tensorParallel: '4' };
  for (const key of ['megatron', 'slurm']) {
    const { flags } = shellFlags(exported(tensor, { tensorOverlap: 'on', sequenceParallel: 'on' }).targets[key].text);
    assert.ok('tp-comm-overlap' in flags && 'sequence-parallel' in flags, key);
    assert.ok(!('tp-comm-overlap' in shellFlags(exported(tensor, { sequenceParallel: 'on' }).targets[key].text).flags), key);
  }
  const withoutSp = exported(tensor, { tensorOverlap: 'on' }).targets.megatron;
  assert.ok(!('tp-comm-overlap' in shellFlags(withoutSp.text).flags));
  assert.match(withoutSp.notes.join(' '), /only with sequence parallelism/);
  const atOne = exported(DATA_PARALLEL, { tensorOverlap: 'on', sequenceParallel: 'on' }).targets.megatron;
  assert.ok(!('tp-comm-overlap' in shellFlags(atOne.text).flags));
  assert.match(atOne.notes.join(' '), /at TP 1 there is nothing to overlap/);
});

// torchtitan v0.2.2 (73a0e69): [parallelism] enable_async_tensor_parallel, which raises without [compile] enable
// (distributed/tensor_parallel.py lines 16-23); main (b5bcd76) has it in CompileConfig (config/configs.py 295-313).
test('TP\'s overlap goes into torchtitan v0.2.2 as async TP with torch.compile on, main names its compile config, DeepSpeed says it is not written', () => {
  const tensor = { ...DATA_PARALLEL, dataParallel: '16', tensorParallel: '4', zeroStage: '3' };
  const written = parseToml(exported(tensor, { tensorOverlap: 'on' }).targets.torchtitan.text);
  assert.deepEqual([written.parallelism.enable_async_tensor_parallel, written.compile?.enable], [true, true]);
  const plain = parseToml(exported(tensor).targets.torchtitan.text);
  assert.deepEqual([plain.parallelism.enable_async_tensor_parallel, plain.compile], [undefined, undefined]);
  const main = exported(tensor, { tensorOverlap: 'on', torchtitanVersion: 'main' }).targets.torchtitan;
  assert.equal(pythonCalls(main.text).ParallelismConfig.enable_async_tensor_parallel, undefined);
  assert.match(main.notes.join(' '), /CompileConfig\(enable=True, enable_async_tensor_parallel=True\)/);
  const zeroOne = { ...tensor, zeroStage: '1' };
  assert.match(exported(zeroOne, { tensorOverlap: 'on' }).targets.deepspeed.notes.join(' '), /writes no TP communication overlap/);
  assert.doesNotMatch(exported({ ...DATA_PARALLEL, zeroStage: '1' }, { tensorOverlap: 'on' }).targets.deepspeed.notes.join(' '), /TP communication overlap/);
});

// Megatron-LM at d98e8a6: --expert-tensor-parallel-size (TransformerConfig, None for TP's); parallel_state.py divides the
// world over ETP·EP·PP. Qwen3 235B-A22B's layout as Megatron-Bridge 26.04.01 ran it: 256 GPUs at TP 2, PP 8, EP 32, ETP 1.
test('experts whole on their GPUs go into Megatron-LM as --expert-tensor-parallel-size 1, and an export that cannot say so says it', () => {
  const qwen = { ...EMPTY, microBatch: '1', dataParallel: '16', accumulationSteps: '512', sequenceLength: '4096', gpus: '256',
    tensorParallel: '2', pipelineParallel: '8', contextParallel: '1', gpusPerNode: '8', expertParallel: '32', virtualStages: '4', zeroStage: '1' };
  // Without ETP 1 the world does not divide: every config is held back with Megatron-LM's refusal.
  assert.equal(exported(qwen).targets, null);
  const { targets } = exported({ ...qwen, expertTensorParallel: '1' });
  for (const key of ['megatron', 'slurm']) {
    const { one } = shellFlags(targets[key].text);
    assert.deepEqual(['expert-model-parallel-size', 'expert-tensor-parallel-size', 'tensor-model-parallel-size'].map(one), [32n, 1n, 2n], key);
  }
  // DeepSpeed's MoE keeps its experts whole by default (deepspeed/moe/layer.py line 52): ETP 1 is what it runs; split
  // as TP splits the rest, they need its enable_expert_tensor_parallelism, which the note names.
  assert.doesNotMatch(targets.deepspeed.notes.join(' '), /enable_expert_tensor_parallelism/);
  const split = exported({ ...MIXTRAL_LAYOUT, tensorParallel: '2', dataParallel: '8', accumulationSteps: '32', zeroStage: '1' }).targets;
  assert.match(split.deepspeed.notes.join(' '), /enable_expert_tensor_parallelism=True/);
  // Megatron-LM asserts ETP 1 for experts with biases (transformer_config.py): split, the note says what to add.
  assert.match(split.megatron.notes.join(' '), /--disable-bias-linear/);
  assert.doesNotMatch(targets.megatron.notes.join(' '), /--disable-bias-linear/);
  // torchtitan's experts are whole by default: no note that they are not TP-split.
  assert.doesNotMatch(exported({ ...qwen, expertTensorParallel: '1', zeroStage: '3', pipelineParallel: '1', dataParallel: '128', accumulationSteps: '64', virtualStages: '1' })
    .targets.torchtitan.notes.join(' '), /not split by TP/);
});

test('an EP that does not divide d·CP, or virtual stages without whole groups of PP, keep every config back with Megatron-LM\'s refusal', () => {
  // 64 GPUs at PP 4: d = 16; EP 32 does not divide it (initialize_model_parallel: the world over EP·TP·PP).
  const ep = exported({ ...MIXTRAL_LAYOUT, expertParallel: '32' });
  assert.equal(ep.targets, null);
  assert.match(ep.message, /needs a valid value: expertParallel\./);
  assert.match(ep.message, /initialize_model_parallel/);
  // 18 accumulation steps are no whole number of groups of 4.
  const vpp = exported({ ...MIXTRAL_LAYOUT, accumulationSteps: '18' });
  assert.equal(vpp.targets, null);
  assert.match(vpp.message, /needs a valid value: virtualStages\. .*interleaved schedule/);
});

test('torchtitan takes EP from the sharded, CP and TP ranks: under DDP it refuses EP 8 aloud; with TP v0.2.2 splits its experts as TP does, main says it cannot', () => {
  // parallel_dims.py at 73a0e69 (efsdp = dp_shard·cp·tp // (etp·ep)) and b5bcd76 (ep divides dp_shard·cp·tp).
  const ddp = exported({ ...MIXTRAL_LAYOUT, zeroStage: '0' }).targets.torchtitan.notes.join(' ');
  assert.match(ddp, /torchtitan refuses EP 8 here: .* 1 of them \(dp_shard·cp·tp/);
  const fsdp = exported({ ...MIXTRAL_LAYOUT, zeroStage: '3' }).targets.torchtitan.notes.join(' ');
  assert.doesNotMatch(fsdp, /refuses EP/);
  // TP 2 on 64 GPUs at PP 4: d = 8, dp_shard·cp·tp = 16, which 8 divides.
  // v0.2.2 splits them as TP does (expert_tensor_parallel_degree = TP, job_config.py lines 464-472), EP then out of
  // dp_shard·cp·tp ÷ 2 = 8 ranks; main has no expert TP but 1, and says so.
  const tensorTexts = { ...MIXTRAL_LAYOUT, tensorParallel: '2', dataParallel: '8', accumulationSteps: '32', zeroStage: '3' };
  const tensor = exported(tensorTexts).targets.torchtitan;
  assert.equal(parseToml(tensor.text).parallelism.expert_tensor_parallel_degree, 2);
  assert.doesNotMatch(tensor.notes.join(' '), /refuses EP|not split by TP/);
  assert.match(exported(tensorTexts, { torchtitanVersion: 'main' }).targets.torchtitan.notes.join(' '), /With TP 2, torchtitan’s experts are not split by TP/);
});

test('a dense model with EP gets Megatron-LM\'s refusal, without the experts\' kernels or their note', async () => {
  const compute = await loadTrainingCompute();
  const llama = { name: modelNamed('llama-3.1-8b').name, report: compute.readModel(presetMembers(modelNamed('llama-3.1-8b').config)) };
  const { text, notes } = exported(MIXTRAL_LAYOUT, { model: llama }).targets.megatron;
  const { flags } = shellFlags(text);
  assert.ok(!('moe-grouped-gemm' in flags) && !('moe-token-dispatcher-type' in flags));
  assert.doesNotMatch(notes.join(' '), /grouped GEMMs/);
  assert.match(notes.join(' '), /has no experts, and Megatron-LM refuses EP 8/);
});
