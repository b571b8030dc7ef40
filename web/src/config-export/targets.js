// The frameworks a batch is exported to: the only list of them. Each has the
// id of its <code> element (the page contract), its slug in the address
// (export=), the file a download is named, and where its batch rule comes from (the source read to match it). write.js
// writes them; the planner's markup and the tests read this list.
import { deepFreeze } from '../kit/schema.js';

export const EXPORT_TARGETS = deepFreeze([
  { key: 'deepspeed', id: 'export-deepspeed', slug: 'deepspeed', file: 'ds_config.json', type: 'application/json',
    source: 'DeepSpeed v0.19.5 (edaa722): runtime/config.py DeepSpeedConfig.__init__ (world_size), _set_batch_related_parameters, _batch_assertion, get_gradient_clipping; runtime/zero/config.py ZeroStageEnum; runtime/lr_schedules.py WarmupDecayLR, WarmupCosineLR (warmup_num_steps ≥ 1 from v0.19.3)' },
  { key: 'hfPython', id: 'export-hf-python', slug: 'hf-python', file: 'training_args.py', type: 'text/x-python',
    source: 'transformers 5: trainer.py get_total_train_batch_size (PR #38286, PR #41832), training_args.py (lr_scheduler_type, lr_scheduler_kwargs, bf16, fp16, deepspeed); trl/trainer/sft_config.py: max_length' },
  { key: 'hfCli', id: 'export-hf-cli', slug: 'hf-cli', file: 'launch_hf.sh', type: 'text/x-shellscript',
    source: 'transformers 5: trainer.py get_total_train_batch_size (PR #38286, PR #41832), training_args.py _VALID_DICT_FIELDS; torch/distributed/run.py at 010929f (c10d rendezvous)' },
  { key: 'accelerate', id: 'export-accelerate', slug: 'accelerate', file: 'launch_accelerate.sh', type: 'text/x-shellscript',
    source: 'accelerate at 16cb6eb: commands/launch.py (--num_processes, --num_machines, --machine_rank, --main_process_ip, --main_process_port, --mixed_precision, --use_deepspeed, --zero_stage, --deepspeed_multinode_launcher); utils/launch.py: prepare_deepspeed_cmd_env (pdsh by default on several machines); accelerator.py: ACCELERATE_GRADIENT_ACCUMULATION_STEPS' },
  { key: 'lightning', id: 'export-lightning', slug: 'lightning', file: 'train_lightning.py', type: 'text/x-python',
    source: 'Lightning docs, “GPU training (FAQ)” and “Gradient accumulation”: batch_size × devices × num_nodes × accumulate_grad_batches (DDP); Lightning-AI/pytorch-lightning at 63c99cc: src/lightning/pytorch/strategies/deepspeed.py (deepspeed_stage_1 to _3)' },
  { key: 'megatron', id: 'export-megatron', slug: 'megatron', file: 'megatron_args.sh', type: 'text/x-shellscript',
    source: 'Megatron-LM at d98e8a6: megatron/core/num_microbatches_calculator.py (ConstantNumMicroBatchesCalculator, RampupBatchsizeNumMicroBatchesCalculator); megatron/training/arguments.py (--use-distributed-optimizer), config/training_config.py (lr_decay_style); torch/distributed/run.py at 010929f' },
  { key: 'slurm', id: 'export-slurm', slug: 'slurm', file: 'train.sbatch', type: 'text/x-shellscript',
    source: 'pytorch/torchtitan multinode_trainer.slurm at 379cf97 (srun torchrun, c10d rendezvous on the first node); torch/distributed/run.py at 010929f' },
  { key: 'torchtitan', id: 'export-torchtitan', slug: 'torchtitan', file: 'torchtitan.toml', type: 'application/toml',
    source: 'torchtitan v0.2.2 (73a0e69) torchtitan/train.py (global_batch_size % (local_batch_size × batch degree)), config/job_config.py (mixed_precision_param, [lr_scheduler] decay_type, min_lr_factor); main at b5bcd76: torchtitan/trainer.py (num_tokens_per_train_step % (num_tokens_per_microbatch_per_dp_rank × num_pp_microbatches × dp degree)), config/configs.py' },
  { key: 'nanotron', id: 'export-nanotron', slug: 'nanotron', file: 'nanotron.yaml', type: 'application/yaml',
    source: 'nanotron at 2411b02: src/nanotron/config/config.py (global_batch_size = micro_batch_size × batch_accumulation_per_replica × dp; ModelArgs.dtype, OptimizerArgs.zero_stage, LRSchedulerArgs); helpers.py (ZeroDistributedOptimizer)' },
  { key: 'maxtext', id: 'export-maxtext', slug: 'maxtext', file: 'maxtext.yml', type: 'application/yaml',
    source: 'MaxText at e591f30: src/maxtext/configs/types.py (calculate_global_batch_sizes, enable_rampup_batch_size), configs/base.yml (dtype, lr_schedule_type, learning_rate_final_fraction, warmup_steps_fraction, ici_data_parallelism, ici_fsdp_parallelism); src/maxtext/utils/rampup_batch.py: RampupBatchManager._verify_inputs; utils/maxtext_utils.py: create_learning_rate_schedule' },
  { key: 'olmo', id: 'export-olmo', slug: 'olmo', file: 'olmo.yaml', type: 'application/yaml',
    source: 'allenai/OLMo at 59a53e3: scripts/train.py (device_train_batch_size, device_train_grad_accum), olmo/config.py (TrainConfig’s keys, ModelConfig.max_sequence_length, precision, fsdp.sharding_strategy, optimizer, scheduler)' },
  { key: 'llmFoundry', id: 'export-llm-foundry', slug: 'llm-foundry', file: 'llm_foundry.yaml', type: 'application/yaml',
    source: 'mosaicml/llm-foundry at 8c8dd48: llmfoundry/utils/config_utils.py (TrainConfig, calculate_batch_size_info); llmfoundry/optim/__init__.py (decoupled_adamw, cosine_with_warmup, linear_decay_with_warmup)' },
]);

/** The URL key of the framework shown (export=megatron); the first one is the default and is not written. */
export const EXPORT_PARAM = 'export';

/**
 * Frameworks whose spelling changed: each a select in the export section and a
 * URL key (?megatron=core-0.18, ?torchtitan=main); the first version is the
 * default and is not written. Megatron-LM spells the ramp-up one way before
 * core 0.18 and another from it on; torchtitan main moved to Python configs
 * counted in tokens.
 */
export const EXPORT_VERSIONS = deepFreeze([
  { key: 'megatron', param: 'megatron', id: 'export-megatron-version', versions: ['legacy', 'core-0.18'] },
  { key: 'torchtitan', param: 'torchtitan', id: 'export-torchtitan-version', versions: ['v0.2.2', 'main'] },
]);
/**
 * The run's activation settings the Megatron-LM and SLURM exports write, each
 * a select above the tabs under the memory page's URL key and words (the same
 * run there): recomputation (selective, that page's default, none or full)
 * and sequence parallelism. The first choice is the default and is not written.
 */
export const EXPORT_RUN_CHOICES = deepFreeze([
  { name: 'recompute', param: 'recompute', id: 'export-recompute', choices: ['selective', 'none', 'full'] },
  { name: 'sequenceParallel', param: 'sp', id: 'export-sequence-parallel', choices: ['off', 'on'] },
]);

