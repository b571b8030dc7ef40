// Writes the batch into each framework's config, and checks it against that
// framework's own rule: applying the rule (as the framework's source does) to
// the written numbers must give back the global batch B = b·d·a. Where it does
// not, or where the framework would refuse or change the values, a note says
// so with the numbers. Pure: values in (exact, as BigInt), text and notes out.
import { EXPORT_TARGETS } from './targets.js';

/**
 * values: {micro, dataParallel, accumulation, sequenceLength, tensorParallel,
 * pipelineParallel, contextParallel, gpusPerNode, world} as BigInt (world and
 * gpusPerNode may be null), launch: the planner core's launch report (every
 * product and quotient of them the writers need), ramp: null or {start, increment, samples,
 * schedule} (schedule: the --step-batch-size-schedule value, or "" when no
 * exact one exists), megatronVersion ("legacy" or "core-0.18"), zeroStage
 * (0n to 3n), precision ("bf16", "fp16", "fp32"), decayStyle ("linear" or
 * "cosine"), run: the
 * whole run (present.js: runOf), assumedCluster: true when the cluster is the
 * calculator's d with no model parallelism, not typed. words: the catalog's
 * export words (comments in the code).
 * Returns {key: {text, notes: [{code, ...numbers as BigInt or strings}]}, or
 * {key: {missing: code, ...}} where a snippet cannot be written.
 */
export function exportConfigs(values, words) {
  const plan = planOf(values);
  return Object.fromEntries(EXPORT_TARGETS.map(({ key }) => [key, WRITERS[key](plan, words)]));
}

// The numbers every writer needs, as the planner core reported them (planner.hpp, Launch): the GPUs a launch
// starts, the nodes, B, and what each framework's batch rule computes from the written values.
function planOf(values) {
  const { micro: b, dataParallel: d, accumulation: a, tensorParallel: tp, pipelineParallel: pp, contextParallel: cp, gpusPerNode, launch } = values;
  const count = (key) => (launch[key] === '' ? null : BigInt(launch[key]));
  const nodes = count('nodes');
  return {
    ...values, b, d, a, L: values.sequenceLength, tp, pp, cp, nodes, perNode: nodes === null ? null : gpusPerNode,
    modelParallel: count('modelParallel'), tensorContext: count('tensorContext'), gpus: count('gpus'), batch: count('batch'),
    perPass: count('perPass'), microTokens: count('microTokens'), stepTokens: count('stepTokens'),
    everyProcess: count('everyProcess'), tensorReplicas: count('tensorReplicas'), tensorContextReplicas: count('tensorContextReplicas'),
    tensorContextGroups: count('tensorContextGroups'), devicesTimesAccumulation: count('devicesTimesAccumulation'),
    perPassDividesDevices: launch.perPassDividesDevices, flooredPerDevice: count('flooredPerDevice'),
    trainSamples: { 'core-0.18': count('trainSamplesFrom018'), legacy: count('trainSamplesBefore018') },
    warmupSamples: count('warmupSamples'), decaySamples: count('decaySamples'),
  };
}

// Notes every snippet may carry.
function commonNotes(plan, { ramp = false } = {}) {
  const notes = [];
  if (plan.assumedCluster) notes.push({ code: 'clusterAssumed', gpus: plan.gpus, gpusPerNode: plan.gpusPerNode ?? 0n });
  if (plan.world !== null && plan.world !== plan.gpus) notes.push({ code: 'worldDiffers', world: plan.world, gpus: plan.gpus });
  if (plan.ramp && !ramp) notes.push({ code: 'noRamp' });
  return notes;
}

// The run's values a framework takes, or the note that says why one is left out.
function runNotes(plan, framework, { steps = true, warmup = true, rate = true, decay = false } = {}) {
  const { run } = plan;
  const notes = [];
  if (steps && run.steps === null) notes.push({ code: 'noTrainLength', framework });
  if (warmup && run.warmupSteps === null && run.steps !== null) notes.push({ code: 'noWarmup', framework });
  if (rate && run.learningRate === null) notes.push(run.rateChoices ? { code: 'rateNotChosen', ...run.rateChoices } : { code: 'noLearningRate', framework });
  if (!decay && (run.minLearningRate !== null || run.decaySteps !== null)) notes.push({ code: 'decayLeftOut', framework });
  return notes;
}

// A framework that counts every process as a data-parallel replica: its batch
// is per-device × accumulation × processes, so model parallelism breaks it.
function perProcessRule(plan, framework, notes) {
  const counted = plan.everyProcess;
  if (counted !== plan.batch) notes.push({ code: 'ruleGives', framework, value: counted, batch: plan.batch, modelParallel: plan.modelParallel });
  return notes;
}

// Hugging Face Trainer's total batch (trainer.py, get_total_train_batch_size),
// as its rule changed: every process counted up to PR #38286 (merged
// 2025-05-22); world ÷ TP from it; world ÷ (TP·CP·SP) from PR #41832 (merged
// 2025-11). It has no pipeline parallelism.
function huggingFaceRule(plan, notes) {
  if (plan.modelParallel === 1n) return notes;
  notes.push({ code: 'huggingFaceVersions', everyProcess: plan.everyProcess, tensorOnly: plan.tensorReplicas, tensorContext: plan.tensorContextReplicas, batch: plan.batch });
  if (plan.pp > 1n) notes.push({ code: 'noPipeline', framework: 'Hugging Face Trainer' });
  return notes;
}

// The header of a framework that counts every process as a replica: the
// product it computes, true as written, and this plan's batch beside it when
// model parallelism makes them differ (its note says why).
function perProcessHeader(plan, words) {
  const counted = plan.everyProcess;
  const header = words.perProcess({ b: plan.b, a: plan.a, processes: plan.gpus, batch: counted });
  return counted === plan.batch ? header : `${header} ${words.notThePlan({ batch: plan.batch })}`;
}

// The Trainer's header, by its newest rule (PR #41832): world ÷ (TP·CP) replicas.
function huggingFaceHeader(plan, words) {
  if (plan.modelParallel === 1n || plan.tensorContextGroups === null) return perProcessHeader(plan, words);
  const counted = plan.tensorContextReplicas;
  const header = words.perReplica({ b: plan.b, a: plan.a, processes: plan.gpus, split: plan.tensorContext, replicas: plan.tensorContextGroups, batch: counted });
  return counted === plan.batch ? header : `${header} ${words.notThePlan({ batch: plan.batch })}`;
}

// A Python float as YAML writes it: "0.5", "2.0" (a whole number keeps its ".0").
function floatText(value) {
  const text = String(value);
  return text.includes('.') || text.includes('e') ? text : `${text}.0`;
}

