// The effective-batch calculator: B = b*d*a sequences per optimizer step and
// T = B*L tokens, exact in 64 bits.
//
// Plain C++17, no locale: the number syntax is a parameter. The web layer
// reaches this through cpp/wasm/effective_batch_bindings.cpp only, and reads the
// field and result keys from the tables below, so the JS schema can be checked
// against them. Its arithmetic is batch_arithmetic's, which every part of the core shares.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "checked_math.hpp"
#include "fields.hpp"
#include "number_text.hpp"

namespace batch_planner::effective_batch {

// Every factor is at most 2^32 - 1 (factor_limits, fields.hpp), so b*d never
// overflows 64 bits and only the accumulation and sequence-length multiplications can.

// Field order is the order of Inputs and of the texts evaluate() takes. Every
// field takes digits and "2^12", and refuses "4k" with both its readings.
#define BP_EFFECTIVE_BATCH_FIELDS(X) \
    X(micro_batch, count_field("microBatch", factor_limits, sequence_form)) /* b: sequences per device per pass */ \
    X(data_parallel, count_field("dataParallel", factor_limits, sequence_form)) /* d: data-parallel replicas */ \
    X(accumulation_steps, count_field("accumulationSteps", factor_limits, sequence_form)) /* a: passes summed per update */ \
    X(sequence_length, count_field("sequenceLength", factor_limits, context_form)) /* L: tokens per sequence */
inline constexpr std::array field_specs{BP_EFFECTIVE_BATCH_FIELDS(BP_FIELD_SPEC)};
enum Field : std::size_t { BP_EFFECTIVE_BATCH_FIELDS(BP_FIELD_ENUMERATOR) };

inline constexpr std::array<std::string_view, 2> result_keys{"effectiveBatch", "tokensPerStep"};

struct Inputs {
    std::uint64_t micro_batch = 0;
    std::uint64_t data_parallel = 0;
    std::uint64_t accumulation_steps = 0;
    std::uint64_t sequence_length = 0;
};

struct Results {
    Product effective_batch;  // B = b*d*a
    Product tokens_per_step;  // T = B*L; overflows whenever B does (unless L = 0)
};

Results compute(const Inputs& inputs);

using FieldTexts = std::array<std::string_view, field_specs.size()>;

// The fields evaluated together. Each result is present exactly when the fields
// it depends on are valid: B needs b, d and a; T also needs L.
struct Evaluation {
    std::array<FieldReading, field_specs.size()> fields;
    std::optional<Product> effective_batch;
    std::optional<Product> tokens_per_step;
};

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax);

// The results in the order of result_keys, for code that walks every result.
std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation);

}  // namespace batch_planner::effective_batch
