// The model's shape in Brazilian Portuguese: the words of model_shape's fifteen fields, the same on every
// page that takes a model (each page's words spread them into its fields). shape-words.en.js has the same keys.
export default {
  layers: { label: 'Camadas do transformer' },
  hiddenSize: { label: 'Dimensão oculta' },
  attentionHeads: {
    label: 'Cabeças de atenção',
    errors: { conflicting: () => 'A dimensão oculta não se divide pelas cabeças: informe a dimensão por cabeça, ou use cabeças que a dividam (o Megatron-LM recusa este caso).' },
  },
  kvHeads: {
    label: 'Cabeças de chave e valor (opcional)',
    errors: { conflicting: () => 'As cabeças de atenção precisam ser um múltiplo das cabeças de chave e valor.' },
  },
  headDim: { label: 'Dimensão por cabeça (opcional)' },
  ffnHidden: { label: 'Dimensão interna do FFN (opcional)' },
  gatedMlp: { label: 'MLP com porta (SwiGLU)', options: { off: 'desligado', on: 'ligado' } },
  normalization: { label: 'Normalização', options: { layernorm: 'LayerNorm', rmsnorm: 'RMSNorm' } },
  qkNorm: { label: 'Normas de query e key', options: { none: 'nenhuma', head: 'por cabeça (Qwen3)', all: 'sobre todas as cabeças (OLMo 2)' } },
  vocabulary: { label: 'Vocabulário' },
  tiedEmbeddings: { label: 'Camada de saída atada ao embedding', options: { off: 'desligado', on: 'ligado' } },
  experts: { label: 'Especialistas roteados (opcional)' },
  expertsPerToken: {
    label: 'Especialistas por token (opcional)',
    errors: { conflicting: () => 'Informe-o junto com os especialistas, e não mais do que eles.' },
  },
  expertFfn: {
    label: 'Dimensão do FFN de cada especialista (opcional)',
    errors: { conflicting: () => 'Só para uma mistura de especialistas: informe também os especialistas roteados.' },
  },
  sharedExpertFfn: {
    label: 'Dimensão do FFN compartilhado (opcional)',
    errors: { conflicting: () => 'Só para uma mistura de especialistas: informe também os especialistas roteados.' },
  },
};
