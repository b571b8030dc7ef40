// Published training runs as one-click examples: the only list of them. Each
// sets the calculator (micro, dp, accum, seq) and, where known, the planner's
// cluster and ramp-up, as URL values. `quotes` holds, beside the values, what
// its source says of each value it states, in its words where it has them
// (a table row, a config line): the value is the
// quoted number, or the product of the quoted numbers (a quote that starts
// with "÷" divides), or for the ramp its three numbers in order. Every other
// value is derived (chosen so the published ones hold), and the page marks it
// so. A node test reads the quotes against the values, and checks that the
// core accepts the link.
import { deepFreeze } from '../../kit/schema.js';

export const RECIPES = deepFreeze(withPublished([
  {
    slug: 'bloom-176b',
    name: 'BLOOM-176B',
    source: 'bigscience-workshop/bigscience, train/tr11-176B-ml/tr11-176B-ml.slurm at 1698fa0 (48 nodes, before the switch to 24 on 2022-07-05; TRAIN_SAMPLES 220,000,000, LR_WARMUP_SAMPLES 183,105 and LR_DECAY_SAMPLES 200,000,000, here in tokens at 2,048 a sample; --lr 6e-5, --min-lr 6e-6, --lr-decay-style cosine, the same in the file at 003b250)',
    url: 'https://github.com/bigscience-workshop/bigscience/blob/1698fa033b9026963659c67696c81f7cc41ecb15/train/tr11-176B-ml/tr11-176B-ml.slurm',
    values: {
      micro: '2', dp: '8', accum: '128', seq: '2048', gpus: '384', tp: '4', pp: '12', cp: '1', gpn: '8', target: '2048', ramp: '192,16,9765625',
      tokens: '450560000000', warmup: '374999040', lr: '6e-5', minlr: '6e-6', decay: '409600000000', decaystyle: 'cosine',
    },
    quotes: {
      micro: ['MICRO_BATCH_SIZE=2'], seq: ['SEQ_LEN=2048'], gpus: ['#SBATCH --nodes=48', 'GPUS_PER_NODE=8'], tp: ['TP_SIZE=4'],
      pp: ['PP_SIZE=12'], gpn: ['GPUS_PER_NODE=8'], target: ['GLOBAL_BATCH_SIZE=2048'], ramp: ['--rampup-batch-size 192 16 9_765_625'],
      tokens: ['TRAIN_SAMPLES=220_000_000', 'SEQ_LEN=2048'], warmup: ['LR_WARMUP_SAMPLES=183_105', 'SEQ_LEN=2048'],
      lr: ['--lr 6e-5'], minlr: ['--min-lr 6e-6'], decay: ['LR_DECAY_SAMPLES=200_000_000', 'SEQ_LEN=2048'],
      decaystyle: ['--lr-decay-style cosine'],
    },
  },
  {
    slug: 'gpt-3-175b',
    name: 'GPT-3 175B',
    source: 'Brown et al. 2020, Table 2.1 (3.2M-token batch, 2,048-token context); Megatron-LM examples/gpt3/train_gpt3_175b_distributed.sh at 157006d (micro-batch 1, global batch 1,536, --rampup-batch-size 16 16 5859375, TP 8, PP 16)',
    url: 'https://github.com/NVIDIA/Megatron-LM/blob/157006d6d9bf4f55c0d4d7dacbd2b65e7bd84dc9/examples/gpt3/train_gpt3_175b_distributed.sh',
    values: { micro: '1', dp: '8', accum: '192', seq: '2048', gpus: '1024', tp: '8', pp: '16', cp: '1', gpn: '8', target: '1536', ramp: '16,16,5859375' },
    quotes: {
      micro: ['--micro-batch-size 1'], seq: ['--seq-length 2048'], tp: ['--tensor-model-parallel-size 8'], pp: ['--pipeline-model-parallel-size 16'],
      gpn: ['GPUS_PER_NODE=8'], target: ['--global-batch-size 1536'], ramp: ['--rampup-batch-size 16 16 5859375'],
    },
  },
  {
    slug: 'llama-2',
    name: 'Llama 2',
    source: 'Touvron et al. 2023, “Llama 2”, Table 1: every model trained with a global batch of 4M tokens, at a 4k context',
    url: 'https://arxiv.org/abs/2307.09288',
    values: { micro: '4', dp: '256', accum: '1', seq: '4096', gpus: '256', tp: '1', pp: '1', cp: '1', gpn: '8', target: '1024' },
    quotes: { seq: ['Context Length 4096 (“4k”)'], target: ['Global Batch Size 2^22 tokens (“4M”)', '÷ 4096-token sequences'] },
  },
  {
    slug: 'llama-3-405b',
    name: 'Llama 3 405B',
    source: 'Grattafiori et al. 2024, “The Llama 3 Herd of Models”, Table 4, second row (16,384 GPUs, TP 8, CP 1, PP 16, DP 128, 8,192 tokens, batch size/DP 16, 16M tokens per batch) and §3.4.1 (the batch staged 4M → 8M → 16M tokens)',
    url: 'https://arxiv.org/abs/2407.21783',
    values: { micro: '1', dp: '128', accum: '16', seq: '8192', gpus: '16384', tp: '8', pp: '16', cp: '1', gpn: '8', target: '2048' },
    quotes: {
      gpus: ['GPUs 16,384'], tp: ['TP 8'], cp: ['CP 1'], pp: ['PP 16'], dp: ['DP 128'], seq: ['Seq. Len. 8,192'], target: ['Batch size/DP 16', 'DP 128'],
    },
  },
  {
    slug: 'olmo-2-7b',
    name: 'OLMo 2 7B',
    source: 'allenai/OLMo, configs/official-1124/OLMo2-7B-stage1.yaml at 600a8d0 (global_train_batch_size 1024, device_train_microbatch_size 2, max_sequence_length 4096)',
    url: 'https://github.com/allenai/OLMo/blob/600a8d096b8b77a3fdf126c8ad0f7c8e56b3ea91/configs/official-1124/OLMo2-7B-stage1.yaml',
    values: { micro: '2', dp: '128', accum: '4', seq: '4096', gpus: '128', tp: '1', pp: '1', cp: '1', gpn: '8', target: '1024' },
    quotes: { target: ['global_train_batch_size: 1024'], micro: ['device_train_microbatch_size: 2'], seq: ['max_sequence_length: 4096'] },
  },
  {
    slug: 'olmo-2-13b',
    name: 'OLMo 2 13B',
    source: 'allenai/OLMo, configs/official-1124/OLMo2-13B-stage1.yaml at 600a8d0 (global_train_batch_size 2048, device_train_microbatch_size 2, max_sequence_length 4096)',
    url: 'https://github.com/allenai/OLMo/blob/600a8d096b8b77a3fdf126c8ad0f7c8e56b3ea91/configs/official-1124/OLMo2-13B-stage1.yaml',
    values: { micro: '2', dp: '256', accum: '4', seq: '4096', gpus: '256', tp: '1', pp: '1', cp: '1', gpn: '8', target: '2048' },
    quotes: { target: ['global_train_batch_size: 2048'], micro: ['device_train_microbatch_size: 2'], seq: ['max_sequence_length: 4096'] },
  },
  {
    slug: 'pythia-12b',
    name: 'Pythia 12B',
    source: 'EleutherAI/pythia, models/12B/pythia-12b.yml at 55e1182 (256 GPUs, model-parallel 4, pipe-parallel 1, micro-batch 8, accumulation 2, seq-length 2048)',
    url: 'https://github.com/EleutherAI/pythia/blob/55e1182be2856e34e5044e5eb8ac96002e9e40f3/models/12B/pythia-12b.yml',
    values: { micro: '8', dp: '64', accum: '2', seq: '2048', gpus: '256', tp: '4', pp: '1', cp: '1', gpn: '8', target: '1024' },
    quotes: {
      gpus: ['trained on 256 gpus'], tp: ['"model-parallel-size": 4'], pp: ['"pipe-parallel-size": 1'],
      micro: ['"train_micro_batch_size_per_gpu": 8'], accum: ['"gradient_accumulation_steps": 2'], seq: ['"seq-length": 2048'],
    },
  },
  {
    slug: 'falcon-40b',
    name: 'Falcon-40B',
    source: 'tiiuae/falcon-40b model card, “Training Procedure” (384 A100 40GB, TP=8, PP=4, DP=12) and its hyperparameter tables (batch size 1152, with a 100B-token ramp-up; sequence length 2048)',
    url: 'https://huggingface.co/tiiuae/falcon-40b',
    values: { micro: '2', dp: '12', accum: '48', seq: '2048', gpus: '384', tp: '8', pp: '4', cp: '1', gpn: '8', target: '1152' },
    quotes: { gpus: ['384 A100 40GB GPUs'], tp: ['TP=8'], pp: ['PP=4'], dp: ['DP=12'], target: ['Batch size 1152'], seq: ['Sequence length 2048'] },
  },
  {
    slug: 'deepseek-v3',
    name: 'DeepSeek-V3',
    source: 'DeepSeek-AI 2024, “DeepSeek-V3 Technical Report”, §3.1–3.2 (2,048 H800 GPUs, 8 per node; 16-way PP, 64-way EP, ZeRO-1 DP, no TP) and §4.2 (batch 3,072 → 15,360 over the first 469B tokens; 4K sequences)',
    url: 'https://arxiv.org/abs/2412.19437',
    values: { micro: '1', dp: '128', accum: '120', seq: '4096', gpus: '2048', tp: '1', pp: '16', cp: '1', gpn: '8', target: '15360' },
    quotes: {
      gpus: ['2048 NVIDIA H800 GPUs'], gpn: ['8 GPUs connected by NVLink'], pp: ['16-way Pipeline Parallelism'], tp: ['Tensor Parallelism 1 (none)'],
      target: ['batch size 15360 in the remaining training'], seq: ['maximum sequence length to 4096 (“4K”)'],
    },
  },
  {
    slug: 'mpt-7b',
    name: 'MPT-7B',
    source: 'mosaicml/llm-foundry, scripts/train/yamls/pretrain/mpt-7b.yaml at cc8351c (global_train_batch_size 1024, device_train_microbatch_size 8, max_seq_len 2048)',
    url: 'https://github.com/mosaicml/llm-foundry/blob/cc8351c4d732f091098f13d13b55232a54913edb/scripts/train/yamls/pretrain/mpt-7b.yaml',
    values: { micro: '8', dp: '64', accum: '2', seq: '2048', gpus: '64', tp: '1', pp: '1', cp: '1', gpn: '8', target: '1024' },
    quotes: { target: ['global_train_batch_size: 1024'], micro: ['device_train_microbatch_size: 8'], seq: ['max_seq_len: 2048'] },
  },
]));

// `published`: the keys the source states (those it is quoted for).
function withPublished(recipes) {
  return recipes.map((recipe) => ({ ...recipe, published: Object.keys(recipe.quotes) }));
}

/** The link that opens a recipe: the calculator's and the planner's URL keys. */
export function recipeQuery(recipe) {
  return new URLSearchParams(recipe.values).toString();
}
