// The published runs the step-time model was fitted on (cpp/core/step_time.hpp),
// as this page's fields give them, so the page shows each published step
// beside its own prediction, computed by the same core. All on Selene's DGX
// A100s (8 A100 80GB SXM on NVLink, 8 HDR NICs of 200 Gb/s): FP16, eager
// attention, fp32 gradients, GPT shapes (f = 4h, a KV head per head,
// LayerNorm, tied embeddings, V = 51,200), no ZeRO.
//  - Narayanan et al. 2021, Table 1 (arXiv 2104.04473): TFLOP/s per GPU X,
//    counted with the paper's Eq. 3, F = 96·B·s·l·h²·(1 + s/6h + V/16lh)
//    (full recomputation's extra forward included), so the step is F/(X·n).
//    The micro-batch and the interleaved schedule's chunks are not published:
//    b = 1, and the largest of 2 or 3 chunks that divides a stage's layers.
//  - Korthikanti et al. 2022, Table 5 (arXiv 2205.05198): iteration times as
//    calculon-ai/calculon's validation.py quotes them (caa4b11), with the
//    layouts of its validation/seqsel/tab5 files; d = 1.
const SEQUENCE = 2048;
const VOCABULARY = 51200;

const gpt = (layers, hidden, heads) => ({ layers, hidden, heads });

function narayanan(name, [layers, hidden, heads], t, p, gpus, batch, tflops) {
  const [s, l, h] = [SEQUENCE, layers, hidden];
  const flops = 96 * batch * s * l * h * h * (1 + s / (6 * h) + VOCABULARY / (16 * l * h));
  const stage = layers / p;
  const chunks = p === 1 ? 1 : stage % 2 === 0 ? 2 : stage % 3 === 0 ? 3 : 1;
  return {
    source: 'narayanan2021', name, model: gpt(layers, hidden, heads), gpus, batch, published: flops / (tflops * 1e12 * gpus),
    quoted: `${tflops} TFLOP/s per GPU`,
    layout: { tp: t, pp: p, vpp: chunks, cp: 1, ep: 1, dp: gpus / (t * p), zero: 0, recompute: 'full', sp: 'off', micro: 1 },
  };
}

function korthikanti(name, [layers, hidden, heads], t, p, chunks, micro, batch, selective, seconds) {
  return {
    source: 'korthikanti2022', name, model: gpt(layers, hidden, heads), gpus: t * p, batch, published: seconds, quoted: `${seconds} s`,
    layout: { tp: t, pp: p, vpp: chunks, cp: 1, ep: 1, dp: 1, zero: 0, recompute: selective ? 'selective' : 'full', sp: selective ? 'on' : 'off', micro },
  };
}

export const CALIBRATION_RUNS = [
  narayanan('GPT 1.7B', [24, 2304, 24], 1, 1, 32, 512, 137),
  narayanan('GPT 3.6B', [30, 3072, 32], 2, 1, 64, 512, 138),
  narayanan('GPT 7.5B', [36, 4096, 32], 4, 1, 128, 512, 142),
  narayanan('GPT 18.4B', [40, 6144, 48], 8, 1, 256, 1024, 135),
  narayanan('GPT 39.1B', [48, 8192, 64], 8, 2, 512, 1536, 138),
  narayanan('GPT 76.1B', [60, 10240, 80], 8, 4, 1024, 1792, 140),
  narayanan('GPT 145.6B', [80, 12288, 96], 8, 8, 1536, 2304, 148),
  narayanan('GPT 310.1B', [96, 16384, 128], 8, 16, 1920, 2160, 155),
  narayanan('GPT 529.6B', [105, 20480, 128], 8, 35, 2520, 2520, 163),
  narayanan('GPT 1008B', [128, 25600, 160], 8, 64, 3072, 3072, 163),
  korthikanti('GPT 22B, full', [48, 6144, 64], 8, 1, 1, 4, 4, false, 1.42),
  korthikanti('GPT 22B, selective + SP', [48, 6144, 64], 8, 1, 1, 4, 4, true, 1.10),
  korthikanti('GPT 175B, full', [96, 12288, 96], 8, 8, 3, 1, 64, false, 18.13),
  korthikanti('GPT 175B, selective + SP', [96, 12288, 96], 8, 8, 3, 1, 64, true, 13.75),
  korthikanti('GPT 530B, full', [105, 20480, 128], 8, 35, 3, 1, 280, false, 49.05),
  korthikanti('GPT 530B, selective + SP', [105, 20480, 128], 8, 35, 3, 1, 280, true, 37.83),
  korthikanti('GPT 1T, full', [128, 25600, 160], 8, 64, 1, 1, 512, false, 94.42),
  korthikanti('GPT 1T, selective + SP', [128, 25600, 160], 8, 64, 1, 1, 512, true, 71.49),
];

/**
 * A run as this calculator's field texts: the model, Selene's A100s (memory
 * left unbounded: the runs ran, so they fit), the batch and every knob fixed.
 */
export function runTexts({ model, gpus, batch, layout }) {
  return {
    layers: String(model.layers), hiddenSize: String(model.hidden), attentionHeads: String(model.heads), kvHeads: '', headDim: '', ffnHidden: '',
    gatedMlp: 'off', normalization: 'layernorm', vocabulary: String(VOCABULARY), tiedEmbeddings: 'on',
    experts: '', expertsPerToken: '', expertFfn: '', sharedExpertFfn: '',
    gpus: String(gpus), gpusPerNode: '8', device: '', deviceMemory: '1048576', reservedMemory: '0', peakTflops: '312', fp8Tflops: '',
    memoryBandwidth: '2039', linkBandwidth: '2467e-1', nicsPerNode: '8', nicRate: '200',
    sequenceLength: String(SEQUENCE), target: String(batch), targetUnit: 'seq', tokens: '', precision: 'fp16', gradientPrecision: 'fp32', attention: 'eager',
    tensorParallel: String(layout.tp), pipelineParallel: String(layout.pp), virtualStages: String(layout.vpp), contextParallel: String(layout.cp),
    expertParallel: String(layout.ep), zeroStage: String(layout.zero), recompute: layout.recompute, sequenceParallel: layout.sp,
    microBatch: String(layout.micro), accumulationSteps: String(batch / (layout.micro * layout.dp)), dataParallel: String(layout.dp),
  };
}
