// A model's Hugging Face config.json read as its architecture's own code reads
// it, and its parameters counted exactly: the total, the parameters a token
// uses (MoE), where they are (embeddings, attention, MLP, experts, router,
// norms, head), and the matrix-product parameters Megatron-LM's
// num_floating_point_operations multiplies by 6 per token.
//
// Each family's parameter shapes are those of its modeling file in
// huggingface/transformers (src/transformers/models/<family>/modeling_*.py):
// which projections exist, which carry biases, which norms have weights, and
// whether the output head is tied to the embeddings by default
// (tie_word_embeddings of the family's Config class). A key a family needs
// and the paste lacks is refused by name; only the defaults the family's
// Config class itself gives are applied (num_key_value_heads = heads,
// head_dim = hidden / heads, a null n_inner = 4 * hidden, ...). Nothing else
// is guessed.
//
// DeepSeek-V3 (MLA): q_a_proj, q_a_layernorm and q_b_proj (or q_proj when
// q_lora_rank is null), kv_a_proj_with_mqa, kv_a_layernorm, kv_b_proj and
// o_proj; the router's weight and its e_score_correction_bias (a buffer in
// transformers, stored in the checkpoint); the multi-token-prediction layers
// (num_nextn_predict_layers) are not part of the model transformers builds
// and are not counted.
//
// Plain C++17, no locale, no JSON: the page parses the paste (JSON.parse) and
// hands over its top-level members, each as a kind and a text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checked_math.hpp"
#include "model_shape.hpp"

namespace batch_planner::model_config {

// A top-level member of config.json: a number (the text it was written with,
// so 32.0 and 3.2e1, floats to Python's json, are no count), a boolean ("true"/"false"), a string, null,
// or anything else (an object or an array, never read).
enum class ValueKind : std::uint8_t { number, boolean, string, null, other };

struct Entry {
    std::string key;
    ValueKind kind;
    std::string text;
};

// Why a config is refused: the key (and the other key, for a relation
// between two) it is about, and the limit it broke, when there is one.
enum class Problem : std::uint8_t {
    none,
    no_model_type,       // no "model_type" string
    unknown_model_type,  // key holds the model_type read
    missing_key,         // key (or one of its spellings) is absent or null
    not_a_count,         // not a whole number written in digits: fractional, negative, exponent, a string
    out_of_range,        // a count below 1 or above limit
    not_a_boolean,
    not_divisible,       // key does not divide by other_key (hidden_size by num_attention_heads, ...)
    above_other,         // key is above other_key (num_experts_per_tok above the experts)
    too_large,           // the total is above limit parameters
    not_read,            // key holds a value that changes the model in a way not counted (a non-empty mlp_only_layers)
};

struct Refusal {
    Problem problem = Problem::none;
    std::string key;
    std::string other_key;
    std::uint64_t limit = 0;
};

// Where the parameters are; every count exact.
struct Counts {
    u128 embeddings = 0;  // token (and learned position) embeddings, their norm for BLOOM
    u128 attention = 0;   // projections with their biases, q/k norms
    u128 mlp = 0;         // dense MLPs and shared experts
    u128 experts = 0;     // routed experts, all of them
    u128 router = 0;      // MoE gates (and DeepSeek-V3's correction bias)
    u128 norms = 0;       // layer norms and the final norm
    u128 head = 0;        // the output head: 0 when tied to the embeddings
    u128 total = 0;
    u128 active = 0;      // what one token uses: total less the routed experts it is not sent to
    // The weights of the matrix products one token goes through, as Megatron-LM's
    // num_floating_point_operations counts them (training.py at d98e8a6): the
    // projections, the active MLP or experts and the logit layer (counted even
    // when tied), no embeddings lookup, bias, router or norm (but MLA's two
    // low-rank norms, which its formula counts).
    u128 matmul_active = 0;
};

struct Reading {
    Refusal refusal;  // problem == none when the model was read
    std::string family;
    // What the other calculators take from the model: its shape, the
    // vocabulary the tokenizer's (unpadded), ffn 0 for a model with no dense MLP.
    model_shape::Shape shape;
    // The head dimension Megatron-LM's core-attention term multiplies by the
    // heads: head_dim, or for MLA (qk_nope + qk_rope + v_head) / 2, none when odd.
    std::optional<std::uint64_t> attention_head_dim;
    std::uint64_t moe_layers = 0;  // the layers with routed experts (DeepSeek-V3 keeps its first three dense)
    // num_nextn_predict_layers when written as 1 to 4 digits, otherwise 0: DeepSeek-V3's multi-token-prediction
    // modules, which transformers does not build, so the counts leave them out and the page says so.
    std::uint64_t mtp_depths = 0;
    Counts counts;
    bool ok() const { return refusal.problem == Problem::none; }
};

// The largest model counted: a quadrillion parameters, the parameters fields' maximum.
inline constexpr std::uint64_t max_parameters = 1'000'000'000'000'000ULL;

// The families read, as their model_type spells them.
const std::vector<std::string_view>& families();

Reading read(const std::vector<Entry>& entries);

}  // namespace batch_planner::model_config
