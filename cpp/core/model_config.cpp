#include "model_config.hpp"

#include <algorithm>
#include <initializer_list>

namespace batch_planner::model_config {

namespace {

// Limits on what a config may say, far above any published model and low
// enough that every count below stays exact in 128 bits.
constexpr std::uint64_t max_layers = 65'536;
constexpr std::uint64_t max_width = 1'048'576;       // hidden size, head dims, low ranks
constexpr std::uint64_t max_heads = 65'536;
constexpr std::uint64_t max_intermediate = 16'777'216;
constexpr std::uint64_t max_vocab = 16'777'216;
constexpr std::uint64_t max_positions = 16'777'216;
constexpr std::uint64_t max_experts = 65'536;

// A key's value in a family's Hugging Face config class when config.json
// leaves the key out (the class's keyword default).
struct Default {
    std::string_view key;
    std::uint64_t value;
};

// The members of one config, looked up by name, and the first reason to refuse it.
class Config {
public:
    explicit Config(const std::vector<Entry>& entries) : entries_(entries) {}

    // The defaults of the family's config class, used for a key left out.
    void use_defaults(const std::vector<Default>& defaults) { defaults_ = &defaults; }

    bool refused() const { return refusal_.problem != Problem::none; }
    const Refusal& refusal() const { return refusal_; }

    void refuse(Problem problem, std::string_view key, std::string_view other = {}, std::uint64_t limit = 0) {
        if (!refused()) refusal_ = Refusal{problem, std::string(key), std::string(other), limit};
    }

    // The member under the first of its spellings present and not null.
    const Entry* find(std::initializer_list<std::string_view> spellings) const {
        for (const std::string_view key : spellings) {
            for (const Entry& entry : entries_) {
                if (entry.key == key && entry.kind != ValueKind::null) return &entry;
            }
        }
        return nullptr;
    }

    // Whether any spelling is written at all, null included.
    bool written(std::initializer_list<std::string_view> spellings) const {
        return std::any_of(entries_.begin(), entries_.end(), [&](const Entry& entry) {
            return std::find(spellings.begin(), spellings.end(), entry.key) != spellings.end();
        });
    }

    // The config class's default for a key left out, if it has one.
    const std::uint64_t* default_of(std::initializer_list<std::string_view> spellings) const {
        if (defaults_ == nullptr || written(spellings)) return nullptr;
        for (const Default& fallback : *defaults_) {
            if (std::find(spellings.begin(), spellings.end(), fallback.key) != spellings.end()) return &fallback.value;
        }
        return nullptr;
    }

    // A whole number from 1 to limit. Left out: the config class's default, or
    // refused when it has none; null: refused (None where the model needs a number).
    std::uint64_t count(std::initializer_list<std::string_view> spellings, std::uint64_t limit) {
        const Entry* entry = find(spellings);
        if (entry == nullptr) {
            if (const std::uint64_t* fallback = default_of(spellings)) return *fallback;
            refuse(Problem::missing_key, *spellings.begin());
            return 1;
        }
        return read_count(*entry, limit);
    }

    // The same where None has a meaning: left out, the class's default (if it
    // has one, else fallback); null, fallback (what the class makes of None).
    std::uint64_t count_or(std::initializer_list<std::string_view> spellings, std::uint64_t limit, std::uint64_t fallback) {
        const Entry* entry = find(spellings);
        if (entry != nullptr) return read_count(*entry, limit);
        const std::uint64_t* class_default = default_of(spellings);
        return class_default != nullptr ? *class_default : fallback;
    }

    // A count that may be zero (shared experts, dense layers first, a low rank of none).
    std::uint64_t count_from_zero_or(std::string_view key, std::uint64_t limit, std::uint64_t fallback) {
        const Entry* entry = find({key});
        if (entry == nullptr) {
            const std::uint64_t* class_default = default_of({key});
            return class_default != nullptr ? *class_default : fallback;
        }
        if (entry->kind == ValueKind::number && entry->text == "0") return 0;
        return read_count(*entry, limit);
    }

    // Whether a list is absent, null or empty ("[]": the page passes an empty array so).
    bool empty_list(std::string_view key) const {
        const Entry* entry = find({key});
        return entry == nullptr || (entry->kind == ValueKind::other && entry->text == "[]");
    }

