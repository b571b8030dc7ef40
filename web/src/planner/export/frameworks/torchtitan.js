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

export default {
  key: 'torchtitan', id: 'export-torchtitan', slug: 'torchtitan', file: 'torchtitan.toml', type: 'application/toml',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 3],
  source: 'torchtitan v0.2.2 (73a0e69) torchtitan/train.py (global_batch_size % (local_batch_size × batch degree)), config/job_config.py (mixed_precision_param, [lr_scheduler] decay_type, min_lr_factor); main at b5bcd76: torchtitan/trainer.py (num_tokens_per_train_step % (num_tokens_per_microbatch_per_dp_rank × num_pp_microbatches × dp degree)), config/configs.py',
  write(plan, words) {
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
      // LRSchedulersContainer.Config's warmup_steps defaults to 200 here too: the plan's warmup, or 0, is named.
      notes.push({ code: 'torchtitanMainSchedule', warmup: String(plan.run.warmupSteps ?? 0n), rate: plan.run.learningRate ?? '' });
      return { text, notes, file: 'torchtitan_config.py', type: 'text/x-python' };
    }
    const notes = [...commonNotes(plan), ...runNotes(plan, 'torchtitan', { decay: true })];
    const dataParallel = torchtitanDataParallel(plan);
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
};
