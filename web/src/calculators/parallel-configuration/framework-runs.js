// Published runs of other frameworks than Megatron-LM, as this page's fields give them: the runs each framework's
// kernel share was fitted on (role 'calibration': step_time.cpp, kernel_share) and the runs that set nothing and
// only measure the prediction (role 'check'). Each row's step is its global batch in tokens over its published
// tokens/s per GPU times the GPUs. docs/step-time-calibration.md quotes every row as its source prints it.
//  - LLM Foundry (PyTorch FSDP through Composer): mosaicml/llm-foundry at 8c8dd48, scripts/train/benchmarking/
//    README.md, the A100 80GB and 40GB tables (calibration) and the two BF16 H100 tables and the FP8 one (check); MPT
//    shapes from scripts/train/yamls/pretrain/mpt-*.yaml (f = 4h, GELU, LayerNorm, tied, V = 50,368); FULL_SHARD; the
//    A100 rows' PURE precision reduces the gradients in BF16, the H100 rows' DEFAULT in FP32. Rows whose micro-batches
//    do not divide the batch (Composer allows it) are left out.
//  - torchtitan (FSDP2): pytorch/torchtitan at 3faaa1a, docs/performance.md, the 8 rows on 64 A100 80GB
//    (calibration) and the Llama 3.1 405B row on 128 H100; at b5bcd76, benchmarks/llama3_h100_202412_torchtitan.md,
//    Tables 1 and 3 (check), on H100s of 96 GB HBM2e at 2.4 TB/s capped at 500 W; rows with torch.compile or Float8
//    are left out (COMPILED_FP8_RUNS below measures the Float8 ones apart). Shapes from torchtitan's
//    models/llama/__init__.py at the commit each row ran.
import { UNBOUNDED_MEMORY } from './calibration-runs.js';

const mpt = (name, layers, hidden, heads) => ({
  name, layers: String(layers), hiddenSize: String(hidden), attentionHeads: String(heads), kvHeads: '', headDim: '', ffnHidden: '',
  gatedMlp: 'off', normalization: 'layernorm', qkNorm: 'none', vocabulary: '50368', tiedEmbeddings: 'on',
  experts: '', expertsPerToken: '', expertFfn: '', sharedExpertFfn: '',
});
const llama = (name, layers, hidden, heads, kvHeads, ffn, vocabulary) => ({
  name, layers: String(layers), hiddenSize: String(hidden), attentionHeads: String(heads), kvHeads: String(kvHeads), headDim: '',
  ffnHidden: String(ffn), gatedMlp: 'on', normalization: 'rmsnorm', qkNorm: 'none', vocabulary: String(vocabulary), tiedEmbeddings: 'off',
  experts: '', expertsPerToken: '', expertFfn: '', sharedExpertFfn: '',
});

const mpt70b = mpt('MPT-70B', 80, 8192, 64);
const mpt30b = mpt('MPT-30B', 48, 7168, 56);
const mpt13b = mpt('MPT-13B', 40, 5120, 40);
const mpt7b = mpt('MPT-7B', 32, 4096, 32);
const mpt3b = mpt('MPT-3B', 32, 2560, 20);
const mpt1b = mpt('MPT-1B', 24, 2048, 16);
const mpt760m = mpt('MPT-760M', 24, 1536, 12);
const mpt350m = mpt('MPT-350M', 24, 1024, 16);
const mpt125m = mpt('MPT-125M', 12, 768, 12);
const llama38b = llama('Llama 3 8B', 32, 4096, 32, 8, 14336, 128256);
const llama370b = llama('Llama 3 70B', 80, 8192, 64, 8, 28672, 128256);
const llama213b = llama('Llama 2 13B', 40, 5120, 40, 40, 13824, 32000);
const llama270b = llama('Llama 2 70B', 80, 8192, 64, 8, 28672, 32000);
const llama3_1405b = llama('Llama 3.1 405B', 126, 16384, 128, 8, 53248, 128256);
const llama3_18b = llama('Llama 3.1 8B', 32, 4096, 32, 8, 14336, 128256);

