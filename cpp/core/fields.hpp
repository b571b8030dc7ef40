// A calculator's fields, the same way for every calculator: one spec for
// count, decimal and choice fields, one reader, and one answer to "may this
// be computed yet?". Plain C++17, no locale: the number syntax is a parameter.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "number_text.hpp"

namespace batch_planner {

enum class FieldKind : std::uint8_t { count, decimal, choice };

// A factor of a batch (b, d, a, L, and what multiplies into them): at most
// 2^32 - 1, so b*d never overflows 64 bits and only further products can.
inline constexpr CountLimits factor_limits{1, 4'294'967'295ULL};

struct FieldSpec {
    std::string_view key;  // the key the web schema uses for this field
    FieldKind kind = FieldKind::count;
    CountLimits limits{};      // counts; a choice's {0, words - 1}
    CountForm form = plain_form;  // counts: which shorthands besides digits
    DecimalLimits decimals{};  // decimals
    ChoiceWords choices{};     // choices: the words, the value is the index
    bool optional = false;     // empty is not an error
};

// A calculator declares each field once, as X(enumerator, spec) in a list
// macro; these expand that list into its specs (std::array field_specs{LIST(BP_FIELD_SPEC)})
// and into its Field enum (enum Field { LIST(BP_FIELD_ENUMERATOR) }), so the two cannot drift.
#define BP_FIELD_SPEC(name, spec) spec,
#define BP_FIELD_ENUMERATOR(name, spec) name,

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

// One field read by a kind known when compiling, so a calculator links only
// the parsers its fields use (the home page's module has no decimal parser).
// form: a count's shorthands (its spec's, unless overridden).
template <FieldKind Kind>
FieldReading read_field_of_kind(std::string_view text, const FieldSpec& spec, NumberSyntax syntax, CountForm form) {
    if constexpr (Kind == FieldKind::decimal) return reading_of(parse_decimal(text, syntax, spec.decimals));
    if constexpr (Kind == FieldKind::choice) return reading_of(parse_choice(text, spec.choices));
    if constexpr (Kind == FieldKind::count) return reading_of(parse_count(text, syntax, spec.limits, form));
}

template <const auto& Specs, std::size_t... I>
std::array<FieldReading, sizeof...(I)> read_fields_in_order(const std::array<std::string_view, sizeof...(I)>& texts,
                                                            NumberSyntax syntax, std::index_sequence<I...> /*order*/) {
    return {read_field_of_kind<Specs[I].kind>(texts[I], Specs[I], syntax, Specs[I].form)...};
}

// Every field of a calculator, in its specs' order: read_fields<field_specs>(texts, syntax).
template <const auto& Specs>
std::array<FieldReading, std::tuple_size_v<std::decay_t<decltype(Specs)>>> read_fields(
    const std::array<std::string_view, std::tuple_size_v<std::decay_t<decltype(Specs)>>>& texts, NumberSyntax syntax) {
    return read_fields_in_order<Specs>(texts, syntax, std::make_index_sequence<std::tuple_size_v<std::decay_t<decltype(Specs)>>>{});
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
