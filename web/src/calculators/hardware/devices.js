// The accelerators every page offers, the one list of them: the memory a
// device really has, as nvidia-smi reports it in MiB (the "Memory-Usage"
// total, where it was published: `memorySource`), and its dense BF16 peak in
// TFLOPS from the vendor's datasheet (`peakSource`). NVIDIA's datasheets give
// Tensor Core figures "with sparsity"; the dense peak is half of that, the
// figure model FLOPs utilization is measured against.
export const DEVICES = [
  { name: 'T4', mebibytes: '15360', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797' },
  { name: 'A10', mebibytes: '23028', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797' },
  { name: 'L4', mebibytes: '23034', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797' },
  {
    name: 'A100 40GB', mebibytes: '40960', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797',
    // "BFLOAT16 Tensor Core 312 TFLOPS | 624 TFLOPS*" (* with sparsity).
    peakTflops: '312', peakSource: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf',
  },
  { name: 'L40S', mebibytes: '46068', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797' },
  {
    name: 'H100 SXM 80GB', mebibytes: '81559', memorySource: 'https://github.com/NVIDIA/nccl/issues/1264',
    // "BFLOAT16 Tensor Core 1,979 teraFLOPS" with sparsity (H100 SXM column).
    peakTflops: '989.5', peakSource: 'https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet',
  },
  {
    name: 'H100 PCIe 80GB',
    // "BFLOAT16 Tensor Core 1,513 teraFLOPS" with sparsity (H100 PCIe column).
    peakTflops: '756.5', peakSource: 'https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet',
  },
  {
    name: 'A100 80GB', mebibytes: '81920', memorySource: 'https://github.com/modal-labs/modal-client/pull/2797',
    peakTflops: '312', peakSource: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf',
  },
  {
    name: 'H200', mebibytes: '143771', memorySource: 'nvidia-smi 570.158.01 on 8 × NVIDIA H200, as quoted in the audit (issue 16)',
    // "BFLOAT16 Tensor Core 1,979 TFLOPS" with sparsity (H200 SXM column).
    peakTflops: '989.5', peakSource: 'https://www.nvidia.com/en-us/data-center/h200/',
  },
  {
    name: 'B200', mebibytes: '183359', memorySource: 'https://github.com/NVIDIA/TensorRT-LLM/issues/10278',
    // HGX B200: "FP16/BF16 Tensor Core 36 PFLOPS" with sparsity, for 8 GPUs.
    peakTflops: '2250', peakSource: 'https://www.nvidia.com/en-us/data-center/hgx/',
  },
  {
    name: 'MI300X',
    // "Peak bfloat16 1307.4 TFLOPs" (2614.9 with sparsity); 192 GB HBM3.
    peakTflops: '1307.4', peakSource: 'https://www.amd.com/content/dam/amd/en/documents/instinct-tech-docs/data-sheets/amd-instinct-mi300x-data-sheet.pdf',
  },
];

/** The devices with a memory figure. */
export const MEMORY_DEVICES = DEVICES.filter((device) => device.mebibytes);
/** The devices with a peak figure. */
export const COMPUTE_DEVICES = DEVICES.filter((device) => device.peakTflops);
