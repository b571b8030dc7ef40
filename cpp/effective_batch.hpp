// Effective (global) batch size and tokens per optimizer step.
//
// Plain C++17: no Emscripten, no I/O. The web layer talks to this through
// cpp/bindings.cpp only.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace effective_batch {

// Largest accepted input: 2^32 - 1. Keeping every factor within 32 bits means
// b*d never overflows 64 bits, so only the accumulation and sequence-length
// multiplications can.
inline constexpr std::uint64_t max_input = 4'294'967'295ULL;

// Why a field's text was accepted or rejected. Errors are data, not exceptions.
enum class FieldStatus {
    ok,
    empty,
    not_a_number,
    zero,
    negative,
    fractional,
    above_maximum,
    malformed_grouping,
};

struct ParsedField {
    FieldStatus status = FieldStatus::empty;
    std::uint32_t value = 0;  // meaningful only when status == ok
};

// The one parser for every field, whether typed or read from a URL.
// Accepts ASCII digits with optional pt-BR thousands grouping ("4.096",
// "1.000.000") and surrounding ASCII whitespace; rejects everything else.
ParsedField parse_field(std::string_view text);

// An exact product, or the fact that it does not fit in 64 bits.
struct Product {
    bool overflow = false;
    std::uint64_t value = 0;  // meaningful only when overflow == false
};

// left * right, exact or reported as overflow (above 2^64 - 1), never wrapped.
Product checked_multiply(Product left, std::uint64_t right);

struct BatchInputs {
    std::uint32_t micro_batch = 0;         // b: sequences per device per pass
    std::uint32_t data_parallel = 0;       // d: data-parallel replicas
    std::uint32_t accumulation_steps = 0;  // a: passes summed per update
    std::uint32_t sequence_length = 0;     // L: tokens per sequence
};

struct BatchResult {
    Product effective_batch;  // B = b*d*a
    Product tokens_per_step;  // T = B*L; overflows whenever B does
};

BatchResult compute(const BatchInputs& inputs);

// The four fields' text as typed (or as read from a URL).
struct FieldTexts {
    std::string_view micro_batch;
    std::string_view data_parallel;
    std::string_view accumulation_steps;
    std::string_view sequence_length;
};

// The four fields evaluated together: a status per field, and the results only
// when every field is ok.
struct Evaluation {
    ParsedField micro_batch;
    ParsedField data_parallel;
    ParsedField accumulation_steps;
    ParsedField sequence_length;
    bool has_result = false;
    BatchResult result;
};

Evaluation evaluate(const FieldTexts& texts);

// Plain ASCII digits ("8388608"), the exact form JS and URLs carry.
std::string to_decimal(std::uint64_t value);

// pt-BR grouping ("8.388.608"); parse_field reads it back.
std::string to_grouped(std::uint64_t value);

const char* status_name(FieldStatus status);

}  // namespace effective_batch