// Hugging Face TrainingArguments (transformers/training_args.py): max_steps,
// warmup_steps, learning_rate and lr_scheduler_type, each only when the plan
// has it; bf16 or fp16; deepspeed, the Trainer's own DeepSpeed config, with
// ZeRO. Its schedulers (optimization.py) decay to max_steps: "linear" to 0,
// "cosine" to 0, "cosine_with_min_lr" to lr_scheduler_kwargs' min_lr.
function hfEntries(plan, { dictionary, deepspeed }) {
  const { run } = plan;
  const entries = [];
  if (run.steps !== null) entries.push(['max_steps', run.steps]);
  if (run.warmupSteps !== null) entries.push(['warmup_steps', run.warmupSteps]);
  if (run.learningRate !== null) {
    entries.push(['learning_rate', run.learningRate]);
    const toMinimum = plan.decayStyle === 'cosine' && run.minLearningRate !== null;
    entries.push(['lr_scheduler_type', `"${toMinimum ? 'cosine_with_min_lr' : plan.decayStyle}"`]);
    if (toMinimum) entries.push(['lr_scheduler_kwargs', dictionary({ min_lr: run.minLearningRate })]);
  }
  if (plan.precision !== 'fp32') entries.push([plan.precision, 'True']);
  if (plan.zeroStage > 0n) entries.push(['deepspeed', deepspeed]);
  return entries;
}

// The DeepSpeed config the Trainer runs with ZeRO. transformers
// (integrations/deepspeed.py at 3a80c16, HfTrainerDeepSpeedConfig.
// trainer_config_process) fills every "auto" from its own arguments and
// refuses a value that differs (fill_match): train_batch_size is counted as
// world_size × per-device × accumulation, every process, so a number of the
// plan's (b·d·a) is refused under model parallelism. "auto" leaves each of
// them to the Trainer; without optimizer and scheduler sections the Trainer's
// own AdamW and schedule run (deepspeed_optim_sched), with the warmup as typed.
function trainerDeepSpeed(plan) {
  const config = {
    train_batch_size: 'auto', train_micro_batch_size_per_gpu: 'auto', gradient_accumulation_steps: 'auto', gradient_clipping: 'auto',
    zero_optimization: { stage: Number(plan.zeroStage) },
  };
  if (plan.precision !== 'fp32') config[plan.precision] = { enabled: 'auto' };
  return config;
}

function hfNotes(plan) {
  const { run } = plan;
  const notes = [...huggingFaceRule(plan, commonNotes(plan)), ...runNotes(plan, 'Hugging Face Trainer', { decay: true })];
  if (run.learningRate !== null && run.minLearningRate !== null && Number(run.minLearningRate) > 0 && plan.decayStyle === 'linear') {
    notes.push({ code: 'decaysToZero', framework: 'Hugging Face Trainer', rate: run.minLearningRate });
  }
  if (run.learningRate !== null) notes.push(...decayToEndNotes(plan, 'Hugging Face Trainer'));
  if (plan.zeroStage > 0n) notes.push({ code: 'deepspeedAuto', stage: plan.zeroStage });
  return notes;
}

// The file the command-line Trainer launch writes its DeepSpeed config to.
const TRAINER_DEEPSPEED_FILE = 'ds_config_trainer.json';

// torchrun (torch/distributed/run.py at 010929f): on one node the static
// rendezvous on 127.0.0.1 needs nothing more; on several, each node runs the
// same line and they meet at a c10d rendezvous on the first node, which gives
// each its rank (no --node_rank to get wrong). What only the reader knows is a
// shell variable the comment above the line names.
function torchrunLine(plan, script, words) {
  const head = `torchrun --nnodes ${plan.nodes} --nproc_per_node ${plan.perNode}`;
  if (plan.nodes === 1n) return `${head} ${script}`;
  return `# ${words.rendezvous}
${head} \\
  --rdzv_backend c10d --rdzv_endpoint "$MASTER_ADDR:$MASTER_PORT" --rdzv_id "$RUN_ID" \\
  ${script}`;
}

// A ratio of two plain decimals ("0.000006" / "0.00006"), exactly when it ends
// within 15 decimal places, else cut there: "0.1", not 0.09999999999999999.
function decimalRatio(numerator, denominator) {
  const scaled = (text) => {
    const [whole, fraction = ''] = text.split('.');
    return { digits: BigInt(`${whole}${fraction}`), places: fraction.length };
  };
  const [top, bottom] = [scaled(numerator), scaled(denominator)];
  // value = top.digits / bottom.digits × 10^(bottom.places − top.places)
  const PLACES = 15;
  const exponent = bottom.places - top.places + PLACES;
  const quotient = exponent >= 0 ? (top.digits * 10n ** BigInt(exponent)) / bottom.digits : top.digits / (bottom.digits * 10n ** BigInt(-exponent));
  const text = quotient.toString().padStart(PLACES + 1, '0');
  const plain = `${text.slice(0, -PLACES)}.${text.slice(-PLACES)}`.replace(/\.?0+$/, '');
  return plain === '' ? '0' : plain;
}

// Notes every scheduler that decays to the end of the run carries: the decay
// lasts the whole run after the warmup, and where it ends.
function decayToEndNotes(plan, framework) {
  const { run } = plan;
  return run.decaySteps !== null && run.steps !== null && run.decaySteps !== run.steps
    ? [{ code: 'decaysToEnd', framework, steps: run.steps, decay: run.decaySteps }] : [];
}

// Megatron-LM's run flags (megatron/training/config/training_config.py at
// d98e8a6: train_iters/train_samples, lr_warmup_iters/_samples,
// lr_decay_iters/_samples; arguments.py: --lr, --min-lr). A constant batch is
// counted in iterations; a ramp-up forces samples (arguments.py refuses
// iteration-based training beside --rampup-batch-size), and the scheduler then
// steps by each step's global batch, so warmup and decay are consumed samples.
function megatronRun(plan, notes) {
  const { run } = plan;
  const flags = [];
  // Megatron-LM has no default rate: OptimizerParamScheduler runs float(max_lr)
  // on --lr's None and stops (megatron/core/optimizer_param_scheduler.py at d98e8a6).
  if (run.learningRate === null && !run.rateChoices) notes.push({ code: 'megatronNeedsRate' });
  if (!plan.ramp) {
    if (run.steps !== null) flags.push(`--train-iters ${run.steps}`);
    if (run.warmupSteps !== null) flags.push(`--lr-warmup-iters ${run.warmupSteps}`);
    if (run.decaySteps !== null) flags.push(`--lr-decay-iters ${run.decaySteps}`);
  } else {
    if (run.rampSteps !== null) {
      const samples = plan.trainSamples[plan.megatronVersion];
      if (samples === null) notes.push({ code: 'trainSamplesInexact', steps: run.rampSteps });
      else flags.push(`--train-samples ${samples}`);
    }
    if (plan.warmupSamples !== null) flags.push(`--lr-warmup-samples ${plan.warmupSamples}`);
    if (plan.decaySamples !== null) flags.push(`--lr-decay-samples ${plan.decaySamples}`);
  }
  if (run.learningRate !== null) flags.push(`--lr ${run.learningRate}`, `--lr-decay-style ${plan.decayStyle}`);
  if (run.minLearningRate !== null) flags.push(`--min-lr ${run.minLearningRate}`);
  notes.push(...runNotes(plan, 'Megatron-LM', { decay: true, rate: run.learningRate === null && Boolean(run.rateChoices) }));
  return flags;
}

