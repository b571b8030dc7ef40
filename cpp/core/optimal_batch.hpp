// The optimal batch size calculator: which batch, and which learning rate, a
// pre-training run should use, from the scaling-law papers' fits, and what
// the batch costs in steps and data and on the cluster.
//
//  - DeepSeek LLM (Bi et al. 2024, arXiv 2401.02954, sections 3.1 and 3.2): the model's
//    scale is its non-embedding FLOPs per token, M = 72 n_layer d_model^2 +
//    12 n_layer d_model l_seq, where 72 n_layer d_model^2 is 6 times the
//    layers' 12 n_layer d_model^2 parameters: for a mixture of experts, whose
//    token goes through its active parameters only, M = 6 N_active +
//    12 n_layer d_model l_seq with N_active its active non-embedding
//    parameters when they are given; the compute is C = M D; and the fits are
//    B_opt = 0.2920 C^0.3271 tokens and eta_opt = 0.3118 C^-0.1250. Its
//    hyperparameter fits come from compute budgets of 1e17 to 2e19 FLOPs.
//  - Step Law (Li et al. 2025, arXiv 2503.04715): B = 0.58 D^0.571 tokens and
//    eta = 1.79 N^-0.713 D^0.307, N the non-embedding parameters. Its dense
//    grid (the authors' data/dense_lr_bs_loss.csv, step-law/steplaw at
//    32a8f4c) spans N of 214,663,680 to 1,073,741,824 and D of 4e9 to 1e11,
//    and every run has D/N of at least 18.63 (1e10 / 536,872,960): a point
//    inside that box with fewer tokens per parameter is outside the grid.
//    Its MoE grid (moe_lr_bs_loss.csv) is fitted on total N.
//    Without a typed N, N = 12 n_layer d_model^2 (Kaplan et al. 2020, section
//    2.1, with d_attn = d_model and d_ff = 4 d_model).
//  - McCandlish et al. 2018 (arXiv 1812.06162, section 2): with a
//    measured gradient noise scale B_noise, S = S_min (1 + B_noise / B) steps
//    and E = E_min (1 + B / B_noise) examples.
//  - The cluster's floor: data-parallel training overlaps the gradients' ring
//    all-reduce, 2 (d-1)/d N g / busbw (the scaling calculator's model), with
//    the backward pass of a step's last micro-batch only (PyTorch DDP and
//    Megatron-LM reduce while the last micro-batch's backward runs), 4 N T /
//    (peak MFU) for its T tokens: the backward is 4 of a token's 6 N FLOPs.
//    N cancels: T >= (d-1) g peak MFU / (2 d busbw), rounded up to sequences.
//  - The batch that splits: the recommended sequences moved to the nearest
//    multiple of d·b (the GPUs, all data-parallel here, times the micro-batch
//    when given), at least one, since B = b·d·a needs a whole a. What the
//    move changes: the tokens a step (B·L) and the optimizer steps the budget
//    takes, ceil(D / (B·L)), at either batch.
//
// Plain C++17, no locale. M, C, N and the whole-sequence batches are exact;
// the power laws are doubles.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "checked_math.hpp"
#include "fields.hpp"
#include "gradient_precision.hpp"
#include "figure.hpp"
#include "number_text.hpp"

