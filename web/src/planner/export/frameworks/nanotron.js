// nanotron (config/config.py at 2411b02): global_batch_size = micro_batch_size ×
// batch_accumulation_per_replica × dp, its YAML's parallelism, dtype, ZeRO and schedule.
import { commonNotes, runNotes } from '../common.js';

// nanotron (src/nanotron/config/config.py at 2411b02): model.dtype, one of
// str_to_dtype's names (config/utils_config.py); optimizer.zero_stage, where
// any stage above 0 builds its ZeroDistributedOptimizer (helpers.py), which
// shards the optimizer states as ZeRO stage 1 does; clip_grad; and
// optimizer.learning_rate_scheduler, whose lr_warmup_style must be "linear"
// or "constant" and lr_decay_style "linear", "cosine" or "1-sqrt";
// min_decay_lr and lr_decay_steps only when given (its decay defaults to
// train_steps - warmup). Its linear warmup counts step 0 as warmup
// (helpers.py, lr_lambda: current_step <= lr_warmup_steps, at
// current_step / max(lr_warmup_steps, 1)), so with no warmup it would train
// its first step at a rate of 0: a plan without warmup is the "constant"
// style, the full rate from the first step.
function nanotronEngine(plan, notes) {
  const { run } = plan;
  const dtype = { bf16: 'bfloat16', fp16: 'float16', fp32: 'float32' }[plan.precision];
  const lines = ['model:', `  dtype: ${dtype}`, 'optimizer:', `  zero_stage: ${plan.zeroStage > 0n ? 1 : 0}`, '  clip_grad: 1.0'];
  if (run.learningRate !== null) {
    lines.push('  learning_rate_scheduler:', `    learning_rate: ${run.learningRate}`,
      `    lr_warmup_steps: ${run.warmupSteps ?? 0n}`, `    lr_warmup_style: ${(run.warmupSteps ?? 0n) === 0n ? 'constant' : 'linear'}`,
      `    lr_decay_style: ${plan.decayStyle}`);
    // config.py (LRSchedulerArgs.__post_init__): a missing min_decay_lr becomes the
    // rate itself, a constant schedule; the plan's decay ends at 0 when no floor is typed.
    lines.push(`    min_decay_lr: ${run.minLearningRate ?? '0.0'}`);
    if (run.decaySteps !== null) lines.push(`    lr_decay_steps: ${run.decaySteps}`);
  }
  return `${lines.join('\n')}\n`;
}

export default {
  key: 'nanotron', id: 'export-nanotron', slug: 'nanotron', file: 'nanotron.yaml', type: 'application/yaml',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 1],
  source: 'nanotron at 2411b02: src/nanotron/config/config.py (global_batch_size = micro_batch_size × batch_accumulation_per_replica × dp; ModelArgs.dtype, OptimizerArgs.zero_stage, LRSchedulerArgs); helpers.py (ZeroDistributedOptimizer)',
  write(plan, words) {
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
};
