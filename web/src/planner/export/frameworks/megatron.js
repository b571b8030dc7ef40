// Megatron-LM: d = world ÷ (TP·PP·CP); micro-batches per step = global // (micro × d), refused with a remainder.
import { commonNotes, needsNodes, runNotes, torchrunLine } from '../common.js';

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
export function megatronRampComment(plan, words) {
  if (!plan.ramp) return '';
  return `# ${plan.megatronVersion === 'core-0.18' ? words.megatronScheduleVersions : words.megatronRampVersions}\n`;
}

// What a Megatron-LM launch needs: whole nodes, and the arguments with their notes; or {missing}.
export function megatronLaunch(plan) {
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
  flags.push(...megatronLayout(plan, notes));
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
// --num-experts, --qk-layernorm: TransformerConfig.qk_layernorm, which
// megatron/core/transformer/attention.py builds as q_layernorm and
// k_layernorm of hidden_size_per_attention_head, a norm per head as Qwen3's). arguments.py requires --num-layers, --hidden-size,
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
  if (model.qkNorm === 'head') flags.push('--qk-layernorm');
  // OLMo 2's norms span all heads; Megatron-LM's --qk-layernorm is per head, another model.
  if (model.qkNorm === 'all') notes.push({ code: 'megatronQkNormAll', name: model.name });
  if (!model.tied) flags.push('--untie-embeddings-and-output-weights');
  flags.push(`--max-position-embeddings ${plan.L}`);
  flags.push(...megatronPipelineSplit(model, plan, notes));
  if (model.experts > 0n) {
    flags.push(`--num-experts ${model.experts}`, `--moe-router-topk ${model.expertsPerToken}`, `--moe-ffn-hidden-size ${model.expertFfn}`);
    // arguments.py lines 1655-1658: EP needs experts, and their count divided by it.
    if (model.experts % plan.ep !== 0n) notes.push({ code: 'megatronExpertsNotSplit', experts: model.experts, ep: plan.ep });
  } else if (plan.ep > 1n) {
    notes.push({ code: 'megatronNoExperts', name: model.name, ep: plan.ep });
  }
  notes.push({ code: 'megatronModelShape', name: model.name, vocab: model.vocab });
  return flags;
}

// The layout's degrees that change no batch (Megatron-LM at d98e8a6; the same flags at core_v0.17.1, 266f1c9):
//  - --expert-model-parallel-size, ModelParallelConfig.expert_model_parallel_size (default 1), which
//    initialize_model_parallel needs to divide the world with TP·PP (parallel_state.py lines 871-884; the planner's
//    core refuses an EP that does not divide d·CP);
//  - --num-virtual-stages-per-pipeline-rank (arguments.py line 3116): the interleaved schedule, v model chunks a
//    stage.
// The experts' kernels below go with a model that has experts, or, with no model to tell, with EP > 1; a model
// known to be dense gets its refusal instead (megatronModel).
// The step prediction runs the experts as NVIDIA's MoE recipes do, which Megatron-LM's defaults do not: grouped
// GEMMs (--moe-grouped-gemm; without it SequentialMLP runs one expert after another, experts.py line 1507) and the
// run's dispatcher rather than the default allgather (transformer_config.py line 891): NCCL's all-to-all
// (--moe-token-dispatcher-type alltoall), which sends each token to its k experts only, or the flex dispatcher with
// DeepEP's or HybridEP's kernels (--moe-flex-dispatcher-backend, line 898, deepep by default; the same fields at
// core_v0.17.1, 266f1c9, lines 754-757), which send a token to each node once; and Transformer Engine's fused
// permutation (--moe-permute-fusion, TransformerConfig.moe_permute_fusion, line 941, line 792 at 266f1c9, off by
// default; lines 2984-3000 refuse it without Transformer Engine 2.1), whose copies of the tokens into and out of
// expert order the prediction counts; without it the unfused path scales the copies and sums them back in separate
// passes.
const MEGATRON_DISPATCHER = {
  alltoall: ['--moe-token-dispatcher-type alltoall'],
  deepep: ['--moe-token-dispatcher-type flex --moe-flex-dispatcher-backend deepep'],
  hybridep: ['--moe-token-dispatcher-type flex --moe-flex-dispatcher-backend hybridep'],
};
function megatronLayout(plan, notes) {
  const flags = [];
  if (plan.ep > 1n) flags.push(`--expert-model-parallel-size ${plan.ep}`);
  // --expert-tensor-parallel-size (TransformerConfig, None for TP's), as the planner has it.
  if (plan.expertTensor !== null) flags.push(`--expert-tensor-parallel-size ${plan.expertTensor}`);
  if (plan.model?.held ? plan.model.experts > 0n : plan.ep > 1n) {
    // The flex dispatcher asserts TP × EP > 1 (token_dispatcher.py line 1836; 1365 at 266f1c9), and with every expert on
    // each GPU no token crosses to another: at EP 1 NCCL's all-to-all, which the prediction prices as nothing.
    const dispatcher = plan.ep > 1n ? plan.dispatcher : 'alltoall';
    flags.push('--moe-grouped-gemm', '--moe-permute-fusion', ...MEGATRON_DISPATCHER[dispatcher]);
    notes.push({ code: dispatcher === 'alltoall' ? 'megatronExperts' : 'megatronFlexExperts', backend: dispatcher });
    // transformer_config.py lines 2612-2614 at d98e8a6: experts with biases (add_bias_linear, True by default) need ETP 1.
    if ((plan.expertTensor ?? plan.tp) !== 1n) notes.push({ code: 'megatronExpertBias' });
  }
  if (plan.vpp > 1n) flags.push(`--num-virtual-stages-per-pipeline-rank ${plan.vpp}`);
  return flags;
}