    bool flag_or(std::string_view key, bool fallback) {
        const Entry* entry = find({key});
        if (entry == nullptr) return fallback;
        if (entry->kind != ValueKind::boolean) {
            refuse(Problem::not_a_boolean, key);
            return fallback;
        }
        return entry->text == "true";
    }

private:
    std::uint64_t read_count(const Entry& entry, std::uint64_t limit) {
        const std::string& text = entry.text;
        const bool digits = entry.kind == ValueKind::number && !text.empty() && text.size() <= 19 &&
                            std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits) {
            refuse(Problem::not_a_count, entry.key);
            return 1;
        }
        std::uint64_t value = 0;
        for (const char c : text) value = value * 10 + static_cast<std::uint64_t>(c - '0');
        if (value < 1 || value > limit) {
            refuse(Problem::out_of_range, entry.key, {}, limit);
            return 1;
        }
        return value;
    }

    const std::vector<Entry>& entries_;
    const std::vector<Default>* defaults_ = nullptr;
    Refusal refusal_;
};

// One layer's parameters by place, and the matrix-product weights a token goes through.
struct Layer {
    u128 attention = 0, mlp = 0, experts = 0, router = 0, norms = 0;
    u128 matmul = 0;             // per token, the active path only
    u128 inactive_experts = 0;   // routed experts a token is not sent to
};

// A linear layer in -> out, with or without a bias, into one place.
void linear(u128& place, u128& matmul, u128 in, u128 out, bool bias) {
    place += in * out + (bias ? out : 0);
    matmul += in * out;
}

// q, k, v and o of standard (grouped-query) attention.
void standard_attention(Layer& layer, u128 hidden, u128 heads, u128 kv_heads, u128 head_dim, bool qkv_bias, bool o_bias) {
    linear(layer.attention, layer.matmul, hidden, heads * head_dim, qkv_bias);
    linear(layer.attention, layer.matmul, hidden, kv_heads * head_dim, qkv_bias);
    linear(layer.attention, layer.matmul, hidden, kv_heads * head_dim, qkv_bias);
    linear(layer.attention, layer.matmul, heads * head_dim, hidden, o_bias);
}

// gate, up and down (SwiGLU, GeGLU): three matrices; or up and down.
u128 mlp_weights(u128 hidden, u128 intermediate, bool gated, bool bias) {
    return (gated ? 3 : 2) * hidden * intermediate + (bias ? (gated ? 2 : 1) * intermediate + hidden : 0);
}
void dense_mlp(Layer& layer, u128 hidden, u128 intermediate, bool gated, bool bias) {
    layer.mlp += mlp_weights(hidden, intermediate, gated, bias);
    layer.matmul += (gated ? 3 : 2) * hidden * intermediate;
}

// The model: embeddings, layers, final norm and head, summed into counts.
struct Model {
    u128 embeddings = 0;
    u128 final_norm = 0;
    u128 head = 0;
    u128 head_matmul = 0;  // hidden * vocab: the logits are computed whether or not the head is tied
    std::vector<std::pair<Layer, std::uint64_t>> layers;  // a layer and how many like it
};

Counts count_of(const Model& model) {
    Counts counts;
    counts.embeddings = model.embeddings;
    counts.norms = model.final_norm;
    counts.head = model.head;
    u128 inactive = 0;
    counts.matmul_active = model.head_matmul;
    for (const auto& [layer, repeat] : model.layers) {
        counts.attention += layer.attention * repeat;
        counts.mlp += layer.mlp * repeat;
        counts.experts += layer.experts * repeat;
        counts.router += layer.router * repeat;
        counts.norms += layer.norms * repeat;
        counts.matmul_active += layer.matmul * repeat;
        inactive += layer.inactive_experts * repeat;
    }
    counts.total = counts.embeddings + counts.attention + counts.mlp + counts.experts + counts.router + counts.norms + counts.head;
    counts.active = counts.total - inactive;
    return counts;
}

// Where head_dim comes from: read from the config when the family reads it,
// else the family's fixed default, else hidden / heads (which must divide).
struct HeadDim {
    bool read;
    std::uint64_t fallback;  // 0: hidden / heads
};
constexpr HeadDim derived_head_dim{false, 0};

// What every family reads: the layers, widths and heads, with head_dim and
// num_key_value_heads defaulting as in LlamaConfig (hidden / heads, heads).
struct Common {
    std::uint64_t vocab, hidden, layers, heads, kv_heads, head_dim;
};

Common read_common(Config& config, std::initializer_list<std::string_view> hidden_keys,
                   std::initializer_list<std::string_view> layer_keys, std::initializer_list<std::string_view> head_keys,
                   std::initializer_list<std::string_view> kv_keys, HeadDim rule) {
    Common common{};
    common.vocab = config.count({"vocab_size"}, max_vocab);
    common.hidden = config.count(hidden_keys, max_width);
    common.layers = config.count(layer_keys, max_layers);
    common.heads = config.count(head_keys, max_heads);
    common.kv_heads = kv_keys.size() == 0 ? common.heads : config.count_or(kv_keys, max_heads, common.heads);
    if (config.refused()) return common;
    if (rule.read && config.find({"head_dim"}) != nullptr) {
        common.head_dim = config.count({"head_dim"}, max_width);
    } else if (rule.fallback != 0) {
        common.head_dim = rule.fallback;
    } else {
        if (common.hidden % common.heads != 0) config.refuse(Problem::not_divisible, *hidden_keys.begin(), *head_keys.begin());
        common.head_dim = common.hidden / common.heads;
    }
    if (common.kv_heads > common.heads) {
        config.refuse(Problem::above_other, *kv_keys.begin(), *head_keys.begin());
    } else if (common.heads % common.kv_heads != 0) {
        config.refuse(Problem::not_divisible, *head_keys.begin(), *kv_keys.begin());
    }
    return common;
}

void embed(Model& model, const Common& common, bool tied, u128 extra_embeddings = 0) {
    model.embeddings = u128{common.vocab} * common.hidden + extra_embeddings;
    model.head = tied ? 0 : u128{common.vocab} * common.hidden;
    model.head_matmul = u128{common.vocab} * common.hidden;
}

model_shape::Shape shape_of(const Common& common, std::uint64_t ffn, bool gated, bool tied) {
    model_shape::Shape shape;
    shape.layers = common.layers;
    shape.hidden = common.hidden;
    shape.heads = common.heads;
    shape.kv_heads = common.kv_heads;
    shape.head_dim = common.head_dim;
    shape.vocabulary = common.vocab;
    shape.ffn = ffn;
    shape.gated = gated;
    shape.tied = tied;
    return shape;
}

const std::initializer_list<std::string_view> kHidden{"hidden_size"};
const std::initializer_list<std::string_view> kLayers{"num_hidden_layers"};
const std::initializer_list<std::string_view> kHeads{"num_attention_heads"};
const std::initializer_list<std::string_view> kKvHeads{"num_key_value_heads"};

// Llama and the families built like it (modeling_llama.py, modeling_mistral.py,
// modeling_qwen2.py, modeling_qwen3.py, modeling_gemma.py, modeling_gemma2.py,
// modeling_olmo.py, modeling_olmo2.py, modeling_phi3.py): RMSNorm weights of
// the hidden size, gated MLP, no biases unless the family says so.
struct LlamaLike {
    HeadDim head_dim;
    bool qkv_bias, o_bias;                           // defaults, overridden by attention_bias where read
    bool read_attention_bias;
    bool read_mlp_bias;
    bool tied_default;
    u128 norms_per_layer_in_hidden;  // RMSNorm weights of hidden size per layer (0 for OLMo's weightless LayerNorm)
    bool final_norm;
    model_shape::QkNorm qk_norm;  // Qwen3: RMSNorm(head_dim) each; OLMo 2: RMSNorm(heads * head_dim), RMSNorm(kv heads * head_dim)
};

// A Llama-like mixture of experts: where its config gives the routed experts
// and their width, and whether decoder_sparse_step and mlp_only_layers
// (Qwen3-MoE) choose which layers have them; every layer otherwise.
struct LlamaLikeExperts {
    std::initializer_list<std::string_view> experts_keys;
    std::string_view width_key;
    bool sparse_step;
};

Reading read_llama_like(Config& config, const LlamaLike& family, const LlamaLikeExperts* moe = nullptr) {
    Reading reading;
    const bool mixtral = moe != nullptr;
    const Common common = read_common(config, kHidden, kLayers, kHeads, kKvHeads, family.head_dim);
    const std::uint64_t intermediate = config.count({"intermediate_size"}, max_intermediate);
    // attention_bias, where the family reads it, sets q, k, v and o alike.
    const bool qkv_bias = family.read_attention_bias ? config.flag_or("attention_bias", family.qkv_bias) : family.qkv_bias;
    const bool o_bias = family.read_attention_bias ? qkv_bias : family.o_bias;
    const bool mlp_bias = family.read_mlp_bias ? config.flag_or("mlp_bias", false) : false;
    const bool tied = config.flag_or("tie_word_embeddings", family.tied_default);
    std::uint64_t experts = 0, per_token = 0, expert_width = 0, step = 1;
    if (mixtral) {
        experts = config.count(moe->experts_keys, max_experts);
        per_token = config.count({"num_experts_per_tok"}, max_experts);
        expert_width = moe->width_key == "intermediate_size" ? intermediate : config.count({moe->width_key}, max_intermediate);
        if (moe->sparse_step) {
            step = config.count_or({"decoder_sparse_step"}, max_layers, 1);
            if (!config.empty_list("mlp_only_layers")) config.refuse(Problem::not_read, "mlp_only_layers");
        }
        if (!config.refused() && per_token > experts) config.refuse(Problem::above_other, "num_experts_per_tok", *moe->experts_keys.begin());
    }
    if (config.refused()) return reading;

    Layer layer;
    standard_attention(layer, common.hidden, common.heads, common.kv_heads, common.head_dim, qkv_bias, o_bias);
    if (family.qk_norm == model_shape::QkNorm::head) layer.attention += 2 * u128{common.head_dim};
    if (family.qk_norm == model_shape::QkNorm::all) layer.attention += u128{common.heads + common.kv_heads} * common.head_dim;
    layer.norms = family.norms_per_layer_in_hidden * common.hidden;
    Layer dense = layer;
    dense_mlp(dense, common.hidden, intermediate, true, mlp_bias);
    // MixtralSparseMoeBlock, OlmoeSparseMoeBlock, Qwen3MoeSparseMoeBlock: gate
    // Linear(hidden, experts, bias=False); each expert's gate, up and down without biases.
    Layer sparse = layer;
    const u128 expert = mlp_weights(common.hidden, expert_width, true, false);
    sparse.experts = expert * experts;
    sparse.router = u128{common.hidden} * experts;
    sparse.inactive_experts = expert * (experts - per_token);
    sparse.matmul += expert * per_token;
    // Qwen3MoeDecoderLayer: a sparse block where (index + 1) % decoder_sparse_step == 0.
    const std::uint64_t moe_layers = mixtral ? common.layers / step : 0;

    Model model;
    embed(model, common, tied);
    model.final_norm = family.final_norm ? common.hidden : 0;
    model.layers.emplace_back(dense, common.layers - moe_layers);
    model.layers.emplace_back(sparse, moe_layers);
    reading.counts = count_of(model);
    reading.shape = shape_of(common, intermediate, true, tied);
    reading.attention_head_dim = common.head_dim;
    reading.shape.qk_norm = family.qk_norm;
    reading.shape.experts = experts;
    reading.shape.experts_per_token = per_token;
    reading.shape.expert_ffn = expert_width;
    reading.moe_layers = moe_layers;
    return reading;
}

// modeling_phi3.py: qkv_proj and gate_up_proj fused, the same weights as llama's.
Reading read_phi3(Config& config) {
    return read_llama_like(config, {{true, 0}, false, false, false, false, false, 2, true, model_shape::QkNorm::none});
}

// A GPT-style layer: fused query_key_value of qkv outputs and dense, a plain
// two-matrix MLP, and LayerNorms (weight and bias) of the hidden size.
Layer gpt_layer(u128 hidden, u128 qkv, u128 intermediate, bool attention_bias, bool mlp_bias, u128 layer_norms) {
    Layer layer;
    linear(layer.attention, layer.matmul, hidden, qkv, attention_bias);
    linear(layer.attention, layer.matmul, hidden, hidden, attention_bias);
    dense_mlp(layer, hidden, intermediate, false, mlp_bias);
    layer.norms = layer_norms * 2 * hidden;
    return layer;
}

// The model of a GPT-style family: its layers, LayerNorm'd output, embeddings (and what joins them).
Reading gpt_model(const Common& common, const Layer& layer, u128 intermediate, bool tied, u128 extra_embeddings = 0) {
    Reading reading;
    Model model;
    embed(model, common, tied, extra_embeddings);
    model.final_norm = 2 * u128{common.hidden};
    model.layers.emplace_back(layer, common.layers);
    reading.counts = count_of(model);
    reading.shape = shape_of(common, static_cast<std::uint64_t>(intermediate), false, tied);
    reading.attention_head_dim = common.head_dim;
    reading.shape.layer_norm = true;
    return reading;
}

// modeling_gpt2.py: learned positions, LayerNorms with biases, Conv1D layers
// with biases, n_inner (null: 4 * n_embd), head tied (GPT2LMHeadModel).
Reading read_gpt2(Config& config) {
    Reading reading;
    const Common common = read_common(config, {"n_embd"}, {"n_layer"}, {"n_head"}, {}, derived_head_dim);
    const std::uint64_t positions = config.count({"n_positions"}, max_positions);
    const std::uint64_t inner = config.count_or({"n_inner"}, max_intermediate, 4 * common.hidden);
    const bool tied = config.flag_or("tie_word_embeddings", true);
    if (config.refused()) return reading;
    // c_attn, c_proj, c_fc and the MLP's c_proj; ln_1 and ln_2.
    return gpt_model(common, gpt_layer(common.hidden, 3 * u128{common.hidden}, inner, true, true, 2), inner, tied,
                     u128{positions} * common.hidden);
}

// modeling_gpt_neox.py: query_key_value and dense with biases (attention_bias,
// default true), MLP with biases, two LayerNorms per layer, embed_out untied by default.
Reading read_gpt_neox(Config& config) {
    Reading reading;
    const Common common = read_common(config, kHidden, kLayers, kHeads, {}, derived_head_dim);
    const std::uint64_t intermediate = config.count({"intermediate_size"}, max_intermediate);
    const bool bias = config.flag_or("attention_bias", true);
    const bool tied = config.flag_or("tie_word_embeddings", false);
    if (config.refused()) return reading;
    return gpt_model(common, gpt_layer(common.hidden, 3 * u128{common.hidden}, intermediate, bias, true, 2), intermediate, tied);
}

// modeling_bloom.py: word_embeddings_layernorm, query_key_value, dense and the
// 4h MLP with biases, two LayerNorms per layer, head tied.
Reading read_bloom(Config& config) {
    Reading reading;
    const Common common = read_common(config, {"hidden_size", "n_embed"}, {"n_layer", "num_hidden_layers"},
                                      {"n_head", "num_attention_heads"}, {}, derived_head_dim);
    const bool tied = config.flag_or("tie_word_embeddings", true);
    if (config.refused()) return reading;
    const u128 hidden = common.hidden;
    // word_embeddings_layernorm joins the embeddings.
    return gpt_model(common, gpt_layer(hidden, 3 * hidden, 4 * hidden, true, true, 2), 4 * hidden, tied, 2 * hidden);
}

// modeling_falcon.py: query_key_value of (heads + 2 * kv_heads) * head_dim with
// the new decoder architecture, hidden + 2 * head_dim with multi_query, else
// 3 * hidden; biases when `bias`; LayerNorms (ln_attn and ln_mlp when
// num_ln_in_parallel_attn is 2, its default under the new architecture,
// input_layernorm alone otherwise, plus post_attention_layernorm without
// parallel attention); head tied by default.
Reading read_falcon(Config& config) {
    Reading reading;
    const bool new_architecture = config.flag_or("new_decoder_architecture", false);
    const bool multi_query = config.flag_or("multi_query", true);
    const bool parallel = config.flag_or("parallel_attn", true);
    const bool bias = config.flag_or("bias", false);
    const bool tied = config.flag_or("tie_word_embeddings", true);
    Common common = read_common(config, {"hidden_size", "n_embed"}, {"num_hidden_layers", "n_layer"},
                                {"num_attention_heads", "n_head"}, {}, derived_head_dim);
    if (config.refused()) return reading;
    if (new_architecture) {
        common.kv_heads = config.count_or({"num_kv_heads", "n_head_kv"}, max_heads, common.heads);
        if (!config.refused() && common.kv_heads > common.heads) config.refuse(Problem::above_other, "num_kv_heads", "num_attention_heads");
    } else {
        common.kv_heads = multi_query ? 1 : common.heads;
    }
    const std::uint64_t ffn = config.count_or({"ffn_hidden_size"}, max_intermediate, 4 * common.hidden);
    const std::uint64_t norms_in_parallel = config.count_or({"num_ln_in_parallel_attn"}, 2, new_architecture ? 2 : 1);
    if (config.refused()) return reading;
    const u128 qkv = new_architecture ? u128{common.heads + 2 * common.kv_heads} * common.head_dim
                     : multi_query    ? u128{common.hidden} + 2 * u128{common.head_dim}
                                      : 3 * u128{common.hidden};
    const u128 layer_norms = !parallel ? 2 : norms_in_parallel;
    return gpt_model(common, gpt_layer(common.hidden, qkv, ffn, bias, bias, layer_norms), ffn, tied);
}

// modeling_deepseek_v3.py: MLA attention, first_k_dense_replace dense layers
// then MoE layers (every moe_layer_freq-th), each with n_routed_experts of
// moe_intermediate_size, a shared MLP of moe_intermediate_size *
// n_shared_experts, and a router (weight and e_score_correction_bias).
Reading read_deepseek_v3(Config& config) {
    Reading reading;
    Common common{};
    common.vocab = config.count({"vocab_size"}, max_vocab);
    common.hidden = config.count(kHidden, max_width);
    common.layers = config.count(kLayers, max_layers);
    common.heads = config.count(kHeads, max_heads);
    const std::uint64_t intermediate = config.count({"intermediate_size"}, max_intermediate);
    const std::uint64_t moe_intermediate = config.count({"moe_intermediate_size"}, max_intermediate);
    const std::uint64_t experts = config.count({"n_routed_experts"}, max_experts);
    const std::uint64_t per_token = config.count({"num_experts_per_tok"}, max_experts);
    const std::uint64_t shared = config.count_from_zero_or("n_shared_experts", max_experts, 0);
    const std::uint64_t first_dense = config.count_from_zero_or("first_k_dense_replace", max_layers, 0);
    const std::uint64_t frequency = config.count_or({"moe_layer_freq"}, max_layers, 1);
    // q_lora_rank null: no low-rank query (q_proj); left out: the class's 1536.
    const std::uint64_t q_rank = config.count_or({"q_lora_rank"}, max_width, 0);
    const std::uint64_t kv_rank = config.count({"kv_lora_rank"}, max_width);
    const std::uint64_t qk_nope = config.count({"qk_nope_head_dim"}, max_width);
    const std::uint64_t qk_rope = config.count({"qk_rope_head_dim"}, max_width);
    const std::uint64_t v_dim = config.count({"v_head_dim"}, max_width);
    const bool bias = config.flag_or("attention_bias", false);
    const bool tied = config.flag_or("tie_word_embeddings", false);
    if (!config.refused() && per_token > experts) config.refuse(Problem::above_other, "num_experts_per_tok", "n_routed_experts");
    if (!config.refused() && first_dense > common.layers) config.refuse(Problem::above_other, "first_k_dense_replace", "num_hidden_layers");
    if (config.refused()) return reading;
    common.kv_heads = common.heads;
    common.head_dim = qk_nope + qk_rope;

    const u128 hidden = common.hidden, heads = common.heads, qk = qk_nope + qk_rope;
    Layer attention;
    if (q_rank == 0) {
        linear(attention.attention, attention.matmul, hidden, heads * qk, false);  // q_proj
    } else {
        linear(attention.attention, attention.matmul, hidden, q_rank, bias);  // q_a_proj
        attention.attention += q_rank;                                        // q_a_layernorm
        attention.matmul += q_rank;
        linear(attention.attention, attention.matmul, q_rank, heads * qk, false);  // q_b_proj
    }
    linear(attention.attention, attention.matmul, hidden, u128{kv_rank} + qk_rope, bias);  // kv_a_proj_with_mqa
    attention.attention += kv_rank;                                                       // kv_a_layernorm
    attention.matmul += kv_rank;
    linear(attention.attention, attention.matmul, kv_rank, heads * (u128{qk_nope} + v_dim), false);  // kv_b_proj
    linear(attention.attention, attention.matmul, heads * v_dim, hidden, bias);                     // o_proj
    attention.norms = 2 * hidden;

    Layer dense = attention;
    dense_mlp(dense, hidden, intermediate, true, false);
    Layer moe = attention;
    const u128 expert = mlp_weights(hidden, moe_intermediate, true, false);
    moe.experts = expert * experts;
    moe.inactive_experts = expert * (experts - per_token);
    moe.matmul += expert * per_token;
    dense_mlp(moe, hidden, u128{moe_intermediate} * shared, true, false);
    moe.router = hidden * experts + experts;

    std::uint64_t moe_layers = 0;
    for (std::uint64_t index = first_dense; index < common.layers; ++index) moe_layers += index % frequency == 0 ? 1U : 0U;

    Model model;
    embed(model, common, tied);
    model.final_norm = hidden;
    model.layers.emplace_back(dense, common.layers - moe_layers);
    model.layers.emplace_back(moe, moe_layers);
    reading.counts = count_of(model);
    reading.shape = shape_of(common, intermediate, true, tied);
    reading.attention_head_dim = common.head_dim;
    const std::uint64_t twice = qk_nope + qk_rope + v_dim;
    reading.attention_head_dim = twice % 2 == 0 ? std::optional<std::uint64_t>(twice / 2) : std::nullopt;
    reading.shape.experts = experts;
    reading.shape.experts_per_token = per_token;
    reading.moe_layers = moe_layers;
    return reading;
}

struct Family {
    std::string_view model_type;
    Reading (*read)(Config&);
    const std::vector<Default>* defaults;
};

// Each config class's keyword defaults for the keys read, in Hugging Face
// transformers (src/transformers/models/<family>/configuration_<family>.py):
// llama, mixtral, qwen2, qwen3, gemma, gemma2, olmo, olmo2, phi3 and
// gpt_neox at 008e574, mistral at 001f85b, deepseek_v3 at 001f85b, gpt2 at
// 01ae98a, bloom at 04efa88, falcon at 0558553. A None default is no entry
// here: the reader gives it the meaning the class gives it (key-value heads as
// many as the heads, head_dim hidden / heads, n_inner 4 × hidden).
const std::vector<Default> kLlamaDefaults{{"vocab_size", 32000}, {"hidden_size", 4096}, {"intermediate_size", 11008},
                                          {"num_hidden_layers", 32}, {"num_attention_heads", 32}};
const std::vector<Default> kMistralDefaults{{"vocab_size", 32000}, {"hidden_size", 4096}, {"intermediate_size", 14336},
                                            {"num_hidden_layers", 32}, {"num_attention_heads", 32}, {"num_key_value_heads", 8}};
const std::vector<Default> kMixtralDefaults{{"vocab_size", 32000}, {"hidden_size", 4096}, {"intermediate_size", 14336},
                                            {"num_hidden_layers", 32}, {"num_attention_heads", 32}, {"num_key_value_heads", 8},
                                            {"num_local_experts", 8}, {"num_experts_per_tok", 2}};
const std::vector<Default> kQwenDefaults{{"vocab_size", 151936}, {"hidden_size", 4096}, {"intermediate_size", 22016},
                                         {"num_hidden_layers", 32}, {"num_attention_heads", 32}, {"num_key_value_heads", 32}};
const std::vector<Default> kGemmaDefaults{{"vocab_size", 256000}, {"hidden_size", 3072}, {"intermediate_size", 24576},
                                          {"num_hidden_layers", 28}, {"num_attention_heads", 16}, {"num_key_value_heads", 16}};
const std::vector<Default> kGemma2Defaults{{"vocab_size", 256000}, {"hidden_size", 2304}, {"intermediate_size", 9216},
                                           {"num_hidden_layers", 26}, {"num_attention_heads", 8}, {"num_key_value_heads", 4}};
const std::vector<Default> kOlmoDefaults{{"vocab_size", 50304}, {"hidden_size", 4096}, {"intermediate_size", 11008},
                                         {"num_hidden_layers", 32}, {"num_attention_heads", 32}};
const std::vector<Default> kPhi3Defaults{{"vocab_size", 32064}, {"hidden_size", 3072}, {"intermediate_size", 8192},
                                         {"num_hidden_layers", 32}, {"num_attention_heads", 32}};
const std::vector<Default> kGpt2Defaults{{"vocab_size", 50257}, {"n_positions", 1024}, {"n_embd", 768}, {"n_layer", 12}, {"n_head", 12}};
const std::vector<Default> kGptNeoxDefaults{{"vocab_size", 50432}, {"hidden_size", 6144}, {"num_hidden_layers", 44},
                                            {"num_attention_heads", 64}, {"intermediate_size", 24576}};
const std::vector<Default> kBloomDefaults{{"vocab_size", 250880}, {"hidden_size", 64}, {"n_layer", 2}, {"n_head", 8}};
const std::vector<Default> kFalconDefaults{{"vocab_size", 65024}, {"hidden_size", 4544}, {"num_hidden_layers", 32},
                                           {"num_attention_heads", 71}};
const std::vector<Default> kDeepseekV3Defaults{
    {"vocab_size", 129280}, {"hidden_size", 7168}, {"intermediate_size", 18432}, {"moe_intermediate_size", 2048},
    {"num_hidden_layers", 61}, {"num_attention_heads", 128}, {"n_shared_experts", 1}, {"n_routed_experts", 256},
    {"kv_lora_rank", 512}, {"q_lora_rank", 1536}, {"qk_rope_head_dim", 64}, {"v_head_dim", 128}, {"qk_nope_head_dim", 128},
    {"num_experts_per_tok", 8}, {"first_k_dense_replace", 3}};

// qwen3_moe and olmoe at 008e574 (num_local_experts is OlmoeConfig's alias of num_experts).
const std::vector<Default> kQwen3MoeDefaults{{"vocab_size", 151936}, {"hidden_size", 2048}, {"intermediate_size", 6144},
                                             {"num_hidden_layers", 24}, {"num_attention_heads", 32}, {"num_key_value_heads", 4},
                                             {"decoder_sparse_step", 1}, {"moe_intermediate_size", 768},
                                             {"num_experts_per_tok", 8}, {"num_experts", 128}};
const std::vector<Default> kOlmoeDefaults{{"vocab_size", 50304}, {"hidden_size", 2048}, {"intermediate_size", 2048},
                                          {"num_hidden_layers", 16}, {"num_attention_heads", 16},
                                          {"num_experts_per_tok", 8}, {"num_experts", 64}};

const LlamaLikeExperts kMixtralExperts{{"num_local_experts"}, "intermediate_size", false};
const LlamaLikeExperts kQwen3MoeExperts{{"num_experts"}, "moe_intermediate_size", true};
const LlamaLikeExperts kOlmoeExperts{{"num_experts", "num_local_experts"}, "intermediate_size", false};

// Each family's LlamaLike: head_dim default, q/k/v and o biases, whether
// attention_bias and mlp_bias are read, tie default, RMSNorms per layer, final norm, q/k norms.
const Family kFamilies[] = {
    {"llama", [](Config& c) { return read_llama_like(c, {{true, 0}, false, false, true, true, false, 2, true, model_shape::QkNorm::none}); }, &kLlamaDefaults},
    {"mistral", [](Config& c) { return read_llama_like(c, {{true, 0}, false, false, false, false, false, 2, true, model_shape::QkNorm::none}); }, &kMistralDefaults},
    {"mixtral", [](Config& c) { return read_llama_like(c, {{true, 0}, false, false, false, false, false, 2, true, model_shape::QkNorm::none}, &kMixtralExperts); }, &kMixtralDefaults},
    // Qwen3MoeAttention: head_dim read, else hidden / heads; q_norm and k_norm of head_dim.
    {"qwen3_moe", [](Config& c) { return read_llama_like(c, {{true, 0}, false, false, true, false, false, 2, true, model_shape::QkNorm::head}, &kQwen3MoeExperts); }, &kQwen3MoeDefaults},
    // OlmoeAttention: q_norm of hidden, k_norm of hidden / heads × key-value heads.
    {"olmoe", [](Config& c) { return read_llama_like(c, {{true, 0}, false, false, true, false, false, 2, true, model_shape::QkNorm::all}, &kOlmoeExperts); }, &kOlmoeDefaults},
    // Qwen2Attention: q, k, v with biases, o without.
    {"qwen2", [](Config& c) { return read_llama_like(c, {{true, 0}, true, false, false, false, false, 2, true, model_shape::QkNorm::none}); }, &kQwenDefaults},
    // Qwen3Config: head_dim 128, attention_bias false; q_norm and k_norm of head_dim.
    {"qwen3", [](Config& c) { return read_llama_like(c, {{true, 128}, false, false, true, false, false, 2, true, model_shape::QkNorm::head}); }, &kQwenDefaults},
    // GemmaConfig / Gemma2Config: head_dim 256, attention_bias false, embeddings tied; Gemma 2 has four norms a layer.
    {"gemma", [](Config& c) { return read_llama_like(c, {{true, 256}, false, false, true, false, true, 2, true, model_shape::QkNorm::none}); }, &kGemmaDefaults},
    {"gemma2", [](Config& c) { return read_llama_like(c, {{true, 256}, false, false, true, false, true, 4, true, model_shape::QkNorm::none}); }, &kGemma2Defaults},
    // OlmoLayerNorm has no parameters.
    {"olmo", [](Config& c) { return read_llama_like(c, {{true, 0}, false, false, true, false, false, 0, false, model_shape::QkNorm::none}); }, &kOlmoDefaults},
    // Olmo2: post_attention_layernorm, post_feedforward_layernorm, q_norm and k_norm over all heads.
    {"olmo2", [](Config& c) { return read_llama_like(c, {{true, 0}, false, false, true, false, false, 2, true, model_shape::QkNorm::all}); }, &kOlmoDefaults},
    {"phi3", read_phi3, &kPhi3Defaults},
    {"gpt2", read_gpt2, &kGpt2Defaults},
    {"gpt_neox", read_gpt_neox, &kGptNeoxDefaults},
    {"bloom", read_bloom, &kBloomDefaults},
    {"falcon", read_falcon, &kFalconDefaults},
    {"deepseek_v3", read_deepseek_v3, &kDeepseekV3Defaults},
};

}  // namespace

