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
    parameters: { label: 'Parâmetros', hint: 'Cada parâmetro tem um gradiente a reduzir (all-reduce); por exemplo, 7B ou 70B.' },
    gradientBytes: { label: 'Bytes por elemento do gradiente', hint: '2 para gradientes em bf16, 4 para gradientes principais em fp32.' },
    computeSeconds: {
      label: 'Computação por passo do otimizador, uma réplica (s)',
      hint: 'Segundos de passagens direta e reversa para b·a sequências numa GPU, sem comunicação. Vazio, vem dos tokens/s abaixo.',
      errors: decimalErrors,
    },
    tokensPerSecond: {
      label: 'Ou: tokens/s por GPU (opcional)',
      hint: 'Medido numa GPU, sem comunicação: computação = b·a·L ÷ tokens/s. Só é usado quando o campo de computação está vazio.',
      errors: decimalErrors,
    },
    gpusPerNode: { label: 'GPUs por nó', hint: 'Até esse número de réplicas, o anel fica dentro de um nó.' },
    intraBandwidth: {
      label: 'Largura de banda de barramento dentro do nó (GB/s)',
      hint: 'A largura de banda de barramento (bus bandwidth) do all-reduce da NCCL dentro de um nó, em 10⁹ bytes/s. 370: NVLink da H100 com o algoritmo em anel.',
      errors: decimalErrors,
    },
    interBandwidth: {
      label: 'Largura de banda de barramento entre nós (GB/s, opcional)',
      hint: 'O que o all_reduce_perf mede entre nós, usado como está. Vazio: placas de rede por nó × taxa da placa ÷ 8, no máximo o valor dentro do nó, porque os anéis da NCCL cruzam os nós por todas as placas ao mesmo tempo.',
      errors: decimalErrors,
    },
    nicsPerNode: { label: 'Placas de rede por nó', hint: 'As placas que a NCCL usa entre nós: 8 num nó HGX H100, uma por GPU. Não é lida enquanto a banda entre nós for informada.' },
    nicRate: { label: 'Taxa da placa de rede (Gb/s)', hint: 'Taxa de linha de cada placa em 10⁹ bits/s: 400 para InfiniBand NDR, 200 para HDR. Não é lida enquanto a banda entre nós for informada.', errors: decimalErrors },
    overlap: {
      label: 'Comunicação sobreposta (%)',
      hint: 'A parte do all-reduce escondida atrás da computação: 0 para nada, 100 para tudo. Um passo nunca dura menos que o seu all-reduce.',
      errors: percentErrors,
    },
    replicas: { label: 'Réplicas com paralelismo de dados', hint: 'O n dos resultados; o gráfico vai de 1 a n.' },
    mode: {
      label: 'Escalonamento',
      hint: 'Fraco: cada réplica mantém b e a, e o lote cresce com n. Forte: o lote b·a fica fixo, e cada réplica processa b·a ÷ n amostras por passo: a ÷ n passos quando n divide a, senão um microlote menor.',
      options: { weak: 'fraco (o lote cresce com n)', strong: 'forte (lote fixo)' },
    },
    microBatch: { label: 'Microlote por réplica', hint: 'Sequências em cada passagem direta e reversa.' },
    accumulationSteps: { label: 'Passos de acumulação', hint: 'Escalonamento fraco: por réplica. Forte: com n = 1; as n réplicas os repartem.' },
    sequenceLength: { label: 'Comprimento da sequência', hint: 'Tokens por sequência; 4k ou 2^12 é 4.096.' },
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
