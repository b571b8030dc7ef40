// Exports that start the run as planned (issue 30): the engine around the
// batch (ZeRO stage, precision, optimizer, schedule, clipping), launches that
// work on many nodes, and a SLURM script. Each snippet is read back with a
// real parser (JSON, Python's ast and shlex, bash -n) and held against the
// framework's own rules, written again here from its source at the commit
// named beside each list, not taken from the code under test.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { presentExport } from '../../web/src/planner/export/present.js';
import { presentPlanner } from '../../web/src/planner/present.js';
import { PLANNER } from '../../web/src/planner/schema.js';
import en from '../../web/src/i18n/en.js';
import plannerEn from '../../web/src/planner/words.en.js';
import { loadPlanner } from '../support/wasm-core.mjs';

// deepspeed/runtime/config.py at edaa722: the top-level keys DeepSpeedConfig reads that these configs use.
const DEEPSPEED_KEYS = ['train_batch_size', 'train_micro_batch_size_per_gpu', 'gradient_accumulation_steps', 'gradient_clipping',
  'zero_optimization', 'bf16', 'fp16', 'optimizer', 'scheduler'];
// config.py: DEEPSPEED_OPTIMIZERS (the type is lowered first); lr_schedules.py: VALID_LR_SCHEDULES and each
// scheduler's __init__ parameters besides the optimizer and last_batch_iteration.
const DEEPSPEED_OPTIMIZERS = ['adagrad', 'adam', 'adamw', 'lamb', 'onebitadam', 'onebitlamb', 'zerooneadam', 'muadam', 'muadamw', 'musgd', 'lion', 'muon'];
const DEEPSPEED_SCHEDULERS = {
  WarmupDecayLR: ['total_num_steps', 'warmup_min_lr', 'warmup_max_lr', 'warmup_num_steps', 'warmup_type'],
  WarmupCosineLR: ['total_num_steps', 'warmup_min_ratio', 'warmup_num_steps', 'cos_min_ratio', 'warmup_type'],
};
// torch/distributed/run.py at 010929f: the options of torchrun's parser these launches use.
const TORCHRUN_OPTIONS = ['nnodes', 'nproc_per_node', 'rdzv_backend', 'rdzv_endpoint', 'rdzv_id', 'node_rank', 'master_addr', 'master_port', 'standalone'];
// accelerate/commands/launch.py at 16cb6eb: launch_command_parser's options these launches use.
const ACCELERATE_OPTIONS = ['num_machines', 'num_processes', 'machine_rank', 'main_process_ip', 'main_process_port', 'mixed_precision',
  'use_deepspeed', 'zero_stage', 'gradient_accumulation_steps', 'multi_gpu', 'deepspeed_multinode_launcher'];
const ACCELERATE_PRECISIONS = ['no', 'fp16', 'bf16', 'fp8'];
// transformers training_args.py (v5): the TrainingArguments fields these snippets set; trainer_utils.py: SchedulerType values used.
const TRAINING_ARGUMENTS = ['output_dir', 'per_device_train_batch_size', 'gradient_accumulation_steps', 'max_steps', 'warmup_steps',
  'learning_rate', 'lr_scheduler_type', 'lr_scheduler_kwargs', 'bf16', 'fp16', 'deepspeed'];
const SCHEDULER_TYPES = ['linear', 'cosine', 'cosine_with_restarts', 'polynomial', 'constant', 'constant_with_warmup', 'inverse_sqrt',
  'reduce_lr_on_plateau', 'cosine_with_min_lr', 'warmup_stable_decay'];
