// The published runs the step-time model was fitted on (cpp/core/step_time.hpp), and Narayanan et al. 2021's
// Table 2 rows that check it, as this page's fields give them, so the page shows each published step beside its
// own prediction, computed by the same core. The rows are calibration-runs.tsv's, which the core's tests read
// too (its header gives the sources and how each figure becomes a step): one list for both. This module is read
// by the page's build and the tests, in Node.
import { readFileSync } from 'node:fs';

const SEQUENCE = 2048;
const VOCABULARY = 51200;

/** The rows of the data file: role, source, name, the shape, the layout and the published figure. */
function publishedRows() {
  const lines = readFileSync(new URL('./calibration-runs.tsv', import.meta.url), 'utf8').split('\n').filter((line) => line && !line.startsWith('#'));
  const [header, ...rows] = lines.map((line) => line.split('\t'));
  return rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index]])));
}

/** A row as a run: Narayanan's TFLOP/s per GPU by Eq. 3 into a step, his chunks the largest of 2 or 3 a stage's layers take. */
function runOf(row) {
  const [layers, hidden, heads, t, p, gpus, batch, micro] = ['layers', 'hidden', 'heads', 'tp', 'pp', 'gpus', 'batch', 'micro'].map((key) => Number(row[key]));
  const figure = Number(row.figure);
  const stage = layers / p;
  const chunks = row.chunks !== '-' ? Number(row.chunks) : p === 1 ? 1 : stage % 2 === 0 ? 2 : stage % 3 === 0 ? 3 : 1;
  const narayanan = row.source === 'narayanan2021';
  const [s, l, h] = [SEQUENCE, layers, hidden];
  const published = narayanan ? 96 * batch * s * l * h * h * (1 + s / (6 * h) + VOCABULARY / (16 * l * h)) / (figure * 1e12 * gpus) : figure;
  return {
    source: row.source, name: row.name, model: { layers, hidden, heads }, gpus, batch, published,
    quoted: narayanan ? `${row.figure} TFLOP/s per GPU` : `${row.figure} s`,
    layout: { tp: t, pp: p, vpp: chunks, cp: 1, ep: 1, zero: 0, recompute: row.recompute, sp: row.sp, micro },
  };
}

const PUBLISHED_ROWS = publishedRows();
export const CALIBRATION_RUNS = PUBLISHED_ROWS.filter(({ role }) => role === 'calibration').map(runOf);

// Published H100 runs the model was checked on, not fitted to (step_time_tests.cpp holds the same list): every knob
// given, each compared by its tokens/s per GPU. On DGX H100s (the H100 SXM of the device list, 8 NDR NICs of
// 400 Gb/s), without recomputation, with SP under TP and the distributed optimizer, FlashAttention.
//  - NeMo 24.07's FP8 pre-training table (NVIDIA/NeMo at 070a0bb,
//    docs/source/performance/performance_summary.md); its Nemotron rows are left
//    out, as the table does not give their shapes.
//  - Megatron-Bridge 25.11's two H100 MoE rows (NVIDIA-NeMo/Megatron-Bridge at
//    00b7660, docs/performance-summary.md).
const gpt3Shape = (layers, hidden, heads) => ({
  layers: String(layers), hiddenSize: String(hidden), attentionHeads: String(heads), kvHeads: '', headDim: '', ffnHidden: '',
  gatedMlp: 'off', normalization: 'layernorm', vocabulary: '50257', tiedEmbeddings: 'on',
  experts: '', expertsPerToken: '', expertFfn: '', sharedExpertFfn: '',
});
const llamaShape = (layers, hidden, heads, kvHeads, ffn, vocabulary, moe = {}) => ({
  layers: String(layers), hiddenSize: String(hidden), attentionHeads: String(heads), kvHeads: String(kvHeads), headDim: moe.headDim ?? '',
  ffnHidden: String(ffn), gatedMlp: 'on', normalization: 'rmsnorm', vocabulary: String(vocabulary), tiedEmbeddings: 'off',
  experts: moe.experts ?? '', expertsPerToken: moe.topk ?? '', expertFfn: moe.expertFfn ?? '', sharedExpertFfn: '',
});

function benchmarked(source, name, shape, [gpus, batch, micro, sequence, tp, pp, cp, vpp, ep], precision, tokensPerSecond) {
  return {
    source, name, shape, gpus, batch, sequence, precision, published: (batch * sequence) / (tokensPerSecond * gpus),
    layout: { tp, pp, vpp, cp, ep, zero: 1, recompute: 'none', sp: tp > 1 ? 'on' : 'off', micro },
  };
}

