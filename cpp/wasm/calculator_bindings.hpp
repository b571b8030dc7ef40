// How a calculator of count fields and exact results crosses to JS, the same
// way for every calculator: describe<Calculator>() lists its fields (key and
// limits) and results from the core's own tables; evaluate<Calculator>(texts,
// syntax) reports each field (status, value) and each result (status, value).
// A Calculator is a namespace-shaped handle naming field_specs, result_keys,
// FieldTexts, evaluate() and results_of(); one that also names extra(evaluation)
// sends what that returns along as the report's "extra" (a curve, a table, or
// all of the planner's structured results). read_one_field<Calculator> reads
// one field alone.
// Included by one bindings file per module.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <array>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "checked_math.hpp"
#include "fields.hpp"
#include "figure.hpp"
#include "shared_bindings.hpp"

namespace batch_planner::wasm {

// Whether a result could be computed, whether it fits, and whether its numbers divide.
enum class ResultStatus { ok, overflow, unavailable, not_divisible };

inline void bind_result_status() {
    emscripten::enum_<ResultStatus>("ResultStatus")
        .value("ok", ResultStatus::ok)
        .value("overflow", ResultStatus::overflow)
        .value("unavailable", ResultStatus::unavailable)
        .value("not_divisible", ResultStatus::not_divisible);
}

// A count's or a choice's limits as decimal strings; a decimal field's as
// numbers (the page writes them in its own syntax).
inline void set_limits(emscripten::val& field, const FieldSpec& spec) {
    if (spec.kind == FieldKind::decimal) {
        field.set("minimum", emscripten::val(spec.decimals.minimum));
        field.set("maximum", emscripten::val(spec.decimals.maximum));
        return;
    }
    field.set("minimum", decimal_text(spec.limits.minimum));
    field.set("maximum", decimal_text(spec.limits.maximum));
}

// What a count takes besides digits, by the name the page's schema uses: "plain", "sequences" ("2^12", "4Ki"),
// "tokens" ("2T"), "context" ("4k" = 4,096), or "powers" ("2^12" alone; no field has it today).
constexpr std::string_view shorthand_name(CountForm form) {
    switch (form.suffixes) {
        case SuffixRule::decimal_si: return "tokens";
        case SuffixRule::ambiguous: return "sequences";
        case SuffixRule::binary: return "context";
        case SuffixRule::none: break;
    }
    return form.powers ? "powers" : "plain";
}

// A choice's words as a JS array, its empty slots left out.
inline emscripten::val choice_words(const ChoiceWords& choices) {
    emscripten::val words = emscripten::val::array();
    for (const std::string_view word : choices) {
        if (!word.empty()) words.call<void>("push", emscripten::val(std::string(word)));
    }
    return words;
}

template <typename Calculator, typename = void>
struct has_other_choices : std::false_type {};
template <typename Calculator>
struct has_other_choices<Calculator, std::void_t<decltype(&Calculator::other_choices)>> : std::true_type {};

template <typename Calculator>
emscripten::val describe() {
    using emscripten::val;
    val fields = val::array();
    for (std::size_t i = 0; i < Calculator::field_specs.size(); ++i) {
        const auto& spec = Calculator::field_specs[i];
        val field = val::object();
        field.set("key", val(std::string(spec.key)));
        field.set("kind", val(std::string(spec.kind == FieldKind::decimal ? "decimal" : spec.kind == FieldKind::choice ? "choice" : "count")));
        set_limits(field, spec);
        field.set("optional", val(spec.optional));
        if (spec.kind == FieldKind::choice) field.set("choices", choice_words(spec.choices));
        if (spec.kind == FieldKind::count) field.set("shorthand", val(std::string(shorthand_name(spec.form))));
        fields.set(i, field);
    }
    val results = val::array();
    for (std::size_t i = 0; i < Calculator::result_keys.size(); ++i) {
        results.set(i, val(std::string(Calculator::result_keys[i])));
    }
    val description = val::object();
    description.set("fields", fields);
    description.set("results", results);
    description.set("maxTextLength", val(static_cast<unsigned>(max_text_length)));
    // Words of choices that are not its fields but that its page writes (the planner's exports: the memory
    // model's recomputation and sequence parallelism), {key: [word, ...]}, so they too are declared once, here.
    if constexpr (has_other_choices<Calculator>::value) {
        val other = val::object();
        for (const auto& [key, words] : Calculator::other_choices()) other.set(std::string(key), choice_words(words));
        description.set("otherChoices", other);
    }
    return description;
}

inline emscripten::val report_result(const std::optional<Product>& result) {
    emscripten::val report = emscripten::val::object();
    const auto* exact = result ? std::get_if<std::uint64_t>(&*result) : nullptr;
    const ResultStatus status = !result ? ResultStatus::unavailable : exact ? ResultStatus::ok : ResultStatus::overflow;
    report.set("status", emscripten::val(status));
    report.set("value", emscripten::val(exact ? to_decimal(*exact) : std::string()));
    return report;
}

// A decimal crosses as a number; an exact count (of 64 or 128 bits) as a decimal string.
inline emscripten::val report_result(const Figure& figure) {
    if (const auto* exact = std::get_if<Product>(&figure)) return report_result(std::optional<Product>(*exact));
    emscripten::val report = emscripten::val::object();
    if (const auto* wide = std::get_if<Wide>(&figure)) {
        report.set("status", emscripten::val(ResultStatus::ok));
        report.set("value", emscripten::val(to_decimal_128(wide->value)));
        return report;
    }
    const auto* decimal = std::get_if<double>(&figure);
    const ResultStatus status = decimal ? ResultStatus::ok
                                : std::holds_alternative<NotDivisible>(figure) ? ResultStatus::not_divisible
                                                                                 : ResultStatus::unavailable;
    report.set("status", emscripten::val(status));
    report.set("value", decimal ? emscripten::val(*decimal) : emscripten::val(std::string()));
    return report;
}

inline emscripten::val field_report(const FieldReading& field) { return reading_report(field); }

template <typename Calculator, typename = void>
struct has_extra : std::false_type {};
template <typename Calculator>
struct has_extra<Calculator, std::void_t<decltype(&Calculator::extra)>> : std::true_type {};

// texts: a JS array of strings in field order. The caller caps each text at
// max_text_length + 1 code units, so a huge paste is never copied into the heap.
// A calculator whose evaluate() takes more than the texts and the syntax (the
// planner's d source) names those arguments' types as Options.
template <typename Calculator, typename... Options>
emscripten::val evaluate(emscripten::val texts, NumberSyntax syntax, Options... options) {
    using emscripten::val;
    constexpr std::size_t count = Calculator::field_specs.size();
    std::array<std::string, count> owned;
    typename Calculator::FieldTexts views;
    for (std::size_t i = 0; i < count; ++i) {
        owned[i] = texts[i].template as<std::string>();
        views[i] = owned[i];
    }
    const auto evaluation = Calculator::evaluate(views, syntax, options...);

    val fields = val::array();
    for (std::size_t i = 0; i < count; ++i) fields.set(i, field_report(evaluation.fields[i]));
    val results = val::array();
    const auto computed = Calculator::results_of(evaluation);
    for (std::size_t i = 0; i < computed.size(); ++i) results.set(i, report_result(computed[i]));

    val report = val::object();
    report.set("fields", fields);
    report.set("results", results);
    if constexpr (has_extra<Calculator>::value) report.set("extra", Calculator::extra(evaluation));
    return report;
}

// One field's text read as the calculator reads it, without evaluating the
// rest: how an import judges a number in the field whose limits fit it.
template <typename Calculator>
emscripten::val read_one_field(unsigned index, std::string text, NumberSyntax syntax) {
    if (index >= Calculator::field_specs.size()) return emscripten::val::null();
    return field_report(read_field(text, Calculator::field_specs[index], syntax));
}

}  // namespace batch_planner::wasm
