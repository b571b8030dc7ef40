// torchtitan v0.2.2: accumulation = global // (local × batch degree), asserted
// to divide. torchtitan main (b5bcd76, torchtitan/trainer.py) counts tokens:
// accumulation = num_tokens_per_train_step // (num_tokens_per_microbatch_per_dp_rank
// × num_pp_microbatches × dp degree), refused with a remainder; its configs are Python.
import { commonNotes, decayToEndNotes, decimalRatio, runNotes } from '../common.js';

// torchtitan v0.2.2 (73a0e69, torchtitan/config/job_config.py): [training]
// steps and mixed_precision_param ("bfloat16" or "float32": no fp16);
// [lr_scheduler] warmup_steps (default 200), decay_type ("linear", "sqrt",
// "cosine") and min_lr_factor (the floor as a share of lr); [optimizer] lr
// (default 8e-4). Its decay runs to the last step. A warmup of 0 is accepted
// (components/lr_scheduler.py: the warmup branch, with its assert and its
// division, runs only while the step is below it), so a plan without warmup
// writes 0: the default would warm up over 200 steps.
function tomlRun(plan, notes) {
  const { run } = plan;
  const lines = [];
  if (run.steps !== null) lines.push(`steps = ${run.steps}`);
  if (plan.precision === 'fp16') notes.push({ code: 'noFp16', framework: 'torchtitan' });
  else lines.push(`mixed_precision_param = "${plan.precision === 'bf16' ? 'bfloat16' : 'float32'}"`);
  const scheduler = [];
  scheduler.push(`warmup_steps = ${run.warmupSteps ?? 0n}`);
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
// degree DDP (stage 0). It has no stage 1 or 2 (zeroStages).
function torchtitanDataParallel(plan) {
  return plan.zeroStage === 0n ? { replicate: plan.d, shard: 1n } : { replicate: 1n, shard: plan.d };
}

// The layout's other degrees (v0.2.2 at 73a0e69, config/job_config.py; main at b5bcd76, config/configs.py, the same
// names): expert_parallel_degree (default 1); with a pipeline, each accumulation step is one whole schedule over
// the local batch (train.py, train_step), split into local_batch_size // pipeline_parallel_microbatch_size
// micro-batches (distributed/pipeline_parallel.py lines 186-194; main: num_pp_microbatches of
// num_tokens_per_microbatch_per_dp_rank each), so the plan's a micro-batches of b are one local batch of b·a and
// one accumulation step, the pipeline filling once a step as the plan counts it. The interleaved schedule is
// Interleaved1F1B, a multi-stage schedule: 2 stages a rank unless pipeline_parallel_layers_per_stage sets them, as
// ⌈(layers + 1 + 1) ÷ layers_per_stage⌉ ÷ PP, the embedding and the output counted as a layer each
// (pipeline_parallel_first_stage_less_layers and _last_stage_less_layers, default 1; pipeline_parallel.py lines 71-115).
// The layers a stage that make ⌈(layers + 2) ÷ it⌉ = PP × v stages (the least that could), or null with the note
// that says why there is none.
function torchtitanLayersPerStage(plan, notes) {
  if (!plan.model?.held) {
    notes.push({ code: 'torchtitanStagesNeedModel', vpp: plan.vpp });
    return null;
  }
  const { layers } = plan.model;
  const chunks = plan.pp * plan.vpp;
  const perStage = (layers + 2n + chunks - 1n) / chunks;
  if ((layers + 2n + perStage - 1n) / perStage === chunks) return perStage;
  notes.push({ code: 'torchtitanStagesNotSplit', layers, chunks });
  return null;
}

// The experts' dispatcher: v0.2.2 has [parallelism] expert_parallel_comm_backend, "standard" (NCCL's all-to-all) or
// "deepep" (config/job_config.py line 474), and no HybridEP; main builds it with the model, from the model registry's
// moe_comm_backend, "standard", "deepep" or "hybridep" (models/common/config_utils.py, make_token_dispatcher_config,
// lines 360-400), which a config of the parallelism alone cannot set: named, not written.
function torchtitanDispatcher(plan, layout, notes) {
  if (plan.dispatcher === 'alltoall') return;
  if (plan.torchtitanVersion === 'main') notes.push({ code: 'torchtitanMainDispatcher', backend: plan.dispatcher });
  else if (plan.dispatcher === 'deepep') {
    layout.push(['expert_parallel_comm_backend', '"deepep"']);
    // Only its deepseek_v3 and llama4 models read it (their infra/parallelize.py, lines 100 and 114).
    notes.push({ code: 'torchtitanDeepEpModels' });
  }
  else notes.push({ code: 'torchtitanNoHybridEp' });
}

// TP's overlap is async TP (v0.2.2: [parallelism] enable_async_tensor_parallel, config/job_config.py line 357, which
// raises unless [compile] enable is on with "model" in its components, the default: distributed/tensor_parallel.py
// lines 16-23; main: CompileConfig's, which requires the same, config/configs.py lines 295-313, and which a config of
// the training and the parallelism alone cannot set: named, not written). Whether [compile] is to be written.
function torchtitanAsyncTp(plan, layout, notes) {
  if (!plan.tensorOverlap || plan.tp === 1n) return false;
  if (plan.torchtitanVersion === 'main') {
    notes.push({ code: 'torchtitanMainAsyncTp' });
    return false;
  }
  layout.push(['enable_async_tensor_parallel', 'true']);
  notes.push({ code: 'torchtitanAsyncTp' });
  return true;
}

function torchtitanLayout(plan, notes) {
  const layout = [];
  const compiled = torchtitanAsyncTp(plan, layout, notes);
  const pipelined = plan.pp > 1n;
  if (pipelined) notes.push({ code: 'torchtitanPipeline', b: plan.b, a: plan.a });
  if (plan.vpp > 1n) {
    layout.push(['pipeline_parallel_schedule', '"Interleaved1F1B"']);
    const perStage = plan.vpp > 2n ? torchtitanLayersPerStage(plan, notes) : null;
    if (perStage !== null) layout.push(['pipeline_parallel_layers_per_stage', perStage]);
    if (plan.vpp === 2n || perStage !== null) notes.push({ code: 'torchtitanInterleaved', vpp: plan.vpp, pp: plan.pp });
  }
  if (plan.ep > 1n) {
    layout.push(['expert_parallel_degree', plan.ep]);
    // EP is carved out of the FSDP shard, CP and TP ranks (parallel_dims.py: v0.2.2 builds efsdp = dp_shard·cp·tp //
    // (etp·ep), line 138; main raises unless ep divides dp_shard·cp·tp, lines 187-192), so under DDP (ZeRO-0,
    // dp_shard 1) it must divide CP·TP; its experts' tensor parallelism is 1 unless set (v0.2.2; main has no other),
    // so with TP the experts take EP ranks from TP's rather than being split as Megatron-LM splits them.
    // Its experts' TP is 1 unless set: v0.2.2 takes TP's as expert_tensor_parallel_degree (job_config.py lines 464-472:
    // 1 or TP), main has no other, and EP comes out of the shard, CP and TP ranks over it.
    const splitByTensor = plan.tp > 1n && (plan.expertTensor ?? plan.tp) !== 1n;
    const writtenTensor = splitByTensor && plan.torchtitanVersion !== 'main' ? plan.tp : 1n;
    if (writtenTensor > 1n) layout.push(['expert_tensor_parallel_degree', writtenTensor]);
    const sharded = (plan.zeroStage === 3n ? plan.d : 1n) * plan.cp * plan.tp / writtenTensor;
    if (sharded % plan.ep !== 0n) notes.push({ code: 'torchtitanExpertsNotSplit', ep: plan.ep, sharded });
    if (splitByTensor && writtenTensor === 1n) notes.push({ code: 'torchtitanExpertTensor', ep: plan.ep, tp: plan.tp });
    // job_config.py line 456: "No effect for non-MoE models."
    if (plan.model?.held && plan.model.experts === 0n) notes.push({ code: 'torchtitanNoExperts', name: plan.model.name, ep: plan.ep });
    torchtitanDispatcher(plan, layout, notes);
  }
  // The local batch (in sequences) and, with a pipeline, its micro-batches.
  return { layout, pipelined, compiled, local: pipelined ? plan.b * plan.a : plan.b };
}

export default {
  key: 'torchtitan', id: 'export-torchtitan', slug: 'torchtitan', file: 'torchtitan.toml', type: 'application/toml',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 3],
  // The layout's degrees that change no batch and that it writes (write.js says those it does not).
  carries: ['ep', 'vpp', 'dispatcher', 'tensorOverlap', 'expertTensor'],
  source: 'torchtitan v0.2.2 (73a0e69) torchtitan/train.py (global_batch_size % (local_batch_size × batch degree)), config/job_config.py (mixed_precision_param, [lr_scheduler] decay_type, min_lr_factor); main at b5bcd76: torchtitan/trainer.py (num_tokens_per_train_step % (num_tokens_per_microbatch_per_dp_rank × num_pp_microbatches × dp degree)), config/configs.py',
  write(plan, words) {
    const layoutNotes = [];
    const { layout, pipelined, compiled, local } = torchtitanLayout(plan, layoutNotes);
    if (plan.torchtitanVersion === 'main') {
      const header = pipelined
        ? words.torchtitanMainPipeline({ b: plan.b, L: plan.L, d: plan.d, a: plan.a, batch: plan.batch, perRank: plan.microTokens, perStep: plan.stepTokens })
        : words.torchtitanMain({ b: plan.b, L: plan.L, d: plan.d, a: plan.a, batch: plan.batch, perRank: plan.microTokens, perStep: plan.stepTokens });
      const text = `# ${header}
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
${pipelined ? `    num_pp_microbatches=${plan.a},\n` : ''}${layout.map(([key, value]) => `    ${key}=${value},\n`).join('')}    context_parallel_degree=${plan.cp},
)
`;
      // The learning rate sits in the optimizer's param groups and the warmup in
      // LRSchedulersContainer.Config (components/optimizer/): named, not written.
      const notes = [...commonNotes(plan), ...layoutNotes, ...runNotes(plan, 'torchtitan', { warmup: false, rate: false })];
      // LRSchedulersContainer.Config's warmup_steps defaults to 200 here too: the plan's warmup, or 0, is named.
      notes.push({ code: 'torchtitanMainSchedule', warmup: String(plan.run.warmupSteps ?? 0n), rate: plan.run.learningRate ?? '' });
      return { text, notes, file: 'torchtitan_config.py', type: 'text/x-python' };
    }
    const notes = [...commonNotes(plan), ...layoutNotes, ...runNotes(plan, 'torchtitan', { decay: true })];
    const dataParallel = torchtitanDataParallel(plan);
    const header = pipelined
      ? words.torchtitanPipeline({ b: plan.b, d: plan.d, a: plan.a, local, batch: plan.batch })
      : words.torchtitan({ b: plan.b, d: plan.d, a: plan.a, batch: plan.batch });
    const text = `# ${header}
[training]
local_batch_size = ${local}
global_batch_size = ${plan.batch}
seq_len = ${plan.L}
${tomlRun(plan, notes)}
[parallelism]
data_parallel_replicate_degree = ${dataParallel.replicate}
data_parallel_shard_degree = ${dataParallel.shard}
tensor_parallel_degree = ${plan.tp}
pipeline_parallel_degree = ${plan.pp}
${pipelined ? `pipeline_parallel_microbatch_size = ${plan.b}\n` : ''}${layout.map(([key, value]) => `${key} = ${value}\n`).join('')}context_parallel_degree = ${plan.cp}
${compiled ? '\n[compile]\nenable = true\n' : ''}`;
    return { text, notes };
  },
};
