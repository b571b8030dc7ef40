// The data-parallel scaling calculator's run-time words in English, loaded by
// its page and its embed only. words.pt-BR.js has the same keys.
const decimalErrors = {
  not_a_number: () => 'Use a number such as 2, 0.35 or 3.7e2 (the point marks decimals).',
  below_minimum: ({ minimum }) => `Use at least ${minimum}.`,
  above_maximum: ({ maximum }) => `The largest accepted value is ${maximum}.`,
};
const percentErrors = { fractional: () => 'Use a whole percentage, from 0 to 100.' };
const percent = (number) => `${number}%`;

export default {
  title: 'Data-Parallel Scaling Calculator',
  inputsTitle: 'Inputs',
  resultsTitle: 'Results',
  formLabel: 'Data-parallel scaling calculator inputs',
  groups: { model: 'Model and compute', network: 'Network', run: 'Replicas and batch' },
  fillInOneOf: (first, second) => `To see the times and throughput, fill in “${first}” or “${second}”.`,
  fields: {
    parameters: { label: 'Parameters' },
    gradientPrecision: { label: 'Gradients', options: { fp32: 'fp32 (Megatron-LM)', bf16: 'bf16' } },
    computeSeconds: {
      label: 'Compute per optimizer step, one replica (s)',
      errors: decimalErrors,
    },
    tokensPerSecond: {
      label: 'Or: tokens/s per GPU (optional)',
      errors: decimalErrors,
    },
    gpusPerNode: { label: 'GPUs per node' },
    intraBandwidth: {
      label: 'Intra-node bus bandwidth (GB/s)',
      errors: decimalErrors,
    },
    interBandwidth: {
      label: 'Inter-node bus bandwidth (GB/s, optional)',
      errors: decimalErrors,
    },
    nicsPerNode: { label: 'NICs per node' },
    nicRate: { label: 'NIC rate (Gb/s)', errors: decimalErrors },
    overlap: {
      label: 'Communication overlapped (%)',
      errors: percentErrors,
    },
    dataParallel: { label: 'Data-parallel replicas' },
    mode: {
      label: 'Scaling',
      options: { weak: 'weak (batch grows with n)', strong: 'strong (fixed batch)' },
    },
    microBatch: { label: 'Micro-batch per replica' },
    accumulationSteps: { label: 'Accumulation steps' },
    sequenceLength: { label: 'Sequence length' },
  },
  results: {
    globalBatch: { label: 'Global batch at n', unit: 'sequences' },
    microBatch: { label: 'Micro-batch per replica at n', unit: 'sequences', notDivisible: 'does not divide' },
    accumulationSteps: { label: 'Accumulation steps per replica at n', unit: '', notDivisible: 'does not divide' },
    gradientBytes: { label: 'Gradients to all-reduce', unit: 'bytes' },
    busBandwidth: { label: 'Bus bandwidth used at n', unit: 'GB/s' },
    computeSeconds: { label: 'Compute per step at n', unit: 's', notDivisible: 'does not divide' },
    allreduceSeconds: { label: 'All-reduce time at n', bar: 'All-reduce', unit: 's' },
    stepSeconds: { label: 'Step time at n', bar: 'Step', unit: 's', notDivisible: 'does not divide' },
    throughputSamples: { label: 'Throughput', unit: 'sequences/s', notDivisible: 'does not divide' },
    throughputTokens: { label: 'Throughput', unit: 'tokens/s', notDivisible: 'does not divide' },
    scalingEfficiency: { label: 'Scaling efficiency', bar: 'Efficiency', unit: '%', notDivisible: 'does not divide' },
  },
  model: {
    title: 'The model',
    intro: 'Choose a published model or paste a Hugging Face config.json: its parameters, counted as on the compute and memory pages, become the gradients to reduce.',
    presetLabel: 'Published model',
    presetNone: '— none —',
    pasteLabel: 'Or paste a config.json',
    pasteHint: 'Read when you leave the box, by the same reader as the training-compute page. Families: llama, mistral, mixtral, qwen2, qwen3, qwen3_moe, olmoe, gemma, gemma2, gpt2, gpt_neox, bloom, olmo, olmo2, phi3, deepseek_v3, falcon.',
    source: 'config.json',
    loaded: (name) => `${name}: its parameters are in the field below.`,
    pasted: (family) => `config.json read as ${family}: its parameters are in the field below.`,
    edited: (name) => `The parameters were edited after ${name} filled them in: the figure is yours now, not the model's. Choose the model again to put its count back.`,
  },
  curve: {
    title: 'Throughput and efficiency as replicas are added',
    description: (replicas, tokens, efficiency, floor) =>
      `Two charts against the replicas, on a log scale: throughput in tokens/s, also on a log scale, beside perfect linear scaling (dashed), and scaling efficiency from ${floor} to 100%. At ${replicas} replicas: ${tokens} tokens/s, ${efficiency}. The table below has every point.`,
    chartReplicas: 'replicas n (log scale)',
    nodeBoundary: (gpus) => `node boundary (${gpus} GPUs)`,
    point: (replicas, tokens, efficiency) => `n = ${replicas}: ${tokens} tokens/s, ${efficiency}`,
    chartThroughput: 'tokens/s (log scale)',
    efficiencyDrop: (n, efficiency, points) => `at n = ${n}: ${efficiency}, ${points} points below 100%`,
    chartEfficiency: 'efficiency',
    columns: { replicas: 'Replicas n', link: 'Ring', accumulation: 'Micro-batch × accumulation per replica', allreduce: 'All-reduce (s)', step: 'Step (s)', tokens: 'Tokens/s', efficiency: 'Efficiency' },
    withinNode: 'within a node',
    acrossNodes: 'across nodes',
    notDivisible: 'does not divide',
    split: (micro, steps) => `${micro} × ${steps}`,
    percent,
    legend: { throughput: 'throughput', ideal: 'perfect linear scaling', efficiency: 'efficiency' },
  },
  batchLink: (batch) => `Open this batch in the effective batch calculator (B = ${batch}) →`,
  embed: {
    frameTitle: 'Data-parallel scaling calculator',
    openFull: 'open the full calculator',
    needsValidInput: 'Fix the highlighted fields in the calculator to get code with your values.',
    noscript: 'The calculator needs JavaScript and WebAssembly to do the arithmetic.',
  },
};
