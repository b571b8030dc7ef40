// As palavras da calculadora de escalonamento com paralelismo de dados em
// português do Brasil, carregadas só pela página dela e pela incorporação.
// words.en.js tem as mesmas chaves.
const decimalErrors = {
  not_a_number: () => 'Use um número como 2, 0,35 ou 3,7e2 (a vírgula marca os decimais).',
  below_minimum: ({ minimum }) => `Use pelo menos ${minimum}.`,
  above_maximum: ({ maximum }) => `O maior valor aceito é ${maximum}.`,
};
const percentErrors = { fractional: () => 'Use uma porcentagem inteira, de 0 a 100.' };
const percent = (number) => `${number}%`;

export default {
  title: 'Calculadora de Escalonamento com Paralelismo de Dados',
  inputsTitle: 'Entradas',
  resultsTitle: 'Resultados',
  formLabel: 'Entradas da calculadora de escalonamento com paralelismo de dados',
  groups: { model: 'Modelo e computação', network: 'Rede', run: 'Réplicas e lote' },
  fillInOneOf: (first, second) => `Para ver os tempos e a vazão, preencha “${first}” ou “${second}”.`,
  fields: {
    parameters: { label: 'Parâmetros' },
    gradientPrecision: { label: 'Gradientes', options: { fp32: 'fp32 (Megatron-LM)', bf16: 'bf16' } },
    computeSeconds: {
      label: 'Computação por passo do otimizador, uma réplica (s)',
      errors: decimalErrors,
    },
    tokensPerSecond: {
      label: 'Ou: tokens/s por GPU (opcional)',
      errors: decimalErrors,
    },
    gpusPerNode: { label: 'GPUs por nó' },
    intraBandwidth: {
      label: 'Largura de banda de barramento dentro do nó (GB/s)',
      errors: decimalErrors,
    },
    interBandwidth: {
      label: 'Largura de banda de barramento entre nós (GB/s, opcional)',
      errors: decimalErrors,
    },
    nicsPerNode: { label: 'Placas de rede por nó' },
    nicRate: { label: 'Taxa da placa de rede (Gb/s)', errors: decimalErrors },
    overlap: {
      label: 'Comunicação sobreposta (%)',
      errors: percentErrors,
    },
    dataParallel: { label: 'Réplicas com paralelismo de dados' },
    mode: {
      label: 'Escalonamento',
      options: { weak: 'fraco (o lote cresce com n)', strong: 'forte (lote fixo)' },
    },
    microBatch: { label: 'Microlote por réplica' },
    accumulationSteps: { label: 'Passos de acumulação' },
    sequenceLength: { label: 'Comprimento da sequência' },
  },
  results: {
    globalBatch: { label: 'Lote global com n', unit: 'sequências' },
    microBatch: { label: 'Microlote por réplica com n', unit: 'sequências', notDivisible: 'não divide' },
    accumulationSteps: { label: 'Passos de acumulação por réplica com n', unit: '', notDivisible: 'não divide' },
    gradientBytes: { label: 'Gradientes a reduzir', unit: 'bytes' },
    busBandwidth: { label: 'Largura de banda usada com n', unit: 'GB/s' },
    computeSeconds: { label: 'Computação por passo com n', unit: 's', notDivisible: 'não divide' },
    allreduceSeconds: { label: 'Tempo do all-reduce com n', bar: 'All-reduce', unit: 's' },
    stepSeconds: { label: 'Tempo do passo com n', bar: 'Passo', unit: 's', notDivisible: 'não divide' },
    throughputSamples: { label: 'Vazão', unit: 'sequências/s', notDivisible: 'não divide' },
    throughputTokens: { label: 'Vazão', unit: 'tokens/s', notDivisible: 'não divide' },
    scalingEfficiency: { label: 'Eficiência de escalonamento', bar: 'Eficiência', unit: '%', notDivisible: 'não divide' },
  },
  model: {
    title: 'O modelo',
    intro: 'Escolha um modelo publicado ou cole um config.json do Hugging Face: os seus parâmetros, contados como nas páginas de cômputo e de memória, viram os gradientes a reduzir.',
    presetLabel: 'Modelo publicado',
    presetNone: '— nenhum —',
    pasteLabel: 'Ou cole um config.json',
    pasteHint: 'Lido quando você sai da caixa, pelo mesmo leitor da página de cômputo de treinamento. Famílias: llama, mistral, mixtral, qwen2, qwen3, qwen3_moe, olmoe, gemma, gemma2, gpt2, gpt_neox, bloom, olmo, olmo2, phi3, deepseek_v3, falcon.',
    source: 'config.json',
    loaded: (name) => `${name}: os seus parâmetros estão no campo abaixo.`,
    pasted: (family) => `config.json lido como ${family}: os seus parâmetros estão no campo abaixo.`,
    edited: (name) => `Os parâmetros foram editados depois que ${name} os preencheu: o número agora é seu, não do modelo. Escolha o modelo de novo para restaurar a contagem dele.`,
  },
  curve: {
    title: 'Vazão e eficiência à medida que se acrescentam réplicas',
    description: (replicas, tokens, efficiency, floor) =>
      `Dois gráficos contra as réplicas, em escala logarítmica: a vazão em tokens/s, também em escala logarítmica, ao lado do escalonamento linear perfeito (tracejado), e a eficiência de escalonamento de ${floor} a 100%. Com ${replicas} réplicas: ${tokens} tokens/s, ${efficiency}. A tabela abaixo tem todos os pontos.`,
    chartReplicas: 'réplicas n (escala logarítmica)',
    nodeBoundary: (gpus) => `limite do nó (${gpus} GPUs)`,
    point: (replicas, tokens, efficiency) => `n = ${replicas}: ${tokens} tokens/s, ${efficiency}`,
    chartThroughput: 'tokens/s (escala log)',
    efficiencyDrop: (n, efficiency, points) => `em n = ${n}: ${efficiency}, ${points} pontos abaixo de 100%`,
    chartEfficiency: 'eficiência',
    columns: { replicas: 'Réplicas n', link: 'Anel', accumulation: 'Microlote × acumulação por réplica', allreduce: 'All-reduce (s)', step: 'Passo (s)', tokens: 'Tokens/s', efficiency: 'Eficiência' },
    withinNode: 'dentro de um nó',
    acrossNodes: 'entre nós',
    notDivisible: 'não divide',
    split: (micro, steps) => `${micro} × ${steps}`,
    percent,
    legend: { throughput: 'vazão', ideal: 'escalonamento linear perfeito', efficiency: 'eficiência' },
  },
  batchLink: (batch) => `Abrir este lote na calculadora de lote efetivo (B = ${batch}) →`,
  embed: {
    frameTitle: 'Calculadora de escalonamento com paralelismo de dados',
    openFull: 'abrir a calculadora completa',
    needsValidInput: 'Corrija os campos destacados na calculadora para obter o código com os seus valores.',
    noscript: 'A calculadora precisa de JavaScript e WebAssembly para fazer as contas.',
  },
};