// Megatron-LM at d98e8a6 (arguments.py, and the dataclass fields ArgumentGroupFactory spells as flags).
// Megatron-LM's parser at d98e8a6: the flags a Megatron-LM export may write, each read there, either spelled in
// megatron/training/arguments.py or a field of the config dataclasses ArgumentGroupFactory turns into one
// (ModelParallelConfig, TransformerConfig, training/config/training_config.py: name with "_" as "-").
const MEGATRON_FLAGS = ['--bf16', '--fp16', '--use-distributed-optimizer', '--use-megatron-fsdp', '--tensor-model-parallel-size',
  '--pipeline-model-parallel-size', '--context-parallel-size', '--sequence-parallel', '--micro-batch-size', '--global-batch-size',
  '--seq-length', '--max-position-embeddings', '--rampup-batch-size', '--step-batch-size-schedule', '--train-iters', '--train-samples',
  '--lr', '--min-lr', '--lr-decay-style', '--lr-warmup-iters', '--lr-warmup-samples', '--lr-decay-iters', '--lr-decay-samples',
  '--recompute-activations', '--recompute-granularity', '--recompute-method', '--recompute-num-layers', '--num-layers', '--hidden-size',
  '--ffn-hidden-size', '--num-attention-heads', '--group-query-attention', '--num-query-groups', '--kv-channels', '--swiglu',
  '--normalization', '--untie-embeddings-and-output-weights', '--num-experts', '--moe-ffn-hidden-size', '--moe-router-topk', '--qk-layernorm',
  '--account-for-embedding-in-pipeline-split', '--account-for-loss-in-pipeline-split', '--data-parallel-sharding-strategy', '--ckpt-format',
  '--overlap-grad-reduce', '--overlap-param-gather'];

// The held-out shape of issue 30: 8 nodes of 8 GPUs, TP 2, ZeRO-1, bf16, with a schedule.
// 64 GPUs / TP 2 = 32 replicas; b 2 × 32 × a 16 = 1,024 sequences of 4,096 tokens = 4,194,304 tokens a step.
const EIGHT_NODES = {
  microBatch: '2', dataParallel: '32', accumulationSteps: '16', sequenceLength: '4096',
  gpus: '64', tensorParallel: '2', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8',
  target: '', tokens: '100B', dataset: '', warmup: '2B', tokensPerSecond: '', referenceBatch: '', learningRate: '3e-4', minLearningRate: '3e-5', decay: '',
  rampStart: '', rampIncrement: '', rampSamples: '', zeroStage: '1', precision: 'bf16', decayStyle: 'cosine',
};

let planner;
before(async () => { planner = await loadPlanner(); });

function exported(texts) {
  const evaluation = planner.evaluate(texts, 'seq', 'en');
  const presentation = presentPlanner(PLANNER, { kit: en.kit, planner: plannerEn }, evaluation, { texts });
  return { evaluation, ...presentExport(plannerEn.export, evaluation, { stepSchedule: presentation.schedule?.stepSchedule ?? '' }) };
}

// A shell snippet's words as bash would split them (shlex, comments dropped, continuations joined).
function shellWords(source) {
  return JSON.parse(execFileSync('python3', ['-c', 'import json, shlex, sys; print(json.dumps(shlex.split(sys.stdin.read().replace("\\\\\\n", ""), comments=True)))'],
    { input: source, encoding: 'utf8' }));
}

// The options of one command in a word list: from `command` up to its script.
function optionsOf(words, command, script) {
  const start = words.indexOf(command);
  const end = words.indexOf(script, start);
  const options = {};
  for (let i = start + (command === 'launch' ? 1 : 1); i < end; i += 1) {
    if (!words[i].startsWith('--')) continue;
    const name = words[i].slice(2);
    options[name] = words[i + 1] !== undefined && !words[i + 1].startsWith('--') && i + 1 < end ? words[i + 1] : true;
  }
  return options;
}

function pythonKeywords(source, call) {
  const script = `
import ast, json, sys
for node in ast.walk(ast.parse(sys.stdin.read())):
    if isinstance(node, ast.Call) and getattr(node.func, 'id', None) == ${JSON.stringify(call)}:
        print(json.dumps({k.arg: ast.literal_eval(k.value) for k in node.keywords}))
        break`;
  return JSON.parse(execFileSync('python3', ['-c', script], { input: source, encoding: 'utf8' }));
}

const bashAccepts = (source) => execFileSync('bash', ['-n'], { input: source, encoding: 'utf8' }) === '';

