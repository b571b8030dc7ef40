#include "number_text.hpp"

#include <algorithm>
#include <cmath>
#include <string>
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



// A number's text split at its decimal mark, grouping checked, group marks
// dropped: what every parser here starts from.
struct Parts {
    FieldStatus status = FieldStatus::ok;
    std::string integer;   // digits only
    std::string fraction;  // digits only
    bool has_fraction = false;
};

Parts read_parts(std::string_view text, NumberSyntax syntax) {
    Parts parts;
    const bool minus = !text.empty() && text.front() == '-';
    const auto shape = shape_of(minus ? text.substr(1) : text, marks_of(syntax));
    if (!shape) return {FieldStatus::not_a_number, {}, {}, false};
    if (minus) return {FieldStatus::negative, {}, {}, false};

    // One kind of group separator per number: "1.000 000" is not a number anyone writes.
    const auto& kinds = shape->kinds;
    if (std::adjacent_find(kinds.begin(), kinds.end(), std::not_equal_to<>()) != kinds.end()) {
        return {FieldStatus::malformed_grouping, {}, {}, false};
    }

    const std::string_view symbols = shape->symbols;
    const std::size_t decimal = symbols.find('D');
    const std::string_view integer_part = symbols.substr(0, decimal);
    const Grouping grouping = grouping_of(integer_part);
    if (decimal != std::string_view::npos) {
        const std::string_view fraction = symbols.substr(decimal + 1);
        if (integer_part.empty() || !all_digits(fraction)) return {FieldStatus::not_a_number, {}, {}, false};
        // "4.09,5": the groups before a decimal mark are complete, so a short one is wrong.
        if (grouping != Grouping::fine) return {FieldStatus::malformed_grouping, {}, {}, false};
        parts.fraction = std::string(fraction);
        parts.has_fraction = true;
    } else if (grouping != Grouping::fine) {
        return {grouping_status(grouping), {}, {}, false};
    }
    for (const char c : integer_part) {
        if (c != 'G') parts.integer.push_back(c);
    }
    return parts;
}

ParsedCount within(std::uint64_t value, CountLimits limits) {
    if (value > limits.maximum) return ParsedCount::rejected(FieldStatus::above_maximum);
    if (value < limits.minimum) return ParsedCount::rejected(FieldStatus::below_minimum);
    return ParsedCount::accepted(value);
}

// "2^12", "2**12", "2 ^ 12": the exponent, or nothing if the text is not a power of two.
std::optional<unsigned> power_of_two_exponent(std::string_view text) {
    if (text.size() < 3 || text.front() != '2') return std::nullopt;
    text.remove_prefix(1);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    if (text.substr(0, 2) == "**") {
        text.remove_prefix(2);
    } else if (!text.empty() && text.front() == '^') {
        text.remove_prefix(1);
    } else {
        return std::nullopt;
    }
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    if (text.empty() || text.size() > 3 || !all_digits(text)) return std::nullopt;
    unsigned exponent = 0;
    for (const char c : text) exponent = exponent * 10 + static_cast<unsigned>(c - '0');
    return exponent;
}

struct Suffix {
    std::size_t length;     // characters to drop from the end of the text
    unsigned thousands;     // 1 for K, 2 for M, 3 for B or G, 4 for T
    bool binary;            // "Ki": powers of 1024, exact
    SuffixRule rule;
};

std::optional<Suffix> suffix_of(std::string_view text, SuffixRule rule) {
    if (text.size() < 2) return std::nullopt;
    const auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
    const bool binary = (rule == SuffixRule::ambiguous || rule == SuffixRule::binary) && lower(text.back()) == 'i';
    const char letter = lower(text[text.size() - (binary ? 2 : 1)]);
    unsigned thousands = 0;
    switch (letter) {
        case 'k': thousands = 1; break;
        case 'm': thousands = 2; break;
        case 'g': thousands = 3; break;
        case 'b': thousands = rule == SuffixRule::decimal_si ? 3 : 0; break;
        case 't': thousands = 4; break;
        default: break;
    }
    if (thousands == 0 || (binary && text.size() < 3)) return std::nullopt;
    return Suffix{binary ? 2U : 1U, thousands, binary, rule};
}