// The devices: datasheet peaks and HBM, NCCL's NVLink bus bandwidth, 8 NICs a node (LLM Foundry's A100 tables: 1,600
// Gb/s a node; torchtitan's H100s: 400 Gb/s a GPU).
const A100 = { peakTflops: '312', fp8Tflops: '', matmulTflops: '', fp8MatmulTflops: '', flash2Tflops: '22776e-2', intraBandwidth: '2467e-1', nicsPerNode: '8', nicRate: '200', pcieBandwidth: '32' };
const H100 = { peakTflops: '9895e-1', fp8Tflops: '1979', matmulTflops: '7945e-1', fp8MatmulTflops: '14026e-1', flash2Tflops: '346325e-3', intraBandwidth: '370', nicsPerNode: '8', nicRate: '400', pcieBandwidth: '64' };
const DEVICES = {
  'a100-80gb': { ...A100, memoryBandwidth: '2039' },
  'a100-40gb': { ...A100, memoryBandwidth: '1555' },
  'h100-sxm': { ...H100, memoryBandwidth: '3350' },
  'h100-hbm2e': { ...H100, memoryBandwidth: '2400' },
};

function run(source, role, framework, device, shape, [gpus, batch, micro, sequence, tp, pp, cp], zero, recompute, grads, tokensPerSecond) {
  return {
    source, role, framework, device, name: `${shape.name}, ${gpus} GPUs`, shape, gpus, batch, sequence, grads, tokensPerSecond,
    published: (batch * sequence) / (tokensPerSecond * gpus),
    layout: { tp, pp, vpp: 1, cp, ep: 1, zero, recompute, sp: tp > 1 ? 'on' : 'off', micro },
  };
}

// A run in FP8 (precision fp8) rather than BF16.
const inFp8 = (entry) => ({ ...entry, precision: 'fp8' });

