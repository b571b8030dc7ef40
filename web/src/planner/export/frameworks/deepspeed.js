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
import { commonNotes, decayToEndNotes, decimalRatio, runNotes } from '../common.js';

export default {
  key: 'deepspeed', id: 'export-deepspeed', slug: 'deepspeed', file: 'ds_config.json', type: 'application/json',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 1, 2, 3],
  // EP is named (it belongs in the model's MoE layers); DeepSpeed's pipeline has no interleaved schedule.
  carries: ['ep', 'expertTensor'],
  source: 'DeepSpeed v0.19.5 (edaa722): runtime/config.py DeepSpeedConfig.__init__ (world_size), _set_batch_related_parameters, _batch_assertion, get_gradient_clipping; runtime/zero/config.py ZeroStageEnum; runtime/lr_schedules.py WarmupDecayLR, WarmupCosineLR (warmup_num_steps ≥ 1 from v0.19.3)',
  write(plan) {
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
    if (run.learningRate !== null) lines.push(`"optimizer": {\n    "type": "AdamW",\n    "params": {\n      "lr": ${run.learningRate}\n    }\n  }`);
    // Written only with a learning rate and a length: its defaults (0.001, 1000 steps) would be numbers nobody chose.
    if (run.steps !== null && run.learningRate !== null) {
      // No warmup, typed or not, is written as 1, the least it accepts from v0.19.3: left out, its
      // default (1000, WarmupLR.__init__) would warm up over a thousand steps nobody chose.
      const warmup = run.warmupSteps !== null && run.warmupSteps > 0n ? run.warmupSteps : 1n;
      const warmupParam = [['warmup_num_steps', warmup]];
      const params = plan.decayStyle === 'cosine'
        ? [['total_num_steps', run.steps], ['warmup_min_ratio', 0], ...warmupParam,
          ['cos_min_ratio', run.minLearningRate === null ? 0 : decimalRatio(run.minLearningRate, run.learningRate)], ['warmup_type', '"linear"']]
        : [['total_num_steps', run.steps], ['warmup_min_lr', run.minLearningRate ?? 0], ['warmup_max_lr', run.learningRate],
          ...warmupParam, ['warmup_type', '"linear"']];
      lines.push(`"scheduler": {\n    "type": "${plan.decayStyle === 'cosine' ? 'WarmupCosineLR' : 'WarmupDecayLR'}",\n    "params": {\n${params.map(([key, value]) => `      "${key}": ${value}`).join(',\n')}\n    }\n  }`);
      if (warmup < 2n) notes.push({ code: 'deepspeedShortWarmup', steps: run.warmupSteps ?? 0n });
      if (plan.decayStyle === 'linear' && run.minLearningRate !== null && Number(run.minLearningRate) > 0) notes.push({ code: 'deepspeedWarmupFromMin', rate: run.minLearningRate });
      notes.push(...decayToEndNotes(plan, 'DeepSpeed'));
    }
    const text = `{\n  ${lines.join(',\n  ')}\n}\n`;
    // deepspeed/runtime/config.py (DeepSpeedConfig.__init__): the world size is the
    // data-parallel one only when an mpu or a mesh reaches deepspeed.initialize;
    // otherwise it is dist.get_world_size(), every process.
    if (plan.modelParallel > 1n) notes.push({ code: 'deepspeedWorld', d: plan.d, gpus: plan.processes, value: plan.everyProcess, batch: plan.batch });
    // deepspeed/moe/layer.py at edaa722 (MoE(ep_size=1), line 42); Megatron-DeepSpeed at 4efb479, megatron/arguments.py
    // line 1159 (--moe-expert-parallel-size), passed to MoE(ep_size=...) in megatron/model/transformer.py line 1074.
    if (plan.ep > 1n) notes.push({ code: 'deepspeedExperts', ep: plan.ep });
    // DeepSpeed's MoE keeps each expert whole unless built with enable_expert_tensor_parallelism=True
    // (deepspeed/moe/layer.py line 52 at edaa722; Megatron-DeepSpeed's --enable-expert-tensor-parallelism).
    if (plan.ep > 1n && plan.tp > 1n && (plan.expertTensor ?? plan.tp) !== 1n) notes.push({ code: 'deepspeedExpertTensor', tp: plan.tp });
    return { text, notes };
  },
};