namespace batch_planner::optimal_batch {

enum class Law : std::uint8_t { deepseek, steplaw };

// Field order is the order of the texts evaluate() takes.
#define BP_OPTIMAL_BATCH_FIELDS(X) \
    X(layers, count_field("layers", {1, 1'048'576})) \
    X(hidden_size, count_field("hiddenSize", {1, 1'048'576})) \
    X(sequence_length, count_field("sequenceLength", factor_limits, context_form)) \
    /* Non-embedding parameters; when empty, 12 n_layer d_model^2. */ \
    X(non_embedding_parameters, count_field("nonEmbeddingParameters", {1, 1'000'000'000'000'000ULL}, token_form, true)) \
    /* A mixture of experts' active non-embedding parameters; M counts them when given. */ \
    X(active_non_embedding_parameters, count_field("activeNonEmbeddingParameters", {1, 1'000'000'000'000'000ULL}, token_form, true)) \
    X(tokens, count_field("tokens", {1, 1'000'000'000'000'000'000ULL}, token_form)) \
    X(law, choice_field("law", {"deepseek", "steplaw"})) \
    /* A measured gradient noise scale, in tokens. */ \
    X(noise_scale, count_field("noiseScale", {1, 1'000'000'000'000'000ULL}, token_form, true)) \
    /* The cluster: every field optional; the floor needs all of them. */ \
    X(gpus, count_field("gpus", {1, 16'777'216}, plain_form, true)) \
    X(micro_batch, count_field("microBatch", factor_limits, sequence_form, true)) /* b, for the batch that splits */ \
    X(gpus_per_node, count_field("gpusPerNode", {1, 65'536})) \
    X(peak_tflops, decimal_field("peakTflops", {1e-3, 1e6})) \
    X(utilization, decimal_field("utilization", {1e-3, 100})) /* percent */ \
    X(gradient_precision, gradient_precision_field) \
    X(intra_bandwidth, decimal_field("intraBandwidth", {1e-3, 1e6})) /* GB/s, bus bandwidth */ \
    X(inter_bandwidth, decimal_field("interBandwidth", {1e-3, 1e6}, true)) /* GB/s; empty: from the NICs */ \
    X(nics_per_node, count_field("nicsPerNode", {1, 1'024})) \
    X(nic_rate, decimal_field("nicRate", {1e-3, 1e6})) /* Gb/s per NIC */
inline constexpr std::array field_specs{BP_OPTIMAL_BATCH_FIELDS(BP_FIELD_SPEC)};

// The fields' names, in their specs' order: derived from the one list above.
enum Field : std::size_t { BP_OPTIMAL_BATCH_FIELDS(BP_FIELD_ENUMERATOR) };

inline constexpr std::array<std::string_view, 22> result_keys{
    "recommendedBatchTokens", "recommendedSequences", "recommendedLearningRate", "recommendedSteps",
    "splitMultiple", "splitSequences", "splitBatchTokens", "splitShift", "splitSteps",
    "deepseekFlopsPerToken", "deepseekCompute", "deepseekBatchTokens", "deepseekLearningRate",
    "steplawParameters", "steplawBatchTokens", "steplawLearningRate",
    "noiseSteps", "noiseTokens",
    "busBandwidth", "floorTokensPerReplica", "floorSequencesPerReplica", "floorBatchTokens",
};

enum Result : std::size_t {
    recommended_batch_tokens, recommended_sequences, recommended_learning_rate, recommended_steps,
    split_multiple, split_sequences, split_batch_tokens, split_shift, split_steps,
    deepseek_flops_per_token, deepseek_compute, deepseek_batch_tokens, deepseek_learning_rate,
    steplaw_parameters, steplaw_batch_tokens, steplaw_learning_rate,
    noise_steps, noise_tokens,
    bus_bandwidth, floor_tokens_per_replica, floor_sequences_per_replica, floor_batch_tokens,
};

// Where each law was fitted, both ends included; outside, a result is an extrapolation.
inline constexpr double deepseek_min_compute = 1e17;
inline constexpr double deepseek_max_compute = 2e19;
inline constexpr std::uint64_t steplaw_min_parameters = 214'663'680;
inline constexpr std::uint64_t steplaw_max_parameters = 1'073'741'824;
inline constexpr std::uint64_t steplaw_min_tokens = 4'000'000'000;
inline constexpr std::uint64_t steplaw_max_tokens = 100'000'000'000;
// The grid's fewest tokens per parameter, D/N = 1e10 / 536,872,960 (18.63).
inline constexpr std::uint64_t steplaw_ratio_tokens = 10'000'000'000;
inline constexpr std::uint64_t steplaw_ratio_parameters = 536'872'960;

// Whether N and D lie within Step Law's dense grid: N and D in its ranges, and D/N at least its fewest.
bool steplaw_inside(u128 parameters, std::uint64_t tokens);

// M = 72 n_layer d^2 + 12 n_layer d l_seq, exact (at most about 1.4e26).
u128 flops_per_token_of(std::uint64_t layers, std::uint64_t hidden, std::uint64_t sequence_length);
// M of a mixture of experts: 6 N_active + 12 n_layer d l_seq, exact.
u128 flops_per_token_of_active(u128 active_parameters, std::uint64_t layers, std::uint64_t hidden, std::uint64_t sequence_length);

// The nearest multiple of `multiple` to `sequences` (halves up), at least `multiple`; none past 64 bits.
std::optional<std::uint64_t> nearest_multiple(std::uint64_t sequences, u128 multiple);
double deepseek_fit_batch(double compute);
double deepseek_fit_rate(double compute);
double steplaw_fit_batch(double tokens);
double steplaw_fit_rate(double parameters, double tokens);

// The batch in whole sequences nearest to `tokens` (halves up), at least one.
std::uint64_t nearest_sequences(double tokens, std::uint64_t sequence_length);

// Tokens per replica per step whose compute lasts as long as the gradients' ring all-reduce.
double floor_tokens_of(std::uint64_t replicas, std::uint64_t gradient_bytes, double peak_flops,
                                double utilization, double bus_bandwidth);

// One point of McCandlish et al.'s trade-off: B and its multiples of S_min and E_min.
struct NoisePoint {
    double batch_tokens;
    double steps_multiple;
    double tokens_multiple;
};
NoisePoint noise_point(double batch_tokens, double noise_scale);

using FieldTexts = std::array<std::string_view, field_specs.size()>;

struct Evaluation {
    std::array<FieldReading, field_specs.size()> fields;
    std::array<Figure, result_keys.size()> results;
    bool deepseek_extrapolated = false;
    bool steplaw_extrapolated = false;
    bool parameters_estimated = false;  // N is 12 n_layer d^2, not typed
    bool active_counted = false;        // M counts the active parameters typed (a mixture of experts)
    Law recommended_law = Law::deepseek;  // the law the recommendation comes from
    bool law_switched = false;          // the law chosen was extrapolated and the other inside: the other recommends
    bool below_floor = false;           // the recommended batch is under the cluster's floor
    // B from B_noise / 16 to 16 B_noise by factors of 2, when B_noise is given.
    std::vector<NoisePoint> noise_curve;
};

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax);

}  // namespace batch_planner::optimal_batch
