// The model's shape as every page that takes one lists it: model_shape's
// fifteen fields (cpp/core/model_shape.hpp), in the core's order, under one
// URL key each and with Llama 3.1 8B's shape by default. A page's schema
// calls shapeFields with its own field constructors (its messages), its
// element-id prefix and what it adds to each field.
const SHAPE = { minimum: '1', maximum: '1048576' };
const WIDTH = { minimum: '1', maximum: '16777216' };
const EXPERTS = { minimum: '1', maximum: '65536' };

/**
 * field(key, param, id, group, extra) and choice(key, param, id, group, choices, default, extra): the page's own;
 * prefix: its element ids' ("mem" gives mem-layers); extra: added to every field.
 */
export function shapeFields({ field, choice }, prefix, extra = {}) {
  const id = (name) => `${prefix}-${name}`;
  return [
    field('layers', 'layers', id('layers'), 'model', { symbol: 'L', default: '32', ...SHAPE, ...extra }),
    field('hiddenSize', 'hidden', id('hidden'), 'model', { symbol: 'h', default: '4096', ...SHAPE, ...extra }),
    field('attentionHeads', 'heads', id('heads'), 'model', { symbol: 'n', default: '32', ...SHAPE, ...extra }),
    field('kvHeads', 'kvheads', id('kv-heads'), 'model', { symbol: 'g', default: '8', optional: true, ...SHAPE, ...extra }),
    field('headDim', 'headdim', id('head-dim'), 'model', { default: '', optional: true, ...SHAPE, ...extra }),
    field('ffnHidden', 'ffn', id('ffn'), 'model', { symbol: 'f', default: '14336', optional: true, ...WIDTH, ...extra }),
    choice('gatedMlp', 'glu', id('gated-mlp'), 'model', ['off', 'on'], 'on', extra),
    choice('normalization', 'norm', id('normalization'), 'model', ['layernorm', 'rmsnorm'], 'rmsnorm', extra),
    // Query and key norms inside attention: none, per head (Qwen3, Megatron-LM's --qk-layernorm) or over all heads (OLMo 2).
    choice('qkNorm', 'qknorm', id('qk-norm'), 'model', ['none', 'head', 'all'], 'none', extra),
    field('vocabulary', 'vocab', id('vocabulary'), 'model', { symbol: 'V', default: '128256', ...WIDTH, ...extra }),
    choice('tiedEmbeddings', 'tied', id('tied-embeddings'), 'model', ['off', 'on'], 'off', extra),
    field('experts', 'experts', id('experts'), 'model', { symbol: 'E', default: '', optional: true, ...EXPERTS, ...extra }),
    field('expertsPerToken', 'topk', id('experts-per-token'), 'model', { symbol: 'k', default: '', optional: true, ...EXPERTS, ...extra }),
    field('expertFfn', 'moeffn', id('expert-ffn'), 'model', { default: '', optional: true, ...WIDTH, ...extra }),
    field('sharedExpertFfn', 'sharedffn', id('shared-expert-ffn'), 'model', { default: '', optional: true, minimum: '0', maximum: '16777216', ...extra }),
  ];
}

/** The shape's field keys, in the core's order. */
export const SHAPE_KEYS = shapeFields({ field: (key) => key, choice: (key) => key }, '');
