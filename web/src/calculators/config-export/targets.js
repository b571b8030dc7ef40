// The frameworks a batch is exported to: the only list of them. Each has the
// id of its <code> element (the page contract), the file a download is named,
// and where its batch rule comes from (the source read to match it). write.js
// writes them; the planner's markup and the tests read this list.
import { deepFreeze } from '../../kit/schema.js';

export const EXPORT_TARGETS = deepFreeze([
  { key: 'deepspeed', id: 'export-deepspeed', file: 'ds_config.json', type: 'application/json',
    source: 'deepspeed/runtime/config.py: _set_batch_related_parameters, _batch_assertion' },
  { key: 'hfPython', id: 'export-hf-python', file: 'training_args.py', type: 'text/x-python',
    source: 'transformers/trainer.py: _inner_training_loop (total_train_batch_size); trl/trainer/sft_config.py: max_length' },
  { key: 'hfCli', id: 'export-hf-cli', file: 'launch_hf.sh', type: 'text/x-shellscript',
    source: 'transformers/trainer.py: _inner_training_loop (total_train_batch_size)' },
  { key: 'accelerate', id: 'export-accelerate', file: 'launch_accelerate.sh', type: 'text/x-shellscript',
    source: 'accelerate/commands/launch.py: --num_processes, --num_machines, --gradient_accumulation_steps' },
  { key: 'lightning', id: 'export-lightning', file: 'train_lightning.py', type: 'text/x-python',
    source: 'Lightning docs, “GPU training (FAQ)” and “Gradient accumulation”: batch_size × devices × num_nodes × accumulate_grad_batches (DDP)' },
  { key: 'megatron', id: 'export-megatron', file: 'megatron_args.sh', type: 'text/x-shellscript',
    source: 'megatron/core/num_microbatches_calculator.py: ConstantNumMicroBatchesCalculator, RampupBatchsizeNumMicroBatchesCalculator; megatron/training/arguments.py' },
  { key: 'torchtitan', id: 'export-torchtitan', file: 'torchtitan.toml', type: 'application/toml',
    source: 'torchtitan v0.2.2 torchtitan/train.py (global_batch_size % (local_batch_size × batch degree)), config/job_config.py' },
  { key: 'nanotron', id: 'export-nanotron', file: 'nanotron.yaml', type: 'application/yaml',
    source: 'src/nanotron/config/config.py: global_batch_size = micro_batch_size × batch_accumulation_per_replica × dp' },
  { key: 'maxtext', id: 'export-maxtext', file: 'maxtext.yml', type: 'application/yaml',
    source: 'src/maxtext/configs/types.py: calculate_global_batch_sizes' },
  { key: 'olmo', id: 'export-olmo', file: 'olmo.yaml', type: 'application/yaml',
    source: 'allenai/OLMo scripts/train.py (device_train_batch_size, device_train_grad_accum); llm-foundry llmfoundry/utils/config_utils.py: calculate_batch_size_info' },
]);

/**
 * Megatron-LM spells the ramp-up one way before core 0.18 and another from it
 * on; a link carries the choice as ?megatron=core-0.18 (the first is the default).
 */
export const MEGATRON_VERSIONS = deepFreeze(['legacy', 'core-0.18']);
export const MEGATRON_VERSION_PARAM = 'megatron';
