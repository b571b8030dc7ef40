// The model's shape as every page that takes one lists it: model_shape's
// fifteen fields (cpp/core/model_shape.hpp, which declares their kinds and
// limits), in the core's order, under one URL key each and with Llama 3.1 8B's
// shape by default. A page's schema calls shapeFields with its own field
// constructor (its core's fields and its messages), its element-id prefix and
// what it adds to each field.

/**
 * field(key, param, id, group, extra): the page's own; prefix: its element ids' ("mem" gives mem-layers);
 * extra: added to every field.
 */
export function shapeFields({ field }, prefix, extra = {}) {
  const id = (name) => `${prefix}-${name}`;
  return [
    field('layers', 'layers', id('layers'), 'model', { symbol: 'L', default: '32', ...extra }),
    field('hiddenSize', 'hidden', id('hidden'), 'model', { symbol: 'h', default: '4096', ...extra }),
    field('attentionHeads', 'heads', id('heads'), 'model', { symbol: 'n', default: '32', ...extra }),
    field('kvHeads', 'kvheads', id('kv-heads'), 'model', { symbol: 'g', default: '8', ...extra }),
    field('headDim', 'headdim', id('head-dim'), 'model', { default: '', ...extra }),
    field('ffnHidden', 'ffn', id('ffn'), 'model', { symbol: 'f', default: '14336', ...extra }),
    field('gatedMlp', 'glu', id('gated-mlp'), 'model', { default: 'on', ...extra }),
    field('normalization', 'norm', id('normalization'), 'model', { default: 'rmsnorm', ...extra }),
    // Query and key norms inside attention: none, per head (Qwen3, Megatron-LM's --qk-layernorm) or over all heads (OLMo 2).
    field('qkNorm', 'qknorm', id('qk-norm'), 'model', { default: 'none', ...extra }),
    field('vocabulary', 'vocab', id('vocabulary'), 'model', { symbol: 'V', default: '128256', ...extra }),
    field('tiedEmbeddings', 'tied', id('tied-embeddings'), 'model', { default: 'off', ...extra }),
    field('experts', 'experts', id('experts'), 'model', { symbol: 'E', default: '', ...extra }),
    field('expertsPerToken', 'topk', id('experts-per-token'), 'model', { symbol: 'k', default: '', ...extra }),
    field('expertFfn', 'moeffn', id('expert-ffn'), 'model', { default: '', ...extra }),
    field('sharedExpertFfn', 'sharedffn', id('shared-expert-ffn'), 'model', { default: '', ...extra }),
  ];
}


/** Each shape field's key and URL key, in the core's order. */
export const SHAPE_PARAMS = shapeFields({ field: (key, param) => ({ key, param }) }, '');

/** The shape's field keys, in the core's order. */
export const SHAPE_KEYS = SHAPE_PARAMS.map(({ key }) => key);