export const FRAMEWORK_RUNS = [
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt70b, [512, 4096, 8, 2048, 1, 1, 1], 3, 'full', 'fp32', 1007),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt70b, [256, 2048, 8, 2048, 1, 1, 1], 3, 'full', 'fp32', 1035),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt70b, [128, 1024, 8, 2048, 1, 1, 1], 3, 'full', 'fp32', 1058),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt30b, [512, 4096, 8, 2048, 1, 1, 1], 3, 'full', 'fp32', 2115),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt30b, [256, 2048, 8, 2048, 1, 1, 1], 3, 'full', 'fp32', 2148),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt30b, [128, 1024, 8, 2048, 1, 1, 1], 3, 'full', 'fp32', 2199),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt13b, [512, 8192, 16, 2048, 1, 1, 1], 3, 'full', 'fp32', 4952),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt13b, [256, 4096, 16, 2048, 1, 1, 1], 3, 'full', 'fp32', 4989),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt13b, [128, 2048, 16, 2048, 1, 1, 1], 3, 'full', 'fp32', 5080),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt7b, [512, 3072, 6, 2048, 1, 1, 1], 3, 'none', 'fp32', 9670),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt7b, [256, 1536, 6, 2048, 1, 1, 1], 3, 'none', 'fp32', 10119),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt7b, [128, 768, 6, 2048, 1, 1, 1], 3, 'none', 'fp32', 10475),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt3b, [512, 4096, 8, 2048, 1, 1, 1], 2, 'none', 'fp32', 21664),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt3b, [256, 2048, 8, 2048, 1, 1, 1], 2, 'none', 'fp32', 22772),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt3b, [128, 1024, 8, 2048, 1, 1, 1], 2, 'none', 'fp32', 23422),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt1b, [512, 6144, 12, 2048, 1, 1, 1], 2, 'none', 'fp32', 39837),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt1b, [256, 3072, 12, 2048, 1, 1, 1], 2, 'none', 'fp32', 42555),
  run('llmFoundryH100Large', 'check', 'fsdp', 'h100-sxm', mpt1b, [128, 1536, 12, 2048, 1, 1, 1], 2, 'none', 'fp32', 44123),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt70b, [64, 2048, 8, 2048, 1, 1, 1], 3, 'full', 'fp32', 1039),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt70b, [32, 1024, 2, 2048, 1, 1, 1], 3, 'full', 'fp32', 882),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt30b, [8, 168, 1, 8192, 1, 1, 1], 3, 'full', 'fp32', 1384),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt30b, [8, 168, 1, 4096, 1, 1, 1], 3, 'full', 'fp32', 1802),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt30b, [32, 1344, 14, 2048, 1, 1, 1], 3, 'full', 'fp32', 2308),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt30b, [16, 480, 10, 2048, 1, 1, 1], 3, 'full', 'fp32', 2263),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt30b, [8, 504, 3, 2048, 1, 1, 1], 3, 'full', 'fp32', 2002),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt30b, [8, 1008, 6, 1024, 1, 1, 1], 3, 'full', 'fp32', 2084),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt13b, [8, 24, 1, 32768, 1, 1, 1], 3, 'full', 'fp32', 1976),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt13b, [8, 72, 3, 16384, 1, 1, 1], 3, 'full', 'fp32', 2985),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt13b, [8, 240, 10, 4096, 1, 1, 1], 3, 'full', 'fp32', 4717),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt13b, [64, 128, 2, 2048, 1, 1, 1], 3, 'none', 'fp32', 4800),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt13b, [32, 64, 2, 2048, 1, 1, 1], 3, 'none', 'fp32', 4811),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt13b, [16, 32, 2, 2048, 1, 1, 1], 3, 'none', 'fp32', 4767),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt13b, [8, 16, 2, 2048, 1, 1, 1], 3, 'none', 'fp32', 4792),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt13b, [8, 960, 40, 1024, 1, 1, 1], 3, 'full', 'fp32', 5502),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt7b, [8, 16, 1, 65536, 1, 1, 1], 3, 'full', 'fp32', 1956),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt7b, [8, 32, 2, 32768, 1, 1, 1], 3, 'full', 'fp32', 3318),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt7b, [8, 128, 8, 8192, 1, 1, 1], 3, 'full', 'fp32', 6935),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt7b, [8, 256, 16, 4096, 1, 1, 1], 3, 'full', 'fp32', 8611),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt7b, [8, 48, 6, 2048, 1, 1, 1], 3, 'none', 'fp32', 10643),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt7b, [8, 1024, 64, 1024, 1, 1, 1], 3, 'full', 'fp32', 10203),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 16, 1, 65536, 1, 1, 1], 3, 'full', 'fp32', 3262),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 144, 3, 32768, 1, 1, 1], 3, 'full', 'fp32', 5873),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 48, 1, 16384, 1, 1, 1], 3, 'none', 'fp32', 11152),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 144, 3, 8192, 1, 1, 1], 3, 'none', 'fp32', 16578),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 240, 5, 4096, 1, 1, 1], 3, 'none', 'fp32', 20964),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [64, 1152, 6, 2048, 1, 1, 1], 3, 'none', 'fp32', 22525),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [32, 576, 6, 2048, 1, 1, 1], 3, 'none', 'fp32', 23021),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [16, 480, 10, 2048, 1, 1, 1], 3, 'none', 'fp32', 24142),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 960, 20, 1024, 1, 1, 1], 3, 'none', 'fp32', 27046),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 1920, 40, 512, 1, 1, 1], 3, 'none', 'fp32', 27965),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 16, 1, 65536, 1, 1, 1], 3, 'full', 'fp32', 5506),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 32, 1, 32768, 1, 1, 1], 3, 'none', 'fp32', 12025),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 64, 2, 16384, 1, 1, 1], 3, 'none', 'fp32', 19649),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 96, 3, 8192, 1, 1, 1], 3, 'none', 'fp32', 29157),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 224, 7, 4096, 1, 1, 1], 3, 'none', 'fp32', 38535),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [64, 1280, 20, 2048, 1, 1, 1], 3, 'none', 'fp32', 44402),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [32, 640, 20, 2048, 1, 1, 1], 3, 'none', 'fp32', 45130),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [16, 320, 20, 2048, 1, 1, 1], 3, 'none', 'fp32', 46037),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 112, 14, 2048, 1, 1, 1], 3, 'none', 'fp32', 45455),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 576, 18, 1024, 1, 1, 1], 3, 'none', 'fp32', 48910),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 1792, 56, 512, 1, 1, 1], 3, 'none', 'fp32', 52275),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt760m, [8, 16, 1, 32768, 1, 1, 1], 3, 'none', 'fp32', 16291),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt760m, [8, 48, 3, 16384, 1, 1, 1], 3, 'none', 'fp32', 27815),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt760m, [8, 96, 6, 8192, 1, 1, 1], 3, 'none', 'fp32', 41825),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt760m, [8, 192, 12, 4096, 1, 1, 1], 3, 'none', 'fp32', 55459),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt760m, [32, 768, 24, 2048, 1, 1, 1], 3, 'none', 'fp32', 67971),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt760m, [16, 384, 24, 2048, 1, 1, 1], 3, 'none', 'fp32', 68551),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt760m, [8, 384, 24, 2048, 1, 1, 1], 3, 'none', 'fp32', 63147),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt760m, [8, 768, 48, 1024, 1, 1, 1], 3, 'none', 'fp32', 78581),
  run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt760m, [8, 1536, 96, 512, 1, 1, 1], 3, 'none', 'fp32', 83749),
  // The H100 FP8 table: Transformer Engine's te.Linear for every linear layer (submit_benchmarks.py sets fc_type: te
  // for fp8 on H100, with TE v0.10; llmfoundry/models/layers/fc.py registers it), counted as the model counts TE's FP8.
  ...[
    run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 144, 3, 32768, 1, 1, 1], 3, 'full', 'fp32', 5856),
    run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 144, 3, 8192, 1, 1, 1], 3, 'none', 'fp32', 19146),
    run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 480, 10, 2048, 1, 1, 1], 3, 'none', 'fp32', 30586),
    run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt3b, [8, 1920, 40, 512, 1, 1, 1], 3, 'none', 'fp32', 36527),
    run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 32, 1, 32768, 1, 1, 1], 3, 'none', 'fp32', 12580),
    run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 64, 2, 8192, 1, 1, 1], 3, 'none', 'fp32', 32010),
    run('llmFoundryH100', 'check', 'fsdp', 'h100-sxm', mpt1b, [8, 1792, 56, 512, 1, 1, 1], 3, 'none', 'fp32', 70315),
  ].map(inFp8),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt70b, [64, 2048, 8, 2048, 1, 1, 1], 3, 'full', 'bf16', 410),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt70b, [32, 1024, 2, 2048, 1, 1, 1], 3, 'full', 'bf16', 373),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt30b, [8, 168, 1, 8192, 1, 1, 1], 3, 'full', 'fp32', 574),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt30b, [8, 168, 1, 4096, 1, 1, 1], 3, 'full', 'fp32', 814),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt30b, [8, 504, 3, 2048, 1, 1, 1], 3, 'full', 'fp32', 916),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt30b, [8, 1008, 6, 1024, 1, 1, 1], 3, 'full', 'fp32', 946),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt30b, [8, 2016, 12, 512, 1, 1, 1], 3, 'full', 'fp32', 967),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt13b, [8, 24, 1, 32768, 1, 1, 1], 3, 'full', 'fp32', 1016),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt13b, [8, 72, 3, 16384, 1, 1, 1], 3, 'full', 'fp32', 1431),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt13b, [8, 120, 5, 8192, 1, 1, 1], 3, 'full', 'fp32', 1795),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt13b, [8, 240, 10, 4096, 1, 1, 1], 3, 'full', 'fp32', 2060),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt13b, [8, 48, 2, 2048, 1, 1, 1], 3, 'none', 'fp32', 2262),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt13b, [8, 960, 40, 1024, 1, 1, 1], 3, 'full', 'fp32', 2330),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt7b, [8, 16, 1, 65536, 1, 1, 1], 3, 'full', 'fp32', 1013),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt7b, [8, 32, 2, 32768, 1, 1, 1], 3, 'full', 'fp32', 1672),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt7b, [8, 64, 4, 16384, 1, 1, 1], 3, 'full', 'fp32', 2453),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt7b, [8, 128, 8, 8192, 1, 1, 1], 3, 'full', 'fp32', 3206),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt7b, [8, 256, 16, 4096, 1, 1, 1], 3, 'full', 'fp32', 3684),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt7b, [8, 96, 6, 2048, 1, 1, 1], 3, 'none', 'fp32', 4641),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt7b, [8, 1024, 64, 1024, 1, 1, 1], 3, 'full', 'fp32', 4357),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt3b, [8, 16, 1, 65536, 1, 1, 1], 3, 'full', 'fp32', 1767),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt3b, [8, 144, 3, 32768, 1, 1, 1], 3, 'full', 'fp32', 3029),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt3b, [8, 48, 1, 16384, 1, 1, 1], 3, 'none', 'fp32', 5529),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt3b, [8, 144, 3, 8192, 1, 1, 1], 3, 'none', 'fp32', 7695),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt3b, [8, 240, 5, 4096, 1, 1, 1], 3, 'none', 'fp32', 9457),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt3b, [8, 160, 10, 2048, 1, 1, 1], 3, 'none', 'fp32', 10811),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt3b, [8, 960, 20, 1024, 1, 1, 1], 3, 'none', 'fp32', 11580),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt3b, [8, 1920, 40, 512, 1, 1, 1], 3, 'none', 'fp32', 12127),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt1b, [8, 16, 1, 65536, 1, 1, 1], 3, 'full', 'fp32', 3044),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt1b, [8, 32, 1, 32768, 1, 1, 1], 3, 'none', 'fp32', 6275),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt1b, [8, 64, 2, 16384, 1, 1, 1], 3, 'none', 'fp32', 9956),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt1b, [8, 96, 3, 8192, 1, 1, 1], 3, 'none', 'fp32', 13814),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt1b, [8, 224, 7, 4096, 1, 1, 1], 3, 'none', 'fp32', 17807),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt1b, [8, 448, 14, 2048, 1, 1, 1], 3, 'none', 'fp32', 20513),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt1b, [8, 576, 18, 1024, 1, 1, 1], 3, 'none', 'fp32', 22112),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt1b, [8, 1792, 56, 512, 1, 1, 1], 3, 'none', 'fp32', 23148),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt760m, [8, 16, 1, 65536, 1, 1, 1], 3, 'full', 'fp32', 4143),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt760m, [8, 16, 1, 32768, 1, 1, 1], 3, 'none', 'fp32', 8802),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt760m, [8, 48, 3, 16384, 1, 1, 1], 3, 'none', 'fp32', 14274),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt760m, [8, 96, 6, 8192, 1, 1, 1], 3, 'none', 'fp32', 20933),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt760m, [8, 192, 12, 4096, 1, 1, 1], 3, 'none', 'fp32', 27351),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt760m, [8, 384, 24, 2048, 1, 1, 1], 3, 'none', 'fp32', 32434),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt760m, [8, 768, 48, 1024, 1, 1, 1], 3, 'none', 'fp32', 29765),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt760m, [8, 1536, 96, 512, 1, 1, 1], 3, 'none', 'fp32', 29446),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt350m, [8, 16, 1, 65536, 1, 1, 1], 3, 'none', 'fp32', 7524),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt350m, [8, 32, 2, 32768, 1, 1, 1], 3, 'none', 'fp32', 13652),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt350m, [8, 64, 4, 16384, 1, 1, 1], 3, 'none', 'fp32', 23559),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt350m, [8, 128, 8, 8192, 1, 1, 1], 3, 'none', 'fp32', 36569),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt350m, [8, 256, 16, 4096, 1, 1, 1], 3, 'none', 'fp32', 49555),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt350m, [8, 512, 32, 2048, 1, 1, 1], 3, 'none', 'fp32', 58782),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt350m, [8, 1024, 64, 1024, 1, 1, 1], 3, 'none', 'fp32', 64813),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt350m, [8, 2048, 128, 512, 1, 1, 1], 3, 'none', 'fp32', 69330),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt125m, [8, 16, 1, 65536, 1, 1, 1], 3, 'none', 'fp32', 20368),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt125m, [8, 32, 2, 32768, 1, 1, 1], 3, 'none', 'fp32', 36407),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt125m, [8, 64, 4, 16384, 1, 1, 1], 3, 'none', 'fp32', 60040),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt125m, [8, 128, 8, 8192, 1, 1, 1], 3, 'none', 'fp32', 90392),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt125m, [8, 256, 16, 4096, 1, 1, 1], 3, 'none', 'fp32', 118396),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt125m, [8, 640, 40, 2048, 1, 1, 1], 3, 'none', 'fp32', 142830),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt125m, [8, 512, 32, 2048, 1, 1, 1], 3, 'none', 'fp32', 141737),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt125m, [8, 1024, 64, 1024, 1, 1, 1], 3, 'none', 'fp32', 156468),
  run('llmFoundryA100_80', 'calibration', 'fsdp', 'a100-80gb', mpt125m, [8, 2048, 128, 512, 1, 1, 1], 3, 'none', 'fp32', 165681),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt70b, [128, 512, 4, 2048, 1, 1, 1], 3, 'full', 'bf16', 376),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt70b, [64, 128, 2, 2048, 1, 1, 1], 3, 'full', 'bf16', 276),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt30b, [128, 768, 6, 2048, 1, 1, 1], 3, 'full', 'bf16', 865),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt30b, [32, 128, 4, 2048, 1, 1, 1], 3, 'full', 'bf16', 857),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt13b, [8, 128, 1, 8192, 1, 1, 1], 3, 'full', 'bf16', 1407),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt13b, [8, 256, 2, 4096, 1, 1, 1], 3, 'full', 'bf16', 1603),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt13b, [128, 2048, 16, 2048, 1, 1, 1], 3, 'full', 'bf16', 1972),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt13b, [64, 1024, 16, 2048, 1, 1, 1], 3, 'full', 'bf16', 1976),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt13b, [32, 448, 14, 2048, 1, 1, 1], 3, 'full', 'bf16', 1998),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt13b, [16, 160, 10, 2048, 1, 1, 1], 3, 'full', 'bf16', 1993),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt13b, [8, 512, 4, 2048, 1, 1, 1], 3, 'full', 'bf16', 1668),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt13b, [8, 1024, 8, 1024, 1, 1, 1], 3, 'full', 'bf16', 1727),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt13b, [8, 2048, 16, 512, 1, 1, 1], 3, 'full', 'bf16', 1763),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [8, 32, 1, 16384, 1, 1, 1], 3, 'full', 'bf16', 2249),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [8, 96, 3, 8192, 1, 1, 1], 3, 'full', 'bf16', 2887),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [8, 192, 6, 4096, 1, 1, 1], 3, 'full', 'bf16', 3366),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [128, 2304, 18, 2048, 1, 1, 1], 3, 'full', 'bf16', 3623),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [64, 1152, 18, 2048, 1, 1, 1], 3, 'full', 'bf16', 3665),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [32, 576, 18, 2048, 1, 1, 1], 3, 'full', 'bf16', 3725),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [16, 256, 16, 2048, 1, 1, 1], 3, 'full', 'bf16', 3645),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [8, 384, 12, 2048, 1, 1, 1], 3, 'full', 'bf16', 3679),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [8, 768, 24, 1024, 1, 1, 1], 3, 'full', 'bf16', 3854),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt7b, [8, 1536, 48, 512, 1, 1, 1], 3, 'full', 'bf16', 3895),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [8, 32, 1, 32768, 1, 1, 1], 3, 'full', 'bf16', 2955),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [8, 128, 2, 16384, 1, 1, 1], 3, 'full', 'bf16', 4465),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [8, 64, 1, 8192, 1, 1, 1], 3, 'none', 'bf16', 7149),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [8, 128, 2, 4096, 1, 1, 1], 3, 'none', 'bf16', 8777),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [128, 768, 6, 2048, 1, 1, 1], 3, 'none', 'bf16', 9538),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [64, 384, 6, 2048, 1, 1, 1], 3, 'none', 'bf16', 9736),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [32, 192, 6, 2048, 1, 1, 1], 3, 'none', 'bf16', 9914),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [16, 80, 5, 2048, 1, 1, 1], 3, 'none', 'bf16', 9750),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [8, 320, 5, 2048, 1, 1, 1], 3, 'none', 'bf16', 10065),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [8, 640, 10, 1024, 1, 1, 1], 3, 'none', 'bf16', 10731),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt3b, [8, 1280, 20, 512, 1, 1, 1], 3, 'none', 'bf16', 11324),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [8, 32, 1, 32768, 1, 1, 1], 3, 'full', 'bf16', 5095),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [8, 64, 1, 16384, 1, 1, 1], 3, 'none', 'bf16', 9715),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [8, 128, 2, 8192, 1, 1, 1], 3, 'none', 'bf16', 13474),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [8, 256, 4, 4096, 1, 1, 1], 3, 'none', 'bf16', 16856),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [128, 1280, 10, 2048, 1, 1, 1], 3, 'none', 'bf16', 18647),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [64, 640, 10, 2048, 1, 1, 1], 3, 'none', 'bf16', 19001),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [32, 320, 10, 2048, 1, 1, 1], 3, 'none', 'bf16', 15555),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [16, 128, 8, 2048, 1, 1, 1], 3, 'none', 'bf16', 19085),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [8, 512, 8, 2048, 1, 1, 1], 3, 'none', 'bf16', 19271),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [8, 1024, 16, 1024, 1, 1, 1], 3, 'none', 'bf16', 20959),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt1b, [8, 2048, 32, 512, 1, 1, 1], 3, 'none', 'bf16', 21782),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [8, 32, 1, 32768, 1, 1, 1], 3, 'full', 'bf16', 7183),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [8, 32, 1, 16384, 1, 1, 1], 3, 'none', 'bf16', 13914),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [8, 96, 3, 8192, 1, 1, 1], 3, 'none', 'bf16', 20106),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [8, 192, 6, 4096, 1, 1, 1], 3, 'none', 'bf16', 25863),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [128, 1536, 12, 2048, 1, 1, 1], 3, 'none', 'bf16', 28940),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [64, 768, 12, 2048, 1, 1, 1], 3, 'none', 'bf16', 29344),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [32, 384, 12, 2048, 1, 1, 1], 3, 'none', 'bf16', 29648),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [16, 192, 12, 2048, 1, 1, 1], 3, 'none', 'bf16', 29607),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [8, 384, 12, 2048, 1, 1, 1], 3, 'none', 'bf16', 30173),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [8, 768, 24, 1024, 1, 1, 1], 3, 'none', 'bf16', 33422),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt760m, [8, 1536, 48, 512, 1, 1, 1], 3, 'none', 'bf16', 34938),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [8, 32, 1, 32768, 1, 1, 1], 3, 'none', 'bf16', 13416),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [8, 64, 2, 16384, 1, 1, 1], 3, 'none', 'bf16', 22896),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [8, 128, 4, 8192, 1, 1, 1], 3, 'none', 'bf16', 34933),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [8, 256, 8, 4096, 1, 1, 1], 3, 'none', 'bf16', 46833),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [128, 2304, 18, 2048, 1, 1, 1], 3, 'none', 'bf16', 51934),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [64, 1152, 18, 2048, 1, 1, 1], 3, 'none', 'bf16', 52689),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [32, 576, 18, 2048, 1, 1, 1], 3, 'none', 'bf16', 53811),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [16, 288, 18, 2048, 1, 1, 1], 3, 'none', 'bf16', 55413),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [8, 512, 16, 2048, 1, 1, 1], 3, 'none', 'bf16', 55995),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [8, 1024, 32, 1024, 1, 1, 1], 3, 'none', 'bf16', 62523),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt350m, [8, 2048, 64, 512, 1, 1, 1], 3, 'none', 'bf16', 66284),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [8, 32, 1, 32768, 1, 1, 1], 3, 'none', 'bf16', 32651),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [8, 48, 2, 16384, 1, 1, 1], 3, 'none', 'bf16', 55484),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [8, 120, 5, 8192, 1, 1, 1], 3, 'none', 'bf16', 86858),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [8, 312, 13, 4096, 1, 1, 1], 3, 'none', 'bf16', 115162),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [128, 3328, 26, 2048, 1, 1, 1], 3, 'none', 'bf16', 123936),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [64, 1664, 26, 2048, 1, 1, 1], 3, 'none', 'bf16', 125234),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [32, 832, 26, 2048, 1, 1, 1], 3, 'none', 'bf16', 127122),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [16, 416, 26, 2048, 1, 1, 1], 3, 'none', 'bf16', 130535),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [8, 624, 26, 2048, 1, 1, 1], 3, 'none', 'bf16', 136334),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [8, 1248, 52, 1024, 1, 1, 1], 3, 'none', 'bf16', 148289),
  run('llmFoundryA100_40', 'calibration', 'fsdp', 'a100-40gb', mpt125m, [8, 2496, 104, 512, 1, 1, 1], 3, 'none', 'bf16', 156735),
  run('torchtitanA100', 'calibration', 'torchtitan', 'a100-80gb', llama38b, [64, 64, 1, 8192, 1, 1, 1], 3, 'selective', 'fp32', 2904),
  run('torchtitanA100', 'calibration', 'torchtitan', 'a100-80gb', llama38b, [64, 64, 1, 8192, 1, 1, 1], 3, 'selective', 'fp32', 2973),
  run('torchtitanA100', 'calibration', 'torchtitan', 'a100-80gb', llama370b, [64, 64, 1, 8192, 1, 1, 1], 3, 'full', 'fp32', 331),
  run('torchtitanA100', 'calibration', 'torchtitan', 'a100-80gb', llama213b, [64, 128, 2, 4096, 1, 1, 1], 3, 'none', 'fp32', 2162),
  run('torchtitanA100', 'calibration', 'torchtitan', 'a100-80gb', llama213b, [64, 128, 2, 4096, 1, 1, 1], 3, 'selective', 'fp32', 1914),
  run('torchtitanA100', 'calibration', 'torchtitan', 'a100-80gb', llama213b, [64, 128, 2, 4096, 1, 1, 1], 3, 'selective', 'fp32', 1904),
  run('torchtitanA100', 'calibration', 'torchtitan', 'a100-80gb', llama270b, [64, 64, 1, 4096, 1, 1, 1], 3, 'selective', 'fp32', 355),
  run('torchtitanA100', 'calibration', 'torchtitan', 'a100-80gb', llama270b, [64, 128, 2, 4096, 1, 1, 1], 3, 'full', 'fp32', 353),
  run('torchtitanH100', 'check', 'torchtitan', 'h100-hbm2e', llama3_1405b, [128, 32, 2, 8192, 8, 1, 1], 3, 'full', 'fp32', 109),
  run('torchtitanH100Bench', 'check', 'torchtitan', 'h100-hbm2e', llama3_18b, [8, 16, 2, 8192, 1, 1, 1], 3, 'selective', 'fp32', 5762),
  run('torchtitanH100Bench', 'check', 'torchtitan', 'h100-hbm2e', llama3_18b, [128, 256, 2, 8192, 1, 1, 1], 3, 'selective', 'fp32', 5605),
];

