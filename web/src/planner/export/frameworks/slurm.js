// A SLURM batch script for the Megatron-LM run, as torchtitan's
// multinode_trainer.slurm (379cf97) launches one: one task per node, each
// running torchrun, which meet at a c10d rendezvous on the first node of the
// allocation (scontrol show hostnames "$SLURM_JOB_NODELIST"), the job's id
// naming the rendezvous.
import { megatronLaunch, megatronRampComment } from './megatron.js';

export default {
  key: 'slurm', id: 'export-slurm', slug: 'slurm', file: 'train.sbatch', type: 'text/x-shellscript',
  // The ZeRO stages it runs as such (a stage it does not would be another layout: refused, write.js).
  zeroStages: [0, 1, 2, 3],
  // Megatron-LM's arguments, so its degrees too.
  carries: ['ep', 'vpp', 'dispatcher', 'tensorOverlap', 'expertTensor'],
  source: 'pytorch/torchtitan multinode_trainer.slurm at 379cf97 (srun torchrun, c10d rendezvous on the first node); torch/distributed/run.py at 010929f',
  write(plan, words) {
    const { missing, notes, flags } = megatronLaunch(plan);
    if (missing) return missing;
    const text = `#!/bin/bash
# ${words.megatron({ b: plan.b, d: plan.d, a: plan.a, batch: plan.batch })}
#SBATCH --job-name=train
#SBATCH --nodes=${plan.nodes}
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=${plan.perNode}
#SBATCH --exclusive
${megatronRampComment(plan, words)}
# ${words.slurmHead}
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
MASTER_PORT=29500

srun torchrun --nnodes "$SLURM_NNODES" --nproc_per_node ${plan.perNode} \\
  --rdzv_backend c10d --rdzv_endpoint "$MASTER_ADDR:$MASTER_PORT" --rdzv_id "$SLURM_JOB_ID" \\
  pretrain_gpt.py \\
${flags.map((flag) => `  ${flag}`).join(' \\\n')}
`;
    return { text, notes: [...notes, { code: 'slurmScript' }] };
  },
};
