// The accelerators every page offers, the one list of them: the memory a
// device really has, as nvidia-smi reports it in MiB (the "Memory-Usage"
// total, where it was published: `memorySource`), and its dense BF16 peak in
// TFLOPS from the vendor's datasheet (`peakSource`). NVIDIA's datasheets give
// Tensor Core figures "with sparsity"; the dense peak is half of that, the
// figure model FLOPs utilization is measured against. For the step-time
// model, where published: the dense FP8 peak (`fp8Tflops`), the HBM bandwidth
// in GB/s (`memoryGBps`) and NCCL's all-reduce bus bandwidth within a node in
// GB/s (`linkGBps`), each with its source. A device's slug is its
// value in every page's `device` field and address (device=h100-sxm).
// Within a node, NCCL's ring all-reduce reaches 370 GB/s of bus bandwidth on
// H100 NVLink (900 GB/s, 450 a direction), as NCCL's maintainer explains in
// nccl-tests issue #212; the same NVLink 4 joins H200s. A100's NVLink 3 runs
// 600 GB/s (300 a direction): at the same share, 300 × 370 ÷ 450 = 246.7 GB/s
// (to 0.1), the figure the step-time model was fitted with on Selene's DGX
// A100s (tests/core/step_time_tests.cpp).
// The maximum achievable matmul TFLOPS (`mamfTflops`, BF16, and `fp8MamfTflops`) as measured by
// stas00/ml-engineering's mamf-finder (its comparison table, compute/accelerator/README.md at b9e29720): the
// step-time model scales its achieved-matmul ceiling by a device's share of its peak, over the A100's.
const MAMF_SOURCE = 'https://github.com/stas00/ml-engineering/blob/b9e29720eebd4aa946fa9678975385efbc90a777/compute/accelerator/README.md';
// FlashAttention-2's best measured rate (`flash2Tflops`), the attention kernel written for Ampere that PyTorch's
// SDPA, flash-attn 2 and their Triton ports run: "50-73% of the theoretical maximum FLOPs/s on A100" (Dao 2023,
// arXiv 2307.08691, abstract), and "only 35% utilization on the H100 GPU" (Shah et al. 2024, FlashAttention-3,
// arXiv 2407.08608, abstract): 73% of 312 and 35% of 989.5. The H200 has the H100's SMs and clocks.
const FLASH2_A100 = { flash2Tflops: '227.76', flash2Source: 'https://arxiv.org/abs/2307.08691' };
const FLASH2_HOPPER = { flash2Tflops: '346.325', flash2Source: 'https://arxiv.org/abs/2407.08608' };
// The PCIe link each way between a GPU and its host (`pcieGBps`), half the datasheets' both-ways figure: "PCIe Gen5:
// 128GB/s" (H100 SXM, H200), "PCIe Gen4: 64GB/s" (A100 SXM).
const PCIE_GEN5 = { pcieGBps: '64', pcieSource: 'https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet' };
const PCIE_GEN4 = { pcieGBps: '32', pcieSource: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf' };
const HOPPER_NVLINK = { linkGBps: '370', linkSource: 'https://github.com/NVIDIA/nccl-tests/issues/212' };
const A100_NVLINK = { linkGBps: '246.7', linkSource: 'https://github.com/NVIDIA/nccl-tests/issues/212' };
// The node a device usually comes in, for the network between nodes: its NICs for the cluster's fabric and
// their rate in Gb/s (`nodeNics`, `nicGbps`), from NVIDIA's DGX datasheets.
// DGX A100: "8x Single-Port Mellanox ConnectX-6 VPI 200Gb/s HDR InfiniBand" (plus two storage ports, not counted).
const DGX_A100_NICS = { nodeNics: '8', nicGbps: '200', nodeSource: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/nvidia-dgx-a100-datasheet.pdf' };
// DGX H100 and DGX H200: "8x single-port NVIDIA ConnectX-7 VPI, up to 400Gb/s InfiniBand/Ethernet".
const DGX_HOPPER_NICS = { nodeNics: '8', nicGbps: '400', nodeSource: 'https://resources.nvidia.com/en-us-dgx-systems/ai-enterprise-dgx' };

export const DEVICES = [
  { slug: 't4', name: 'T4', mebibytes: '15360', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797' },
  { slug: 'a10', name: 'A10', mebibytes: '23028', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797' },
  { slug: 'l4', name: 'L4', mebibytes: '23034', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797' },
  // The 24 GB consumer cards fine-tuning is often done on. GeForce Tensor Cores run BF16 with FP32 accumulation at
  // half their FP16-accumulate rate; the whitepapers give that figure dense and "with sparsity".
  {
    slug: 'rtx-4090', name: 'RTX 4090', mebibytes: '24564', memorySource: 'https://github.com/RLinf/RLinf/issues/255',
    // "Peak BF16 Tensor TFLOPS with FP32 Accumulate 165.2 | 330.4" (GeForce RTX 4090 column, appendix table).
    peakTflops: '165.2', peakSource: 'https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf',
  },
  {
    slug: 'rtx-3090', name: 'RTX 3090', mebibytes: '24576', memorySource: 'https://github.com/noonghunna/club-3090/issues/390',
    // "Peak BF16 Tensor TFLOPS with FP32 Accumulate 71 | 142" (GeForce RTX 3090 column).
    peakTflops: '71', peakSource: 'https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf',
  },
  {
    slug: 'a100-40gb', name: 'A100 40GB', mebibytes: '40960', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797',
    // "BFLOAT16 Tensor Core 312 TFLOPS | 624 TFLOPS*" (* with sparsity).
    peakTflops: '312', peakSource: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf',
    // "GPU Memory Bandwidth 1,555GB/s" (A100 40GB SXM column).
    memoryGBps: '1555', memorySourceBandwidth: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf',
    ...A100_NVLINK, ...DGX_A100_NICS, ...FLASH2_A100, ...PCIE_GEN4,
  },
  { slug: 'l40s', name: 'L40S', mebibytes: '46068', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797' },
  {
    slug: 'h100-sxm', name: 'H100 SXM 80GB', mebibytes: '81559', memorySource: 'https://github.com/NVIDIA/nccl/issues/1264',
    // "BFLOAT16 Tensor Core 1,979 teraFLOPS" with sparsity (H100 SXM column).
    peakTflops: '989.5', peakSource: 'https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet',
    // "FP8 Tensor Core 3,958 teraFLOPS" with sparsity; "GPU Memory Bandwidth 3.35TB/s" (H100 SXM column).
    fp8Tflops: '1979', memoryGBps: '3350', memorySourceBandwidth: 'https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet',
    // "NVIDIA H100 SXM | 794.5 | 989 | 80.3%" (BF16) and "| 1402.6 | 1979 | 70.9%" (FP8).
    mamfTflops: '794.5', fp8MamfTflops: '1402.6', mamfSource: MAMF_SOURCE,
    ...HOPPER_NVLINK, ...DGX_HOPPER_NICS, ...FLASH2_HOPPER, ...PCIE_GEN5,
  },
  {
    slug: 'h100-pcie', name: 'H100 PCIe 80GB',
    // "BFLOAT16 Tensor Core 1,513 teraFLOPS" with sparsity (H100 PCIe column).
    peakTflops: '756.5', peakSource: 'https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet',
  },
  {
    slug: 'a100-80gb', name: 'A100 80GB', mebibytes: '81920', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797',
    peakTflops: '312', peakSource: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf',
    // "GPU Memory Bandwidth 2,039GB/s" (A100 80GB SXM column).
    memoryGBps: '2039', memorySourceBandwidth: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf',
    // "NVIDIA A100 SXM | 271.2 | 312 | 86.9%" (BF16): the share the model's ceiling was fitted at.
    mamfTflops: '271.2', mamfSource: MAMF_SOURCE,
    ...A100_NVLINK, ...DGX_A100_NICS, ...FLASH2_A100, ...PCIE_GEN4,
  },
  {
    slug: 'h200', name: 'H200', mebibytes: '143771', memorySource: 'nvidia-smi 570.158.01 on 8 × NVIDIA H200, as quoted in the audit (issue 16)',
    // "BFLOAT16 Tensor Core 1,979 TFLOPS" with sparsity (H200 SXM column).
    peakTflops: '989.5', peakSource: 'https://www.nvidia.com/en-us/data-center/h200/',
    // "FP8 Tensor Core 3,958 TFLOPS" with sparsity; "GPU Memory Bandwidth 4.8TB/s" (H200 SXM column).
    fp8Tflops: '1979', memoryGBps: '4800', memorySourceBandwidth: 'https://www.nvidia.com/en-us/data-center/h200/',
    ...HOPPER_NVLINK, ...DGX_HOPPER_NICS, ...FLASH2_HOPPER, ...PCIE_GEN5, pcieSource: 'https://www.nvidia.com/en-us/data-center/h200/',
  },
  {
    slug: 'b200', name: 'B200', mebibytes: '183359', memorySource: 'https://github.com/NVIDIA/TensorRT-LLM/issues/10278',
    // HGX B200: "FP16/BF16 Tensor Core 36 PFLOPS" with sparsity, for 8 GPUs.
    peakTflops: '2250', peakSource: 'https://www.nvidia.com/en-us/data-center/hgx/',
  },
  {
    slug: 'mi300x', name: 'MI300X',
    // "Peak bfloat16 1307.4 TFLOPs" (2614.9 with sparsity); 192 GB HBM3.
    peakTflops: '1307.4', peakSource: 'https://www.amd.com/content/dam/amd/en/documents/instinct-tech-docs/data-sheets/amd-instinct-mi300x-data-sheet.pdf',
  },
];

/** The device every page starts from. */
export const DEFAULT_DEVICE = 'h100-sxm';

/**
 * A device field's options on a page that takes one of a device's figures
 * (`mebibytes` or `peakTflops`): {slug, name, value (plain decimal in the
 * field's unit), figure (the source's number, for the label)}.
 */
export function deviceOptions(figure, toFieldUnit = (text) => text) {
  return DEVICES.filter((device) => device[figure]).map((device) => ({
    slug: device.slug, name: device.name, value: toFieldUnit(device[figure]), figure: device[figure],
  }));
}

/**
 * A device field's options on a page that takes several of a device's
 * figures: the field it sets takes `figure` (in its unit, `toFieldUnit`), and
 * each of `also` ({fieldKey: figure}) takes another; only the devices that
 * publish every figure but the optional ones (`optional`: figures a device may
 * lack, which leave their field empty) are offered.
 */
export function deviceOptionsWith(figure, also, { toFieldUnit = (text) => text, optional = [] } = {}) {
  const needed = [figure, ...Object.values(also).filter((name) => !optional.includes(name))];
  return DEVICES.filter((device) => needed.every((name) => device[name])).map((device) => ({
    slug: device.slug, name: device.name, value: toFieldUnit(device[figure]), figure: device[figure],
    also: Object.fromEntries(Object.entries(also).map(([key, name]) => [key, device[name] ?? ''])),
  }));
}

/** The devices with a memory figure. */
export const MEMORY_DEVICES = DEVICES.filter((device) => device.mebibytes);
/** The devices with a peak figure. */
export const COMPUTE_DEVICES = DEVICES.filter((device) => device.peakTflops);

/** MiB as an exact plain decimal of GiB: 81559 -> "79.6474609375". */
export const gibibytesOf = (mebibytes) => {
  const whole = BigInt(mebibytes) / 1024n;
  const rest = Number(BigInt(mebibytes) % 1024n) / 1024;  // a multiple of 2^-10: exact, at most ten digits
  return rest === 0 ? String(whole) : `${whole}${String(rest).slice(1)}`;
};