test('DeepSpeed: every key is one DeepSpeed reads, with ZeRO-1, bf16, AdamW at the rate and the planner\'s steps in its scheduler', () => {
  const { evaluation, targets } = exported(EIGHT_NODES);
  const config = JSON.parse(targets.deepspeed.text);
  for (const key of Object.keys(config)) assert.ok(DEEPSPEED_KEYS.includes(key), key);
  assert.equal(config.train_batch_size, 1024);
  assert.deepEqual(config.zero_optimization, { stage: 1 });
  assert.deepEqual(config.bf16, { enabled: true });
  assert.equal(config.fp16, undefined);
  assert.equal(config.gradient_clipping, 1);
  assert.ok(DEEPSPEED_OPTIMIZERS.includes(config.optimizer.type.toLowerCase()));
  assert.equal(config.optimizer.params.lr, 3e-4);
  const { type, params } = config.scheduler;
  assert.equal(type, 'WarmupCosineLR');
  assert.deepEqual(Object.keys(params).sort(), [...DEEPSPEED_SCHEDULERS[type]].sort());
  // 100B tokens / 4,194,304 a step = 23,841.86: 23,842 steps; 2B / 4,194,304 = 476.84: 477 warmup steps.
  assert.equal(params.total_num_steps, 23842);
  assert.equal(params.total_num_steps, Number(evaluation.budget.optimizer.steps));
  assert.equal(params.warmup_num_steps, 477);
  assert.equal(params.warmup_num_steps, Number(evaluation.budget.warmup.steps));
  // The cosine ends at cos_min_ratio × lr: 3e-5, exactly 0.1 of 3e-4.
  assert.equal(params.cos_min_ratio, 0.1);
  assert.equal(params.warmup_type, 'linear');
});

test('DeepSpeed: a linear decay is WarmupDecayLR from the minimum rate to the rate and back; no warmup is its least, not its 1,000-step default', () => {
  const { targets } = exported({ ...EIGHT_NODES, decayStyle: 'linear', warmup: '' });
  const { type, params } = JSON.parse(targets.deepspeed.text).scheduler;
  assert.equal(type, 'WarmupDecayLR');
  assert.deepEqual(Object.keys(params).sort(), DEEPSPEED_SCHEDULERS[type].sort());
  assert.deepEqual([params.warmup_min_lr, params.warmup_max_lr], [3e-5, 3e-4]);
  // Issue 52, item 3. lr_schedules.py at edaa722: WarmupLR.__init__'s warmup_num_steps defaults to 1000, refuses
  // below 1 (#8126, v0.19.3) and takes max(2, warmup_num_steps): with none in the plan, 1 is written, 2 steps run.
  assert.equal(params.warmup_num_steps, 1);
  assert.match(targets.deepspeed.notes.join(' '), /at least 2 steps/);
  assert.doesNotMatch(targets.deepspeed.notes.join(' '), /1,000 steps/);
  assert.match(targets.deepspeed.notes.join(' '), /warmup starts at 0\.00003/);
});

test('DeepSpeed: a typed warmup of 0 is written as 1, the least v0.19.3 accepts, and the note says it warms up over 2', () => {
  // 0 tokens of warmup is 0 steps; lr_schedules.py at edaa722 (#8126): "warmup_num_steps must be a positive integer".
  const { targets } = exported({ ...EIGHT_NODES, warmup: '0' });
  assert.equal(JSON.parse(targets.deepspeed.text).scheduler.params.warmup_num_steps, 1);
  assert.match(targets.deepspeed.notes.join(' '), /at least 2 steps/);
});

test('DeepSpeed: fp16 and fp32 switch the precision blocks; ZeRO 3 is stage 3', () => {
  const fp16 = JSON.parse(exported({ ...EIGHT_NODES, precision: 'fp16', zeroStage: '3' }).targets.deepspeed.text);
  assert.deepEqual([fp16.fp16, fp16.bf16, fp16.zero_optimization.stage], [{ enabled: true }, undefined, 3]);
  const fp32 = JSON.parse(exported({ ...EIGHT_NODES, precision: 'fp32', zeroStage: '0' }).targets.deepspeed.text);
  assert.deepEqual([fp32.fp16, fp32.bf16, fp32.zero_optimization.stage], [undefined, undefined, 0]);
});