// torchtitan's published Float8 runs, kept out of the page's tables and out of every family: they ran compiled
// (torch.compile), which the model does not count, and torchtitan's FP8 is counted only as its compiled casts
// (step_time.cpp, add_fp8_casts). Their error is what a torchtitan FP8 prediction is measured at: the limits
// prose states it, a node test holds the prose to it. At b5bcd76, benchmarks/llama3_h100_202412_torchtitan.md: Table 1
// and Table 3's "FSDP + torch.compile + Float8" rows (8,532 and 8,380 TPS/GPU) and Table 4's "2D" row (Llama 3.1 70B,
// FSDP 32 × TP 8, local batch 16, global 512, full activation checkpointing, compile and Float8: 829); at 3faaa1a,
// docs/performance.md, the 405B "Float8" row (177 WPS; it does not say whether it was compiled).
const llama3_170b = llama('Llama 3.1 70B', 80, 8192, 64, 8, 28672, 128256);
export const COMPILED_FP8_RUNS = [
  run('torchtitanH100Bench', 'check', 'torchtitan', 'h100-hbm2e', llama3_18b, [8, 16, 2, 8192, 1, 1, 1], 3, 'selective', 'fp32', 8532),
  run('torchtitanH100Bench', 'check', 'torchtitan', 'h100-hbm2e', llama3_18b, [128, 256, 2, 8192, 1, 1, 1], 3, 'selective', 'fp32', 8380),
  run('torchtitanH100Bench', 'check', 'torchtitan', 'h100-hbm2e', llama3_170b, [256, 512, 16, 8192, 8, 1, 1], 3, 'full', 'fp32', 829),
  run('torchtitanH100', 'check', 'torchtitan', 'h100-hbm2e', llama3_1405b, [128, 32, 2, 8192, 8, 1, 1], 3, 'full', 'fp32', 177),
].map(inFp8);

/** A run as this calculator's field texts, every knob fixed but d and a, which follow; memory unbounded: it ran. */
export function frameworkRunTexts({ shape, device, gpus, batch, sequence, grads, framework, layout, precision = 'bf16' }) {
  const { name, ...model } = shape;
  return {
    ...model, ...DEVICES[device], gpusPerNode: '8', device: '', gpus: String(gpus), deviceMemory: UNBOUNDED_MEMORY, reservedMemory: '0',
    sequenceLength: String(sequence), target: String(batch), targetUnit: 'seq', tokens: '', precision, gradientPrecision: grads,
    attention: 'flash2', framework,
    tensorParallel: String(layout.tp), pipelineParallel: String(layout.pp), virtualStages: '1', contextParallel: String(layout.cp),
    expertParallel: '1', zeroStage: String(layout.zero), recompute: layout.recompute, sequenceParallel: layout.sp,
    microBatch: String(layout.micro), accumulationSteps: '', dataParallel: '',
  };
}