const std::vector<std::string_view>& families() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> list;
        for (const Family& family : kFamilies) list.push_back(family.model_type);
        return list;
    }();
    return names;
}

Reading read(const std::vector<Entry>& entries) {
    Config config(entries);
    const Entry* type = config.find({"model_type"});
    if (type == nullptr || type->kind != ValueKind::string) {
        Reading reading;
        reading.refusal = Refusal{Problem::no_model_type, "model_type", {}, 0};
        return reading;
    }
    for (const Family& family : kFamilies) {
        if (type->text != family.model_type) continue;
        config.use_defaults(*family.defaults);
        Reading reading = family.read(config);
        if (!config.refused() && reading.counts.total > max_parameters) config.refuse(Problem::too_large, "model_type", {}, max_parameters);
        if (config.refused()) {
            Reading refused;
            refused.refusal = config.refusal();
            return refused;
        }
        reading.family = std::string(family.model_type);
        const Entry* mtp = config.find({"num_nextn_predict_layers"});
        if (mtp != nullptr && mtp->kind == ValueKind::number && !mtp->text.empty() && mtp->text.size() <= 4 &&
            mtp->text.find_first_not_of("0123456789") == std::string::npos) {
            reading.mtp_depths = std::stoull(mtp->text);
        }
        return reading;
    }
    Reading reading;
    // The type as given (the page passes strings of at most 128 code points);
    // the page cuts what it echoes on code points, where a byte cut could split a character.
    reading.refusal = Refusal{Problem::unknown_model_type, type->text, {}, 0};
    return reading;
}

}  // namespace batch_planner::model_config