test('Megatron-LM: the whole schedule, bf16 and the distributed optimizer for ZeRO-1, on a c10d rendezvous across the 8 nodes', () => {
  const { targets } = exported(EIGHT_NODES);
  const text = targets.megatron.text;
  assert.ok(bashAccepts(text));
  const words = shellWords(text);
  const launch = optionsOf(words, 'torchrun', 'pretrain_gpt.py');
  for (const name of Object.keys(launch)) assert.ok(TORCHRUN_OPTIONS.includes(name), name);
  assert.deepEqual([launch.nnodes, launch.nproc_per_node, launch.rdzv_backend], ['8', '8', 'c10d']);
  assert.equal(launch.rdzv_endpoint, '$MASTER_ADDR:$MASTER_PORT');
  const flags = words.slice(words.indexOf('pretrain_gpt.py') + 1);
  const value = (flag) => flags[flags.indexOf(flag) + 1];
  assert.deepEqual([value('--train-iters'), value('--lr-warmup-iters'), value('--lr'), value('--min-lr'), value('--lr-decay-style')],
    ['23842', '477', '0.0003', '0.00003', 'cosine']);
  // The gradients reduced while the last backward runs, as the configuration page predicts the step (arguments.py line 3121).
  for (const flag of ['--bf16', '--use-distributed-optimizer', '--overlap-grad-reduce', '--overlap-param-gather']) assert.ok(flags.includes(flag), flag);
  // Every flag written is one Megatron-LM's parser defines: a misspelt one would stop the launch.
  for (const flag of flags.filter((word) => word.startsWith('--'))) assert.ok(MEGATRON_FLAGS.includes(flag), flag);
  assert.ok(!flags.includes('--fp16'));
});

test('Megatron-LM: ZeRO 0 writes no distributed optimizer, and stage 2 or 3 is written as Megatron-FSDP, which runs it (issue 50, item 1)', () => {
  assert.ok(!exported({ ...EIGHT_NODES, zeroStage: '0' }).targets.megatron.text.includes('--use-distributed-optimizer'));
  // arguments.py at d98e8a6: --data-parallel-sharding-strategy's choices, and Megatron-FSDP's assert on --ckpt-format.
  const strategies = ['no_shard', 'optim', 'optim_grads', 'optim_grads_params'];
  for (const [stage, strategy] of [['1', null], ['2', 'optim_grads'], ['3', 'optim_grads_params']]) {
    for (const key of ['megatron', 'slurm']) {
      const words = shellWords(exported({ ...EIGHT_NODES, zeroStage: stage }).targets[key].text);
      const value = (flag) => (words.includes(flag) ? words[words.indexOf(flag) + 1] : null);
      assert.ok(words.includes('--use-distributed-optimizer'), `${key} ${stage}`);
      assert.equal(words.includes('--use-megatron-fsdp'), strategy !== null, `${key} ${stage}`);
      assert.equal(value('--data-parallel-sharding-strategy'), strategy, `${key} ${stage}`);
      if (strategy) assert.ok(strategies.includes(strategy));
      assert.equal(value('--ckpt-format'), strategy ? 'fsdp_dtensor' : null, `${key} ${stage}`);
    }
  }
  assert.match(exported({ ...EIGHT_NODES, zeroStage: '3' }).targets.megatron.notes.join(' '), /Megatron-FSDP in Megatron-LM: --use-megatron-fsdp with --data-parallel-sharding-strategy optim_grads_params/);
});

test('Hugging Face: TrainingArguments takes only its own fields, the rate, the scheduler, bf16 and the DeepSpeed file; no TRL argument', () => {
  const { targets } = exported(EIGHT_NODES);
  const args = pythonKeywords(targets.hfPython.text, 'TrainingArguments');
  for (const key of Object.keys(args)) assert.ok(TRAINING_ARGUMENTS.includes(key), key);
  assert.ok(SCHEDULER_TYPES.includes(args.lr_scheduler_type));
  assert.deepEqual([args.max_steps, args.warmup_steps, args.learning_rate, args.lr_scheduler_type, args.bf16, args.deepspeed.zero_optimization],
    [23842, 477, 3e-4, 'cosine_with_min_lr', true, { stage: 1 }]);
  assert.deepEqual(args.lr_scheduler_kwargs, { min_lr: 3e-5 });
  // The SFTConfig that follows is TRL's, imported as such, and the only call with max_length.
  assert.match(targets.hfPython.text, /from trl import SFTConfig/);
  assert.equal(pythonKeywords(targets.hfPython.text, 'SFTConfig').max_length, 4096);
});