// value * base^thousands, or nothing above 2^64 - 1.
std::optional<std::uint64_t> scaled(std::uint64_t value, std::uint64_t base, unsigned thousands) {
    for (unsigned i = 0; i < thousands; ++i) {
        if (value > UINT64_MAX / base) return std::nullopt;
        value *= base;
    }
    return value;
}

// Digits to a value, saturating: nothing above 2^64 - 1.
std::optional<std::uint64_t> digits_value(std::string_view digits) {
    std::uint64_t value = 0;
    for (const char c : digits) {
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (UINT64_MAX - digit) / 10) return std::nullopt;
        value = value * 10 + digit;
    }
    return value;
}

ParsedCount parse_suffixed(std::string_view number, Suffix suffix, NumberSyntax syntax, CountLimits limits) {
    if (number.empty()) return ParsedCount::rejected(FieldStatus::not_a_number);
    Parts parts = read_parts(number, syntax);
    // A suffix was typed after the number, so its groups are finished.
    if (parts.status == FieldStatus::unfinished_grouping) parts.status = FieldStatus::malformed_grouping;
    if (parts.status != FieldStatus::ok) return ParsedCount::rejected(parts.status);

    if (suffix.rule == SuffixRule::decimal_si) {
        // "4.5M": the fraction's digits fill the exponent's places; any digit past them must be 0.
        const std::size_t places = 3 * suffix.thousands;
        std::string fraction = parts.fraction;
        if (fraction.size() > places) {
            if (fraction.find_first_not_of('0', places) != std::string::npos) return ParsedCount::rejected(FieldStatus::fractional);
            fraction.resize(places);
        }
        fraction.append(places - fraction.size(), '0');
        const auto value = digits_value(parts.integer + fraction);
        return value ? within(*value, limits) : ParsedCount::rejected(FieldStatus::above_maximum);
    }
    if (parts.has_fraction) return ParsedCount::rejected(FieldStatus::fractional);
    const auto whole = digits_value(parts.integer);
    const auto binary = whole ? scaled(*whole, 1024, suffix.thousands) : std::nullopt;
    if (!binary) return ParsedCount::rejected(FieldStatus::above_maximum);
    if (suffix.binary || suffix.rule == SuffixRule::binary) return within(*binary, limits);
    const std::uint64_t decimal = *scaled(*whole, 1000, suffix.thousands);  // below the binary reading
    if (*binary > limits.maximum) return ParsedCount::rejected(FieldStatus::above_maximum);
    if (decimal < limits.minimum) return ParsedCount::rejected(FieldStatus::below_minimum);
    return ParsedCount::ambiguous({decimal, *binary});
}


// digits * 10^exponent as the nearest double. Exact (Clinger's fast path: both
// factors are exact doubles, so one rounding) for up to 15 significant digits
// and |exponent| <= 22, which covers the learning rates and throughputs people
// write; beyond that, within a few ulps. strtod would be exact everywhere, but
// musl's pulls in software long-double arithmetic, about 8 KB of gzipped wasm.
double to_double(std::string digits, int exponent) {
    static constexpr double exact_powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                              1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const std::size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos) return 0;
    digits.erase(0, first);
    while (digits.back() == '0') {
        digits.pop_back();
        ++exponent;
    }
    if (digits.size() > 19) {  // a u64 holds 19 digits; the rest cannot change a double by more than an ulp
        exponent += static_cast<int>(digits.size() - 19);
        digits.resize(19);
    }
    std::uint64_t significand = 0;
    for (const char c : digits) significand = significand * 10 + static_cast<std::uint64_t>(c - '0');
    double value = static_cast<double>(significand);
    if (digits.size() <= 15 && exponent >= -22 && exponent <= 22) {
        return exponent < 0 ? value / exact_powers[-exponent] : value * exact_powers[exponent];
    }
    if (exponent > 330) return HUGE_VAL;
    if (exponent < -360) return 0;
    for (; exponent > 22; exponent -= 22) value *= 1e22;
    for (; exponent < -22; exponent += 22) value /= 1e22;
    return exponent < 0 ? value / exact_powers[-exponent] : value * exact_powers[exponent];
}
}  // namespace

