// The precision gradients are kept and reduced in: one field, one key
// (gradientPrecision, URL grads=) on every page that counts gradient bytes.
// fp32 by default: Megatron-LM reduces bf16 runs' gradients in fp32 unless
// --grad-reduce-in-bf16 is given (megatron/training/arguments.py at d98e8a6,
// lines 1213-1216: accumulate_allreduce_grads_in_fp32 = True).
#pragma once

#include <cstdint>

#include "fields.hpp"

namespace batch_planner {

enum class GradientPrecision : std::uint8_t { fp32, bf16 };

inline constexpr FieldSpec gradient_precision_field = choice_field("gradientPrecision", {"fp32", "bf16"});

// Bytes of one gradient element.
constexpr std::uint64_t bytes_per_gradient(GradientPrecision precision) {
    return precision == GradientPrecision::fp32 ? 4 : 2;
}

}  // namespace batch_planner
