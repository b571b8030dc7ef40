// A calculator's fields, the same way for every calculator: one spec for
// count, decimal and choice fields, one reader, and one answer to "may this
// be computed yet?". Plain C++17, no locale: the number syntax is a parameter.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "number_text.hpp"

namespace batch_planner {

enum class FieldKind : std::uint8_t { count, decimal, choice };

struct FieldSpec {
    std::string_view key;  // the key the web schema uses for this field
    FieldKind kind = FieldKind::count;
    CountLimits limits{};      // counts; a choice's {0, words - 1}
    CountForm form = plain_form;  // counts: which shorthands besides digits
    DecimalLimits decimals{};  // decimals
    ChoiceWords choices{};     // choices: the words, the value is the index
    bool optional = false;     // empty is not an error
};

constexpr FieldSpec count_field(std::string_view key, CountLimits limits, CountForm form = plain_form, bool optional = false) {
    return {key, FieldKind::count, limits, form, {}, {}, optional};
}
constexpr FieldSpec decimal_field(std::string_view key, DecimalLimits limits, bool optional = false) {
    return {key, FieldKind::decimal, {}, plain_form, limits, {}, optional};
}
constexpr FieldSpec choice_field(std::string_view key, ChoiceWords words) {
    std::uint64_t count = 0;
    for (const std::string_view word : words) count += word.empty() ? 0U : 1U;
    return {key, FieldKind::choice, {0, count - 1}, plain_form, {}, words, false};
}

// One field's text as its spec reads it; form overrides a count's shorthands
// (the planner's target is read as tokens or sequences, by its unit).
FieldReading read_field(std::string_view text, const FieldSpec& spec, NumberSyntax syntax);
FieldReading read_field(std::string_view text, const FieldSpec& spec, NumberSyntax syntax, CountForm form);

// Every field of a calculator, in its specs' order.
template <std::size_t N>
std::array<FieldReading, N> read_fields(const std::array<std::string_view, N>& texts, const std::array<FieldSpec, N>& specs,
                                        NumberSyntax syntax) {
    std::array<FieldReading, N> fields;
    for (std::size_t i = 0; i < N; ++i) fields[i] = read_field(texts[i], specs[i], syntax);
    return fields;
}

// What keeps a computation from running: nothing, a field left empty, or a
// field in error (which wins over an empty one).
enum class Blocker : std::uint8_t { none, missing, invalid };

template <std::size_t N>
Blocker blocker(const std::array<FieldReading, N>& fields, std::initializer_list<std::size_t> needed) {
    Blocker found = Blocker::none;
    for (const std::size_t index : needed) {
        if (fields[index].status == FieldStatus::empty) {
            found = Blocker::missing;
        } else if (!fields[index].ok()) {
            return Blocker::invalid;
        }
    }
    return found;
}

// Whether every needed field is valid.
template <std::size_t N>
bool all_ok(const std::array<FieldReading, N>& fields, std::initializer_list<std::size_t> needed) {
    for (const std::size_t index : needed) {
        if (!fields[index].ok()) return false;
    }
    return true;
}

}  // namespace batch_planner
