// libFuzzer target. Invariants:
//  - no crash, no sanitizer report;
//  - every accepted value survives formatting and parsing again, grouped in
//    either syntax and as plain digits;
//  - "unfinished" is only ever said of text that a few more digits make valid;
//  - a result is present exactly when the fields it depends on are valid;
//  - a product is reported as overflow exactly when the true product, computed
//    in 128 bits, exceeds 2^64 - 1, and otherwise equals it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <variant>

#include "effective_batch.hpp"

namespace {

using namespace batch_planner;
namespace eb = batch_planner::effective_batch;

void check(bool condition) {
    if (!condition) std::abort();
}

void check_round_trip(const ParsedCount& field, CountLimits limits) {
    if (!field.ok()) return;
    const std::uint64_t value = *field.value();
    check(value >= limits.minimum && value <= limits.maximum);
    for (const NumberSyntax syntax : {NumberSyntax::pt_BR, NumberSyntax::en}) {
        check(parse_count(to_grouped(value, syntax), syntax, limits).value() == value);
        check(parse_count(to_decimal(value), syntax, limits).value() == value);
    }
}

// "2.04" + "8" is whole: unfinished grouping is always one to three digits
// away, typed after the number's last character (before trailing spaces).
void check_unfinished(std::string_view text, const ParsedCount& field, NumberSyntax syntax, CountLimits limits) {
    if (field.status() != FieldStatus::unfinished_grouping) return;
    const std::size_t end = text.find_last_of("0123456789.,") + 1;
    bool completes = false;
    for (const char* tail : {"0", "00", "000"}) {
        const std::string longer = std::string(text.substr(0, end)) + tail + std::string(text.substr(end));
        const FieldStatus status = parse_count(longer, syntax, limits).status();
        completes = completes || status == FieldStatus::ok || status == FieldStatus::above_maximum ||
                    status == FieldStatus::too_long || status == FieldStatus::below_minimum;
    }
    check(completes);
}

void check_product(const Product& product, unsigned __int128 exact) {
    const unsigned __int128 max = UINT64_MAX;
    check(overflowed(product) == (exact > max));
    if (!overflowed(product)) check(std::get<std::uint64_t>(product) == static_cast<std::uint64_t>(exact));
}

void check_compute(const eb::Inputs& inputs) {
    const eb::Results results = eb::compute(inputs);
    const unsigned __int128 batch = static_cast<unsigned __int128>(inputs.micro_batch) * inputs.data_parallel *
                                    inputs.accumulation_steps;
    check_product(results.effective_batch, batch);
    // batch < 2^96 and L < 2^32, so batch * L fits in 128 bits.
    check_product(results.tokens_per_step, batch * inputs.sequence_length);
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
    eb::FieldTexts fields;
    std::string_view rest = text;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::size_t bar = (i + 1 == fields.size()) ? std::string_view::npos : rest.find('|');
        fields[i] = rest.substr(0, bar);
        rest = (bar == std::string_view::npos) ? std::string_view() : rest.substr(bar + 1);
    }
    for (const NumberSyntax syntax : {NumberSyntax::pt_BR, NumberSyntax::en}) {
        const eb::Evaluation evaluation = eb::evaluate(fields, syntax);
        for (std::size_t i = 0; i < fields.size(); ++i) {
            check_round_trip(evaluation.fields[i], eb::field_specs[i].limits);
            check_unfinished(fields[i], evaluation.fields[i], syntax, eb::field_specs[i].limits);
        }
        const auto& [micro, data_parallel, accumulation, sequence] = evaluation.fields;
        const bool batch_inputs_ok = micro.ok() && data_parallel.ok() && accumulation.ok();
        check(evaluation.effective_batch.has_value() == batch_inputs_ok);
        check(evaluation.tokens_per_step.has_value() == (batch_inputs_ok && sequence.ok()));
        if (evaluation.tokens_per_step) {
            check_compute({*micro.value(), *data_parallel.value(), *accumulation.value(), *sequence.value()});
        }
    }

    // As raw bytes: four 32-bit factors, reaching every overflow boundary quickly.
    if (size >= 16) {
        check_compute({read_u32(data), read_u32(data + 4), read_u32(data + 8), read_u32(data + 12)});
    }
    return 0;
}
