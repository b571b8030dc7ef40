// The published runs the step-time model was fitted on (cpp/core/step_time.hpp), and Narayanan et al. 2021's
// Table 2 rows that check it, as this page's fields give them, so the page shows each published step beside its
// own prediction, computed by the same core. The rows are calibration-runs.tsv's, which the core's tests read
// too (its header gives the sources and how each figure becomes a step): one list for both. This module is read
// by the page's build and the tests, in Node.
import { readFileSync } from 'node:fs';
import described from './core-fields.js';

/** A run that ran is asked with the most memory the core accepts: the published layout is not refused for it. */
export const UNBOUNDED_MEMORY = described.fields.find(({ key }) => key === 'deviceMemory').maximum;

const SEQUENCE = 2048;
const VOCABULARY = 51200;

/** A data file's rows, each an object by its header's names. */
function rowsOf(file) {
  const lines = readFileSync(new URL(file, import.meta.url), 'utf8').split('\n').filter((line) => line && !line.startsWith('#'));
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

const PUBLISHED_ROWS = rowsOf('./calibration-runs.tsv');
export const CALIBRATION_RUNS = PUBLISHED_ROWS.filter(({ role }) => role === 'calibration').map(runOf);

// Published H100 runs the model was checked on, not fitted to: h100-checks.tsv's, which the core's tests read too (its
// header gives the sources and the shapes' families), as this page's fields give them.
const gpt3Shape = ({ layers, hidden, heads, vocab }) => ({
  layers, hiddenSize: hidden, attentionHeads: heads, kvHeads: '', headDim: '', ffnHidden: '',
  gatedMlp: 'off', normalization: 'layernorm', vocabulary: vocab, tiedEmbeddings: 'on',
  experts: '', expertsPerToken: '', expertFfn: '', sharedExpertFfn: '',
});
const given = (text) => (text === '-' ? '' : text);
const llamaShape = ({ layers, hidden, heads, kvheads, ffn, vocab, headdim, experts, topk, moeffn }) => ({
  layers, hiddenSize: hidden, attentionHeads: heads, kvHeads: kvheads, headDim: given(headdim),
  ffnHidden: ffn, gatedMlp: 'on', normalization: 'rmsnorm', vocabulary: vocab, tiedEmbeddings: 'off',
  experts: given(experts), expertsPerToken: given(topk), expertFfn: given(moeffn), sharedExpertFfn: '',
});

const nemotronShape = (row) => ({ ...llamaShape(row), gatedMlp: 'off', normalization: 'layernorm' });
const SHAPES = { gpt3: gpt3Shape, llama: llamaShape, nemotron: nemotronShape };

/** A column of h100-checks.tsv that holds one of a few words (the fields' own); anything else is a broken file. */
function wordOf(row, column, words) {
  if (!words.includes(row[column])) throw new Error(`h100-checks.tsv: ${column} is ${words.join(' or ')}, not ${row[column]}`);
  return row[column];
}

function benchmarked(row) {
  const [gpus, batch, micro, sequence, tp, pp, cp, vpp, ep, tokensPerSecond] =
    ['gpus', 'batch', 'micro', 'seq', 'tp', 'pp', 'cp', 'vpp', 'ep', 'tokens_per_second'].map((key) => Number(row[key]));
  return {
    source: row.source, name: row.name, shape: SHAPES[row.family](row), gpus, batch, sequence,
    precision: row.precision, gradients: wordOf(row, 'grads', ['fp32', 'bf16']),
    // '-' for a dense model: NCCL's all-to-all, the field's default.
    dispatcher: row.dispatcher === '-' ? 'alltoall' : wordOf(row, 'dispatcher', ['alltoall', 'deepep', 'hybridep']),
    tensorOverlap: wordOf(row, 'tpoverlap', ['off', 'on']),
    published: (batch * sequence) / (tokensPerSecond * gpus),
    layout: {
      tp, pp, vpp, cp, ep, etp: given(row.etp), zero: Number(wordOf(row, 'zero', ['1', '3'])), recompute: wordOf(row, 'recompute', ['none', 'full']),
      sp: tp > 1 ? 'on' : 'off', micro,
    },
  };
}

export const H100_CHECKS = rowsOf('./h100-checks.tsv').map(benchmarked);

const SELENE = {
  gpusPerNode: '8', device: '', peakTflops: '312', fp8Tflops: '', matmulTflops: '', fp8MatmulTflops: '', flash2Tflops: '',
  memoryBandwidth: '2039', intraBandwidth: '2467e-1', nicsPerNode: '8', nicRate: '200', pcieBandwidth: '32',
};
const DGX_H100 = {
  gpusPerNode: '8', device: '', peakTflops: '9895e-1', fp8Tflops: '1979', matmulTflops: '7945e-1', fp8MatmulTflops: '14026e-1', flash2Tflops: '346325e-3',
  memoryBandwidth: '3350', intraBandwidth: '370', nicsPerNode: '8', nicRate: '400', pcieBandwidth: '64',
};

/**
 * A run as this calculator's field texts: the model, the cluster (Selene's
 * A100s, or a DGX H100 for the checks; memory left unbounded: the runs ran, so
 * they fit), the batch and every knob fixed but d and a, which follow.
 */
export function runTexts({ model, shape, gpus, batch, sequence, precision, gradients, dispatcher = 'alltoall', tensorOverlap = 'off', layout }) {
  const h100 = shape !== undefined;
  return {
    ...(h100 ? shape : {
      layers: String(model.layers), hiddenSize: String(model.hidden), attentionHeads: String(model.heads), kvHeads: '', headDim: '', ffnHidden: '',
      gatedMlp: 'off', normalization: 'layernorm', vocabulary: String(VOCABULARY), tiedEmbeddings: 'on',
      experts: '', expertsPerToken: '', expertFfn: '', sharedExpertFfn: '',
    }),
    ...(h100 ? DGX_H100 : SELENE),
    gpus: String(gpus), deviceMemory: UNBOUNDED_MEMORY, reservedMemory: '0',
    sequenceLength: String(h100 ? sequence : SEQUENCE), target: String(batch), targetUnit: 'seq', tokens: '',
    // Megatron-LM's FP16 runs of 2021-22 all-reduced FP16 gradients (step_time_tests.cpp gives the source).
    precision: h100 ? precision : 'fp16', gradientPrecision: h100 ? gradients : 'bf16', attention: h100 ? 'flash' : 'eager', framework: 'megatron',
    dispatcher, tensorOverlap,
    tensorParallel: String(layout.tp), pipelineParallel: String(layout.pp), virtualStages: String(layout.vpp), contextParallel: String(layout.cp),
    expertParallel: String(layout.ep), expertTensorParallel: layout.etp || String(layout.tp), zeroStage: String(layout.zero), recompute: layout.recompute,
    sequenceParallel: layout.sp,
    // d and a left to the core: with every other knob fixed, the one d that fills the GPUs and the one a that reaches B.
    microBatch: String(layout.micro), accumulationSteps: '', dataParallel: '',
  };
}