export const H100_CHECKS = [
  benchmarked('nemo2407', 'GPT3 5B', gpt3Shape(24, 4096, 32), [64, 2048, 4, 2048, 1, 1, 1, 1, 1], 'fp8', 22521),
  benchmarked('nemo2407', 'GPT3 20B', gpt3Shape(44, 6144, 48), [64, 256, 2, 2048, 2, 1, 1, 1, 1], 'fp8', 5851),
  benchmarked('nemo2407', 'GPT3 175B', gpt3Shape(96, 12288, 96), [128, 256, 1, 2048, 4, 8, 1, 6, 1], 'fp8', 726),
  benchmarked('nemo2407', 'GPT3 175B', gpt3Shape(96, 12288, 96), [512, 2048, 2, 2048, 4, 8, 1, 6, 1], 'fp8', 782),
  benchmarked('nemo2407', 'Llama 2 7B', llamaShape(32, 4096, 32, 32, 11008, 32000), [8, 128, 1, 4096, 1, 1, 1, 1, 1], 'fp8', 16847),
  benchmarked('nemo2407', 'Llama 2 13B', llamaShape(40, 5120, 40, 40, 13824, 32000), [16, 128, 1, 4096, 1, 4, 1, 10, 1], 'fp8', 8646),
  benchmarked('nemo2407', 'Llama 2 70B', llamaShape(80, 8192, 64, 8, 28672, 32000), [64, 128, 1, 4096, 4, 4, 1, 20, 1], 'fp8', 1707),
  benchmarked('nemo2407', 'Llama 3 8B', llamaShape(32, 4096, 32, 8, 14336, 128256), [8, 128, 1, 8192, 1, 1, 2, 1, 1], 'fp8', 12036),
  benchmarked('nemo2407', 'Llama 3 70B', llamaShape(80, 8192, 64, 8, 28672, 128256), [64, 128, 1, 8192, 4, 4, 2, 5, 1], 'fp8', 1533),
  benchmarked('bridge2511', 'Qwen3 30B-A3B', llamaShape(48, 2048, 32, 4, 6144, 151936, { headDim: '128', experts: '128', topk: '8', expertFfn: '768' }),
    [16, 512, 2, 4096, 1, 2, 1, 24, 8], 'fp8', 5275),
  benchmarked('bridge2511', 'GPT-OSS 120B', llamaShape(36, 2880, 64, 8, 2880, 201088, { headDim: '64', experts: '128', topk: '4', expertFfn: '2880' }),
    [64, 512, 4, 4096, 1, 4, 1, 1, 8], 'bf16', 5630),
];

const SELENE = {
  gpusPerNode: '8', device: '', peakTflops: '312', fp8Tflops: '', matmulTflops: '', fp8MatmulTflops: '', flash2Tflops: '',
  memoryBandwidth: '2039', linkBandwidth: '2467e-1', nicsPerNode: '8', nicRate: '200', pcieBandwidth: '32',
};
const DGX_H100 = {
  gpusPerNode: '8', device: '', peakTflops: '9895e-1', fp8Tflops: '1979', matmulTflops: '7945e-1', fp8MatmulTflops: '14026e-1', flash2Tflops: '346325e-3',
  memoryBandwidth: '3350', linkBandwidth: '370', nicsPerNode: '8', nicRate: '400', pcieBandwidth: '64',
};

/**
 * A run as this calculator's field texts: the model, the cluster (Selene's
 * A100s, or a DGX H100 for the checks; memory left unbounded: the runs ran, so
 * they fit), the batch and every knob fixed but d and a, which follow.
 */
export function runTexts({ model, shape, gpus, batch, sequence, precision, layout }) {
  const h100 = shape !== undefined;
  return {
    ...(h100 ? shape : {
      layers: String(model.layers), hiddenSize: String(model.hidden), attentionHeads: String(model.heads), kvHeads: '', headDim: '', ffnHidden: '',
      gatedMlp: 'off', normalization: 'layernorm', vocabulary: String(VOCABULARY), tiedEmbeddings: 'on',
      experts: '', expertsPerToken: '', expertFfn: '', sharedExpertFfn: '',
    }),
    ...(h100 ? DGX_H100 : SELENE),
    gpus: String(gpus), deviceMemory: '1048576', reservedMemory: '0',
    sequenceLength: String(h100 ? sequence : SEQUENCE), target: String(batch), targetUnit: 'seq', tokens: '',
    // Megatron-LM's FP16 runs of 2021-22 all-reduced FP16 gradients (step_time_tests.cpp gives the source).
    precision: h100 ? precision : 'fp16', gradientPrecision: h100 ? 'fp32' : 'bf16', attention: h100 ? 'flash' : 'eager', framework: 'megatron',
    tensorParallel: String(layout.tp), pipelineParallel: String(layout.pp), virtualStages: String(layout.vpp), contextParallel: String(layout.cp),
    expertParallel: String(layout.ep), zeroStage: String(layout.zero), recompute: layout.recompute, sequenceParallel: layout.sp,
    // d and a left to the core: with every other knob fixed, the one d that fills the GPUs and the one a that reaches B.
    microBatch: String(layout.micro), accumulationSteps: '', dataParallel: '',
  };
}
