#include "effective_batch.hpp"

#include <algorithm>
#include <limits>

namespace effective_batch {
namespace {

constexpr char group_separator = '.';
constexpr char decimal_separator = ',';

bool is_ascii_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view text) {
    while (!text.empty() && is_ascii_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_ascii_space(text.back())) text.remove_suffix(1);
    return text;
}

// Digits, separators and at least one digit: text a person meant as a number,
// even if its shape is wrong. Anything else is "not a number".
bool looks_numeric(std::string_view text) {
    bool any_digit = false;
    for (char c : text) {
        if (is_digit(c)) {
            any_digit = true;
        } else if (c != group_separator && c != decimal_separator) {
            return false;
        }
    }
    return any_digit;
}

bool all_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), is_digit);
}

// Without separators any run of digits is fine. With them, pt-BR grouping:
// a first group of 1-3 digits not starting with 0, then groups of exactly 3.
bool well_grouped(std::string_view integer_part) {
    if (integer_part.find(group_separator) == std::string_view::npos) {
        return all_digits(integer_part);
    }
    std::size_t group_start = 0;
    bool first = true;
    while (true) {
        const std::size_t dot = integer_part.find(group_separator, group_start);
        const std::string_view group = integer_part.substr(
            group_start, dot == std::string_view::npos ? std::string_view::npos : dot - group_start);
        if (!all_digits(group)) return false;
        if (first) {
            if (group.size() > 3 || group.front() == '0') return false;
            first = false;
        } else if (group.size() != 3) {
            return false;
        }
        if (dot == std::string_view::npos) return true;
        group_start = dot + 1;
    }
}

// Reads the digits of a well-grouped integer, saturating above max_input so
// that arbitrarily long input costs linear time and never wraps.
ParsedField read_value(std::string_view integer_part) {
    std::uint64_t value = 0;
    for (char c : integer_part) {
        if (c == group_separator) continue;
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
        if (value > max_input) return {FieldStatus::above_maximum, 0};
    }
    if (value == 0) return {FieldStatus::zero, 0};
    return {FieldStatus::ok, static_cast<std::uint32_t>(value)};
}

}  // namespace

ParsedField parse_field(std::string_view text) {
    text = trim(text);
    if (text.empty()) return {FieldStatus::empty, 0};

    if (text.front() == '-') {
        return {looks_numeric(text.substr(1)) ? FieldStatus::negative : FieldStatus::not_a_number, 0};
    }
    if (!looks_numeric(text)) return {FieldStatus::not_a_number, 0};

    const std::size_t comma = text.find(decimal_separator);
    const std::string_view integer_part = text.substr(0, comma);
    if (comma != std::string_view::npos) {
        const std::string_view fraction = text.substr(comma + 1);
        if (integer_part.empty() || !all_digits(fraction)) return {FieldStatus::not_a_number, 0};
        if (!well_grouped(integer_part)) return {FieldStatus::malformed_grouping, 0};
        return {FieldStatus::fractional, 0};
    }
    if (!well_grouped(integer_part)) return {FieldStatus::malformed_grouping, 0};
    return read_value(integer_part);
}

Product checked_multiply(Product left, std::uint64_t right) {
    // An overflowed product times zero is still exactly zero.
    if (right == 0) return {false, 0};
    if (left.overflow) return left;
    constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    if (left.value > max / right) return {true, 0};
    return {false, left.value * right};
}

BatchResult compute(const BatchInputs& inputs) {
    BatchResult result;
    result.effective_batch = checked_multiply(
        checked_multiply({false, inputs.micro_batch}, inputs.data_parallel), inputs.accumulation_steps);
    result.tokens_per_step = checked_multiply(result.effective_batch, inputs.sequence_length);
    return result;
}

Evaluation evaluate(const FieldTexts& texts) {
    Evaluation evaluation;
    evaluation.micro_batch = parse_field(texts.micro_batch);
    evaluation.data_parallel = parse_field(texts.data_parallel);
    evaluation.accumulation_steps = parse_field(texts.accumulation_steps);
    evaluation.sequence_length = parse_field(texts.sequence_length);
    const auto ok = [](const ParsedField& field) { return field.status == FieldStatus::ok; };
    evaluation.has_result = ok(evaluation.micro_batch) && ok(evaluation.data_parallel) &&
                            ok(evaluation.accumulation_steps) && ok(evaluation.sequence_length);
    if (evaluation.has_result) {
        evaluation.result = compute({evaluation.micro_batch.value, evaluation.data_parallel.value,
                                     evaluation.accumulation_steps.value,
                                     evaluation.sequence_length.value});
    }
    return evaluation;
}

std::string to_decimal(std::uint64_t value) {
    std::string digits;
    do {
        digits.push_back(static_cast<char>('0' + value % 10));
        value /= 10;
    } while (value != 0);
    std::reverse(digits.begin(), digits.end());
    return digits;
}

std::string to_grouped(std::uint64_t value) {
    const std::string digits = to_decimal(value);
    std::string grouped;
    grouped.reserve(digits.size() + digits.size() / 3);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0) grouped.push_back(group_separator);
        grouped.push_back(digits[i]);
    }
    return grouped;
}

const char* status_name(FieldStatus status) {
    switch (status) {
        case FieldStatus::ok: return "ok";
        case FieldStatus::empty: return "empty";
        case FieldStatus::not_a_number: return "not-a-number";
        case FieldStatus::zero: return "zero";
        case FieldStatus::negative: return "negative";
        case FieldStatus::fractional: return "fractional";
        case FieldStatus::above_maximum: return "above-maximum";
        case FieldStatus::malformed_grouping: return "malformed-grouping";
    }
    return "not-a-number";
}

}  // namespace effective_batch
