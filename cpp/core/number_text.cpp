#include "number_text.hpp"

#include <algorithm>
#include <vector>

namespace batch_planner {
namespace {

bool is_ascii_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

constexpr std::string_view no_break_space = "\xC2\xA0";         // U+00A0
constexpr std::string_view narrow_no_break_space = "\xE2\x80\xAF";  // U+202F

// Length of a space-like group separator at the start of text, or 0.
std::size_t space_separator_length(std::string_view text) {
    if (!text.empty() && text.front() == ' ') return 1;
    if (text.substr(0, no_break_space.size()) == no_break_space) return no_break_space.size();
    if (text.substr(0, narrow_no_break_space.size()) == narrow_no_break_space) return narrow_no_break_space.size();
    return 0;
}

std::string_view trim(std::string_view text) {
    while (true) {
        if (!text.empty() && is_ascii_space(text.front())) {
            text.remove_prefix(1);
        } else if (const std::size_t n = space_separator_length(text); n > 1) {
            text.remove_prefix(n);
        } else {
            break;
        }
    }
    while (true) {
        if (!text.empty() && is_ascii_space(text.back())) {
            text.remove_suffix(1);
        } else if (text.size() >= 2 && text.substr(text.size() - 2) == no_break_space) {
            text.remove_suffix(2);
        } else if (text.size() >= 3 && text.substr(text.size() - 3) == narrow_no_break_space) {
            text.remove_suffix(3);
        } else {
            break;
        }
    }
    return text;
}

// The text reduced to its shape: digits kept, each group separator as one kind
// of mark, the decimal mark as 'D'. Anything else makes it not a number.
struct Shape {
    std::string symbols;      // digits, 'G' for a group separator, 'D' for the decimal mark
    std::vector<char> kinds;  // which separator each 'G' was (the syntax's mark or 'S' for spaces)
};

std::optional<Shape> shape_of(std::string_view text, SyntaxMarks marks) {
    Shape shape;
    while (!text.empty()) {
        const char c = text.front();
        if (is_digit(c)) {
            shape.symbols.push_back(c);
            text.remove_prefix(1);
        } else if (c == marks.decimal) {
            shape.symbols.push_back('D');
            text.remove_prefix(1);
        } else if (c == marks.group) {
            shape.symbols.push_back('G');
            shape.kinds.push_back(c);
            text.remove_prefix(1);
        } else if (const std::size_t n = space_separator_length(text); n > 0) {
            shape.symbols.push_back('G');
            shape.kinds.push_back('S');
            text.remove_prefix(n);
        } else {
            return std::nullopt;
        }
    }
    if (std::none_of(shape.symbols.begin(), shape.symbols.end(), is_digit)) return std::nullopt;
    return shape;
}

bool all_digits(std::string_view text) { return std::all_of(text.begin(), text.end(), is_digit); }

enum class Grouping { fine, unfinished, malformed };

// Without separators any run of digits is fine. With them: a first group of 1-3
// digits not starting with 0, then groups of exactly 3. A last group that is
// still short ("2.", "2.04") is unfinished rather than wrong.
Grouping grouping_of(std::string_view integer_part) {
    if (integer_part.find('G') == std::string_view::npos) return Grouping::fine;
    std::size_t start = 0;
    bool first = true;
    while (true) {
        const std::size_t mark = integer_part.find('G', start);
        const bool last = mark == std::string_view::npos;
        const std::string_view group = integer_part.substr(start, last ? std::string_view::npos : mark - start);
        if (first) {
            if (group.empty() || group.size() > 3 || group.front() == '0') return Grouping::malformed;
            first = false;
        } else if (last && group.size() < 3) {
            return Grouping::unfinished;
        } else if (group.size() != 3) {
            return Grouping::malformed;
        }
        if (last) return Grouping::fine;
        start = mark + 1;
    }
}

FieldStatus grouping_status(Grouping grouping) {
    return grouping == Grouping::unfinished ? FieldStatus::unfinished_grouping : FieldStatus::malformed_grouping;
}

// Reads the digits, saturating above the maximum so that long input costs
// linear time and never wraps.
ParsedCount read_value(std::string_view integer_part, CountLimits limits) {
    std::uint64_t value = 0;
    bool above = false;
    for (const char c : integer_part) {
        if (c == 'G') continue;
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > limits.maximum / 10 || digit > limits.maximum - value * 10) {
            above = true;
            break;
        }
        value = value * 10 + digit;
    }
    if (above) return ParsedCount::rejected(FieldStatus::above_maximum);
    if (value < limits.minimum) return ParsedCount::rejected(FieldStatus::below_minimum);
    return ParsedCount::accepted(value);
}

}  // namespace

SyntaxMarks marks_of(NumberSyntax syntax) {
    switch (syntax) {
        case NumberSyntax::en: return {',', '.'};
        case NumberSyntax::pt_BR: break;
    }
    return {'.', ','};
}

ParsedCount parse_count(std::string_view text, NumberSyntax syntax, CountLimits limits) {
    if (text.size() > max_text_length) return ParsedCount::rejected(FieldStatus::too_long);
    text = trim(text);
    if (text.empty()) return ParsedCount::rejected(FieldStatus::empty);

    const bool minus = text.front() == '-';
    const auto shape = shape_of(minus ? text.substr(1) : text, marks_of(syntax));
    if (!shape) return ParsedCount::rejected(FieldStatus::not_a_number);
    if (minus) return ParsedCount::rejected(FieldStatus::negative);

    // One kind of group separator per number: "1.000 000" is not a number anyone writes.
    const auto& kinds = shape->kinds;
    if (std::adjacent_find(kinds.begin(), kinds.end(), std::not_equal_to<>()) != kinds.end()) {
        return ParsedCount::rejected(FieldStatus::malformed_grouping);
    }

    const std::string_view symbols = shape->symbols;
    const std::size_t decimal = symbols.find('D');
    const std::string_view integer_part = symbols.substr(0, decimal);
    if (decimal != std::string_view::npos) {
        const std::string_view fraction = symbols.substr(decimal + 1);
        if (integer_part.empty() || !all_digits(fraction)) return ParsedCount::rejected(FieldStatus::not_a_number);
        const Grouping grouping = grouping_of(integer_part);
        // "4.09,5": the groups before a decimal mark are complete, so a short one is wrong.
        if (grouping != Grouping::fine) return ParsedCount::rejected(FieldStatus::malformed_grouping);
        return ParsedCount::rejected(FieldStatus::fractional);
    }
    const Grouping grouping = grouping_of(integer_part);
    if (grouping != Grouping::fine) return ParsedCount::rejected(grouping_status(grouping));
    return read_value(integer_part, limits);
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

std::string to_grouped(std::uint64_t value, NumberSyntax syntax) {
    const char group = marks_of(syntax).group;
    const std::string digits = to_decimal(value);
    std::string grouped;
    grouped.reserve(digits.size() + digits.size() / 3);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0) grouped.push_back(group);
        grouped.push_back(digits[i]);
    }
    return grouped;
}

}  // namespace batch_planner
