// The data-parallel scaling calculator: how throughput grows as replicas are
// added, when every optimizer step ends with an all-reduce of the gradients.
//
//  - Ring all-reduce of S bytes over n GPUs moves 2(n-1)/n * S bytes per GPU,
//    so it takes t = 2(n-1)/n * S / busbw. That factor is how nccl-tests
//    defines bus bandwidth from the measured time ("busbw = algbw * 2(n-1)/n"
//    for AllReduce, doc/PERFORMANCE.md), so a busbw measured there plugs in
//    directly. Replicas within one node use the intra-node bandwidth; across
//    nodes, the inter-node one. At n = 1 there is nothing to reduce: t = 0.
//  - The inter-node bus bandwidth is used as given. Left empty, it is NICs per
//    node * NIC rate / 8, capped by the intra-node figure: NCCL's rings cross
//    nodes on every rail at once (nccl-tests doc/PERFORMANCE.md; NVIDIA/nccl#812
//    measured 192 GB/s all-reduce busbw on 8 x 200 Gb/s per node).
//  - S = parameters * gradient bytes per element: 4 for fp32 (the default,
//    gradient_precision.hpp), 2 for bf16.
//  - Step time = max(compute + (1 - overlap) * all-reduce, all-reduce): the
//    overlapped share hides behind the computation (the backward pass, where
//    DDP launches its bucket all-reduces: Li et al. 2020, "PyTorch
//    Distributed", VLDB, section 3.2.3), so a step never ends before its own
//    all-reduce, whatever the overlap.
//  - Weak scaling: micro-batch and accumulation stay, so the global batch grows
//    with n. Strong scaling: the global batch b*a (at n = 1) stays, so each
//    replica takes b*a/n samples per step, which must be whole. They are split
//    into the largest micro-batch b' <= b that divides them, and a' = b*a/n/b'
//    accumulation steps: a/n when n divides a. The compute shrinks with them.
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
#include "fields.hpp"
#include "figure.hpp"
#include "gradient_precision.hpp"
#include "number_text.hpp"

namespace batch_planner::dp_scaling {

enum class Mode : std::uint8_t { weak, strong };

inline constexpr std::uint64_t max_replicas = 1'048'576;  // 2^20

// Field order is the order of the texts evaluate() takes.
// Every decimal has a positive minimum, so no result can be infinite: 1 µs of
// compute, 1 MB/s of bandwidth, a thousandth of a token per second.
#define BP_DP_SCALING_FIELDS(X) \
    X(parameters, count_field("parameters", {1, 1'000'000'000'000'000ULL}, token_form)) \
    X(gradient_precision, gradient_precision_field) \
    /* Seconds of compute per optimizer step on one replica; when empty, from tokens/s. */ \
    X(compute_seconds, decimal_field("computeSeconds", {1e-6, 1e6}, true)) \
    X(tokens_per_second, decimal_field("tokensPerSecond", {1e-3, 1e9}, true)) /* per GPU */ \
    X(gpus_per_node, count_field("gpusPerNode", {1, 65'536})) \
    X(intra_bandwidth, decimal_field("intraBandwidth", {1e-3, 1e6})) /* GB/s (10^9 bytes/s), bus bandwidth */ \
    /* As all_reduce_perf reports it; when empty, from the NICs below. */ \
    X(inter_bandwidth, decimal_field("interBandwidth", {1e-3, 1e6}, true)) \
    X(nics_per_node, count_field("nicsPerNode", {1, 1'024})) \
    X(nic_rate, decimal_field("nicRate", {1e-3, 1e6})) /* Gb/s (10^9 bits/s) per NIC */ \
    X(overlap, count_field("overlap", {0, 100})) /* percent */ \
    X(data_parallel, count_field("dataParallel", {1, max_replicas}, sequence_form)) /* n: the data-parallel replicas */ \
    X(mode, choice_field("mode", {"weak", "strong"})) \
    X(micro_batch, count_field("microBatch", factor_limits, sequence_form)) \
    X(accumulation_steps, count_field("accumulationSteps", factor_limits, sequence_form)) \
    X(sequence_length, count_field("sequenceLength", factor_limits, context_form))
inline constexpr std::array field_specs{BP_DP_SCALING_FIELDS(BP_FIELD_SPEC)};

// The fields' names, in their specs' order: derived from the one list above.
enum Field : std::size_t { BP_DP_SCALING_FIELDS(BP_FIELD_ENUMERATOR) };

inline constexpr std::array<std::string_view, 11> result_keys{
    "globalBatch", "microBatch", "accumulationSteps", "gradientBytes", "busBandwidth", "computeSeconds",
    "allreduceSeconds", "stepSeconds", "throughputSamples", "throughputTokens", "scalingEfficiency",
};

enum Result : std::size_t {
    global_batch, micro_batch_at_n, accumulation_at_n, gradient_payload, bus_bandwidth, compute_at_n,
    allreduce_time, step_time, throughput_samples, throughput_tokens, scaling_efficiency,
};

// The inter-node bus bandwidth (GB/s) a ring reaches on every rail at once:
// NICs per node * NIC rate (Gb/s) / 8, but never more than within a node.
double rail_bandwidth(std::uint64_t nics_per_node, double nic_gigabits, double intra_bandwidth);

// The network's fields as every calculator with a ring reads them. A typed
// inter-node bandwidth is used as given: the NICs are not read, so an error in
// them is dropped rather than holding figures back.
void drop_unread_nics(const FieldReading& inter, FieldReading& nics, FieldReading& rate);
// The inter-node bus bandwidth (GB/s): typed, or from the NICs when left empty;
// none while a field it needs is wrong.
std::optional<double> inter_node_bandwidth(const FieldReading& inter, const FieldReading& nics, const FieldReading& rate,
                                           const FieldReading& intra);

// How b*a samples are shared by n replicas under strong scaling: none when n
// does not divide b*a.
struct Split {
    std::uint64_t micro_batch;
    std::uint64_t accumulation_steps;
};
std::optional<Split> strong_split(std::uint64_t micro_batch, std::uint64_t accumulation_steps, std::uint64_t replicas);

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
    std::optional<Split> split;  // strong scaling: none when n does not divide b*a
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
