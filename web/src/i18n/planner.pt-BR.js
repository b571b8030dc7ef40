// The planner's words in Brazilian Portuguese: its labels and hints (rendered
// into the page at build time) and every text it writes at run time. Loaded
// with the planner, so the first load of the page does not carry it.
// planner.en.js has the same keys.

const MEGATRON_CALCULATOR = 'megatron/core/num_microbatches_calculator.py';

export default {
  title: 'Planejar o treinamento',
  intro: 'As perguntas que vêm logo depois do lote global: quantas réplicas o seu cluster dá, quais passos de acumulação atingem um lote-alvo, quantos passos do otimizador um orçamento de tokens exige, como escalar a taxa de aprendizado e como fica, passo a passo, um aumento gradual do lote. Usa b, d, a e L da calculadora acima; todos os números vêm do mesmo núcleo WebAssembly, exatos onde a grandeza é um número inteiro.',
  loading: 'Carregando o planejador…',
  failed: 'Não foi possível carregar o módulo do planejador (WebAssembly). Recarregue a página ou use um navegador atualizado.',
  crashed: 'O módulo do planejador falhou e está sendo reiniciado; os resultados voltam em seguida.',
  formLabel: 'Planejador de treinamento',

  groups: {
    cluster: {
      title: 'Cluster → grau de paralelismo de dados',
      hint: 'd = GPUs ÷ (TP·PP·CP): o paralelismo de tensor, de pipeline e de contexto divide cada réplica do modelo, e só as réplicas multiplicam o lote. O paralelismo de experts (EP) não entra: os experts de um MoE são distribuídos numa grade própria, dentro das réplicas de dados, e o d denso que define o lote não muda.',
    },
    target: {
      title: 'Resolver o fator que falta',
      hint: 'Um lote global desejado, em sequências ou em tokens por passo; b, d e L vêm da calculadora.',
    },
    budget: {
      title: 'Orçamento de tokens → passos do otimizador',
      hint: 'Contagens de tokens aceitam abreviações decimais além dos algarismos: 2T, 300B, 4,5M.',
    },
    learningRate: {
      title: 'Escala da taxa de aprendizado',
      hint: 'A taxa de aprendizado ajustada num lote de referência B₀, reescalada para o lote atual B.',
    },
    ramp: {
      title: 'Aumento gradual do lote (Megatron-LM)',
      hint: 'O --rampup-batch-size START INCR SAMPLES do Megatron-LM: o lote começa em START e cresce de INCR em INCR ao longo de SAMPLES amostras, até o B da calculadora. Deixe os três campos vazios para um lote constante.',
    },
  },

  fields: {
    worldSize: { label: 'GPUs (world size)', hint: 'Todas as GPUs do job.' },
    tensorParallel: { label: 'Paralelismo de tensor (TP)', hint: 'GPUs que dividem cada camada.' },
    pipelineParallel: { label: 'Paralelismo de pipeline (PP)', hint: 'Estágios em que as camadas são divididas.' },
    contextParallel: { label: 'Paralelismo de contexto (CP)', hint: 'GPUs que dividem cada sequência.' },
    gpusPerNode: { label: 'GPUs por nó', hint: 'Só para os comandos de lançamento das configurações exportadas: nós = GPUs ÷ GPUs por nó.' },
    target: { label: 'Lote global desejado', hint: 'Na unidade escolhida ao lado. Em tokens aceita abreviações: 4M é 4.000.000; 2^22 é 4.194.304.' },
    budget: { label: 'Tokens de treinamento', hint: 'O treinamento inteiro, por exemplo 2T ou 300B.' },
    dataset: { label: 'Tamanho do dataset em tokens (opcional)', hint: 'Para o número de épocas.' },
    warmup: { label: 'Aquecimento em tokens (opcional)', hint: 'Convertido em passos do otimizador, arredondando para cima; com ramp-up, contado ao longo dos seus lotes menores.' },
    throughput: { label: 'Vazão por GPU (opcional)', hint: 'Tokens por segundo por GPU, medidos, por exemplo 3.500 ou 3,5e3, para o tempo de relógio.' },
    referenceBatch: { label: 'Lote de referência B₀', hint: 'Em sequências, o lote em que a taxa de aprendizado foi ajustada.' },
    learningRate: { label: 'Taxa de aprendizado em B₀', hint: 'Por exemplo 3e-4 ou 0,0003.' },
    rampStart: { label: 'Lote inicial (START)', hint: 'Sequências por passo no começo.' },
    rampIncrement: { label: 'Incremento (INCR)', hint: 'Sequências somadas a cada estágio.' },
    rampSamples: { label: 'Amostras do aumento (SAMPLES)', hint: 'Amostras ao longo das quais o lote chega a B; aceita 10M e afins.' },
  },
  unit: { label: 'Unidade do alvo', seq: 'sequências', tok: 'tokens por passo' },

  fieldErrors: {
    tokens: {
      not_a_number: () => 'Use algarismos ou uma abreviação como 2T, 300B ou 4,5M (K, M, B, T vão de milhares a trilhões).',
      fractional: () => 'Isso deixa uma fração: use um número inteiro, ou uma abreviação que dê inteiro (4,5M, não 4,5000001M).',
    },
    decimal: {
      not_a_number: () => 'Use um número como 3e-4, 0,0003 ou 3.500 (a vírgula marca os decimais).',
      below_minimum: ({ minimum }) => `Use pelo menos ${minimum}.`,
      above_maximum: ({ maximum }) => `O valor máximo aceito é ${maximum}.`,
    },
  },
  percent: (number) => `${number} %`,
  results: {
    dataParallel: 'Réplicas de dados d',
    accumulationSteps: 'Passos de acumulação a',
    batchBelow: 'Lote mais próximo abaixo',
    batchAbove: 'Lote mais próximo acima',
    dataParallelNeeded: 'Réplicas d para o alvo, com b e a',
    microBatchNeeded: 'Microlote b para o alvo, com d e a',
    optimizerSteps: 'Passos do otimizador',
    lastStepTokens: 'Tokens no último passo',
    warmupSteps: 'Passos de aquecimento',
    epochs: 'Épocas sobre o dataset',
    duration: 'Tempo de relógio',
    stepsWithRamp: 'Passos do otimizador com o aumento gradual',
    learningRateLinear: 'Regra linear η·B/B₀',
    learningRateSqrt: 'Regra da raiz quadrada η·√(B/B₀)',
    rampSteps: 'Passos até o lote completo',
    rampSamples: 'Amostras até o lote completo',
    rampTokens: 'Tokens até o lote completo',
  },

  reasons: {
    target_divides: 'o alvo divide: veja a',
    no_achievable_batch: 'nenhum',
    missing_input: 'preencha os campos acima',
    invalid_input: 'corrija os campos destacados',
    not_divisible: 'não é divisível',
    not_whole_sequences: 'não dá sequências inteiras',
    overflow: 'grande demais',
    start_above_final: 'início acima de B',
    no_increments: 'início igual a B',
    increment_not_dividing: 'incremento não divide',
    stage_not_divisible: 'estágio não divisível',
    too_many_stages: 'estágios demais',
  },
  calculatorInvalid: 'Corrija antes os campos da calculadora acima: o planejador usa os seus b, d, a e L.',

  cluster: {
    matches: 'A calculadora acima usa este d.',
    differs: (calculatorValue) => `A calculadora acima usa d = ${calculatorValue}.`,
    use: (value) => `Usar d = ${value} na calculadora`,
    notDivisible: ({ world, tp, pp, cp, product }) =>
      `O world size (${world}) não é divisível por TP·PP·CP = ${tp}·${pp}·${cp} = ${product}; o Megatron-LM para já na inicialização.`,
    nearest: ({ below, above }) => (below ? `World sizes válidos mais próximos: ${below} e ${above} GPUs.` : `O menor world size válido é ${above} GPUs.`),
  },

  solve: {
    exact: ({ b, d, a, batch, unit }) => `b·d·a = ${b} × ${d} × ${a} = ${batch} ${unit}.`,
    notDivisible: ({ target, b, d, step }) => `${target} sequências não é múltiplo de b·d = ${b} × ${d} = ${step}.`,
    notWhole: ({ target, length }) => `${target} tokens não dá um número inteiro de sequências de ${length} tokens.`,
    achievable: ({ batch, unit, a, drift }) => `${batch} ${unit} (a = ${a}, ${drift} em relação ao alvo)`,
    units: { seq: 'sequências', tok: 'tokens' },
    frameworksTitle: 'O que os frameworks fazem com este alvo',
    megatron: ({ target, b, d }) =>
      `O Megatron-LM recusa na inicialização: “global batch size (${target}) is not divisible by micro batch size (${b}) times data parallel size (${d})” (${MEGATRON_CALCULATOR}, ConstantNumMicroBatchesCalculator).`,
    deepspeed: ({ target, b, d, accumulation }) => (accumulation === '0'
      ? `O DeepSpeed calcula gradient_accumulation_steps = ${target} // ${b} // ${d} = 0 e para: “Gradient accumulation steps: 0 has to be greater than 0” (deepspeed/runtime/config.py, _set_batch_related_parameters e _batch_assertion).`
      : `O DeepSpeed, com train_batch_size e o microlote, calcula gradient_accumulation_steps = ${target} // ${b} // ${d} = ${accumulation} e depois para na sua verificação: “${target} != ${b} * ${accumulation} * ${d}” (deepspeed/runtime/config.py, _set_batch_related_parameters e _batch_assertion).`),
    olmo: ({ device, batch, d }) =>
      `O OLMo define o lote por dispositivo como global // world size = ${device} sem aviso (scripts/train.py); com ${d} GPUs, o otimizador vê ${batch} sequências por passo.`,
    gpusNeeded: ({ gpus, model }) => `${gpus} GPUs com TP·PP·CP = ${model}`,
    exactMicroTitle: 'Outros microlotes que atingem o alvo exatamente com o mesmo d',
    exactMicro: ({ b, a }) => `b = ${b} (a = ${a})`,
    noExactMicro: 'nenhum até b = 4.096.',
    notMultipleOfD: 'nenhum: o alvo não é múltiplo de d.',
  },

  budget: {
    warmupWithRamp: ({ full }) => `ao longo do ramp-up: o Megatron-LM conta --lr-warmup-samples em amostras consumidas (${full} com o lote cheio)`,
    lastStep: ({ tokens, full }) => (tokens === full ? 'um passo completo' : `${tokens} de ${full} tokens`),
    epochs: (value) => `${value} épocas`,
    gpus: (count) => `em ${count} GPUs (d·TP·PP·CP)`,
    duration: ({ days, hours, minutes, seconds }) => (days + hours + minutes === 0
      ? `${seconds} s`
      : [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`].filter(Boolean).join(' ')),
    needsThroughput: 'informe a vazão',
    needsDataset: 'informe o tamanho do dataset',
    needsWarmup: 'informe o aquecimento',
    needsRamp: 'defina um aumento gradual',
  },

  learningRate: {
    caveatsTitle: 'Antes de usar',
    linear: 'A escala linear com aquecimento é uma heurística para SGD: Goyal et al. 2017, “Accurate, Large Minibatch SGD: Training ImageNet in 1 Hour”.',
    sqrt: 'A regra da raiz quadrada vem de uma análise por EDEs do Adam e do RMSprop: Malladi et al. 2022, “On the SDEs and Scaling Rules for Adaptive Gradient Algorithms”. A regra completa, para um lote κ vezes maior, também multiplica 1 − β₁ e 1 − β₂ por κ e troca ε por ε/√κ.',
    critical: 'Nenhuma das duas vale acima do lote crítico, a partir do qual um lote maior deixa de poupar passos na mesma proporção: McCandlish et al. 2018, “An Empirical Model of Large-Batch Training”.',
  },

  ramp: {
    start_above_final: ({ start, final }) =>
      `O Megatron-LM recusa: “expected global batch size to be greater than or equal to start batch size, got ${final} and ${start}” (${MEGATRON_CALCULATOR}).`,
    increment_not_dividing: ({ difference, increment }) =>
      `O Megatron-LM recusa: “expected global batch size interval (${difference}) to be divisible by global batch size increment (${increment})” (${MEGATRON_CALCULATOR}).`,
    no_increments: ({ start }) =>
      `O aumento começa no lote final (${start}): não há o que aumentar, e o Megatron-LM dividiria as amostras por zero incrementos. Deixe os campos vazios para um lote constante.`,
    stage_not_divisible: ({ batch, b, d }) =>
      `O Megatron-LM para quando o lote chega a ${batch}: “current global batch size (${batch}) is not divisible by micro-batch-size (${b}) timesdata parallel size (${d})” (${MEGATRON_CALCULATOR}; o espaço que falta é do Megatron).`,
    too_many_stages: ({ count }) => `Mais de ${count} estágios: demais para listar. Use um incremento maior.`,
    overflow: 'O lote final é grande demais para um aumento gradual.',
    incomplete: 'Preencha os três campos do aumento gradual, ou nenhum.',
    caption: 'Estágios do aumento gradual: o lote de cada estágio, seus microlotes por passo, quantos passos do otimizador dura e onde começa',
    columns: { batch: 'Lote global', microbatches: 'Microlotes por passo (lote ÷ b·d)', steps: 'Passos do otimizador', firstSample: 'Primeira amostra', firstToken: 'Primeiro token' },
    finalRow: 'depois, o lote completo',
    untilEnd: 'até o fim',
    chartTitle: 'Lote global em função dos tokens consumidos',
    chartDescription: (stages, final) => `Um gráfico em degraus de ${stages} estágios de aumento, subindo até ${final} sequências; a tabela abaixo traz os mesmos números.`,
    axisTokens: 'tokens',
    axisBatch: 'lote',
    oldMegatron: 'Megatron-LM antes do core 0.18',
    newMegatron: 'Megatron-LM core 0.18 em diante',
    oldNote: 'O core 0.18 ainda aceita --rampup-batch-size, mas não o repassa mais ao cálculo do lote (megatron/training/global_vars.py): o aumento é ignorado sem aviso.',
    newNote: 'O mesmo cronograma como --step-batch-size-schedule; os limiares estão em tokens porque o Megatron o usa junto com --seq-length. Não passe --global-batch-size: o Megatron recusa os dois juntos (megatron/training/arguments.py).',
  },

  recipes: {
    title: 'Receitas publicadas',
    hint: 'Treinamentos reais, cada um num link que preenche a calculadora e o planejador com os seus números. Cada um diz de onde vêm os números.',
    source: 'Fonte',
    derived: 'Derivado, não publicado: escolhido para que os valores publicados se mantenham (b·d·a = B, d = GPUs ÷ (TP·PP·CP)); qualquer divisão com o mesmo produto treina com o mesmo lote.',
    keys: { micro: 'b', dp: 'd', accum: 'a', seq: 'L', target: 'B', world: 'GPUs', tp: 'TP', pp: 'PP', cp: 'CP', gpn: 'GPUs/nó', ramp: 'aumento gradual' },
  },
  export: {
    title: 'Exportar configuração',
    hint: 'O lote acima, escrito na configuração de cada framework e conferido com a regra do próprio framework: aplicada aos números escritos aqui, ela devolve B. Onde um framework recusaria ou mudaria os valores, a nota ao lado diz isso. Pronto para colar, ou para baixar como arquivo.',
    versions: {
      megatron: { label: 'Versão do Megatron-LM', options: { legacy: 'antes do core 0.18 (--rampup-batch-size)', 'core-0.18': 'core 0.18 em diante (--step-batch-size-schedule)' } },
      torchtitan: { label: 'Versão do torchtitan', options: { 'v0.2.2': 'v0.2.2 (TOML, lote em sequências)', main: 'main em b5bcd76 (configuração em Python, lote em tokens)' } },
    },
    needsValidInput: 'Corrija os campos destacados (da calculadora, do cluster e do aumento gradual) para obter as configurações.',
    titles: {
      deepspeed: 'DeepSpeed (JSON)', hfPython: 'Hugging Face TrainingArguments e TRL SFTConfig (Python)', hfCli: 'Hugging Face Trainer (linha de comando)',
      accelerate: 'Accelerate (accelerate launch)', lightning: 'PyTorch Lightning (Python)', megatron: 'Megatron-LM (argumentos)',
      torchtitan: 'torchtitan (TOML da v0.2.2 ou Python da main)', nanotron: 'nanotron (YAML)', maxtext: 'MaxText (YAML)', olmo: 'OLMo e llm-foundry (YAML)',
    },
    import: {
      title: 'Importar',
      label: 'Cole uma configuração',
      hint: 'Um JSON do DeepSpeed, uma linha de argumentos do Megatron-LM ou as opções do Trainer do Hugging Face (com o lançamento pelo torchrun ou pelo accelerate, se houver). Os valores preenchem a calculadora e o planejador; cada número é conferido como se fosse digitado.',
      button: 'Importar',
      formats: { deepspeed: 'JSON do DeepSpeed', megatron: 'argumentos do Megatron-LM', huggingface: 'opções do Trainer do Hugging Face' },
      done: ({ format, b, d, a }) => `Importado de ${format}: b = ${b}, d = ${d}, a = ${a}.`,
      errors: {
        failed: () => 'Não foi possível iniciar a importação: recarregue a página e tente de novo.',
        empty: () => 'Cole uma configuração primeiro.',
        tooLong: ({ limit }) => `Longo demais para uma configuração de lote: no máximo ${limit} caracteres. Nada foi lido.`,
        unknownFormat: () => 'Não é um JSON do DeepSpeed (que começa com “{”), uma linha do Megatron-LM (--micro-batch-size, --global-batch-size) nem opções do Hugging Face (--per_device_train_batch_size).',
        badJson: () => 'JSON inválido: o leitor de JSON do navegador o recusou.',
        badCommandLine: () => 'Não foi possível separar a linha de comando em palavras.',
        repeatedFlag: ({ name }) => `--${name} aparece duas vezes; deixe só uma.`,
        repeatedUnknownFlag: () => 'Uma opção aparece duas vezes; deixe uma.',
        duplicateKey: ({ name }) => (name ? `${name} aparece duas vezes; o DeepSpeed recusa uma chave repetida.` : 'Uma chave aparece duas vezes; o DeepSpeed recusa uma chave repetida.'),
        notANumber: ({ name }) => `${name} precisa ser um número inteiro escrito como número JSON, não texto, lista ou objeto.`,
        deepspeedAuto: ({ name }) => `${name} é "auto": a integração do Hugging Face o preenche a partir dos TrainingArguments (per_device_train_batch_size, gradient_accumulation_steps) quando o DeepSpeed começa. Cole as opções dos TrainingArguments, ou escreva o número.`,
        scheduleAndBatch: () => 'O Megatron-LM recusa --step-batch-size-schedule junto de --global-batch-size ou --rampup-batch-size: deixe um.',
        badSchedule: () => '--step-batch-size-schedule recebe pares TOKENS:LOTE separados por espaços.',
        scheduleNeedsLength: () => 'O cronograma conta tokens: acrescente --seq-length para convertê-los em amostras.',
        scheduleNotRamp: () => 'Este --step-batch-size-schedule não é um ramp-up de incrementos iguais que --rampup-batch-size possa descrever; o planejador não consegue mostrá-lo.',
        badNumber: ({ name, status }) => `${name}: ${status === 'empty' ? 'sem valor' : 'não é um número inteiro que a calculadora aceite'}.`,
        deepspeedNeedsTwo: () => 'O DeepSpeed precisa de ao menos dois entre train_batch_size, train_micro_batch_size_per_gpu e gradient_accumulation_steps.',
        deepspeedContradiction: ({ train, micro, accumulation }) => `A configuração se contradiz: train_batch_size ${train} deveria ser ${micro} × ${accumulation} × o mundo de dados, mas ${train} não é múltiplo de ${micro} × ${accumulation}.`,
        deepspeedAssertion: ({ train, micro, accumulation, dataParallel }) => `O DeepSpeed pararia: com ${dataParallel} GPUs de dados ele chega a ${micro} × ${accumulation} × ${dataParallel}, e não ao train_batch_size ${train} (_batch_assertion).`,
        needsDataParallel: () => 'Preencha antes as réplicas de dados da calculadora: a configuração não as traz.',
        needsWorld: () => 'Preencha antes as GPUs do planejador, ou inclua o lançamento pelo torchrun ou pelo accelerate: a configuração não traz o tamanho do mundo.',
        megatronNeedsBoth: () => 'O Megatron-LM precisa de --micro-batch-size e --global-batch-size.',
        rampNeedsThree: () => '--rampup-batch-size recebe três valores: início, incremento, amostras.',
        megatronWorld: ({ world, tp, pp, cp, modelParallel }) => `O Megatron-LM recusaria: ${world} GPUs não são divisíveis por TP × PP × CP = ${tp} × ${pp} × ${cp} = ${modelParallel}.`,
        megatronBatch: ({ global, micro, dataParallel }) => `O Megatron-LM recusaria: o lote global ${global} não é divisível por microlote ${micro} × dados ${dataParallel}.`,
      },
    },
    source: 'Regra lida em',
    copy: 'Copiar',
    download: 'Baixar',
    missing: {
      nodesNotWhole: ({ gpus, gpusPerNode }) => `O comando de lançamento precisa de nós inteiros: ${gpus} GPUs ÷ ${gpusPerNode} GPUs por nó não dá um número inteiro.`,
      needsGpusPerNode: () => 'Preencha as GPUs por nó para o comando de lançamento.',
      scheduleNotExact: () => 'Não existe um --step-batch-size-schedule exato para este aumento gradual (um limiar passa de 2⁵³ tokens); use a versão anterior ao core 0.18.',
    },
    notes: {
      worldDiffers: ({ world, gpus }) => `O cluster tem ${world} GPUs, mas d·TP·PP·CP = ${gpus}: estas configurações são para ${gpus} GPUs.`,
      noRamp: () => 'Este framework não tem aumento gradual do lote: a configuração usa o lote completo desde o primeiro passo.',
      ruleGives: ({ framework, value, batch }) => `O ${framework} treinaria com um lote de ${value}, não de ${batch}: ele conta cada processo como uma réplica de dados, e esta configuração tem paralelismo de modelo (TP·PP·CP > 1).`,
      refuses: ({ framework, batch, gpus }) => `O ${framework} recusa: o lote global ${batch} não é divisível pelos ${gpus} processos.`,
      fractional: ({ value, gpus }) => `O MaxText conta todos os ${gpus} dispositivos, então o lote por dispositivo é fracionário (${value}); o MaxText aceita isso.`,
      truncates: ({ value, batch }) => `O MaxText treinaria com int(dispositivos × per_device_batch_size) × acumulação = ${value}, não ${batch}: o lote por dispositivo não sobrevive exato ao produto em ponto flutuante.`,
      deepspeedWorld: ({ d, gpus, value, batch }) => `O DeepSpeed conta as ${d} réplicas de dados só quando o mpu ou a malha de dispositivos do paralelismo de modelo é passado a deepspeed.initialize; senão o seu world size é dist.get_world_size() = ${gpus} (deepspeed/runtime/config.py), e ele recusa esta configuração (${value}, não ${batch}).`,
      huggingFaceVersions: ({ everyProcess, tensorOnly, tensorContext, batch }) => `O lote do Trainer depende da versão: ${everyProcess} antes do PR #38286 (integrado em 2025-05-22: conta todos os processos), ${tensorOnly} a partir dele (world ÷ TP), ${tensorContext} a partir do PR #41832 (integrado em 2025-11: world ÷ (TP·CP·SP)); este plano é ${batch}.`,
      noPipeline: ({ framework }) => `O ${framework} não tem paralelismo de pipeline: PP > 1 não roda com ele como está escrito.`,
      maxtextRamp: () => 'O MaxText faz o ramp-up do seu jeito: cada estágio dura até carregar global_rampup_samples ÷ incrementos amostras (rampup_batch.py), e o seu gerente conta dispositivos × lote por dispositivo a cada passo, sem os passos de acumulação; com a > 1, confira os estágios no log.',
      noTrainSteps: () => 'O nanotron exige train_steps: preencha os tokens de treinamento acima para obtê-lo, ou defina-o à mão.',
    },
    comments: {
      perProcess: ({ b, a, processes, batch }) => `${b} por dispositivo x ${a} passos de acumulação x ${processes} processos = ${batch} sequências por passo do otimizador`,
      batchInScript: ({ b }) => `No train.py: DataLoader(..., batch_size=${b}) e Accelerator(); com accelerator.accumulate(model) no laço`,
      trlLength: 'O TRL recebe os mesmos argumentos e o comprimento da sequência',
      megatron: ({ b, d, a, batch }) => `${b} x ${d} réplicas de dados x ${a} microlotes = ${batch} sequências por passo`,
      torchtitan: ({ b, d, a, batch }) => `${b} x ${d} (grau de lote) x ${a} passos de acumulação = ${batch} sequências por passo`,
      nanotron: ({ b, a, d, batch }) => `${b} x ${a} x ${d} = ${batch} sequências por passo`,
      maxtext: ({ b, d, devices, bd, a, batch }) => `per_device_batch_size = ${b} x ${d} / ${devices} dispositivos; ${bd} x ${a} = ${batch} sequências por passo (uma fatia)`,
      olmo: ({ batch, gpus, b }) => `lote por dispositivo = ${batch} // ${gpus} GPUs, em microlotes de ${b}`,
      trainStepsNeeded: 'defina o número de passos do otimizador',
      accelerateAccumulation: 'O Accelerator() lê a acumulação desta variável em todo modo de lançamento; a opção sozinha só a alcança com DeepSpeed',
      torchtitanMain: ({ b, L, d, a, batch, perRank, perStep }) => `tokens: ${b} x ${L} = ${perRank} por rank de dados e passada; ${perStep} por passo = ${d} ranks x ${a} passos de acumulação x ${perRank} (${batch} sequências). Ponha estes valores no Trainer.Config que a sua função de --config devolve.`,
    },
  },
};
