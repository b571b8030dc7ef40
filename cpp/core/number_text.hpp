// Whole counts as people write them, in a given number syntax.
//
// Plain C++17: no Emscripten, no locale of its own. The syntax is a parameter,
// so the same parser serves every language the page speaks.
#pragma once

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
};

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
    static ParsedCount accepted(std::uint64_t value) { return ParsedCount(FieldStatus::ok, value); }
    static ParsedCount rejected(FieldStatus status) { return ParsedCount(status, std::nullopt); }

    FieldStatus status() const { return status_; }
    const std::optional<std::uint64_t>& value() const { return value_; }
    bool ok() const { return value_.has_value(); }

private:
    ParsedCount(FieldStatus status, std::optional<std::uint64_t> value) : status_(status), value_(value) {}
    FieldStatus status_;
    std::optional<std::uint64_t> value_;
};

// The one parser for every count field, typed or read from a URL. Accepts ASCII
// digits, optionally grouped by threes in the given syntax, with surrounding
// whitespace; rejects everything else with a reason.
ParsedCount parse_count(std::string_view text, NumberSyntax syntax, CountLimits limits);

// Plain ASCII digits ("8388608"), the exact form JS and URLs carry.
std::string to_decimal(std::uint64_t value);

// Grouped in the given syntax ("8.388.608" / "8,388,608"); parse_count reads it back.
std::string to_grouped(std::uint64_t value, NumberSyntax syntax);

}  // namespace batch_planner