test('Hugging Face command line: torchrun on a rendezvous, then only TrainingArguments flags, the dictionary as JSON', () => {
  const { targets } = exported(EIGHT_NODES);
  const text = targets.hfCli.text;
  assert.ok(bashAccepts(text));
  const words = shellWords(text);
  for (const name of Object.keys(optionsOf(words, 'torchrun', 'train.py'))) assert.ok(TORCHRUN_OPTIONS.includes(name), name);
  const flags = words.slice(words.indexOf('train.py') + 1).filter((word) => word.startsWith('--')).map((word) => word.slice(2));
  for (const flag of flags) assert.ok(TRAINING_ARGUMENTS.includes(flag), flag);
  assert.deepEqual(JSON.parse(words[words.indexOf('--lr_scheduler_kwargs') + 1]), { min_lr: 3e-5 });
});

test('Accelerate: every machine gets its rank and the first one\'s address, the DeepSpeed plugin at ZeRO-1, bf16', () => {
  const { targets } = exported(EIGHT_NODES);
  const text = targets.accelerate.text;
  assert.ok(bashAccepts(text));
  const options = optionsOf(shellWords(text), 'launch', 'train.py');
  for (const name of Object.keys(options)) assert.ok(ACCELERATE_OPTIONS.includes(name), name);
  assert.deepEqual([options.num_machines, options.num_processes, options.machine_rank, options.main_process_ip, options.main_process_port],
    ['8', '64', '$NODE_RANK', '$MASTER_ADDR', '$MASTER_PORT']);
  assert.ok(ACCELERATE_PRECISIONS.includes(options.mixed_precision));
  assert.deepEqual([options.mixed_precision, options.use_deepspeed, options.zero_stage], ['bf16', true, '1']);
  // utils/launch.py at 16cb6eb (prepare_deepspeed_cmd_env): on several machines any launcher but "standard" runs
  // `deepspeed --hostfile …` without --node_rank, and each machine trains alone (issue 42, item 14).
  assert.equal(options.deepspeed_multinode_launcher, 'standard');
  // One machine needs no multinode launcher.
  const oneNode = optionsOf(shellWords(exported({ ...EIGHT_NODES, gpus: '8', dataParallel: '4', accumulationSteps: '128' }).targets.accelerate.text), 'launch', 'train.py');
  assert.equal(oneNode.deepspeed_multinode_launcher, undefined);
  // Without ZeRO it is plain multi-GPU data parallelism; fp32 is "no" mixed precision.
  const plain = optionsOf(shellWords(exported({ ...EIGHT_NODES, zeroStage: '0', precision: 'fp32' }).targets.accelerate.text), 'launch', 'train.py');
  assert.deepEqual([plain.multi_gpu, plain.use_deepspeed, plain.mixed_precision], [true, undefined, 'no']);
});