// Which Megatron-LM versions read the ramp as written, in the export itself:
// core_v0.17.1 (266f1c9) and before pass --rampup-batch-size to the batch
// calculator (training/global_vars.py); from core_v0.18.0 (ba7b5eb) to main
// (d98e8a6) the flag is still accepted but no longer passed on, so the ramp is
// ignored without a word, and --step-batch-size-schedule is read instead,
// which argparse refuses as unknown before 0.18.
function megatronRampComment(plan, words) {
  if (!plan.ramp) return '';
  return `# ${plan.megatronVersion === 'core-0.18' ? words.megatronScheduleVersions : words.megatronRampVersions}\n`;
}

// What a Megatron-LM launch needs: whole nodes, and the arguments with their notes; or {missing}.
function megatronLaunch(plan) {
  const missing = needsNodes(plan);
  if (missing) return { missing };
  const notes = commonNotes(plan, { ramp: true });
  const flags = megatronFlags(plan, notes);
  return flags.missing ? { missing: flags } : { notes, flags };
}

// Megatron-LM's arguments for the plan, or {missing} when the ramp has no exact schedule.
function megatronFlags(plan, notes) {
  const flags = [
    `--micro-batch-size ${plan.b}`,
    `--seq-length ${plan.L}`,
    `--tensor-model-parallel-size ${plan.tp}`,
    `--pipeline-model-parallel-size ${plan.pp}`,
    `--context-parallel-size ${plan.cp}`,
  ];
  if (plan.ramp && plan.megatronVersion === 'core-0.18') {
    if (plan.ramp.schedule === '') return { missing: 'scheduleNotExact' };
    // arguments.py refuses --global-batch-size beside a schedule; the schedule's last batch is B.
    flags.splice(1, 0, `--step-batch-size-schedule "${plan.ramp.schedule}"`);
  } else {
    flags.splice(1, 0, `--global-batch-size ${plan.batch}`);
    if (plan.ramp) flags.splice(2, 0, `--rampup-batch-size ${plan.ramp.start} ${plan.ramp.increment} ${plan.ramp.samples}`);
  }
  flags.push(...megatronModel(plan, notes), ...megatronActivations(plan, notes), ...megatronRun(plan, notes), ...megatronEngine(plan, notes));
  return flags;
}

// The run's model as Megatron-LM's arguments give its shape (d98e8a6:
// TransformerConfig's fields through ArgumentGroupFactory, and arguments.py's
// --group-query-attention, --swiglu, --untie-embeddings-and-output-weights,
// --num-experts). arguments.py requires --num-layers, --hidden-size,
// --num-attention-heads and --max-position-embeddings (at least --seq-length);
// the vocabulary comes from the tokenizer, named in a note.
function megatronModel(plan, notes) {
  const { model } = plan;
  if (!model) {
    notes.push({ code: 'megatronNoModel' });
    return [];
  }
  if (!model.held) {
    notes.push({ code: 'megatronModelNotHeld', name: model.name });
    return [];
  }
  const flags = [`--num-layers ${model.layers}`, `--hidden-size ${model.hidden}`, `--ffn-hidden-size ${model.ffn}`,
    `--num-attention-heads ${model.heads}`];
  if (model.kvHeads !== model.heads) flags.push('--group-query-attention', `--num-query-groups ${model.kvHeads}`);
  // kv_channels defaults to hidden ÷ heads (arguments.py); a head dimension of its own is written.
  if (model.headDim * model.heads !== model.hidden) flags.push(`--kv-channels ${model.headDim}`);
  if (model.gated) flags.push('--swiglu');
  flags.push(`--normalization ${model.layerNorm ? 'LayerNorm' : 'RMSNorm'}`);
  if (!model.tied) flags.push('--untie-embeddings-and-output-weights');
  flags.push(`--max-position-embeddings ${plan.L}`);
  if (model.experts > 0n) flags.push(`--num-experts ${model.experts}`, `--moe-router-topk ${model.expertsPerToken}`, `--moe-ffn-hidden-size ${model.expertFfn}`);
  notes.push({ code: 'megatronModelShape', name: model.name, vocab: model.vocab });
  return flags;
}

// Recomputation and sequence parallelism as the memory page counts them
// (d98e8a6): --recompute-activations sets recompute_granularity "selective"
// (arguments.py); full recomputes every layer from its input
// (--recompute-granularity full --recompute-method uniform --recompute-num-layers 1);
// --sequence-parallel, which arguments.py turns off at TP 1.
function megatronActivations(plan, notes) {
  const flags = [];
  if (plan.recompute === 'selective') flags.push('--recompute-activations');
  if (plan.recompute === 'full') flags.push('--recompute-granularity full', '--recompute-method uniform', '--recompute-num-layers 1');
  if (plan.sequenceParallel && plan.tp > 1n) flags.push('--sequence-parallel');
  if (plan.sequenceParallel && plan.tp === 1n) notes.push({ code: 'sequenceParallelNeedsTensor' });
  return flags;
}

// Megatron-LM's precision and sharding (d98e8a6): --bf16 / --fp16
// (ModelParallelConfig, as ArgumentGroupFactory spells its fields), and
// --use-distributed-optimizer (arguments.py), which shards the optimizer
// states over the data-parallel ranks as ZeRO stage 1 does. Stages 2 and 3
// are Megatron-FSDP's (--use-megatron-fsdp), named in a note, not written.
function megatronEngine(plan, notes) {
  const flags = plan.precision === 'fp32' ? [] : [`--${plan.precision}`];
  if (plan.zeroStage > 0n) flags.push('--use-distributed-optimizer');
  if (plan.zeroStage > 1n) notes.push({ code: 'megatronZero', stage: plan.zeroStage });
  return flags;
}