// How the stages split the layers (arguments.py at d98e8a6, lines 985-998):
// the layers must divide by the pipeline size; with
// --account-for-embedding-in-pipeline-split and
// --account-for-loss-in-pipeline-split the embedding and the loss each
// count as a layer (transformer_block.py, get_num_layers_to_build), so L + 2
// must. With v virtual stages each stage's share divides by v too: L by p·v
// (transformer_block.py, get_num_layers_to_build, lines 148-179), or L + 2 by p·v
// (transformer_config.py, lines 2370-2415). Written only when the even split
// fails; refused aloud when both fail.
function megatronPipelineSplit(model, plan, notes) {
  const chunks = plan.pp * plan.vpp;
  if (plan.pp <= 1n || model.layers % chunks === 0n) return [];
  if ((model.layers + 2n) % chunks === 0n) {
    return ['--account-for-embedding-in-pipeline-split', '--account-for-loss-in-pipeline-split'];
  }
  notes.push({ code: 'megatronLayersNotSplit', layers: model.layers, pp: plan.pp, vpp: plan.vpp, chunks });
  return [];
}

// Recomputation and sequence parallelism as the memory page counts them
// (d98e8a6): --recompute-activations sets recompute_granularity "selective"
// (arguments.py); full recomputes every layer from its input
// (--recompute-granularity full --recompute-method uniform --recompute-num-layers 1);
// --sequence-parallel, which arguments.py turns off at TP 1; --tp-comm-overlap (ModelParallelConfig.tp_comm_overlap,
// model_parallel_config.py line 265: Transformer Engine's userbuffers), which arguments.py refuses without sequence
// parallelism (lines 1441-1442), and so at TP 1.
function megatronActivations(plan, notes) {
  const flags = [];
  if (plan.recompute === 'selective') flags.push('--recompute-activations');
  if (plan.recompute === 'full') flags.push('--recompute-granularity full', '--recompute-method uniform', '--recompute-num-layers 1');
  if (plan.sequenceParallel && plan.tp > 1n) flags.push('--sequence-parallel');
  if (plan.sequenceParallel && plan.tp === 1n) notes.push({ code: 'sequenceParallelNeedsTensor' });
  if (plan.tensorOverlap && plan.tp === 1n) notes.push({ code: 'tensorOverlapNeedsTensor' });
  else if (plan.tensorOverlap && !plan.sequenceParallel) notes.push({ code: 'tensorOverlapNeedsSequenceParallel' });
  else if (plan.tensorOverlap) flags.push('--tp-comm-overlap');
  return flags;
}

// Megatron-LM's precision and sharding (d98e8a6): --bf16 / --fp16
// (ModelParallelConfig, as ArgumentGroupFactory spells its fields), and
// --use-distributed-optimizer (arguments.py), which shards the optimizer
// states over the data-parallel ranks as ZeRO stage 1 does. Stages 2 and 3
// are Megatron-FSDP's: --use-megatron-fsdp (DistributedDataParallelConfig)
// with --data-parallel-sharding-strategy optim_grads (gradients too) or
// optim_grads_params (the weights too); its version 1, the default, runs on
// the distributed optimizer, and arguments.py asserts --ckpt-format
// fsdp_dtensor (lines 1118-1169). --overlap-grad-reduce (off by default,
// arguments.py line 3121) reduces the gradients while the last backward runs,
// and with sharded states --overlap-param-gather gathers the updated weights
// while the next forward runs (lines 1024-1029 assert both), as the
// configuration page's step prediction has them.
const MEGATRON_FSDP_SHARDING = { 2: 'optim_grads', 3: 'optim_grads_params' };
function megatronEngine(plan, notes) {
  // Each overlap flag shares the line of what it goes with, so the printed plan keeps its length.
  const flags = [plan.precision === 'fp32' ? '--overlap-grad-reduce' : `--${plan.precision} --overlap-grad-reduce`];
  if (plan.zeroStage > 0n) flags.push('--use-distributed-optimizer --overlap-param-gather');
  if (plan.zeroStage > 1n) {
    flags.push('--use-megatron-fsdp', `--data-parallel-sharding-strategy ${MEGATRON_FSDP_SHARDING[plan.zeroStage]}`, '--ckpt-format fsdp_dtensor');
    notes.push({ code: 'megatronZero', stage: plan.zeroStage });
  }
  return flags;
}

export default {
  key: 'megatron', id: 'export-megatron', slug: 'megatron', file: 'megatron_args.sh', type: 'text/x-shellscript',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 1, 2, 3],
  // The layout's degrees that change no batch and that it writes (write.js says those it does not).
  carries: ['ep', 'vpp', 'dispatcher', 'tensorOverlap', 'expertTensor'],
  source: 'Megatron-LM at d98e8a6: megatron/core/num_microbatches_calculator.py (ConstantNumMicroBatchesCalculator, RampupBatchsizeNumMicroBatchesCalculator); megatron/training/arguments.py (--use-distributed-optimizer, --num-virtual-stages-per-pipeline-rank), config/training_config.py (lr_decay_style), core/parallel_state.py (initialize_model_parallel: the world over EP·TP·PP); torch/distributed/run.py at 010929f',
  write(plan, words) {
    const { missing, notes, flags } = megatronLaunch(plan);
    if (missing) return missing;
    const text = `# ${words.megatron({ b: plan.b, d: plan.d, a: plan.a, batch: plan.batch })}
${megatronRampComment(plan, words)}${torchrunLine(plan, 'pretrain_gpt.py', words)} \\
${flags.map((flag) => `  ${flag}`).join(' \\\n')}
`;
    return { text, notes };
  },
};
