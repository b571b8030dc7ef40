// What the Hugging Face Trainer's two exports (Python and command line) share: the Trainer's
// batch rule across its versions, its arguments, and the DeepSpeed config it reads.
import { commonNotes, decayToEndNotes, perProcessHeader, runNotes } from '../common.js';

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

// The Trainer's header, by its newest rule (PR #41832): world ÷ (TP·CP) replicas.
export function huggingFaceHeader(plan, words) {
  if (plan.modelParallel === 1n) return perProcessHeader(plan, words);
  const counted = plan.tensorContextReplicas;
  const header = words.perReplica({ b: plan.b, a: plan.a, processes: plan.processes, split: plan.tensorContext, replicas: plan.tensorContextGroups, batch: counted });
  return counted === plan.batch ? header : `${header} ${words.notThePlan({ batch: plan.batch })}`;
}

// Hugging Face TrainingArguments (transformers/training_args.py): max_steps,
// warmup_steps, learning_rate and lr_scheduler_type, each only when the plan
// has it; bf16 or fp16; deepspeed, the Trainer's own DeepSpeed config, with
// ZeRO. Its schedulers (optimization.py) decay to max_steps: "linear" to 0,
// "cosine" to 0, "cosine_with_min_lr" to lr_scheduler_kwargs' min_lr.
export function hfEntries(plan, { dictionary, deepspeed }) {
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
export function trainerDeepSpeed(plan) {
  const config = {
    train_batch_size: 'auto', train_micro_batch_size_per_gpu: 'auto', gradient_accumulation_steps: 'auto', gradient_clipping: 'auto',
    zero_optimization: { stage: Number(plan.zeroStage) },
  };
  if (plan.precision !== 'fp32') config[plan.precision] = { enabled: 'auto' };
  return config;
}

export function hfNotes(plan) {
  const { run } = plan;
  const notes = [...huggingFaceRule(plan, commonNotes(plan)), ...runNotes(plan, 'Hugging Face Trainer', { decay: true })];
  if (run.learningRate !== null && run.minLearningRate !== null && Number(run.minLearningRate) > 0 && plan.decayStyle === 'linear') {
    notes.push({ code: 'decaysToZero', framework: 'Hugging Face Trainer', rate: run.minLearningRate });
  }
  if (run.learningRate !== null) notes.push(...decayToEndNotes(plan, 'Hugging Face Trainer'));
  if (plan.zeroStage > 0n) notes.push({ code: 'deepspeedAuto', stage: plan.zeroStage });
  return notes;
}
