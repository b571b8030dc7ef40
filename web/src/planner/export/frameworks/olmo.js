// OLMo (scripts/train.py): device batch = global // world size (every GPU),
// and olmo/train.py (split_batch) trains all of it in micro-batches of b, the
// last one possibly smaller: it trains (global // world) × world.
import { commonNotes, composerEngine, decayToEndNotes, floorFraction, runNotes } from '../common.js';

// OLMo (olmo/config.py at 00305eb): max_duration without a unit is
// optimizer steps; precision "amp_bf16", "amp_fp16" or "fp32"; max_grad_norm
// (default None: no clipping); fsdp.sharding_strategy, torch's
// ShardingStrategy: FULL_SHARD (ZeRO stage 3, the default), SHARD_GRAD_OP
// (stage 2), NO_SHARD (stage 0); optimizer.name (lionw by default, so adamw
// is written with a rate) and learning_rate; scheduler.name
// (cosine_with_warmup by default, or linear_with_warmup), t_warmup in steps
// and alpha_f, the final rate as a share of the rate (default 0.1). t_warmup
// defaults to 100 (SchedulerConfig); the cosine and linear schedulers skip
// the warmup at 0 (olmo/optim.py), so a plan without warmup writes 0.
function olmoRun(plan, notes) {
  const { run } = plan;
  const { precision, sharding } = composerEngine(plan);
  const lines = [`precision: ${precision}`, 'max_grad_norm: 1.0', 'fsdp:', `  sharding_strategy: ${sharding}`];
  if (run.steps !== null) lines.push(`max_duration: ${run.steps}  # OLMo: steps`);
  const scheduler = [];
  scheduler.push(`  t_warmup: ${run.warmupSteps ?? 0n}`);
  if (run.learningRate !== null) {
    scheduler.push(`  name: ${plan.decayStyle}_with_warmup`,
      `  alpha_f: ${floorFraction(run)}`);
    notes.push(...decayToEndNotes(plan, 'OLMo'));
  }
  if (scheduler.length) lines.push('scheduler:', ...scheduler);
  if (run.learningRate !== null) lines.push('optimizer:', '  name: adamw', `  learning_rate: ${run.learningRate}`);
  return `${lines.join('\n')}\n`;
}

export default {
  key: 'olmo', id: 'export-olmo', slug: 'olmo', file: 'olmo.yaml', type: 'application/yaml',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 2, 3],
  source: 'allenai/OLMo at 59a53e3: scripts/train.py (device_train_batch_size, device_train_grad_accum), olmo/config.py (TrainConfig’s keys, ModelConfig.max_sequence_length, precision, fsdp.sharding_strategy, optimizer, scheduler)',
  write(plan, words) {
    const notes = [...commonNotes(plan), ...runNotes(plan, 'OLMo', { decay: true })];
    const text = `# ${words.olmo({ batch: plan.batch, gpus: plan.processes, b: plan.b })}
global_train_batch_size: ${plan.batch}
device_train_microbatch_size: ${plan.b}
model:
  max_sequence_length: ${plan.L}
${olmoRun(plan, notes)}`;
    const trained = plan.flooredPerDevice;
    if (trained !== plan.batch) notes.push({ code: 'ruleGives', framework: 'OLMo', value: trained, batch: plan.batch, modelParallel: plan.modelParallel });
    return { text, notes };
  },
};
