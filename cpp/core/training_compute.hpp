// The training-compute calculator: how many floating-point operations a run
// takes, how long it lasts on a cluster at a given utilization, and what it
// costs.
//
//  - 6ND: 6 FLOPs per parameter per token, forward and backward (Kaplan et
//    al. 2020, "Scaling Laws for Neural Language Models", section 2.1;
//    Hoffmann et al. 2022, section 3.3). N is the parameters a token uses:
//    the active ones for a mixture of experts, all of them otherwise.
//  - With attention, as Megatron-LM's num_floating_point_operations counts a
//    standard Transformer (megatron/training/training.py at d98e8a6; the same
//    for these terms in core_v0.17.1): per token 6·M for the matrix products
//    (M: their weights on a token's path, logit layer included) plus
//    6·s·L·n·d for the core attention (QKᵀ and its product with V, halved for
//    the causal mask, over a sequence of s tokens: n heads of d dimensions in
//    each of L layers).
//  - Time = FLOPs ÷ (GPUs × peak × utilization); the FLOPs with attention
//    when the model's shape is given, 6ND otherwise (Model FLOPs Utilization
//    as PaLM, Chowdhery et al. 2022, appendix B, defines it, counts the
//    attention).
//  - Compute-optimal tokens: 20 per parameter, Hoffmann et al. 2022's Table 3
//    (Approach 1: 1B -> 20.2B tokens, 10B -> 205.1B, 67B -> 1.5T).
//
// Plain C++17, no locale. FLOPs are exact integers (128 bits); times, rates
// and costs are doubles (an estimate is not exact).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "checked_math.hpp"
#include "fields.hpp"
#include "figure.hpp"
#include "number_text.hpp"

namespace batch_planner::training_compute {

inline constexpr CountLimits parameter_limits{1, 1'000'000'000'000'000ULL};  // 10^15
inline constexpr CountLimits token_limits{1, 1'000'000'000'000'000'000ULL};  // 10^18
inline constexpr CountLimits shape_limits{1, 1'048'576};

// Field order is the order of the texts evaluate() takes.
#define BP_TRAINING_COMPUTE_FIELDS(X) \
    X(parameters, count_field("parameters", parameter_limits, token_form)) \
    /* Per token, for a mixture of experts; empty: every parameter. */ \
    X(active_parameters, count_field("activeParameters", parameter_limits, token_form, true)) \
    X(tokens, count_field("tokens", token_limits, token_form)) \
    X(sequence_length, count_field("sequenceLength", factor_limits, context_form)) \
    /* The model's shape, for the attention term; all optional. */ \
    X(matmul_parameters, count_field("matmulParameters", parameter_limits, token_form, true)) \
    X(layers, count_field("layers", shape_limits, plain_form, true)) \
    X(attention_heads, count_field("attentionHeads", shape_limits, plain_form, true)) \
    X(head_dim, count_field("headDim", shape_limits, plain_form, true)) \
    X(gpus, count_field("gpus", {1, 16'777'216})) \
    X(peak_tflops, decimal_field("peakTflops", {1e-3, 1e6})) /* dense BF16/FP16, per GPU */ \
    X(utilization, decimal_field("utilization", {1e-3, 100})) /* MFU, percent */ \
    X(price_per_gpu_hour, decimal_field("pricePerGpuHour", {1e-6, 1e6}, true))
inline constexpr std::array field_specs{BP_TRAINING_COMPUTE_FIELDS(BP_FIELD_SPEC)};

// The fields' names, in their specs' order: derived from the one list above.
enum Field : std::size_t { BP_TRAINING_COMPUTE_FIELDS(BP_FIELD_ENUMERATOR) };

inline constexpr std::array<std::string_view, 11> result_keys{
    "trainingFlops6ND", "flopsPerToken6N", "trainingFlopsAttention", "flopsPerTokenAttention", "trainingDays",
    "trainingSeconds", "gpuHours", "cost", "tokensPerSecondPerGpu", "computeOptimalTokens", "tokensPerParameter",
};

enum Result : std::size_t {
    training_flops_6nd, flops_per_token_6n, training_flops_attention, flops_per_token_attention, training_days,
    training_seconds, gpu_hours, cost, tokens_per_second_per_gpu, compute_optimal_tokens, tokens_per_parameter,
};

// Hoffmann et al. 2022, Table 3 (Approach 1): compute-optimal tokens per parameter.
inline constexpr std::uint64_t chinchilla_tokens_per_parameter = 20;

// Megatron-LM's FLOPs per token of a standard Transformer: 6·M + 6·s·L·n·d.
u128 flops_per_token_with_attention(std::uint64_t matmul, std::uint64_t sequence, std::uint64_t layers,
                                    std::uint64_t heads, std::uint64_t head_dim);

using FieldTexts = std::array<std::string_view, field_specs.size()>;

struct Evaluation {
    std::array<FieldReading, field_specs.size()> fields;
    std::array<Figure, result_keys.size()> results;
    bool time_counts_attention = false;  // which FLOPs the time, rate and cost come from
};

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax);

}  // namespace batch_planner::training_compute