// torchtitan v0.2.2 (73a0e69, torchtitan/config/job_config.py): [training]
// steps and mixed_precision_param ("bfloat16" or "float32": no fp16);
// [lr_scheduler] warmup_steps (default 200), decay_type ("linear", "sqrt",
// "cosine") and min_lr_factor (the floor as a share of lr); [optimizer] lr
// (default 8e-4). Its decay runs to the last step.
function tomlRun(plan, notes) {
  const { run } = plan;
  const lines = [];
  if (run.steps !== null) lines.push(`steps = ${run.steps}`);
  if (plan.precision === 'fp16') notes.push({ code: 'noFp16', framework: 'torchtitan' });
  else lines.push(`mixed_precision_param = "${plan.precision === 'bf16' ? 'bfloat16' : 'float32'}"`);
  const scheduler = [];
  if (run.warmupSteps !== null) scheduler.push(`warmup_steps = ${run.warmupSteps}`);
  if (run.learningRate !== null) {
    scheduler.push(`decay_type = "${plan.decayStyle}"`);
    if (run.minLearningRate !== null) scheduler.push(`min_lr_factor = ${decimalRatio(run.minLearningRate, run.learningRate)}`);
    notes.push(...decayToEndNotes(plan, 'torchtitan'));
  }
  if (scheduler.length) lines.push('', '[lr_scheduler]', ...scheduler);
  if (run.learningRate !== null) lines.push('', '[optimizer]', `lr = ${run.learningRate}`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

// torchtitan's data parallelism (parallelisms/parallel_dims.py): the batch
// degree is replicate × shard; a shard degree above 1 is FSDP2, which shards
// the weights, gradients and optimizer states (ZeRO stage 3), a replicate
// degree DDP (stage 0). It has no stage 1 or 2.
function torchtitanDataParallel(plan, notes) {
  if (plan.zeroStage === 1n || plan.zeroStage === 2n) notes.push({ code: 'torchtitanZero', stage: plan.zeroStage });
  return plan.zeroStage === 0n ? { replicate: plan.d, shard: 1n } : { replicate: 1n, shard: plan.d };
}

// nanotron (src/nanotron/config/config.py at 2411b02): model.dtype, one of
// str_to_dtype's names (config/utils_config.py); optimizer.zero_stage, where
// any stage above 0 builds its ZeroDistributedOptimizer (helpers.py), which
// shards the optimizer states as ZeRO stage 1 does; clip_grad; and
// optimizer.learning_rate_scheduler, whose lr_warmup_style must be "linear"
// or "constant" and lr_decay_style "linear", "cosine" or "1-sqrt";
// min_decay_lr and lr_decay_steps only when given (its decay defaults to
// train_steps - warmup).
function nanotronEngine(plan, notes) {
  const { run } = plan;
  const dtype = { bf16: 'bfloat16', fp16: 'float16', fp32: 'float32' }[plan.precision];
  const lines = ['model:', `  dtype: ${dtype}`, 'optimizer:', `  zero_stage: ${plan.zeroStage > 0n ? 1 : 0}`, '  clip_grad: 1.0'];
  if (plan.zeroStage > 1n) notes.push({ code: 'nanotronZero', stage: plan.zeroStage });
  if (run.learningRate !== null) {
    lines.push('  learning_rate_scheduler:', `    learning_rate: ${run.learningRate}`,
      `    lr_warmup_steps: ${run.warmupSteps ?? 0n}`, '    lr_warmup_style: linear', `    lr_decay_style: ${plan.decayStyle}`);
    // config.py (LRSchedulerArgs.__post_init__): a missing min_decay_lr becomes the
    // rate itself, a constant schedule; the plan's decay ends at 0 when no floor is typed.
    lines.push(`    min_decay_lr: ${run.minLearningRate ?? '0.0'}`);
    if (run.decaySteps !== null) lines.push(`    lr_decay_steps: ${run.decaySteps}`);
  }
  return `${lines.join('\n')}\n`;
}

// The final rate as a share of the rate, as a Python float: 0.0 without a floor.
function floorFraction(run) {
  return run.minLearningRate === null ? '0.0' : floatText(decimalRatio(run.minLearningRate, run.learningRate));
}

// MaxText (src/maxtext/configs/base.yml at e591f30): steps, learning_rate, the
// activations' dtype; its schedule (lr_schedule_type "cosine", the default)
// warms up linearly over int(learning_rate_schedule_steps ×
// warmup_steps_fraction) steps (utils/maxtext_utils.py,
// create_learning_rate_schedule; the schedule's steps default to steps, the
// fraction to 0.1), then falls along a cosine to learning_rate_final_fraction
// of the rate (default 0.1) at the last step; it has no plain linear decay.
function maxtextRun(plan, notes, { ramped }) {
  const { run } = plan;
  const lines = [`dtype: "${{ bf16: 'bfloat16', fp16: 'float16', fp32: 'float32' }[plan.precision]}"`];
  const steps = run.steps === null ? null : ramped && run.rampSteps !== null ? run.rampSteps : run.steps;
  if (steps !== null) lines.push(`steps: ${steps}`);
  if (run.learningRate !== null) {
    lines.push(`learning_rate: ${run.learningRate}`, 'lr_schedule_type: "cosine"',
      `learning_rate_final_fraction: ${floorFraction(run)}`);
    if (steps !== null && run.warmupSteps !== null) {
      const fraction = maxtextWarmupFraction(run.warmupSteps, steps);
      if (fraction === null) notes.push({ code: 'maxtextWarmupTooLong', warmup: run.warmupSteps, steps });
      else lines.push(`warmup_steps_fraction: ${fraction}`);
    } else if (steps !== null) {
      notes.push({ code: 'maxtextDefaultWarmup', warmup: BigInt(Math.trunc(Number(steps) * 0.1)) });
    }
    if (plan.decayStyle === 'linear') notes.push({ code: 'maxtextCosine' });
    notes.push(...decayToEndNotes(plan, 'MaxText'));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The shortest warmup_steps_fraction whose product with the schedule's steps,
 * as MaxText takes it (int(steps × fraction), IEEE doubles, truncated), is the
 * warmup; null when the warmup is longer than the run (the field's bound is 1).
 */
export function maxtextWarmupFraction(warmup, steps) {
  if (warmup > steps) return null;
  for (let digits = 1; digits <= 17; digits += 1) {
    const text = floatText(Number((Number(warmup) / Number(steps)).toPrecision(digits)));
    if (BigInt(Math.trunc(Number(steps) * Number(text))) === warmup) return text;
  }
  // The nearest double may fall a hair short: the next one up does not.
  const above = floatText(nextUp(Number(warmup) / Number(steps)));
  return BigInt(Math.trunc(Number(steps) * Number(above))) === warmup ? above : null;
}

// The next double above a positive finite one.
function nextUp(value) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}

// MaxText's RampupBatchManager._verify_inputs (utils/rampup_batch.py at
// e591f30), in Python floats: the end must exceed the start, and
// (end − start) % increment must be 0. The reason, or null when it passes.
function maxtextRampRefusal(end, start, increment) {
  const difference = Number(end) - Number(start);
  if (difference <= 0) return { reason: 'notAbove', end, start };
  const remainder = difference % Number(increment);
  return remainder === 0 ? null : { reason: 'notDivisible', end, start, increment, remainder: String(remainder) };
}

// OLMo's and llm-foundry's precision names (composer's "amp_bf16", "amp_fp16",
// "fp32") and torch FSDP's ShardingStrategy for a ZeRO stage, which has no
// stage that shards the optimizer states alone (the note says so).
function composerEngine(plan, notes, framework) {
  if (plan.zeroStage === 1n) notes.push({ code: 'fsdpNoStageOne', framework });
  return {
    precision: { bf16: 'amp_bf16', fp16: 'amp_fp16', fp32: 'fp32' }[plan.precision],
    sharding: { 0: 'NO_SHARD', 1: 'SHARD_GRAD_OP', 2: 'SHARD_GRAD_OP', 3: 'FULL_SHARD' }[String(plan.zeroStage)],
  };
}

// OLMo (olmo/config.py at 00305eb): max_duration without a unit is
// optimizer steps; precision "amp_bf16", "amp_fp16" or "fp32"; max_grad_norm
// (default None: no clipping); fsdp.sharding_strategy, torch's
// ShardingStrategy: FULL_SHARD (ZeRO stage 3, the default), SHARD_GRAD_OP
// (stage 2), NO_SHARD (stage 0); optimizer.name (lionw by default, so adamw
// is written with a rate) and learning_rate; scheduler.name
// (cosine_with_warmup by default, or linear_with_warmup), t_warmup in steps
// and alpha_f, the final rate as a share of the rate (default 0.1).
function olmoRun(plan, notes) {
  const { run } = plan;
  const { precision, sharding } = composerEngine(plan, notes, 'OLMo');
  const lines = [`precision: ${precision}`, 'max_grad_norm: 1.0', 'fsdp:', `  sharding_strategy: ${sharding}`];
  if (run.steps !== null) lines.push(`max_duration: ${run.steps}  # OLMo: steps`);
  const scheduler = [];
  if (run.warmupSteps !== null) scheduler.push(`  t_warmup: ${run.warmupSteps}`);
  if (run.learningRate !== null) {
    scheduler.push(`  name: ${plan.decayStyle}_with_warmup`,
      `  alpha_f: ${floorFraction(run)}`);
    notes.push(...decayToEndNotes(plan, 'OLMo'));
  }
  if (scheduler.length) lines.push('scheduler:', ...scheduler);
  if (run.learningRate !== null) lines.push('optimizer:', '  name: adamw', `  learning_rate: ${run.learningRate}`);
  return `${lines.join('\n')}\n`;
}

const needsNodes = (plan) => (plan.nodes === null
  ? { missing: plan.gpusPerNode ? 'nodesNotWhole' : 'needsGpusPerNode', gpus: plan.gpus, gpusPerNode: plan.gpusPerNode }
  : null);

const WRITERS = {
  // DeepSpeed (deepspeed/runtime/config.py at edaa722, v0.19.5+): the batch
  // keys; gradient_clipping (get_gradient_clipping, default 0: none);
  // zero_optimization.stage (runtime/zero/config.py); bf16 or fp16 {enabled};
  // optimizer {type, params} (the type lowered, so "AdamW" is adamw); scheduler
  // {type, params} (runtime/lr_schedules.py): WarmupDecayLR warms up from
  // warmup_min_lr to warmup_max_lr and falls linearly back to warmup_min_lr at
  // total_num_steps; WarmupCosineLR scales the optimizer's lr by a ratio that
  // rises from warmup_min_ratio to 1 and falls along a cosine to cos_min_ratio
  // at total_num_steps. Both take max(2, warmup_num_steps) warmup steps and,
  // from v0.19.3 (#8126), refuse a warmup_num_steps below 1. Its world size is
  // the data-parallel one (model parallelism divided out); it floors
  // train_batch_size // micro // world and asserts the product.
  deepspeed(plan) {
    const { run } = plan;
    const lines = [
      `"train_batch_size": ${plan.batch}`,
      `"train_micro_batch_size_per_gpu": ${plan.b}`,
      `"gradient_accumulation_steps": ${plan.a}`,
      '"gradient_clipping": 1.0',
      `"zero_optimization": {\n    "stage": ${plan.zeroStage}\n  }`,
    ];
    if (plan.precision !== 'fp32') lines.push(`"${plan.precision}": {\n    "enabled": true\n  }`);
    const notes = [...commonNotes(plan), ...runNotes(plan, 'DeepSpeed', { decay: true, warmup: run.learningRate === null }), { code: 'gradientClipping' }];
    if (run.learningRate !== null && run.steps !== null && run.warmupSteps === null) notes.push({ code: 'deepspeedDefaultWarmup' });
    if (run.learningRate !== null) lines.push(`"optimizer": {\n    "type": "AdamW",\n    "params": {\n      "lr": ${run.learningRate}\n    }\n  }`);
    // Written only with a learning rate and a length: its defaults (0.001, 1000 steps) would be numbers nobody chose.
    if (run.steps !== null && run.learningRate !== null) {
      // No warmup typed: warmup_num_steps is left out, so DeepSpeed's own default
      // (1000, WarmupLR.__init__) applies, as the note says; a typed 0 is written
      // as 1, the least it accepts from v0.19.3.
      const warmup = run.warmupSteps === null ? null : run.warmupSteps > 0n ? run.warmupSteps : 1n;
      const warmupParam = warmup === null ? [] : [['warmup_num_steps', warmup]];
      const params = plan.decayStyle === 'cosine'
        ? [['total_num_steps', run.steps], ['warmup_min_ratio', 0], ...warmupParam,
          ['cos_min_ratio', run.minLearningRate === null ? 0 : decimalRatio(run.minLearningRate, run.learningRate)], ['warmup_type', '"linear"']]
        : [['total_num_steps', run.steps], ['warmup_min_lr', run.minLearningRate ?? 0], ['warmup_max_lr', run.learningRate],
          ...warmupParam, ['warmup_type', '"linear"']];
      lines.push(`"scheduler": {\n    "type": "${plan.decayStyle === 'cosine' ? 'WarmupCosineLR' : 'WarmupDecayLR'}",\n    "params": {\n${params.map(([key, value]) => `      "${key}": ${value}`).join(',\n')}\n    }\n  }`);
      if (warmup !== null && warmup < 2n) notes.push({ code: 'deepspeedShortWarmup', steps: run.warmupSteps });
      if (plan.decayStyle === 'linear' && run.minLearningRate !== null && Number(run.minLearningRate) > 0) notes.push({ code: 'deepspeedWarmupFromMin', rate: run.minLearningRate });
      notes.push(...decayToEndNotes(plan, 'DeepSpeed'));
    }
    const text = `{\n  ${lines.join(',\n  ')}\n}\n`;
    // deepspeed/runtime/config.py (DeepSpeedConfig.__init__): the world size is the
    // data-parallel one only when an mpu or a mesh reaches deepspeed.initialize;
    // otherwise it is dist.get_world_size(), every process.
    if (plan.modelParallel > 1n) notes.push({ code: 'deepspeedWorld', d: plan.d, gpus: plan.gpus, value: plan.everyProcess, batch: plan.batch });
    return { text, notes };
  },

  hfPython(plan, words) {
    const lines = hfEntries(plan, {
      dictionary: (entries) => `{${Object.entries(entries).map(([key, value]) => `"${key}": ${value}`).join(', ')}}`,
      deepspeed: JSON.stringify(trainerDeepSpeed(plan)),
    }).map(([key, value]) => `    ${key}=${value},\n`).join('');
    const deepspeedComment = plan.zeroStage > 0n ? `# ${words.trainerDeepSpeed}\n` : '';
    const text = `# ${huggingFaceHeader(plan, words)}
from transformers import TrainingArguments

${deepspeedComment}training_args = TrainingArguments(
    output_dir="output",
    per_device_train_batch_size=${plan.b},
    gradient_accumulation_steps=${plan.a},
${lines})

# ${words.trlLength}
from trl import SFTConfig

sft_config = SFTConfig(
    output_dir="output",
    per_device_train_batch_size=${plan.b},
    gradient_accumulation_steps=${plan.a},
    max_length=${plan.L},
${lines})
`;
    return { text, notes: hfNotes(plan) };
  },

  // HfArgumentParser reads a dictionary argument as JSON text
  // (training_args.py, _VALID_DICT_FIELDS: lr_scheduler_kwargs) and a boolean
  // from a bare flag; max_length is TRL's (SFTConfig), not the Trainer's, so
  // the sequence length is left to the script.
  hfCli(plan, words) {
    const missing = needsNodes(plan);
    if (missing) return missing;
    const flags = [`--per_device_train_batch_size ${plan.b}`, `--gradient_accumulation_steps ${plan.a}`,
      ...hfEntries(plan, { dictionary: (entries) => `'${JSON.stringify(entries).replace(/"(\d[^"]*)"/g, '$1')}'`, deepspeed: TRAINER_DEEPSPEED_FILE })
        .map(([key, value]) => (value === 'True' ? `--${key}` : `--${key} ${String(value).replace(/^"(.*)"$/, '$1')}`))];
    // A quoted heredoc: bash writes the JSON as it stands, expanding nothing.
    const deepspeed = plan.zeroStage > 0n
      ? `# ${words.trainerDeepSpeed}\ncat > ${TRAINER_DEEPSPEED_FILE} <<'EOF'\n${JSON.stringify(trainerDeepSpeed(plan), null, 2)}\nEOF\n` : '';
    const text = `# ${huggingFaceHeader(plan, words)}
${deepspeed}${torchrunLine(plan, 'train.py', words)} \\
${flags.map((flag) => `  ${flag}`).join(' \\\n')}
`;
    return { text, notes: [...hfNotes(plan), { code: 'sequenceInScript' }] };
  },

  // Accelerator() reads ACCELERATE_GRADIENT_ACCUMULATION_STEPS in every launch
  // mode (accelerator.py: parse_choice_from_env, which wins over its own
  // argument); --gradient_accumulation_steps reaches that variable only with
  // DeepSpeed (utils/launch.py: prepare_deepspeed_cmd_env). So both are written.
  // accelerate launch (commands/launch.py at 16cb6eb): --num_processes is the
  // total over all machines; on several, each machine runs the line with its
  // own --machine_rank and the first one's address and port. --mixed_precision
  // takes no, fp16 or bf16; with ZeRO, --use_deepspeed --zero_stage (its
  // DeepSpeed plugin), else --multi_gpu.
  accelerate(plan, words) {
    const missing = needsNodes(plan);
    if (missing) return missing;
    const flags = [`--num_machines ${plan.nodes}`, `--num_processes ${plan.gpus}`];
    if (plan.nodes > 1n) flags.push('--machine_rank "$NODE_RANK"', '--main_process_ip "$MASTER_ADDR"', '--main_process_port "$MASTER_PORT"');
    flags.push(`--mixed_precision ${plan.precision === 'fp32' ? 'no' : plan.precision}`);
    flags.push(...(plan.zeroStage > 0n ? ['--use_deepspeed', `--zero_stage ${plan.zeroStage}`] : ['--multi_gpu']));
    // With DeepSpeed on several machines accelerate's default launcher is pdsh
    // (utils/launch.py at 16cb6eb, prepare_deepspeed_cmd_env: DEEPSPEED_MULTINODE_LAUNCHERS[0]),
    // which runs `deepspeed --hostfile None` and drops --machine_rank, so each
    // machine would train alone; "standard" starts torch's launcher on every
    // machine with its rank, as this line is run.
    if (plan.zeroStage > 0n && plan.nodes > 1n) flags.push('--deepspeed_multinode_launcher standard');
    flags.push(`--gradient_accumulation_steps ${plan.a}`);
    const text = `# ${perProcessHeader(plan, words)}
# ${words.batchInScript({ b: plan.b })}
# ${words.accelerateAccumulation}
${plan.nodes > 1n ? `# ${words.machineRank}\n` : ''}export ACCELERATE_GRADIENT_ACCUMULATION_STEPS=${plan.a}
accelerate launch \\
${flags.map((flag) => `  ${flag} \\\n`).join('')}  train.py
`;
    const notes = perProcessRule(plan, 'Accelerate', commonNotes(plan));
    if (plan.run.steps !== null || plan.run.learningRate !== null) notes.push({ code: 'runInScript', framework: 'Accelerate' });
    return { text, notes };
  },

  lightning(plan, words) {
    const missing = needsNodes(plan);
    if (missing) return missing;
    // Lightning's precision names ("bf16-mixed", "16-mixed", "32-true") and its
    // registered DeepSpeed strategies ("deepspeed_stage_1" to "_3").
    const precision = { bf16: 'bf16-mixed', fp16: '16-mixed', fp32: '32-true' }[plan.precision];
    const strategy = plan.zeroStage > 0n ? `deepspeed_stage_${plan.zeroStage}` : 'ddp';
    const text = `# ${perProcessHeader(plan, words)}
import lightning as L
from torch.utils.data import DataLoader

trainer = L.Trainer(
    accelerator="gpu",
    strategy="${strategy}",
    precision="${precision}",
    devices=${plan.perNode},
    num_nodes=${plan.nodes},
    accumulate_grad_batches=${plan.a},
${plan.run.steps === null ? '' : `    max_steps=${plan.run.steps},\n`})
train_loader = DataLoader(train_dataset, batch_size=${plan.b})
`;
    const notes = [...perProcessRule(plan, 'Lightning', commonNotes(plan)), ...runNotes(plan, 'Lightning', { warmup: false, rate: false })];
    if (plan.run.warmupSteps !== null || plan.run.learningRate !== null) notes.push({ code: 'runInScript', framework: 'Lightning' });
    return { text, notes };
  },

  // Megatron-LM: d = world ÷ (TP·PP·CP); micro-batches per step = global // (micro × d), refused with a remainder.
  megatron(plan, words) {
    const { missing, notes, flags } = megatronLaunch(plan);
    if (missing) return missing;
    const text = `# ${words.megatron({ b: plan.b, d: plan.d, a: plan.a, batch: plan.batch })}
${megatronRampComment(plan, words)}${torchrunLine(plan, 'pretrain_gpt.py', words)} \\
${flags.map((flag) => `  ${flag}`).join(' \\\n')}
`;
    return { text, notes };
  },

  // A SLURM batch script for the Megatron-LM run, as torchtitan's
  // multinode_trainer.slurm (379cf97) launches one: one task per node, each
  // running torchrun, which meet at a c10d rendezvous on the first node of the
  // allocation (scontrol show hostnames "$SLURM_JOB_NODELIST"), the job's id
  // naming the rendezvous.
  slurm(plan, words) {
    const { missing, notes, flags } = megatronLaunch(plan);
    if (missing) return missing;
    const text = `#!/bin/bash
# ${words.megatron({ b: plan.b, d: plan.d, a: plan.a, batch: plan.batch })}
#SBATCH --job-name=train
#SBATCH --nodes=${plan.nodes}
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=${plan.perNode}
#SBATCH --exclusive
${megatronRampComment(plan, words)}
# ${words.slurmHead}
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
MASTER_PORT=29500

srun torchrun --nnodes "$SLURM_NNODES" --nproc_per_node ${plan.perNode} \\
  --rdzv_backend c10d --rdzv_endpoint "$MASTER_ADDR:$MASTER_PORT" --rdzv_id "$SLURM_JOB_ID" \\
  pretrain_gpt.py \\
${flags.map((flag) => `  ${flag}`).join(' \\\n')}
`;
    return { text, notes: [...notes, { code: 'slurmScript' }] };
  },

  // torchtitan v0.2.2: accumulation = global // (local × batch degree), asserted
  // to divide. torchtitan main (b5bcd76, torchtitan/trainer.py) counts tokens:
  // accumulation = num_tokens_per_train_step // (num_tokens_per_microbatch_per_dp_rank
  // × num_pp_microbatches × dp degree), refused with a remainder; its configs are Python.
  torchtitan(plan, words) {
    if (plan.torchtitanVersion === 'main') {
      const text = `# ${words.torchtitanMain({ b: plan.b, L: plan.L, d: plan.d, a: plan.a, batch: plan.batch, perRank: plan.microTokens, perStep: plan.stepTokens })}
from torchtitan.config import ParallelismConfig, TrainingConfig

training = TrainingConfig(
    num_tokens_per_microbatch_per_dp_rank=${plan.microTokens},
    num_tokens_per_train_step=${plan.stepTokens},
    max_context_length=${plan.L},
${plan.run.steps === null ? '' : `    steps=${plan.run.steps},\n`})
parallelism = ParallelismConfig(
    data_parallel_replicate_degree=1,
    data_parallel_shard_degree=${plan.d},
    tensor_parallel_degree=${plan.tp},
    pipeline_parallel_degree=${plan.pp},
    context_parallel_degree=${plan.cp},
)
`;
      // The learning rate sits in the optimizer's param groups and the warmup in
      // LRSchedulersContainer.Config (components/optimizer/): named, not written.
      const notes = [...commonNotes(plan), ...runNotes(plan, 'torchtitan', { warmup: false, rate: false })];
      if (plan.run.warmupSteps !== null || plan.run.learningRate !== null) {
        notes.push({ code: 'torchtitanMainSchedule', warmup: plan.run.warmupSteps ?? '', rate: plan.run.learningRate ?? '' });
      }
      return { text, notes, file: 'torchtitan_config.py', type: 'text/x-python' };
    }
    const notes = [...commonNotes(plan), ...runNotes(plan, 'torchtitan', { decay: true })];
    const dataParallel = torchtitanDataParallel(plan, notes);
    const text = `# ${words.torchtitan({ b: plan.b, d: plan.d, a: plan.a, batch: plan.batch })}
[training]
local_batch_size = ${plan.b}
global_batch_size = ${plan.batch}
seq_len = ${plan.L}
${tomlRun(plan, notes)}
[parallelism]
data_parallel_replicate_degree = ${dataParallel.replicate}
data_parallel_shard_degree = ${dataParallel.shard}
tensor_parallel_degree = ${plan.tp}
pipeline_parallel_degree = ${plan.pp}
context_parallel_degree = ${plan.cp}
`;
    return { text, notes };
  },

  nanotron(plan, words) {
    const notes = [...commonNotes(plan), ...runNotes(plan, 'nanotron', { steps: false, decay: true })];
    const steps = plan.run.steps === null ? `# train_steps: ${words.trainStepsNeeded}` : `train_steps: ${plan.run.steps}`;
    const text = `# ${words.nanotron({ b: plan.b, a: plan.a, d: plan.d, batch: plan.batch })}
parallelism:
  dp: ${plan.d}
  tp: ${plan.tp}
  pp: ${plan.pp}
  context_parallel_size: ${plan.cp}
tokens:
  micro_batch_size: ${plan.b}
  batch_accumulation_per_replica: ${plan.a}
  sequence_length: ${plan.L}
  ${steps}
${nanotronEngine(plan, notes)}`;
    if (plan.run.steps === null) notes.push({ code: 'noTrainSteps' });
    return { text, notes };
  },

  // MaxText counts every device: per_device_batch_size = b·d ÷ devices, which
  // may be fractional; it trains on int(int(devices × per_device) × accumulation).
  maxtext(plan, words) {
    const written = floatText(Number(plan.perPass) / Number(plan.gpus));
    // Its fsdp axis shards weights, gradients and optimizer states (ZeRO stage 3);
    // its data axis replicates them (stage 0). MaxText's ramp
    // (src/maxtext/utils/rampup_batch.py, RampupBatchManager) is
    // per device too: a global batch of start is start ÷ (devices × a) per device.
    const perDeviceOf = (batch) => floatText(Number(batch) / Number(plan.devicesTimesAccumulation));
    const notes = [...commonNotes(plan, { ramp: true }), ...runNotes(plan, 'MaxText', { warmup: false, decay: true })];
    const rampRefusal = plan.ramp ? maxtextRampRefusal(written, perDeviceOf(plan.ramp.start), perDeviceOf(plan.ramp.increment)) : null;
    if (rampRefusal) notes.push({ code: 'maxtextRampRefused', ...rampRefusal });
    const ramp = plan.ramp && !rampRefusal ? `enable_rampup_batch_size: true
per_device_batch_size_start: ${perDeviceOf(plan.ramp.start)}
per_device_batch_size_increment: ${perDeviceOf(plan.ramp.increment)}
global_rampup_samples: ${plan.ramp.samples}
` : '';
    if (plan.zeroStage === 1n || plan.zeroStage === 2n) notes.push({ code: 'maxtextZero', stage: plan.zeroStage });
    const text = `# ${words.maxtext({ b: plan.b, d: plan.d, devices: plan.gpus, bd: plan.perPass, a: plan.a, batch: plan.batch })}
per_device_batch_size: ${written}
${ramp}gradient_accumulation_steps: ${plan.a}
max_target_length: ${plan.L}
${maxtextRun(plan, notes, { ramped: plan.ramp !== null && !rampRefusal })}${plan.zeroStage === 0n ? 'ici_data_parallelism' : 'ici_fsdp_parallelism'}: ${plan.d}
ici_tensor_parallelism: ${plan.tp}
ici_pipeline_parallelism: ${plan.pp}
ici_context_parallelism: ${plan.cp}
`;
    if (plan.ramp && !rampRefusal) notes.push({ code: 'maxtextRamp' });
    if (!plan.perPassDividesDevices) notes.push({ code: 'fractional', value: written, gpus: plan.gpus });
    // types.py (calculate_global_batch_sizes): below 1 per device it loads one
    // sequence per device and micro-batch, and trains on int(devices × per-device) of them.
    if (Number(written) < 1) notes.push({ code: 'maxtextLoads', loaded: plan.devicesTimesAccumulation, value: written, batch: plan.batch });
    // Python's float product and int() are JavaScript's: IEEE doubles, truncation.
    const trained = BigInt(Math.trunc(Number(plan.gpus) * Number(written))) * plan.a;
    if (trained !== plan.batch) notes.push({ code: 'truncates', value: trained, batch: plan.batch });
    return { text, notes };
  },

  // OLMo (scripts/train.py): device batch = global // world size (every GPU),
  // and olmo/train.py (split_batch) trains all of it in micro-batches of b, the
  // last one possibly smaller: it trains (global // world) × world.
  olmo(plan, words) {
    const notes = [...commonNotes(plan), ...runNotes(plan, 'OLMo', { decay: true })];
    const text = `# ${words.olmo({ batch: plan.batch, gpus: plan.gpus, b: plan.b })}
global_train_batch_size: ${plan.batch}
device_train_microbatch_size: ${plan.b}
model:
  max_sequence_length: ${plan.L}
${olmoRun(plan, notes)}`;
    const trained = plan.flooredPerDevice;
    if (trained !== plan.batch) notes.push({ code: 'ruleGives', framework: 'OLMo', value: trained, batch: plan.batch, modelParallel: plan.modelParallel });
    return { text, notes };
  },

  // llm-foundry (mosaicml/llm-foundry at 8c8dd48, llmfoundry/utils/config_utils.py):
  // TrainConfig's own top-level keys (max_seq_len at the top, where OLMo
  // refuses it), durations with a unit ("ba": batches); calculate_batch_size_info
  // refuses a global batch the world size does not divide, and splits the
  // device's share into ceil(share ÷ micro) micro-batches.
  llmFoundry(plan, words) {
    const notes = [...commonNotes(plan), ...runNotes(plan, 'llm-foundry', { decay: true })];
    const { run } = plan;
    const { precision, sharding } = composerEngine(plan, notes, 'llm-foundry');
    const lines = [`global_train_batch_size: ${plan.batch}`, `device_train_microbatch_size: ${plan.b}`, `max_seq_len: ${plan.L}`,
      `precision: ${precision}`, 'fsdp_config:', `  sharding_strategy: ${sharding}`];
    if (run.steps !== null) lines.push(`max_duration: ${run.steps}ba`);
    // llmfoundry/optim/__init__.py: composer's schedulers, whose t_warmup has no default.
    if (run.learningRate !== null) {
      if (run.warmupSteps === null) notes.push({ code: 'llmFoundryNoWarmup' });
      lines.push('scheduler:', `  name: ${plan.decayStyle === 'cosine' ? 'cosine_with_warmup' : 'linear_decay_with_warmup'}`,
        `  t_warmup: ${run.warmupSteps ?? 0n}ba`,
        `  alpha_f: ${floorFraction(run)}`,
        'optimizer:', '  name: decoupled_adamw', `  lr: ${run.learningRate}`);
      notes.push(...decayToEndNotes(plan, 'llm-foundry'));
    }
    const text = `# ${words.llmFoundry({ batch: plan.batch, gpus: plan.gpus, b: plan.b })}\n${lines.join('\n')}\n`;
    if (plan.batch % plan.gpus !== 0n) notes.push({ code: 'refuses', framework: 'llm-foundry', batch: plan.batch, gpus: plan.gpus });
    notes.push({ code: 'llmFoundryRest' });
    return { text, notes };
  },
};
