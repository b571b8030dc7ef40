// HfArgumentParser reads a dictionary argument as JSON text
// (training_args.py, _VALID_DICT_FIELDS: lr_scheduler_kwargs) and a boolean
// from a bare flag; max_length is TRL's (SFTConfig), not the Trainer's, so
// the sequence length is left to the script.
import { needsNodes, torchrunLine } from '../common.js';
import { hfEntries, hfNotes, huggingFaceHeader, trainerDeepSpeed } from './hugging-face.js';

// The file the command-line Trainer launch writes its DeepSpeed config to.
const TRAINER_DEEPSPEED_FILE = 'ds_config_trainer.json';

export default {
  key: 'hfCli', id: 'export-hf-cli', slug: 'hf-cli', file: 'launch_hf.sh', type: 'text/x-shellscript',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 1, 2, 3],
  source: 'transformers 5: trainer.py get_total_train_batch_size (PR #38286, PR #41832), training_args.py _VALID_DICT_FIELDS; torch/distributed/run.py at 010929f (c10d rendezvous)',
  write(plan, words) {
    const missing = needsNodes(plan);
    if (missing) return missing;
    const flags = [`--per_device_train_batch_size ${plan.b}`, `--gradient_accumulation_steps ${plan.a}`,
      ...hfEntries(plan, { dictionary: (entries) => `'${JSON.stringify(entries).replace(/"(\d[^"]*)"/g, '$1')}'`, deepspeed: TRAINER_DEEPSPEED_FILE })
        .map(([key, value]) => (value === 'True' ? `--${key}` : `--${key} ${String(value).replace(/^"(.*)"$/, '$1')}`))];
    // A quoted heredoc: bash writes the JSON as it stands, expanding nothing.
    const deepspeed = plan.zeroStage > 0n
      ? `# ${words.trainerDeepSpeed}\ncat > ${TRAINER_DEEPSPEED_FILE} <<'EOF'\n${JSON.stringify(trainerDeepSpeed(plan), null, 2)}\nEOF\n` : '';
    const text = `# ${huggingFaceHeader(plan, words)}
${deepspeed}${torchrunLine(plan, 'train.py', words)} \\
${flags.map((flag) => `  ${flag}`).join(' \\\n')}
`;
    return { text, notes: [...hfNotes(plan), { code: 'sequenceInScript' }] };
  },
};