test('SLURM: 8 nodes of 8 GPUs, one task per node, the first node as rendezvous, srun starting torchrun with the Megatron-LM run', () => {
  const { targets } = exported(EIGHT_NODES);
  const text = targets.slurm.text;
  assert.ok(bashAccepts(text));
  const directives = Object.fromEntries([...text.matchAll(/^#SBATCH --([a-z-]+)(?:=(\S+))?$/gm)].map(([, name, value]) => [name, value ?? true]));
  assert.deepEqual([directives.nodes, directives['ntasks-per-node'], directives['gpus-per-node']], ['8', '1', '8']);
  assert.match(text, /^MASTER_ADDR=\$\(scontrol show hostnames "\$SLURM_JOB_NODELIST" \| head -n 1\)$/m);
  const words = shellWords(text.slice(text.indexOf('srun ')));
  assert.equal(words[0], 'srun');
  const launch = optionsOf(words, 'torchrun', 'pretrain_gpt.py');
  for (const name of Object.keys(launch)) assert.ok(TORCHRUN_OPTIONS.includes(name), name);
  assert.deepEqual([launch.nnodes, launch.nproc_per_node, launch.rdzv_backend, launch.rdzv_id], ['$SLURM_NNODES', '8', 'c10d', '$SLURM_JOB_ID']);
  // The same run as the Megatron-LM tab.
  const megatron = exported(EIGHT_NODES).targets.megatron.text;
  assert.equal(text.slice(text.indexOf('pretrain_gpt.py')), megatron.slice(megatron.indexOf('pretrain_gpt.py')));
});

test('one node needs no rendezvous: torchrun\'s static default on the node itself', () => {
  const oneNode = { ...EIGHT_NODES, gpus: '8', dataParallel: '4', accumulationSteps: '128' };
  const words = shellWords(exported(oneNode).targets.megatron.text);
  const launch = optionsOf(words, 'torchrun', 'pretrain_gpt.py');
  assert.deepEqual(launch, { nnodes: '1', nproc_per_node: '8' });
});

test('torchtitan v0.2.2: the precision, the decay\'s shape and its floor as a share of lr, in its TOML keys; DDP for ZeRO 0, FSDP2 otherwise', async () => {
  const { parse } = await import('smol-toml');
  const toml = parse(exported({ ...EIGHT_NODES, zeroStage: '3' }).targets.torchtitan.text);
  // job_config.py at 73a0e69: mixed_precision_param "bfloat16" | "float32"; decay_type "linear" | "sqrt" | "cosine"; min_lr_factor.
  assert.equal(toml.training.mixed_precision_param, 'bfloat16');
  assert.deepEqual([toml.lr_scheduler.warmup_steps, toml.lr_scheduler.decay_type, toml.lr_scheduler.min_lr_factor], [477, 'cosine', 0.1]);
  assert.deepEqual([toml.parallelism.data_parallel_replicate_degree, toml.parallelism.data_parallel_shard_degree], [1, 32]);
  const ddp = parse(exported({ ...EIGHT_NODES, zeroStage: '0' }).targets.torchtitan.text);
  assert.deepEqual([ddp.parallelism.data_parallel_replicate_degree, ddp.parallelism.data_parallel_shard_degree], [32, 1]);
  const fp16 = exported({ ...EIGHT_NODES, precision: 'fp16', zeroStage: '3' }).targets.torchtitan;
  assert.equal(parse(fp16.text).training.mixed_precision_param, undefined);
  assert.match(fp16.notes.join(' '), /no fp16/);
});

test('MaxText: its dtype, and its cosine to learning_rate_final_fraction of the rate; the data axis for ZeRO 0, the fsdp axis otherwise', async () => {
  const { parse } = await import('yaml');
  // base.yml at e591f30: dtype, lr_schedule_type "cosine" | "wsd", learning_rate_final_fraction (default 0.1), ici_*_parallelism.
  const config = parse(exported({ ...EIGHT_NODES, zeroStage: '3' }).targets.maxtext.text);
  assert.deepEqual([config.dtype, config.lr_schedule_type, config.learning_rate_final_fraction, config.ici_fsdp_parallelism], ['bfloat16', 'cosine', 0.1, 32]);
  const ddp = parse(exported({ ...EIGHT_NODES, zeroStage: '0', minLearningRate: '' }).targets.maxtext.text);
  assert.deepEqual([ddp.ici_data_parallelism, ddp.ici_fsdp_parallelism, ddp.learning_rate_final_fraction], [32, undefined, 0]);
});

test('OLMo: its precision name, FSDP sharding by ZeRO stage, AdamW rather than its LionW default, and the schedule\'s name and floor', async () => {
  const { parse } = await import('yaml');
  // olmo/config.py at 00305eb: precision amp_bf16 | amp_fp16 | fp32; fsdp.sharding_strategy (torch ShardingStrategy);
  // OptimizerType lionw | adamw (lionw the default); SchedulerType cosine_with_warmup | linear_with_warmup, alpha_f.
  const config = parse(exported({ ...EIGHT_NODES, zeroStage: '2' }).targets.olmo.text);
  assert.deepEqual([config.precision, config.fsdp.sharding_strategy, config.optimizer.name, config.scheduler.name, config.scheduler.alpha_f],
    ['amp_bf16', 'SHARD_GRAD_OP', 'adamw', 'cosine_with_warmup', 0.1]);
  assert.equal(config.scheduler.t_warmup, 477);
  assert.equal(parse(exported({ ...EIGHT_NODES, zeroStage: '3' }).targets.olmo.text).fsdp.sharding_strategy, 'FULL_SHARD');
  assert.equal(parse(exported({ ...EIGHT_NODES, zeroStage: '0', precision: 'fp32' }).targets.olmo.text).fsdp.sharding_strategy, 'NO_SHARD');
  // torch FSDP has no stage that shards the optimizer states alone: ZeRO-1 is refused, not run as SHARD_GRAD_OP (issue 50, item 1).
  const one = exported(EIGHT_NODES).targets.olmo;
  assert.equal(one.text, '');
  assert.match(one.unavailable, /^OLMo has no ZeRO stage 1: it would run another layout, so no config is written\. ZeRO stage 1 runs in DeepSpeed, Hugging Face TrainingArguments and TRL SFTConfig, Hugging Face Trainer, Accelerate, PyTorch Lightning, Megatron-LM, SLURM, nanotron;/);
});

// transformers integrations/deepspeed.py at 3a80c16 (HfTrainerDeepSpeedConfig.trainer_config_process and
// trainer_config_finalize): the DeepSpeed keys it checks against the Trainer's arguments with fill_match, each
// with the Trainer's value. A key absent is not checked, "auto" is filled; any other value that differs stops it.
function trainerMismatches(config, args, { processes, steps }) {
  const trainer = {
    train_micro_batch_size_per_gpu: args.per_device_train_batch_size,
    gradient_accumulation_steps: args.gradient_accumulation_steps,
    // "train_batch_size (calculated)": args.world_size × per-device × accumulation, every launched process.
    train_batch_size: processes * args.per_device_train_batch_size * args.gradient_accumulation_steps,
    gradient_clipping: 1.0, // max_grad_norm's default
    'optimizer.params.lr': args.learning_rate ?? 5e-5,
    'scheduler.params.warmup_max_lr': args.learning_rate ?? 5e-5,
    'scheduler.params.total_num_steps': steps,
    'scheduler.params.warmup_num_steps': args.warmup_steps ?? 0,
    'bf16.enabled': args.bf16 === true,
    'fp16.enabled': args.fp16 === true,
  };
  const at = (path) => path.split('.').reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), config);
  return Object.entries(trainer).filter(([path, value]) => at(path) !== undefined && at(path) !== 'auto' && at(path) !== value).map(([path]) => path);
}

for (const [name, texts] of [['TP 2, a warmup', EIGHT_NODES], ['no warmup', { ...EIGHT_NODES, warmup: '' }], ['ZeRO-3, fp16', { ...EIGHT_NODES, zeroStage: '3', precision: 'fp16' }]]) {
  test(`Hugging Face with ZeRO: the Trainer's DeepSpeed config passes transformers' checks, in Python and on the command line (${name})`, () => {
    // Issue 42, item 16: the DeepSpeed tab's train_batch_size (b·d·a = 1,024) is refused by the Trainer, which counts
    // 64 processes × 2 × 16 = 2,048; a warmup nobody typed is not pinned.
    const { targets } = exported(texts);
    const args = pythonKeywords(targets.hfPython.text, 'TrainingArguments');
    const options = { processes: 64, steps: args.max_steps };
    assert.deepEqual(trainerMismatches(args.deepspeed, args, options), []);
    assert.deepEqual(args.deepspeed.zero_optimization, { stage: Number(texts.zeroStage) });
    assert.equal(args.warmup_steps, texts.warmup === '' ? undefined : 477);
    // The DeepSpeed tab, given to the Trainer as it stands, would be refused: that is why the Trainer has its own.
    assert.ok(trainerMismatches(JSON.parse(targets.deepspeed.text), args, options).includes('train_batch_size'));
    // The command line writes the same config to the file it passes, with a quoted heredoc bash accepts.
    const cli = targets.hfCli.text;
    assert.ok(bashAccepts(cli));
    const file = /cat > (\S+) <<'EOF'\n([\s\S]*?)\nEOF\n/.exec(cli);
    assert.deepEqual(JSON.parse(file[2]), args.deepspeed);
    const words = shellWords(cli);
    assert.equal(words[words.indexOf('--deepspeed') + 1], file[1]);
  });
}

test('Hugging Face without ZeRO: no DeepSpeed config, and no warmup when none is typed', () => {
  const { targets } = exported({ ...EIGHT_NODES, warmup: '', zeroStage: '0' });
  const args = pythonKeywords(targets.hfPython.text, 'TrainingArguments');
  assert.deepEqual([args.deepspeed, args.warmup_steps], [undefined, undefined]);
  assert.doesNotMatch(targets.hfCli.text, /--deepspeed|<<'EOF'/);
});
