// The model's shape in English: the words of model_shape's fifteen fields, the same on every
// page that takes a model (each page's words spread them into its fields). shape-words.pt-BR.js has the same keys.
export default {
  layers: { label: 'Transformer layers' },
  hiddenSize: { label: 'Hidden size' },
  attentionHeads: {
    label: 'Attention heads',
    errors: { conflicting: () => 'The hidden size does not divide by the heads: give the head dimension, or use heads that divide it (Megatron-LM refuses this).' },
  },
  kvHeads: {
    label: 'Key-value heads (optional)',
    errors: { conflicting: () => 'The attention heads must be a multiple of the key-value heads.' },
  },
  headDim: { label: 'Head dimension (optional)' },
  ffnHidden: { label: 'FFN hidden size (optional)' },
  gatedMlp: { label: 'Gated MLP (SwiGLU)', options: { off: 'off', on: 'on' } },
  normalization: { label: 'Normalization', options: { layernorm: 'LayerNorm', rmsnorm: 'RMSNorm' } },
  qkNorm: { label: 'Query and key norms', options: { none: 'none', head: 'per head (Qwen3)', all: 'over all heads (OLMo 2)' } },
  vocabulary: { label: 'Vocabulary' },
  tiedEmbeddings: { label: 'Output layer tied to the embedding', options: { off: 'off', on: 'on' } },
  experts: { label: 'Routed experts (optional)' },
  expertsPerToken: {
    label: 'Experts per token (optional)',
    errors: { conflicting: () => 'Give it with the experts, and no more than the experts.' },
  },
  expertFfn: {
    label: 'Expert FFN size (optional)',
    errors: { conflicting: () => 'Only for a mixture of experts: give the routed experts too.' },
  },
  sharedExpertFfn: {
    label: 'Shared-expert FFN size (optional)',
    errors: { conflicting: () => 'Only for a mixture of experts: give the routed experts too.' },
  },
};
