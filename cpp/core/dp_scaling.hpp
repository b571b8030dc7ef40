// The data-parallel scaling calculator: how throughput grows as replicas are
// added, when every optimizer step ends with an all-reduce of the gradients.
//
//  - Ring all-reduce of S bytes over n GPUs moves 2(n-1)/n * S bytes per GPU,
//    so it takes t = 2(n-1)/n * S / busbw. That factor is how nccl-tests
//    defines bus bandwidth from the measured time ("busbw = algbw * 2(n-1)/n"
//    for AllReduce, doc/PERFORMANCE.md), so a busbw measured there plugs in
//    directly. Replicas within one node use the intra-node bandwidth; across
//    nodes, the inter-node one. At n = 1 there is nothing to reduce: t = 0.
//  - S = parameters * gradient bytes per element (2 for bf16, 4 for fp32).
//  - Step time = compute + (1 - overlap) * all-reduce: the overlapped share
//    hides behind the backward pass.
//  - Weak scaling: micro-batch and accumulation stay, so the global batch grows
//    with n. Strong scaling: the global batch b*a (at n = 1) stays, so each
//    replica accumulates a/n steps, which must be whole; the compute per step
//    shrinks with them.
//  - Efficiency = throughput(n) / (n * throughput(1)) = compute(n) / step(n).
//
// Plain C++17, no locale. Times and rates are doubles (an estimate is not
// exact); batch sizes and bytes are exact.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "checked_math.hpp"
#include "figure.hpp"
#include "number_text.hpp"

namespace batch_planner::dp_scaling {

enum class FieldKind : std::uint8_t { count, decimal, choice };
enum class Mode : std::uint8_t { weak, strong };

struct FieldSpec {
    std::string_view key;
    FieldKind kind;
    CountLimits limits{};      // counts and choices
    CountForm form = plain_form;
    double maximum = 0;        // decimals: the largest accepted value (above zero)
    ChoiceWords choices{};
    bool optional = false;     // empty is not an error
};

inline constexpr CountLimits factor_limits{1, 4'294'967'295ULL};
inline constexpr std::uint64_t max_replicas = 1'048'576;  // 2^20

// Field order is the order of the texts evaluate() takes.
inline constexpr std::array<FieldSpec, 13> field_specs{{
    {"parameters", FieldKind::count, {1, 1'000'000'000'000'000ULL}, token_form},
    {"gradientBytes", FieldKind::count, {1, 16}},
    // Seconds of compute per optimizer step on one replica; when empty, from tokens/s.
    {"computeSeconds", FieldKind::decimal, {}, plain_form, 1e6, {}, true},
    {"tokensPerSecond", FieldKind::decimal, {}, plain_form, 1e9, {}, true},  // per GPU
    {"gpusPerNode", FieldKind::count, {1, 65'536}},
    {"intraBandwidth", FieldKind::decimal, {}, plain_form, 1e6},  // GB/s (10^9 bytes/s), bus bandwidth
    {"interBandwidth", FieldKind::decimal, {}, plain_form, 1e6},
    {"overlap", FieldKind::count, {0, 100}},  // percent
    {"replicas", FieldKind::count, {1, max_replicas}, sequence_form},
    {"mode", FieldKind::choice, {0, 1}, plain_form, 0, {"weak", "strong"}},
    {"microBatch", FieldKind::count, factor_limits, sequence_form},
    {"accumulationSteps", FieldKind::count, factor_limits, sequence_form},
    {"sequenceLength", FieldKind::count, factor_limits, sequence_form},
}};

enum Field : std::size_t {
    parameters, gradient_bytes, compute_seconds, tokens_per_second, gpus_per_node, intra_bandwidth, inter_bandwidth,
    overlap, replicas, mode, micro_batch, accumulation_steps, sequence_length,
};

inline constexpr std::array<std::string_view, 10> result_keys{
    "globalBatch", "accumulationSteps", "gradientBytes", "busBandwidth", "computeSeconds",
    "allreduceSeconds", "stepSeconds", "throughputSamples", "throughputTokens", "scalingEfficiency",
};

enum Result : std::size_t {
    global_batch, accumulation_at_n, gradient_payload, bus_bandwidth, compute_at_n,
    allreduce_time, step_time, throughput_samples, throughput_tokens, scaling_efficiency,
};

struct Cluster {
    double gradient_bytes;     // S
    double compute_seconds;    // one replica, one optimizer step, b*a sequences
    std::uint64_t gpus_per_node;
    double intra_bandwidth;    // bytes/s
    double inter_bandwidth;    // bytes/s
    double overlap;            // 0..1
    Mode mode;
    std::uint64_t micro_batch, accumulation_steps, sequence_length;
};

// Seconds for a ring all-reduce of `bytes` over n GPUs at bus bandwidth `bandwidth` (bytes/s).
double ring_allreduce_seconds(double bytes, std::uint64_t replicas, double bandwidth);

// One point of the curve.
struct Point {
    std::uint64_t replicas;
    bool across_nodes;
    std::optional<std::uint64_t> accumulation_steps;  // strong scaling: none when a % n != 0
    double allreduce_seconds;
    double compute_seconds;   // 0 when not divisible
    double step_seconds;      // 0 when not divisible
    double samples_per_second;
    double tokens_per_second;
    double efficiency;
};
Point point_at(const Cluster& cluster, std::uint64_t replicas);

// The replica counts the curve is drawn at: powers of two below n, the node
// size, and n itself, rising.
std::vector<std::uint64_t> curve_replicas(std::uint64_t replicas, std::uint64_t gpus_per_node);

using FieldTexts = std::array<std::string_view, field_specs.size()>;

struct Evaluation {
    std::array<FieldReading, field_specs.size()> fields;
    // Strong scaling past what divides gives NotDivisible: b*a cannot be shared by n replicas.
    std::array<Figure, result_keys.size()> results;
    std::vector<Point> curve;  // empty unless every field it needs is valid
};

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax);

}  // namespace batch_planner::dp_scaling
