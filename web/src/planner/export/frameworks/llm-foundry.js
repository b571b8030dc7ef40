// llm-foundry (mosaicml/llm-foundry at 8c8dd48, llmfoundry/utils/config_utils.py):
// TrainConfig's own top-level keys (max_seq_len at the top, where OLMo
// refuses it), durations with a unit ("ba": batches); calculate_batch_size_info
// refuses a global batch the world size does not divide, and splits the
// device's share into ceil(share ÷ micro) micro-batches.
import { commonNotes, composerEngine, decayToEndNotes, floorFraction, runNotes } from '../common.js';

export default {
  key: 'llmFoundry', id: 'export-llm-foundry', slug: 'llm-foundry', file: 'llm_foundry.yaml', type: 'application/yaml',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 2, 3],
  source: 'mosaicml/llm-foundry at 8c8dd48: llmfoundry/utils/config_utils.py (TrainConfig, calculate_batch_size_info); llmfoundry/optim/__init__.py (decoupled_adamw, cosine_with_warmup, linear_decay_with_warmup)',
  write(plan, words) {
    const notes = [...commonNotes(plan), ...runNotes(plan, 'llm-foundry', { decay: true })];
    const { run } = plan;
    const { precision, sharding } = composerEngine(plan);
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
    const text = `# ${words.llmFoundry({ batch: plan.batch, gpus: plan.processes, b: plan.b })}\n${lines.join('\n')}\n`;
    if (plan.batch % plan.processes !== 0n) notes.push({ code: 'refuses', framework: 'llm-foundry', batch: plan.batch, gpus: plan.processes });
    notes.push({ code: 'llmFoundryRest' });
    return { text, notes };
  },
};
