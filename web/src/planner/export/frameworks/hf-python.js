// The Hugging Face Trainer's TrainingArguments in Python (transformers 5): its batch by the Trainer's
// rule across its versions (hugging-face.js), the rate and schedule, bf16 or fp16, and the DeepSpeed
// config it reads for ZeRO.
import { hfEntries, hfNotes, huggingFaceHeader, trainerDeepSpeed } from './hugging-face.js';

export default {
  key: 'hfPython', id: 'export-hf-python', slug: 'hf-python', file: 'training_args.py', type: 'text/x-python',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 1, 2, 3],
  source: 'transformers 5: trainer.py get_total_train_batch_size (PR #38286, PR #41832), training_args.py (lr_scheduler_type, lr_scheduler_kwargs, bf16, fp16, deepspeed); trl/trainer/sft_config.py: max_length',
  write(plan, words) {
    const lines = hfEntries(plan, {
      dictionary: (entries) => `{${Object.entries(entries).map(([key, value]) => `"${key}": ${value}`).join(', ')}}`,
      deepspeed: JSON.stringify(trainerDeepSpeed(plan)),
    }).map(([key, value]) => `    ${key}=${value},\n`).join('');
    const deepspeedComment = plan.zeroStage > 0n ? `# ${words.trainerDeepSpeed}\n` : '';
    const text = `# ${huggingFaceHeader(plan, words)}
from transformers import TrainingArguments

${deepspeedComment}training_args = TrainingArguments(
    output_dir="output",
    per_device_train_batch_size=${plan.b},
    gradient_accumulation_steps=${plan.a},
${lines})

# ${words.trlLength}
from trl import SFTConfig

sft_config = SFTConfig(
    output_dir="output",
    per_device_train_batch_size=${plan.b},
    gradient_accumulation_steps=${plan.a},
    max_length=${plan.L},
${lines})
`;
    return { text, notes: hfNotes(plan) };
  },
};
