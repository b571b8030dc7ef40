// Published models, each as the members of its config.json that set its
// shape (copied as published; the rest of the file, such as rope_theta or
// torch_dtype, changes no parameter count) and where that file is. The core
// reads them exactly as it reads a pasted config.json. GPT-3 published no
// config.json: its entry is the shape of Brown et al. 2020's Table 2.1 written
// as the GPT-2 config it extends (section 2.1: "the same model and
// architecture as GPT-2"), its dense and sparse attention layers counting the
// same parameters.
const HF = 'https://huggingface.co';
const llama = (vocab, hidden, intermediate, layers, heads, kvHeads) => ({
  model_type: 'llama', vocab_size: vocab, hidden_size: hidden, intermediate_size: intermediate,
  num_hidden_layers: layers, num_attention_heads: heads, num_key_value_heads: kvHeads, tie_word_embeddings: false,
});

export const MODELS = [
  { slug: 'llama-2-7b', name: 'Llama 2 7B', source: `${HF}/meta-llama/Llama-2-7b-hf/blob/main/config.json`, config: llama(32000, 4096, 11008, 32, 32, 32) },
  { slug: 'llama-2-13b', name: 'Llama 2 13B', source: `${HF}/meta-llama/Llama-2-13b-hf/blob/main/config.json`, config: llama(32000, 5120, 13824, 40, 40, 40) },
  { slug: 'llama-2-70b', name: 'Llama 2 70B', source: `${HF}/meta-llama/Llama-2-70b-hf/blob/main/config.json`, config: llama(32000, 8192, 28672, 80, 64, 8) },
  { slug: 'llama-3.1-8b', name: 'Llama 3.1 8B', source: `${HF}/meta-llama/Llama-3.1-8B/blob/main/config.json`, config: llama(128256, 4096, 14336, 32, 32, 8) },
  { slug: 'llama-3.1-70b', name: 'Llama 3.1 70B', source: `${HF}/meta-llama/Llama-3.1-70B/blob/main/config.json`, config: llama(128256, 8192, 28672, 80, 64, 8) },
  { slug: 'llama-3.1-405b', name: 'Llama 3.1 405B', source: `${HF}/meta-llama/Llama-3.1-405B/blob/main/config.json`, config: llama(128256, 16384, 53248, 126, 128, 8) },
  {
    slug: 'mistral-7b', name: 'Mistral 7B v0.1', source: `${HF}/mistralai/Mistral-7B-v0.1/blob/main/config.json`,
    config: { model_type: 'mistral', vocab_size: 32000, hidden_size: 4096, intermediate_size: 14336, num_hidden_layers: 32, num_attention_heads: 32, num_key_value_heads: 8, tie_word_embeddings: false },
  },
  {
    slug: 'mixtral-8x7b', name: 'Mixtral 8x7B', source: `${HF}/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json`,
    config: { model_type: 'mixtral', vocab_size: 32000, hidden_size: 4096, intermediate_size: 14336, num_hidden_layers: 32, num_attention_heads: 32, num_key_value_heads: 8, num_local_experts: 8, num_experts_per_tok: 2, tie_word_embeddings: false },
  },
  {
    slug: 'qwen2.5-7b', name: 'Qwen2.5 7B', source: `${HF}/Qwen/Qwen2.5-7B/blob/main/config.json`,
    config: { model_type: 'qwen2', vocab_size: 152064, hidden_size: 3584, intermediate_size: 18944, num_hidden_layers: 28, num_attention_heads: 28, num_key_value_heads: 4, tie_word_embeddings: false },
  },
  {
    slug: 'qwen2.5-72b', name: 'Qwen2.5 72B', source: `${HF}/Qwen/Qwen2.5-72B/blob/main/config.json`,
    config: { model_type: 'qwen2', vocab_size: 152064, hidden_size: 8192, intermediate_size: 29568, num_hidden_layers: 80, num_attention_heads: 64, num_key_value_heads: 8, tie_word_embeddings: false },
  },
  {
    slug: 'qwen3-8b', name: 'Qwen3 8B', source: `${HF}/Qwen/Qwen3-8B/blob/main/config.json`,
    config: { model_type: 'qwen3', vocab_size: 151936, hidden_size: 4096, intermediate_size: 12288, num_hidden_layers: 36, num_attention_heads: 32, num_key_value_heads: 8, head_dim: 128, attention_bias: false, tie_word_embeddings: false },
  },
  {
    slug: 'qwen3-30b-a3b', name: 'Qwen3 30B-A3B', source: `${HF}/Qwen/Qwen3-30B-A3B/blob/main/config.json`,
    config: {
      model_type: 'qwen3_moe', vocab_size: 151936, hidden_size: 2048, intermediate_size: 6144, moe_intermediate_size: 768,
      num_hidden_layers: 48, num_attention_heads: 32, num_key_value_heads: 4, head_dim: 128, num_experts: 128, num_experts_per_tok: 8,
      decoder_sparse_step: 1, attention_bias: false, tie_word_embeddings: false,
    },
  },
  {
    slug: 'qwen3-235b-a22b', name: 'Qwen3 235B-A22B', source: `${HF}/Qwen/Qwen3-235B-A22B/blob/main/config.json`,
    config: {
      model_type: 'qwen3_moe', vocab_size: 151936, hidden_size: 4096, intermediate_size: 12288, moe_intermediate_size: 1536,
      num_hidden_layers: 94, num_attention_heads: 64, num_key_value_heads: 4, head_dim: 128, num_experts: 128, num_experts_per_tok: 8,
      decoder_sparse_step: 1, attention_bias: false, tie_word_embeddings: false,
    },
  },
  {
    slug: 'gemma-7b', name: 'Gemma 7B', source: `${HF}/google/gemma-7b/blob/main/config.json`,
    config: { model_type: 'gemma', vocab_size: 256000, hidden_size: 3072, intermediate_size: 24576, num_hidden_layers: 28, num_attention_heads: 16, num_key_value_heads: 16, head_dim: 256 },
  },
  {
    slug: 'gemma-2-9b', name: 'Gemma 2 9B', source: `${HF}/google/gemma-2-9b/blob/main/config.json`,
    config: { model_type: 'gemma2', vocab_size: 256000, hidden_size: 3584, intermediate_size: 14336, num_hidden_layers: 42, num_attention_heads: 16, num_key_value_heads: 8, head_dim: 256 },
  },
  {
    slug: 'olmo-2-7b', name: 'OLMo 2 7B', source: `${HF}/allenai/OLMo-2-1124-7B/blob/main/config.json`,
    config: { model_type: 'olmo2', vocab_size: 100352, hidden_size: 4096, intermediate_size: 11008, num_hidden_layers: 32, num_attention_heads: 32, num_key_value_heads: 32, tie_word_embeddings: false },
  },
  {
    slug: 'olmo-2-13b', name: 'OLMo 2 13B', source: `${HF}/allenai/OLMo-2-1124-13B/blob/main/config.json`,
    config: { model_type: 'olmo2', vocab_size: 100352, hidden_size: 5120, intermediate_size: 13824, num_hidden_layers: 40, num_attention_heads: 40, num_key_value_heads: 40, tie_word_embeddings: false },
  },
  {
    slug: 'phi-3-mini', name: 'Phi-3-mini', source: `${HF}/microsoft/Phi-3-mini-4k-instruct/blob/main/config.json`,
    config: { model_type: 'phi3', vocab_size: 32064, hidden_size: 3072, intermediate_size: 8192, num_hidden_layers: 32, num_attention_heads: 32, num_key_value_heads: 32, tie_word_embeddings: false },
  },
  {
    slug: 'deepseek-v3', name: 'DeepSeek-V3', source: `${HF}/deepseek-ai/DeepSeek-V3/blob/main/config.json`,
    config: {
      model_type: 'deepseek_v3', vocab_size: 129280, hidden_size: 7168, intermediate_size: 18432, moe_intermediate_size: 2048,
      num_hidden_layers: 61, num_attention_heads: 128, num_key_value_heads: 128, n_routed_experts: 256, n_shared_experts: 1,
      num_experts_per_tok: 8, first_k_dense_replace: 3, moe_layer_freq: 1, q_lora_rank: 1536, kv_lora_rank: 512,
      qk_nope_head_dim: 128, qk_rope_head_dim: 64, v_head_dim: 128, num_nextn_predict_layers: 1, tie_word_embeddings: false,
    },
  },
  {
    slug: 'falcon-7b', name: 'Falcon-7B', source: `${HF}/tiiuae/falcon-7b/blob/main/config.json`,
    config: { model_type: 'falcon', vocab_size: 65024, hidden_size: 4544, num_hidden_layers: 32, num_attention_heads: 71, multi_query: true, parallel_attn: true, bias: false, new_decoder_architecture: false },
  },
  {
    slug: 'pythia-12b', name: 'Pythia 12B', source: `${HF}/EleutherAI/pythia-12b/blob/main/config.json`,
    config: { model_type: 'gpt_neox', vocab_size: 50688, hidden_size: 5120, intermediate_size: 20480, num_hidden_layers: 36, num_attention_heads: 40, tie_word_embeddings: false },
  },
  {
    slug: 'gpt-2', name: 'GPT-2 (124M)', source: `${HF}/openai-community/gpt2/blob/main/config.json`,
    config: { model_type: 'gpt2', vocab_size: 50257, n_embd: 768, n_layer: 12, n_head: 12, n_positions: 1024, n_inner: null },
  },
  {
    slug: 'gpt-3-175b', name: 'GPT-3 175B', source: 'https://arxiv.org/abs/2005.14165',
    config: { model_type: 'gpt2', vocab_size: 50257, n_embd: 12288, n_layer: 96, n_head: 96, n_positions: 2048, n_inner: null },
  },
  {
    slug: 'bloom-176b', name: 'BLOOM-176B', source: `${HF}/bigscience/bloom/blob/main/config.json`,
    config: { model_type: 'bloom', vocab_size: 250880, hidden_size: 14336, n_layer: 70, n_head: 112 },
  },
];

/** A preset by its slug, or null. */
export const modelNamed = (slug) => MODELS.find((model) => model.slug === slug) ?? null;
