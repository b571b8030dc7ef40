// The gradient-accumulation memory calculator: what one device holds while it
// trains with micro-batch b and accumulation steps a on d data-parallel replicas.
//
//  - Activations for a micro-batch grow with b. Without pipeline parallelism
//    they do not grow with a: accumulation runs its passes one after another,
//    each freeing its activations. With p pipeline stages, the first stage
//    keeps min(p, a) micro-batches in flight (1F1B) over its L/p layers, as
//    Megatron-LM's compute_activation_memory counts it
//    (megatron/training/theoretical_memory_usage.py at 00caa53: all L layers
//    times min(1, m/p), m the micro-batches per step): once a >= p, the
//    activations of all L layers.
//  - Activation bytes per transformer layer, 16-bit, from Korthikanti et al.
//    2022, "Reducing Activation Recomputation in Large Transformer Models",
//    Table 2 (s sequence length, b micro-batch, h hidden size, a heads, t
//    tensor-parallel size):
//      tensor parallel (t = 1: no parallelism)   s·b·h·(10 + 24/t + 5·a·s/(h·t))
//      + sequence parallel                        s·b·h·(34/t + 5·a·s/(h·t))
//      tensor parallel + selective recompute      s·b·h·(10 + 24/t)
//      + sequence parallel + selective recompute  s·b·h·34/t
//      full recompute                             2·s·b·h, or 2·s·b·h/t with sequence
//                                                 parallelism (the checkpointed input is
//                                                 Megatron's scattered [s/t, b, h] tensor)
//    Under full recomputation one layer's full activations (the tensor-parallel
//    row, with or without sequence parallelism) are re-materialised during its
//    backward pass, so the peak adds them once to the checkpoints.
//  - Model states for mixed-precision Adam, 2 + 2 + 12 = 16 bytes per
//    parameter, sharded by ZeRO stage over d (Rajbhandari et al. 2019, "ZeRO:
//    Memory Optimizations Toward Training Trillion Parameter Models"): stage 0
//    16Ψ, 1: 4Ψ + 12Ψ/d, 2: 2Ψ + 14Ψ/d, 3: 16Ψ/d; tensor parallelism splits
//    every parameter over t first.
//
//  - The device's memory is what nvidia-smi reports, in GiB; a reserved share
//    (CUDA context, NCCL buffers, fragmentation) is set aside before anything
//    is placed. Reserved 0 gives exactly the formulas.
//
// Every figure is an exact byte count: fractions of a byte are rounded up
// (device memory is rounded down).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "checked_math.hpp"
#include "fields.hpp"
#include "number_text.hpp"

namespace batch_planner::grad_memory {

enum class Recompute : std::uint8_t { none, selective, full };

inline constexpr CountLimits shape_limits{1, 1'048'576ULL};
inline constexpr CountLimits stage_limits{1, 1'024};
inline constexpr CountLimits byte_limits{1, 1'000'000'000'000'000'000ULL};
inline constexpr DecimalLimits device_limits{0.001, 1'048'576};  // GiB
inline constexpr DecimalLimits reserved_limits{0, 1'048'576};    // GiB

// Field order is the order of the texts evaluate() takes.
inline constexpr std::array<FieldSpec, 17> field_specs{{
    count_field("microBatch", factor_limits, sequence_form),
    count_field("accumulationSteps", factor_limits, sequence_form),
    count_field("dataParallel", factor_limits, sequence_form),
    count_field("activationPerSample", byte_limits, token_form, true),  // bytes; when empty, from the model's shape
    count_field("layers", shape_limits, sequence_form),
    count_field("hiddenSize", shape_limits, sequence_form),
    count_field("attentionHeads", shape_limits, sequence_form),
    count_field("sequenceLength", factor_limits, context_form),
    count_field("tensorParallel", shape_limits, sequence_form),
    count_field("pipelineParallel", stage_limits, sequence_form),
    choice_field("sequenceParallel", {"off", "on"}),
    choice_field("recompute", {"none", "selective", "full"}),
    count_field("parameters", byte_limits, token_form),
    choice_field("zeroStage", {"0", "1", "2", "3"}),
    decimal_field("deviceMemory", device_limits),      // GiB (2^30 bytes), as nvidia-smi reports it
    decimal_field("reservedMemory", reserved_limits),  // GiB set aside before anything is placed
    count_field("targetBatch", factor_limits, sequence_form, true),
}};

enum Field : std::size_t {
    micro_batch, accumulation_steps, data_parallel, activation_per_sample, layers, hidden_size, attention_heads,
    sequence_length, tensor_parallel, pipeline_parallel, sequence_parallel, recompute, parameters, zero_stage,
    device_memory, reserved_memory, target_batch,
};

// The answers first (the largest micro-batch that fits, the accumulation it
// needs for the target, and its activations), then where the memory goes.
inline constexpr std::array<std::string_view, 13> result_keys{
    "maxMicroBatch", "accumulationForTarget", "maxActivationMemory", "effectiveBatch", "totalMemory", "activationMemory",
    "modelStateMemory", "parameterMemory", "gradientMemory", "optimizerMemory", "activationPerSample", "deviceMemory",
    "reservedMemory",
};

enum Result : std::size_t {
    max_micro_batch, accumulation_for_target, max_activations, batch, total, activations, state_bytes, parameter_bytes,
    gradient_bytes, optimizer_bytes, per_sample, device, reserved,
};

struct Shape {
    std::uint64_t layers, hidden, heads, sequence, tensor_parallel;
    bool sequence_parallel;
    Recompute recompute;
    std::uint64_t pipeline_parallel = 1;
    std::uint64_t accumulation_steps = 1;  // micro-batches per step: with p > 1, min(p, a) are in flight
};

// Activation bytes on one device (the first pipeline stage) for a
// micro-batch (Korthikanti et al. 2022, Table 2; Megatron-LM's in-flight
// micro-batches), rounded up to a whole byte.
Product activation_bytes(const Shape& shape, std::uint64_t micro_batch);

struct ModelStates {
    Product parameters;  // 2 bytes each, 16-bit
    Product gradients;   // 2 bytes each, 16-bit
    Product optimizer;   // 12 bytes each: fp32 master copy, momentum, variance
    Product total;
};
ModelStates model_states(std::uint64_t parameters, std::uint64_t tensor_parallel, std::uint64_t data_parallel,
                         unsigned zero_stage);

using FieldTexts = std::array<std::string_view, field_specs.size()>;

struct Evaluation {
    std::array<FieldReading, field_specs.size()> fields;
    std::array<std::optional<Product>, result_keys.size()> results;
};

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax);

std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation);

}  // namespace batch_planner::grad_memory
