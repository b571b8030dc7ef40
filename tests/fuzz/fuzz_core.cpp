// libFuzzer target. Invariants:
//  - no crash, no sanitizer report;
//  - every accepted value survives formatting and parsing again (grouped and plain);
//  - a product is reported as overflow exactly when the true product, computed in
//    128 bits, exceeds 2^64 - 1, and otherwise equals it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "effective_batch.hpp"

namespace {

using namespace effective_batch;

void check(bool condition) {
    if (!condition) std::abort();
}

void check_round_trip(const ParsedField& field) {
    if (field.status != FieldStatus::ok) return;
    check(field.value >= 1);
    const ParsedField grouped = parse_field(to_grouped(field.value));
    check(grouped.status == FieldStatus::ok && grouped.value == field.value);
    const ParsedField plain = parse_field(to_decimal(field.value));
    check(plain.status == FieldStatus::ok && plain.value == field.value);
}

void check_product(const Product& product, unsigned __int128 exact) {
    const unsigned __int128 max = UINT64_MAX;
    check(product.overflow == (exact > max));
    if (!product.overflow) check(product.value == static_cast<std::uint64_t>(exact));
}

void check_compute(const BatchInputs& inputs) {
    const BatchResult result = compute(inputs);
    const unsigned __int128 batch = static_cast<unsigned __int128>(inputs.micro_batch) * inputs.data_parallel *
                                    inputs.accumulation_steps;
    check_product(result.effective_batch, batch);
    // batch < 2^96 and L < 2^32, so batch * L fits in 128 bits.
    check_product(result.tokens_per_step, batch * inputs.sequence_length);
}

std::uint32_t read_u32(const std::uint8_t* bytes) {
    std::uint32_t value = 0;
    std::memcpy(&value, bytes, sizeof value);
    return value;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    // As text: up to four fields separated by '|', as a person or a URL would give them.
    std::string_view fields[4];
    std::string_view rest = text;
    for (std::size_t i = 0; i < 4; ++i) {
        const std::size_t bar = (i == 3) ? std::string_view::npos : rest.find('|');
        fields[i] = rest.substr(0, bar);
        rest = (bar == std::string_view::npos) ? std::string_view() : rest.substr(bar + 1);
    }
    const Evaluation evaluation = evaluate({fields[0], fields[1], fields[2], fields[3]});
    for (const ParsedField* field : {&evaluation.micro_batch, &evaluation.data_parallel,
                                     &evaluation.accumulation_steps, &evaluation.sequence_length}) {
        check_round_trip(*field);
    }
    if (evaluation.has_result) {
        check_compute({evaluation.micro_batch.value, evaluation.data_parallel.value,
                       evaluation.accumulation_steps.value, evaluation.sequence_length.value});
    }

    // As raw bytes: four 32-bit factors, reaching every overflow boundary quickly.
    if (size >= 16) {
        check_compute({read_u32(data), read_u32(data + 4), read_u32(data + 8), read_u32(data + 12)});
    }
    return 0;
}
