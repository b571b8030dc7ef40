// As palavras de execução da calculadora de configuração paralela em
// português, carregadas só pela sua página e pelo seu embed. words.en.js tem as mesmas chaves.
import SHAPE_WORDS from '../../models/shape-words.pt-BR.js';

const decimalErrors = {
  not_a_number: () => 'Use um número como 989,5 ou 3,7e2 (a vírgula marca os decimais).',
  below_minimum: ({ minimum }) => `Use pelo menos ${minimum}.`,
  above_maximum: ({ maximum }) => `O maior valor aceito é ${maximum}.`,
};
const searched = '(vazio: buscado)';

export default {
  title: 'Calculadora de Configuração Paralela',
  inputsTitle: 'Entradas',
  resultsTitle: 'O layout mais rápido que cabe',
  formLabel: 'Entradas da calculadora de configuração paralela',
  groups: { model: 'Modelo', cluster: 'Cluster', run: 'Treino', knobs: 'Layout (deixe vazio para buscar)' },
  fields: {
    ...SHAPE_WORDS,
    gpus: { label: 'GPUs' },
    gpusPerNode: { label: 'GPUs por nó' },
    device: {
      label: 'Dispositivo',
      byHand: 'Digitado à mão',
      option: (name, mebibytes) => `${name} (${mebibytes} MiB)`,
    },
    deviceMemory: { label: 'Memória do dispositivo (GiB)', errors: decimalErrors },
    reservedMemory: { label: 'Memória reservada (GiB)', errors: decimalErrors },
    peakTflops: { label: 'Pico denso em BF16 (TFLOPS)', errors: decimalErrors },
    fp8Tflops: { label: 'Pico denso em FP8 (TFLOPS, opcional)', errors: decimalErrors },
    matmulTflops: {
      label: 'Matmul medido em BF16 (TFLOPS, opcional)',
      errors: { ...decimalErrors, conflicting: () => 'Uma taxa de matmul medida não pode passar do pico denso em BF16.' },
    },
    fp8MatmulTflops: {
      label: 'Matmul medido em FP8 (TFLOPS, opcional)',
      errors: { ...decimalErrors, conflicting: () => 'Informe-o junto com o pico em FP8, sem passar desse pico.' },
    },
    flash2Tflops: {
      label: 'FlashAttention-2 medido (TFLOPS, opcional)',
      errors: { ...decimalErrors, conflicting: () => 'Uma taxa de atenção medida não pode passar do pico denso em BF16.' },
    },
    memoryBandwidth: { label: 'Banda de memória (GB/s)', errors: decimalErrors },
    intraBandwidth: { label: 'Banda de barramento do all-reduce no nó (GB/s)', errors: decimalErrors },
    nicsPerNode: { label: 'Placas de rede por nó' },
    nicRate: { label: 'Taxa de cada placa (Gb/s)', errors: decimalErrors },
    pcieBandwidth: { label: 'PCIe em cada sentido (GB/s, opcional)', errors: decimalErrors },
    sequenceLength: { label: 'Comprimento de sequência' },
    target: { label: 'Lote global' },
    targetUnit: { label: 'Lote contado em', options: { seq: 'sequências', tok: 'tokens' } },
    tokens: { label: 'Tokens de treino (opcional)' },
    precision: { label: 'Precisão', options: { bf16: 'BF16', fp16: 'FP16', fp8: 'FP8' } },
    gradientPrecision: { label: 'Gradientes', options: { fp32: 'fp32 (Megatron-LM)', bf16: 'bf16' } },
    attention: {
      label: 'Atenção',
      options: {
        flash: 'fundida para o dispositivo (Transformer Engine / cuDNN, FlashAttention-3)',
        flash2: 'FlashAttention-2 ou anterior (flash-attn 2, Triton, backend flash do SDPA)',
        eager: 'eager (escores s × s guardados)',
      },
    },
    framework: {
      label: 'Framework',
      options: { megatron: 'Megatron-LM / NeMo', deepspeed: 'DeepSpeed / Megatron-DeepSpeed', torchtitan: 'torchtitan', fsdp: 'PyTorch FSDP (Accelerate, LLM Foundry)' },
    },
    dispatcher: {
      label: 'Despachante dos especialistas (mistura de especialistas)',
      options: {
        alltoall: 'all-to-all da NCCL (uma cópia por token e especialista)',
        deepep: 'DeepEP (um token uma vez por nó, depois NVLink)',
        hybridep: 'HybridEP (um token uma vez por nó, depois NVLink)',
      },
      errors: { conflicting: () => 'DeepEP e HybridEP rodam só no Megatron-LM e no torchtitan; o DeepSpeed e o PyTorch FSDP enviam os tokens com o all-to-all da NCCL.' },
    },
    tensorOverlap: {
      label: 'Sobreposição da comunicação do TP',
      options: { off: 'desligada (cada coletiva depois da sua GEMM)', on: 'ligada (sob as GEMMs: userbuffers, TP assíncrono)' },
      errors: { conflicting: () => 'Só o Megatron-LM (--tp-comm-overlap) e o torchtitan (TP assíncrono) sobrepõem as coletivas do TP às suas GEMMs, e só com paralelismo de sequência: com TP acima de 1 fixado, deixe o paralelismo de sequência ligado ou buscado.' },
    },
    tensorParallel: { label: `Paralelismo de tensor ${searched}` },
    pipelineParallel: { label: `Paralelismo de pipeline ${searched}` },
    virtualStages: { label: `Estágios virtuais por GPU ${searched}` },
    contextParallel: { label: `Paralelismo de contexto ${searched}` },
    expertParallel: { label: `Paralelismo de especialistas ${searched}` },
    expertTensorParallel: {
      label: `Paralelismo de tensor dos especialistas: 1 ou o TP ${searched}`,
      errors: { conflicting: () => 'Use 1 (cada especialista inteiro na sua GPU) ou o paralelismo de tensor fixado acima: esta página não precifica outro.' },
    },
    zeroStage: {
      label: 'Estágio do ZeRO',
      options: { '': 'buscado', 0: 'estágio 0 (sem fragmentar)', 1: 'estágio 1 (estados do otimizador)', 2: 'estágio 2 (+ gradientes)', 3: 'estágio 3 (+ parâmetros)' },
    },
    recompute: {
      label: 'Recomputação de ativações',
      options: { '': 'buscada', none: 'nenhuma', selective: 'seletiva', full: 'completa (gradient checkpointing)' },
    },
    sequenceParallel: { label: 'Paralelismo de sequência', options: { '': 'buscado', off: 'não', on: 'sim' } },
    microBatch: { label: `Microlote ${searched}` },
    accumulationSteps: { label: `Passos de acumulação ${searched}` },
    dataParallel: { label: `Réplicas de paralelismo de dados ${searched}` },
  },
  results: {
    bestStepSeconds: { label: 'Passo previsto', bar: 'Passo', unit: 's' },
    bestTokensPerSecondPerGpu: { label: 'Vazão prevista', bar: 'Tokens/s/GPU', unit: 'tokens/s por GPU' },
    bestMfu: { label: 'Utilização de FLOPs do modelo (MFU)', bar: 'MFU', unit: '%' },
    bestMemory: { label: 'Memória na GPU mais cheia', unit: 'como a página de memória conta' },
    bestDays: { label: 'Tempo de treino para os tokens', unit: 'dias' },
    configurationsConsidered: { label: 'Layouts considerados', unit: 'que os frameworks aceitam e que atingem o lote' },
    configurationsFitting: { label: 'Desses, layouts que cabem', unit: '' },
  },
  model: {
    title: 'O modelo',
    intro: 'Escolha um modelo publicado ou cole um config.json do Hugging Face: a sua forma preenche os campos do modelo abaixo, como na página de memória.',
    presetLabel: 'Modelo publicado',
    presetNone: '— nenhum —',
    pasteLabel: 'Ou cole um config.json',
    pasteHint: 'Lido quando você sai da caixa, pelo mesmo leitor da página de cômputo de treinamento. Famílias: llama, mistral, mixtral, qwen2, qwen3, qwen3_moe, olmoe, gemma, gemma2, gpt2, gpt_neox, bloom, olmo, olmo2, phi3, deepseek_v3, falcon.',
    source: 'config.json',
    loaded: (name) => `${name}: a sua forma está nos campos abaixo.`,
    pasted: (family) => `config.json lido como ${family}: a sua forma está nos campos abaixo.`,
    edited: (name) => `A forma foi editada depois que ${name} a preencheu: os campos agora são seus, não do modelo. Escolha o modelo de novo para restaurar a forma dele.`,
    notHeld: (name) => `${name} não é contado nesta página: a sua atenção latente multicabeça e as camadas densas antes dos especialistas não estão entre os campos abaixo. Os campos não mudaram.`,
  },
  layout: {
    title: 'O layout',
    knobs: {
      tp: 'Paralelismo de tensor', pp: 'Paralelismo de pipeline', vpp: 'Estágios virtuais', cp: 'Paralelismo de contexto', ep: 'Paralelismo de especialistas',
      etp: 'Paralelismo de tensor dos especialistas (cada especialista inteiro na sua GPU)',
      dp: 'Paralelismo de dados', zero: 'Estágio do ZeRO', recompute: 'Recomputação', sp: 'Paralelismo de sequência', micro: 'Microlote', accum: 'Passos de acumulação',
      stages: 'Camadas por estágio',
    },
    // How the pipeline's stages split the layers; the ends counted in the split are Megatron-LM's two flags.
    stages: ({ first, middle, last, others, ends }) => (ends
      ? `${first} no primeiro (com o embedding), ${middle} em cada um dos ${others} outros, ${last} no último (com a perda): --account-for-embedding-in-pipeline-split e --account-for-loss-in-pipeline-split`
      : `${middle} em cada`),
    values: { recompute: { none: 'nenhuma', selective: 'seletiva', full: 'completa' }, sp: { on: 'sim', off: 'não' } },
    refusal: {
      'not_whole_sequences': 'O lote em tokens não é um número inteiro de sequências: use um múltiplo do comprimento de sequência.',
      'no_layout': 'Nenhum layout atinge este lote nestas GPUs: o lote precisa ser múltiplo de b × d, e t, p, c e e precisam seguir as regras dos frameworks (t divide as cabeças, as cabeças de chave e valor e a FFN; p as camadas, ou as camadas mais 2 com o embedding e a perda contados na divisão; 2c a sequência; e os especialistas). Mude o lote ou as GPUs, ou libere um ajuste que você fixou.',
      'nothing_fits': (closest, device) => `Nenhum layout cabe em ${device}: o que pede menos memória ainda precisa de ${closest}. Acrescente GPUs, encurte a sequência ou use um dispositivo com mais memória.`,
      'fp8_unsupported': 'Este dispositivo não tem pico em FP8: escolha BF16 ou FP16, ou digite o seu pico em FP8.',
    },
    wholeNodes: ({ gpus, perNode, below, above }) => `${gpus} GPUs não preenchem um número inteiro de nós de ${perNode} GPUs: um lançamento usa nós inteiros (--nnodes × --nproc_per_node do torchrun, os nós do SLURM), então ${below} ou ${above} GPUs serviriam. Os layouts abaixo são para ${gpus}.`,
    closest: 'O layout mais próximo (não cabe):',
    // Quando nada cabe: esse layout com os estados do otimizador em outro lugar, e adaptadores na página de memória.
    remedies: {
      title: 'O que abriria espaço, para esse layout:',
      fits: (fits) => (fits ? 'o que cabe' : 'ainda demais'),
      offload: ({ memory, fits, pcie, rate }) => `Estados do otimizador na memória da CPU: ${memory} na GPU mais cheia, ${fits}${pcie
        ? `; eles somam ${pcie} s por passo pelo PCIe a ${rate} GB/s em cada sentido (o gradiente de cada parâmetro atualizado vai ao host, o seu valor em 16 bits volta; o passo do otimizador na própria CPU não é contado)`
        : '; informe a taxa do PCIe para saber quanto somam'}. O DeepSpeed faz isso (offload_optimizer, ZeRO 1 a 3), e o Megatron-LM (--optimizer-cpu-offload com --use-precision-aware-optimizer).`,
      eightBit: ({ memory, fits }) => `Os dois momentos do Adam em 8 bits: ${memory}, ${fits}. O Megatron-LM faz isso (--use-precision-aware-optimizer --exp-avg-dtype fp8 --exp-avg-sq-dtype fp8).`,
      adaptersBefore: 'Ou ajuste adaptadores em vez de todos os pesos: a página de memória conta ',
      lora: 'LoRA',
      between: ' e ',
      qlora: 'QLoRA',
      adaptersAfter: (gpus) => ` para este modelo com paralelismo de dados nas ${gpus} GPUs, o único paralelismo sob o qual o PEFT roda (DDP, FSDP ou ZeRO, nos trainers da Hugging Face), com os pesos congelados divididos entre elas (ZeRO-3, o full shard do FSDP).`,
    },
  },
  breakdown: {
    title: 'Para onde vai o passo',
    description: (step) => `Uma barra do passo previsto, ${step} s: as partes da tabela abaixo somam isso.`,
    parts: {
      compute: 'Cômputo (GEMMs)', memoryBound: 'Kernels limitados pela memória', tensorParallel: 'Coletivas do paralelismo de tensor', contextParallel: 'Troca do paralelismo de contexto',
      expertParallel: 'All-to-alls dos especialistas', pipelineSend: 'Envios do pipeline', pipelineBubble: 'Bolha do pipeline', dataParallel: 'Redução do paralelismo de dados',
      zero3Gather: 'Coletas do ZeRO-3', straggler: 'Espera pela GPU mais lenta', optimizer: 'Passo do otimizador',
    },
    columns: { part: 'Parte', seconds: 'Segundos', share: 'Parcela do passo' },
    efficiency: (percent) => `GEMMs a ${percent} do pico do dispositivo (a fração alcançada para o tamanho de GEMM deste layout).`,
  },
  table: {
    title: 'Os dez layouts mais rápidos que cabem',
    columns: { layout: 'Layout (t · p · v · c · e · d)', zero: 'ZeRO', recompute: 'Recomputação', sp: 'SP', batch: 'b × a', memory: 'Memória', step: 'Passo (s)', error: 'Erro medido (treinos)' },
    layout: (tp, pp, vpp, cp, ep, dp, etp) => `${tp} · ${pp} · ${vpp} · ${cp} · ${ep}${etp === tp ? '' : ` (ETP ${etp})`} · ${dp}`,
    batch: (micro, accum) => `${micro} × ${accum}`,
  },
  // O erro medido de cada previsão: a mediana da sua família sobre os treinos publicados abaixo (prediction-error.js).
  error: {
    family: ({ framework, sharding, device, kind }) => `${framework}, ${{ zero3: 'ZeRO-3', zero2: 'ZeRO-2', unsharded: 'ZeRO-0 ou 1' }[sharding]}, ${device}, ${kind}`,
    frameworks: { megatron: 'Megatron-LM', deepspeed: 'DeepSpeed', torchtitan: 'torchtitan', fsdp: 'PyTorch FSDP' },
    devices: { a100: 'GPUs da classe A100', h100: 'GPUs da classe H100', other: 'este dispositivo' },
    kinds: { dense: 'modelo denso', moe: 'mistura de especialistas' },
    measured: ({ family, median, runs, fitted }) => `Erro medido deste tipo de previsão (${family}): uma mediana de ${median} sobre ${runs} treinos publicados, ${fitted === 0 ? 'nenhum dos quais fixou uma constante do modelo' : `${fitted} dos quais fixaram as suas constantes`}. Negativo: os treinos levaram mais tempo que o previsto.`,
    unmeasured: ({ family, runs }) => `Este tipo de previsão (${family}) tem ${runs === 0 ? 'nenhum treino publicado' : `só ${runs} treino${runs === 1 ? '' : 's'} publicado${runs === 1 ? '' : 's'}`} em que medi-la: o seu erro não é conhecido.`,
    cell: (median, runs) => `${median} (${runs})`,
    unmeasuredCell: 'não medido',
    caption: 'Quão longe fica cada tipo de previsão: os seus treinos publicados, quantos deles fixaram uma constante, o erro mediano com sinal (negativo: mais lento que o previsto), o tamanho mediano do erro e quantos ficam dentro de 20%.',
    columns: { family: 'Tipo de previsão', runs: 'Treinos publicados', fitted: 'Dos quais ajustados', median: 'Erro mediano', size: 'Tamanho mediano', within: 'Dentro de 20%' },
  },
  planLink: (tokens) => `Planejar este layout: o planejador com os seus b, d, a, t, p, c, ZeRO e os ${tokens} tokens/s por GPU previstos →`,
  percent: (number) => `${number}%`,
  embed: {
    frameTitle: 'Calculadora de configuração paralela',
    openFull: 'abrir a calculadora completa',
    needsValidInput: 'Corrija os campos destacados na calculadora para obter o código com os seus valores.',
    noscript: 'A calculadora precisa de JavaScript e WebAssembly para buscar os layouts.',
  },
};