SyntaxMarks marks_of(NumberSyntax syntax) {
    switch (syntax) {
        case NumberSyntax::en: return {',', '.'};
        case NumberSyntax::pt_BR: break;
    }
    return {'.', ','};
}

ParsedCount parse_count(std::string_view text, NumberSyntax syntax, CountLimits limits, CountForm form) {
    if (text.size() > max_text_length) return ParsedCount::rejected(FieldStatus::too_long);
    text = trim(text);
    if (text.empty()) return ParsedCount::rejected(FieldStatus::empty);

    if (form.powers) {
        if (const auto exponent = power_of_two_exponent(text)) {
            if (*exponent >= 64) return ParsedCount::rejected(FieldStatus::above_maximum);
            return within(std::uint64_t{1} << *exponent, limits);
        }
    }
    if (form.suffixes != SuffixRule::none) {
        if (const auto suffix = suffix_of(text, form.suffixes)) {
            return parse_suffixed(trim(text.substr(0, text.size() - suffix->length)), *suffix, syntax, limits);
        }
    }

    const Parts parts = read_parts(text, syntax);
    if (parts.status != FieldStatus::ok) return ParsedCount::rejected(parts.status);
    if (parts.has_fraction) return ParsedCount::rejected(FieldStatus::fractional);
    const auto value = digits_value(parts.integer);
    return value ? within(*value, limits) : ParsedCount::rejected(FieldStatus::above_maximum);
}

ParsedDecimal parse_decimal(std::string_view text, NumberSyntax syntax, DecimalLimits limits) {
    if (text.size() > max_text_length) return ParsedDecimal::rejected(FieldStatus::too_long);
    text = trim(text);
    if (text.empty()) return ParsedDecimal::rejected(FieldStatus::empty);

    // The exponent: "e" or "E", an optional sign, one to three digits.
    int exponent = 0;
    if (const std::size_t e = text.find_first_of("eE"); e != std::string_view::npos) {
        std::string_view digits = text.substr(e + 1);
        const bool negative_exponent = !digits.empty() && digits.front() == '-';
        if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) digits.remove_prefix(1);
        if (digits.empty() || digits.size() > 3 || !all_digits(digits)) return ParsedDecimal::rejected(FieldStatus::not_a_number);
        for (const char c : digits) exponent = exponent * 10 + (c - '0');
        if (negative_exponent) exponent = -exponent;
        text = text.substr(0, e);
    }
    const SyntaxMarks marks = marks_of(syntax);
    // ".5" is read as "0.5".
    std::string mantissa(text);
    const std::size_t sign = !mantissa.empty() && mantissa.front() == '-' ? 1 : 0;
    if (mantissa.size() > sign && mantissa[sign] == marks.decimal) mantissa.insert(sign, "0");

    const Parts parts = read_parts(mantissa, syntax);
    if (parts.status != FieldStatus::ok) return ParsedDecimal::rejected(parts.status);
    const double value = to_double(parts.integer + parts.fraction,
                                   exponent - static_cast<int>(parts.fraction.size()));
    if (!(value <= limits.maximum)) return ParsedDecimal::rejected(FieldStatus::above_maximum);  // also infinity
    if (!(value >= limits.minimum)) return ParsedDecimal::rejected(FieldStatus::below_minimum);
    return ParsedDecimal::accepted(value);
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

FieldReading reading_of(const ParsedCount& parsed) {
    return {parsed.status(), parsed.value(), std::nullopt, parsed.readings()};
}

FieldReading reading_of(const ParsedDecimal& parsed) { return {parsed.status(), std::nullopt, parsed.value(), std::nullopt}; }

ParsedCount parse_choice(std::string_view text, const ChoiceWords& words) {
    if (text.size() > max_text_length) return ParsedCount::rejected(FieldStatus::too_long);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (text.empty()) return ParsedCount::rejected(FieldStatus::empty);
    for (std::size_t index = 0; index < words.size() && !words[index].empty(); ++index) {
        if (words[index] == text) return ParsedCount::accepted(index);
    }
    return ParsedCount::rejected(FieldStatus::not_a_number);
}

}  // namespace batch_planner
