// Whole counts as people write them, in a given number syntax.
//
// Plain C++17: no Emscripten, no locale of its own. The syntax is a parameter,
// so the same parser serves every language the page speaks.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace batch_planner {

// How a language writes numbers: pt-BR "4.096" and "0,5"; en "4,096" and "0.5".
// Both also take a space, a no-break space (U+00A0) or a narrow no-break space
// (U+202F) between groups, the SI/ISO style that PDFs paste.
enum class NumberSyntax : std::uint8_t { pt_BR, en };

struct SyntaxMarks {
    char group;
    char decimal;
};
SyntaxMarks marks_of(NumberSyntax syntax);

// Why a field's text was accepted or rejected. Errors are data, not exceptions.
enum class FieldStatus : std::uint8_t {
    ok,
    empty,
    too_long,             // longer than max_text_length: judged without reading it
    not_a_number,
    below_minimum,
    negative,
    fractional,
    above_maximum,
    malformed_grouping,   // group separators in the wrong places
    unfinished_grouping,  // "2." or "2.04": a grouped number still being typed
    ambiguous_suffix,     // "4k" where 4,000 and 4,096 are both plausible: readings() has both
    conflicting,          // a valid number that does not go with another field (heads not a multiple of the KV heads, ...)
};

// Which shorthands a field takes besides digits. Token counts are written in
// decimal SI ("2T", "300B", "4.5M"); sequence counts are often powers of two,
// where "4k" could mean 4,000 or 4,096, so there a suffix is an error naming both;
// a sequence length in tokens is a context length, "4k" = 4,096 as people write them.
enum class SuffixRule : std::uint8_t {
    none,
    decimal_si,  // K, M, B (or G), T: 10^3, 10^6, 10^9, 10^12, case-insensitive
    ambiguous,   // K, M, G, T: rejected with both readings; Ki, Mi, Gi, Ti: exact powers of 1024
    binary,      // K, M, G, T (or Ki, ...): powers of 1024, as context lengths are written ("4k", Llama 3.1's "128K" = 131,072)
};

struct CountForm {
    bool powers = false;  // "2^12" and "2**12"
    SuffixRule suffixes = SuffixRule::none;
};
inline constexpr CountForm plain_form{};
inline constexpr CountForm sequence_form{true, SuffixRule::ambiguous};
inline constexpr CountForm token_form{true, SuffixRule::decimal_si};
inline constexpr CountForm context_form{true, SuffixRule::binary};  // sequence lengths

// No valid count needs more text than this, whatever its grouping and spaces;
// longer text is rejected before it is read (or copied anywhere).
inline constexpr std::size_t max_text_length = 64;

struct CountLimits {
    std::uint64_t minimum;
    std::uint64_t maximum;
};

// A count read from text: a value, or the status saying why there is none.
class ParsedCount {
public:
    struct Readings {
        std::uint64_t decimal;  // "4k" as 4 * 1000
        std::uint64_t binary;   // "4k" as 4 * 1024
    };
    static ParsedCount accepted(std::uint64_t value) { return ParsedCount(FieldStatus::ok, value, std::nullopt); }
    static ParsedCount rejected(FieldStatus status) { return ParsedCount(status, std::nullopt, std::nullopt); }
    static ParsedCount ambiguous(Readings readings) {
        return ParsedCount(FieldStatus::ambiguous_suffix, std::nullopt, readings);
    }

    FieldStatus status() const { return status_; }
    const std::optional<std::uint64_t>& value() const { return value_; }
    const std::optional<Readings>& readings() const { return readings_; }
    bool ok() const { return value_.has_value(); }

private:
    ParsedCount(FieldStatus status, std::optional<std::uint64_t> value, std::optional<Readings> readings)
        : status_(status), value_(value), readings_(readings) {}
    FieldStatus status_;
    std::optional<std::uint64_t> value_;
    std::optional<Readings> readings_;
};

// A positive decimal read from text ("3e-4", "0.0003" en, "0,0003" pt-BR).
class ParsedDecimal {
public:
    static ParsedDecimal accepted(double value) { return ParsedDecimal(FieldStatus::ok, value); }
    static ParsedDecimal rejected(FieldStatus status) { return ParsedDecimal(status, std::nullopt); }

    FieldStatus status() const { return status_; }
    const std::optional<double>& value() const { return value_; }
    bool ok() const { return value_.has_value(); }

private:
    ParsedDecimal(FieldStatus status, std::optional<double> value) : status_(status), value_(value) {}
    FieldStatus status_;
    std::optional<double> value_;
};

// One field as read, whatever its kind: a count, a decimal, or the status
// saying why neither. What a calculator with both kinds of field keeps.
struct FieldReading {
    FieldStatus status = FieldStatus::empty;
    std::optional<std::uint64_t> count;
    std::optional<double> decimal;
    std::optional<ParsedCount::Readings> readings;  // ambiguous_suffix only
    bool ok() const { return status == FieldStatus::ok; }
};
FieldReading reading_of(const ParsedCount& parsed);
FieldReading reading_of(const ParsedDecimal& parsed);

// A valid number (or an empty field) that does not go with another field:
// refused as that field's error, with no value left to compute from.
inline void refuse_as_conflicting(FieldReading& field) {
    field.status = FieldStatus::conflicting;
    field.count.reset();
    field.decimal.reset();
    field.readings.reset();
}

// A choice field's words ("none", "selective", "full"); unused places are empty.
using ChoiceWords = std::array<std::string_view, 4>;

// The one parser for choice fields: the exact word, surrounding spaces
// allowed; its value is the word's index.
ParsedCount parse_choice(std::string_view text, const ChoiceWords& words);

// The one parser for every count field, typed or read from a URL. Accepts ASCII
// digits, optionally grouped by threes in the given syntax, with surrounding
// whitespace, plus the shorthands the form allows; rejects everything else
// with a reason. Shorthands are exact: "4,5M" (pt-BR) is 4500000, "4.5001K" is
// fractional.
ParsedCount parse_count(std::string_view text, NumberSyntax syntax, CountLimits limits, CountForm form = plain_form);

// A decimal field's accepted range, both ends included. Every decimal field
// has a minimum: a rate or a time of 5e-324 would make its results infinite.
// A minimum of zero admits zero itself.
struct DecimalLimits {
    double minimum;
    double maximum;
};

// The one parser for decimal fields: digits grouped as for counts, the
// syntax's decimal mark, an optional exponent ("3e-4"). Must lie within the
// limits; the value is the correctly rounded double.
ParsedDecimal parse_decimal(std::string_view text, NumberSyntax syntax, DecimalLimits limits);

// Plain ASCII digits ("8388608"), the exact form JS and URLs carry.
std::string to_decimal(std::uint64_t value);

// Grouped in the given syntax ("8.388.608" / "8,388,608"); parse_count reads it back.
std::string to_grouped(std::uint64_t value, NumberSyntax syntax);

}  // namespace batch_planner
