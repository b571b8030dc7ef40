// PyTorch Lightning's Trainer: DDP counts every process as a replica (batch_size × devices × num_nodes
// × accumulate_grad_batches), so model parallelism breaks its batch; ZeRO through its DeepSpeed strategy.
import { commonNotes, needsNodes, perProcessHeader, perProcessRule, runNotes } from '../common.js';

export default {
  key: 'lightning', id: 'export-lightning', slug: 'lightning', file: 'train_lightning.py', type: 'text/x-python',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 1, 2, 3],
  source: 'Lightning docs, “GPU training (FAQ)” and “Gradient accumulation”: batch_size × devices × num_nodes × accumulate_grad_batches (DDP); Lightning-AI/pytorch-lightning at 63c99cc: src/lightning/pytorch/strategies/deepspeed.py (deepspeed_stage_1 to _3)',
  write(plan, words) {
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
};
