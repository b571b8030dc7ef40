// A transformer's shape, once for the whole core: its fields (the memory page
// and the configuration page read the same fifteen, in this order), the
// relations between them, their defaults, and the one struct the config
// reader (model_config), the memory model (memory_model), the step time and
// the layout search all read.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "fields.hpp"

namespace batch_planner::model_shape {

// Norms over the queries and keys inside attention: none; per head, a norm of
// d_h for the queries and one for the keys (Megatron-LM's --qk-layernorm,
// Qwen3's q_norm and k_norm); or over all heads, n·d_h for the queries and
// g·d_h for the keys (OLMo 2, OLMoE).
enum class QkNorm : std::uint8_t { none, head, all };

// L layers, hidden size h, n attention heads in g query groups of d_h, an MLP
// of width f, gated (SwiGLU: three matrices) or not (two), LayerNorm or
// RMSNorm, V embedding rows, an output layer tied to the embedding or not, and
// for a mixture of experts E routed experts of width f_e in every layer, k per
// token, plus shared experts of total width f_s.
struct Shape {
    std::uint64_t layers = 0, hidden = 0, heads = 0, kv_heads = 0, head_dim = 0;
    std::uint64_t ffn = 0;  // a dense MLP's width (0 for a model with none)
    bool gated = false;
    bool layer_norm = false;  // LayerNorm (weight and bias) rather than RMSNorm: Megatron-LM's --normalization
    // The embedding's rows: the tokenizer's vocabulary, or, where a framework
    // pads it for its tensor-parallel size, the padded count (memory_model::pad_vocabulary).
    std::uint64_t vocabulary = 0;
    bool tied = false;
    std::uint64_t experts = 0;  // 0: dense
    std::uint64_t experts_per_token = 0;
    std::uint64_t expert_ffn = 0;
    std::uint64_t shared_expert_ffn = 0;
    QkNorm qk_norm = QkNorm::none;
};

inline constexpr CountLimits shape_limits{1, 1'048'576ULL};
inline constexpr CountLimits width_limits{1, 16'777'216ULL};  // FFN widths, vocabulary
inline constexpr CountLimits expert_limits{1, 65'536ULL};
inline constexpr CountLimits shared_width_limits{0, 16'777'216ULL};  // 0: no shared expert

// The shape's fields, which every calculator that takes a model lists in this
// order, one after the other (BP_MODEL_SHAPE_FIELDS inside its own list), under these keys.
#define BP_MODEL_SHAPE_FIELDS(X) \
    X(layers, count_field("layers", ::batch_planner::model_shape::shape_limits, sequence_form)) \
    X(hidden_size, count_field("hiddenSize", ::batch_planner::model_shape::shape_limits, sequence_form)) \
    X(attention_heads, count_field("attentionHeads", ::batch_planner::model_shape::shape_limits, sequence_form)) \
    X(kv_heads, count_field("kvHeads", ::batch_planner::model_shape::shape_limits, sequence_form, true)) /* empty: as many as the heads */ \
    X(head_dim, count_field("headDim", ::batch_planner::model_shape::shape_limits, sequence_form, true)) /* empty: h / n */ \
    X(ffn_hidden, count_field("ffnHidden", ::batch_planner::model_shape::width_limits, sequence_form, true)) /* empty: 4·h */ \
    X(gated_mlp, choice_field("gatedMlp", {"off", "on"})) \
    X(normalization, choice_field("normalization", {"layernorm", "rmsnorm"})) \
    X(qk_norm, choice_field("qkNorm", {"none", "head", "all"})) \
    X(vocabulary, count_field("vocabulary", ::batch_planner::model_shape::width_limits, sequence_form)) \
    X(tied_embeddings, choice_field("tiedEmbeddings", {"off", "on"})) \
    X(experts, count_field("experts", ::batch_planner::model_shape::expert_limits, sequence_form, true)) /* empty: a dense model */ \
    X(experts_per_token, count_field("expertsPerToken", ::batch_planner::model_shape::expert_limits, sequence_form, true)) /* needed with experts */ \
    X(expert_ffn, count_field("expertFfn", ::batch_planner::model_shape::width_limits, sequence_form, true)) /* empty: f */ \
    X(shared_expert_ffn, count_field("sharedExpertFfn", ::batch_planner::model_shape::shared_width_limits, sequence_form, true)) /* empty or 0: none */
inline constexpr std::array field_specs{BP_MODEL_SHAPE_FIELDS(BP_FIELD_SPEC)};

enum Field : std::size_t { BP_MODEL_SHAPE_FIELDS(BP_FIELD_ENUMERATOR) };

// The relations between the shape's fields, each refused on the field that
// breaks it: h / n must divide when d_h is left to its default (Megatron-LM's
// kv_channels); the query groups divide the heads; the expert fields need
// experts, experts need k, and k is at most E.
// first: the calculator's reading of its layers field, the shape's first.
void refuse_conflicts(FieldReading* first);

// The shape, when every part of it is valid or left to its default: g = n,
// d_h = h / n, f = 4·h, f_e = f, f_s = 0. The vocabulary as typed.
std::optional<Shape> shape_of(const FieldReading* first);

// The fields' texts for this shape: counts in plain digits, choices as their words, a dense model's expert fields and
// no shared experts left empty. The one conversion from what the config reader finds to what a page's shape fields
// hold. Every shape the fields can hold reads back as itself (shape_of); a width of 0 where a field's least is 1 (the
// reader gives none) is left empty, and so reads as that field's default.
std::array<std::string, field_specs.size()> texts_of(const Shape& shape);

}  // namespace batch_planner::model_shape
