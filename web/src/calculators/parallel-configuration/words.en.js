// The parallel-configuration calculator's run-time words in English, loaded
// by its page and its embed only. words.pt-BR.js has the same keys.
import SHAPE_WORDS from '../../models/shape-words.en.js';

const decimalErrors = {
  not_a_number: () => 'Use a number such as 989.5 or 3.7e2 (the point marks decimals).',
  below_minimum: ({ minimum }) => `Use at least ${minimum}.`,
  above_maximum: ({ maximum }) => `The largest accepted value is ${maximum}.`,
};
const searched = '(empty: searched)';

export default {
  title: 'Parallel Configuration Calculator',
  inputsTitle: 'Inputs',
  resultsTitle: 'The fastest layout that fits',
  formLabel: 'Parallel configuration calculator inputs',
  groups: { model: 'Model', cluster: 'Cluster', run: 'Run', knobs: 'Layout (leave empty to search)' },
  fields: {
    ...SHAPE_WORDS,
    gpus: { label: 'GPUs' },
    gpusPerNode: { label: 'GPUs per node' },
    device: {
      label: 'Device',
      byHand: 'Typed by hand',
      option: (name, mebibytes) => `${name} (${mebibytes} MiB)`,
    },
    deviceMemory: { label: 'Device memory (GiB)', errors: decimalErrors },
    reservedMemory: { label: 'Reserved memory (GiB)', errors: decimalErrors },
    peakTflops: { label: 'Dense BF16 peak (TFLOPS)', errors: decimalErrors },
    fp8Tflops: { label: 'Dense FP8 peak (TFLOPS, optional)', errors: decimalErrors },
    matmulTflops: {
      label: 'Measured matmul BF16 (TFLOPS, optional)',
      errors: { ...decimalErrors, conflicting: () => 'A measured matmul rate cannot exceed the dense BF16 peak.' },
    },
    fp8MatmulTflops: {
      label: 'Measured matmul FP8 (TFLOPS, optional)',
      errors: { ...decimalErrors, conflicting: () => 'Give it with the FP8 peak, and no more than that peak.' },
    },
    flash2Tflops: {
      label: 'Measured FlashAttention-2 (TFLOPS, optional)',
      errors: { ...decimalErrors, conflicting: () => 'A measured attention rate cannot exceed the dense BF16 peak.' },
    },
    memoryBandwidth: { label: 'Memory bandwidth (GB/s)', errors: decimalErrors },
    intraBandwidth: { label: 'All-reduce bus bandwidth in a node (GB/s)', errors: decimalErrors },
    nicsPerNode: { label: 'NICs per node' },
    nicRate: { label: 'NIC rate (Gb/s)', errors: decimalErrors },
    pcieBandwidth: { label: 'PCIe each way (GB/s, optional)', errors: decimalErrors },
    sequenceLength: { label: 'Sequence length' },
    target: { label: 'Global batch' },
    targetUnit: { label: 'Batch counted in', options: { seq: 'sequences', tok: 'tokens' } },
    tokens: { label: 'Training tokens (optional)' },
    precision: { label: 'Precision', options: { bf16: 'BF16', fp16: 'FP16', fp8: 'FP8' } },
    gradientPrecision: { label: 'Gradients', options: { fp32: 'fp32 (Megatron-LM)', bf16: 'bf16' } },
    attention: {
      label: 'Attention',
      options: {
        flash: 'fused for the device (Transformer Engine / cuDNN, FlashAttention-3)',
        flash2: 'FlashAttention-2 or older (flash-attn 2, Triton, SDPA\'s flash backend)',
        eager: 'eager (s × s scores stored)',
      },
    },
    framework: {
      label: 'Framework',
      options: { megatron: 'Megatron-LM / NeMo', deepspeed: 'DeepSpeed / Megatron-DeepSpeed', torchtitan: 'torchtitan', fsdp: 'PyTorch FSDP (Accelerate, LLM Foundry)' },
    },
    dispatcher: {
      label: 'Expert dispatcher (mixtures of experts)',
      options: {
        alltoall: 'NCCL all-to-all (a copy per token and expert)',
        deepep: 'DeepEP (a token once per node, then NVLink)',
        hybridep: 'HybridEP (a token once per node, then NVLink)',
      },
      errors: { conflicting: () => 'DeepEP and HybridEP run under Megatron-LM and torchtitan only; DeepSpeed and PyTorch FSDP send the tokens with NCCL\'s all-to-all.' },
    },
    tensorOverlap: {
      label: 'TP communication overlap',
      options: { off: 'off (each collective after its GEMM)', on: 'on (under the GEMMs: userbuffers, async TP)' },
      errors: { conflicting: () => 'Only Megatron-LM (--tp-comm-overlap) and torchtitan (async TP) overlap TP\'s collectives with its GEMMs, and only with sequence parallelism: with TP above 1 set, leave sequence parallelism on or searched.' },
    },
    tensorParallel: { label: `Tensor parallelism ${searched}` },
    pipelineParallel: { label: `Pipeline parallelism ${searched}` },
    virtualStages: { label: `Virtual stages per GPU ${searched}` },
    contextParallel: { label: `Context parallelism ${searched}` },
    expertParallel: { label: `Expert parallelism ${searched}` },
    expertTensorParallel: {
      label: `Experts' tensor parallelism: 1 or TP ${searched}`,
      errors: { conflicting: () => 'Use 1 (each expert whole on its GPU) or the tensor parallelism set above: this page prices no other.' },
    },
    zeroStage: {
      label: 'ZeRO stage',
      options: { '': 'searched', 0: 'stage 0 (no sharding)', 1: 'stage 1 (optimizer states)', 2: 'stage 2 (+ gradients)', 3: 'stage 3 (+ parameters)' },
    },
    recompute: {
      label: 'Activation recomputation',
      options: { '': 'searched', none: 'none', selective: 'selective', full: 'full (gradient checkpointing)' },
    },
    sequenceParallel: { label: 'Sequence parallelism', options: { '': 'searched', off: 'off', on: 'on' } },
    microBatch: { label: `Micro-batch ${searched}` },
    accumulationSteps: { label: `Accumulation steps ${searched}` },
    dataParallel: { label: `Data-parallel replicas ${searched}` },
  },
  results: {
    bestStepSeconds: { label: 'Predicted step', bar: 'Step', unit: 's' },
    bestTokensPerSecondPerGpu: { label: 'Predicted throughput', bar: 'Tokens/s/GPU', unit: 'tokens/s per GPU' },
    bestMfu: { label: 'Model FLOPs utilization', bar: 'MFU', unit: '%' },
    bestMemory: { label: 'Memory on the busiest GPU', unit: 'as the memory page counts it' },
    bestDays: { label: 'Training time for the tokens', unit: 'days' },
    configurationsConsidered: { label: 'Layouts considered', unit: 'that the frameworks accept and that reach the batch' },
    configurationsFitting: { label: 'Of those, layouts that fit', unit: '' },
  },
  model: {
    title: 'The model',
    intro: 'Choose a published model or paste a Hugging Face config.json: its shape fills the model fields below, as on the memory page.',
    presetLabel: 'Published model',
    presetNone: '— none —',
    pasteLabel: 'Or paste a config.json',
    pasteHint: 'Read when you leave the box, by the same reader as the training-compute page. Families: llama, mistral, mixtral, qwen2, qwen3, qwen3_moe, olmoe, gemma, gemma2, gpt2, gpt_neox, bloom, olmo, olmo2, phi3, deepseek_v3, falcon.',
    source: 'config.json',
    loaded: (name) => `${name}: its shape is in the fields below.`,
    pasted: (family) => `config.json read as ${family}: its shape is in the fields below.`,
    edited: (name) => `The shape was edited after ${name} filled it in: the fields are yours now, not the model's. Choose the model again to put its shape back.`,
    notHeld: (name) => `${name} is not counted on this page: its multi-head latent attention and the dense layers before its experts are not among the fields below. The fields are unchanged.`,
  },
  layout: {
    title: 'The layout',
    knobs: {
      tp: 'Tensor parallelism', pp: 'Pipeline parallelism', vpp: 'Virtual stages', cp: 'Context parallelism', ep: 'Expert parallelism',
      etp: 'Experts\' tensor parallelism (each expert whole on its GPU)',
      dp: 'Data parallelism', zero: 'ZeRO stage', recompute: 'Recomputation', sp: 'Sequence parallelism', micro: 'Micro-batch', accum: 'Accumulation steps',
      stages: 'Layers per stage',
    },
    // How the pipeline's stages split the layers; the ends counted in the split are Megatron-LM's two flags.
    stages: ({ first, middle, last, others, ends }) => (ends
      ? `${first} on the first (with the embedding), ${middle} on each of the ${others} others, ${last} on the last (with the loss): --account-for-embedding-in-pipeline-split and --account-for-loss-in-pipeline-split`
      : `${middle} on each`),
    values: { recompute: { none: 'none', selective: 'selective', full: 'full' }, sp: { on: 'on', off: 'off' } },
    refusal: {
      'not_whole_sequences': 'The batch in tokens is not a whole number of sequences: make it a multiple of the sequence length.',
      'no_layout': 'No layout reaches this batch on these GPUs: the batch must be a multiple of b × d, and t, p, c and e must keep the frameworks\' rules (t divides the heads, the KV heads and the FFN; p the layers, or the layers and 2 with the embedding and the loss counted in the split; 2c the sequence; e the experts). Change the batch or the GPUs, or free a knob you fixed.',
      'nothing_fits': (closest, device) => `No layout fits in ${device}: the one needing the least memory still needs ${closest}. Add GPUs, shorten the sequence, or use a device with more memory.`,
      'fp8_unsupported': 'This device has no FP8 peak: choose BF16 or FP16, or type its FP8 peak.',
    },
    wholeNodes: ({ gpus, perNode, below, above }) => `${gpus} GPUs fill no whole number of ${perNode}-GPU nodes: a launch takes whole nodes (torchrun’s --nnodes × --nproc_per_node, SLURM’s nodes), so ${below} or ${above} GPUs would. The layouts below are for ${gpus}.`,
    closest: 'The closest layout (it does not fit):',
    // When nothing fits: that layout with its optimizer states kept elsewhere, and adapters on the memory page.
    remedies: {
      title: 'What would make room, for that layout:',
      fits: (fits) => (fits ? 'which fits' : 'still too much'),
      offload: ({ memory, fits, pcie, rate }) => `Optimizer states in CPU memory: ${memory} on the busiest GPU, ${fits}${pcie
        ? `; they add ${pcie} s a step over PCIe at ${rate} GB/s each way (each updated parameter's gradient to the host, its 16-bit value back; the CPU's own optimizer step is not counted)`
        : '; type the PCIe rate to time what they add'}. DeepSpeed runs it (offload_optimizer, ZeRO 1 to 3), and Megatron-LM (--optimizer-cpu-offload with --use-precision-aware-optimizer).`,
      eightBit: ({ memory, fits }) => `Adam's two moments in 8 bits: ${memory}, ${fits}. Megatron-LM runs it (--use-precision-aware-optimizer --exp-avg-dtype fp8 --exp-avg-sq-dtype fp8).`,
      adaptersBefore: 'Or fine-tune adapters instead of every weight: the memory page counts ',
      lora: 'LoRA',
      between: ' and ',
      qlora: 'QLoRA',
      adaptersAfter: (gpus) => ` for this model with data parallelism over the ${gpus} GPUs, the only parallelism PEFT runs under (DDP, FSDP or ZeRO, in Hugging Face's trainers), the frozen weights sharded over them (ZeRO-3, FSDP's full shard).`,
    },
  },
  breakdown: {
    title: 'Where the step goes',
    description: (step) => `A bar of the predicted step, ${step} s: the parts in the table below add up to it.`,
    parts: {
      compute: 'Compute (GEMMs)', memoryBound: 'Memory-bound kernels', tensorParallel: 'Tensor-parallel collectives', contextParallel: 'Context-parallel exchange',
      expertParallel: 'Expert all-to-alls', pipelineSend: 'Pipeline sends', pipelineBubble: 'Pipeline bubble', dataParallel: 'Data-parallel reduction',
      zero3Gather: 'ZeRO-3 gathers', straggler: 'Waiting for the slowest GPU', optimizer: 'Optimizer step',
    },
    columns: { part: 'Part', seconds: 'Seconds', share: 'Share of the step' },
    efficiency: (percent) => `GEMMs at ${percent} of the device's peak (the achieved-matmul fraction for this layout's GEMM size).`,
  },
  table: {
    title: 'The ten fastest layouts that fit',
    columns: { layout: 'Layout (t · p · v · c · e · d)', zero: 'ZeRO', recompute: 'Recomputation', sp: 'SP', batch: 'b × a', memory: 'Memory', step: 'Step (s)', error: 'Measured error (runs)' },
    layout: (tp, pp, vpp, cp, ep, dp, etp) => `${tp} · ${pp} · ${vpp} · ${cp} · ${ep}${etp === tp ? '' : ` (ETP ${etp})`} · ${dp}`,
    batch: (micro, accum) => `${micro} × ${accum}`,
  },
  // Each prediction's measured error: its family's median over the published runs below (prediction-error.js).
  error: {
    family: ({ framework, sharding, device, kind }) => `${framework}, ${{ zero3: 'ZeRO-3', zero2: 'ZeRO-2', unsharded: 'ZeRO-0 or 1' }[sharding]}, ${device}, ${kind}`,
    frameworks: { megatron: 'Megatron-LM', deepspeed: 'DeepSpeed', torchtitan: 'torchtitan', fsdp: 'PyTorch FSDP' },
    devices: { a100: 'A100-class GPUs', h100: 'H100-class GPUs', other: 'this device' },
    kinds: { dense: 'dense model', moe: 'mixture of experts' },
    measured: ({ family, median, runs, fitted }) => `Measured error of this kind of prediction (${family}): a median of ${median} over ${runs} published runs, ${fitted === 0 ? 'none of which set a constant of the model' : `${fitted} of which set its constants`}. Negative: the runs took longer than predicted.`,
    unmeasured: ({ family, runs }) => `This kind of prediction (${family}) has ${runs === 0 ? 'no published run' : `only ${runs} published run${runs === 1 ? '' : 's'}`} to measure it on: its error is not known.`,
    cell: (median, runs) => `${median} (${runs})`,
    unmeasuredCell: 'not measured',
    caption: 'How far off each kind of prediction is: its published runs, how many of them set a constant, the median signed error (negative: slower than predicted), the median size of the error and how many are within 20%.',
    columns: { family: 'Kind of prediction', runs: 'Published runs', fitted: 'Of which fitted', median: 'Median error', size: 'Median size', within: 'Within 20%' },
  },
  planLink: (tokens) => `Plan this layout: the planner with its b, d, a, t, p, c, ZeRO and the predicted ${tokens} tokens/s per GPU →`,
  percent: (number) => `${number}%`,
  embed: {
    frameTitle: 'Parallel configuration calculator',
    openFull: 'open the full calculator',
    needsValidInput: 'Fix the highlighted fields in the calculator to get code with your values.',
    noscript: 'The calculator needs JavaScript and WebAssembly to search the layouts.',
  },
};
