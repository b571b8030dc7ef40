// How a calculator of count fields and exact results crosses to JS, the same
// way for every calculator: describe<Calculator>() lists its fields (key and
// limits) and results from the core's own tables; evaluate<Calculator>(texts,
// syntax) reports each field (status, value) and each result (status, value).
// A Calculator is a namespace-shaped handle naming field_specs, result_keys,
// FieldTexts, evaluate() and results_of(). Included by one bindings file per module.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <array>
#include <optional>
#include <string>
#include <variant>

#include "checked_math.hpp"
#include "shared_bindings.hpp"

namespace batch_planner::wasm {

// Whether a result could be computed, and whether it fits.
enum class ResultStatus { ok, overflow, unavailable };

inline void bind_result_status() {
    emscripten::enum_<ResultStatus>("ResultStatus")
        .value("ok", ResultStatus::ok)
        .value("overflow", ResultStatus::overflow)
        .value("unavailable", ResultStatus::unavailable);
}

template <typename Calculator>
emscripten::val describe() {
    using emscripten::val;
    val fields = val::array();
    for (std::size_t i = 0; i < Calculator::field_specs.size(); ++i) {
        const auto& spec = Calculator::field_specs[i];
        val field = val::object();
        field.set("key", val(std::string(spec.key)));
        field.set("minimum", decimal_text(spec.limits.minimum));
        field.set("maximum", decimal_text(spec.limits.maximum));
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

// texts: a JS array of strings in field order. The caller caps each text at
// max_text_length + 1 code units, so a huge paste is never copied into the heap.
template <typename Calculator>
emscripten::val evaluate(emscripten::val texts, NumberSyntax syntax) {
    using emscripten::val;
    constexpr std::size_t count = Calculator::field_specs.size();
    std::array<std::string, count> owned;
    typename Calculator::FieldTexts views;
    for (std::size_t i = 0; i < count; ++i) {
        owned[i] = texts[i].template as<std::string>();
        views[i] = owned[i];
    }
    const auto evaluation = Calculator::evaluate(views, syntax);

    val fields = val::array();
    for (std::size_t i = 0; i < count; ++i) {
        const ParsedCount& field = evaluation.fields[i];
        fields.set(i, count_report(field.status(), field.value(), field.readings()));
    }
    val results = val::array();
    const auto computed = Calculator::results_of(evaluation);
    for (std::size_t i = 0; i < computed.size(); ++i) results.set(i, report_result(computed[i]));

    val report = val::object();
    report.set("fields", fields);
    report.set("results", results);
    return report;
}

}  // namespace batch_planner::wasm
