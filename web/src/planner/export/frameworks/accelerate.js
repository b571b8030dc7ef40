// Accelerator() reads ACCELERATE_GRADIENT_ACCUMULATION_STEPS in every launch
// mode (accelerator.py: parse_choice_from_env, which wins over its own
// argument); --gradient_accumulation_steps reaches that variable only with
// DeepSpeed (utils/launch.py: prepare_deepspeed_cmd_env). So both are written.
// accelerate launch (commands/launch.py at 16cb6eb): --num_processes is the
// total over all machines; on several, each machine runs the line with its
// own --machine_rank and the first one's address and port. --mixed_precision
// takes no, fp16 or bf16; with ZeRO, --use_deepspeed --zero_stage (its
// DeepSpeed plugin), else --multi_gpu.
import { commonNotes, needsNodes, perProcessHeader, perProcessRule } from '../common.js';

export default {
  key: 'accelerate', id: 'export-accelerate', slug: 'accelerate', file: 'launch_accelerate.sh', type: 'text/x-shellscript',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 1, 2, 3],
  source: 'accelerate at 16cb6eb: commands/launch.py (--num_processes, --num_machines, --machine_rank, --main_process_ip, --main_process_port, --mixed_precision, --use_deepspeed, --zero_stage, --deepspeed_multinode_launcher); utils/launch.py: prepare_deepspeed_cmd_env (pdsh by default on several machines); accelerator.py: ACCELERATE_GRADIENT_ACCUMULATION_STEPS',
  write(plan, words) {
    const missing = needsNodes(plan);
    if (missing) return missing;
    const flags = [`--num_machines ${plan.nodes}`, `--num_processes ${plan.processes}`];
    if (plan.nodes > 1n) flags.push('--machine_rank "$NODE_RANK"', '--main_process_ip "$MASTER_ADDR"', '--main_process_port "$MASTER_PORT"');
    flags.push(`--mixed_precision ${plan.precision === 'fp32' ? 'no' : plan.precision}`);
    flags.push(...(plan.zeroStage > 0n ? ['--use_deepspeed', `--zero_stage ${plan.zeroStage}`] : ['--multi_gpu']));
    // With DeepSpeed on several machines accelerate's default launcher is pdsh
    // (utils/launch.py at 16cb6eb, prepare_deepspeed_cmd_env: DEEPSPEED_MULTINODE_LAUNCHERS[0]),
    // which runs `deepspeed --hostfile None` and drops --machine_rank, so each
    // machine would train alone; "standard" starts torch's launcher on every
    // machine with its rank, as this line is run.
    if (plan.zeroStage > 0n && plan.nodes > 1n) flags.push('--deepspeed_multinode_launcher standard');
    flags.push(`--gradient_accumulation_steps ${plan.a}`);
    const text = `# ${perProcessHeader(plan, words)}
# ${words.batchInScript({ b: plan.b })}
# ${words.accelerateAccumulation}
${plan.nodes > 1n ? `# ${words.machineRank}\n` : ''}export ACCELERATE_GRADIENT_ACCUMULATION_STEPS=${plan.a}
accelerate launch \\
${flags.map((flag) => `  ${flag} \\\n`).join('')}  train.py
`;
    const notes = perProcessRule(plan, 'Accelerate', commonNotes(plan));
    if (plan.run.steps !== null || plan.run.learningRate !== null) notes.push({ code: 'runInScript', framework: 'Accelerate' });
    return { text, notes };
  },
};
