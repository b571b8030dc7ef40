// The effective-batch module's bindings (batch_planner.wasm). With shared_bindings.hpp and
// planner_bindings.cpp, the only files that know about Emscripten. Each calculator
// is bound by the same template, from the core's own tables of field and result
// keys, so adding a field never touches this file.
//
// Across the boundary:
//  - texts go in as a JS array of strings, in the core's field order;
//  - statuses come out as Embind enums (FieldStatus, ResultStatus, NumberSyntax);
//    web/src/kit/core-loader.js turns them into their names, the one mapping;
//  - 64-bit values come out as decimal strings, because Embind 3.1.6 hands
//    uint64_t to JS as a signed BigInt;
//  - numberMarks(syntax) gives the group and decimal marks, so the page writes
//    numbers exactly as the core reads them.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <array>
#include <string>
#include <variant>

#include "checked_math.hpp"
#include "effective_batch.hpp"
#include "number_text.hpp"
#include "shared_bindings.hpp"

namespace {

using emscripten::val;
using namespace batch_planner;

// Whether a result could be computed, and whether it fits.
enum class ResultStatus { ok, overflow, unavailable };

using wasm::decimal_text;

template <typename Calculator>
val describe() {
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

val report_field(const ParsedCount& field) { return wasm::count_report(field.status(), field.value(), field.readings()); }

val report_result(const std::optional<Product>& result) {
    val report = val::object();
    const auto* exact = result ? std::get_if<std::uint64_t>(&*result) : nullptr;
    const ResultStatus status = !result ? ResultStatus::unavailable
                                : exact ? ResultStatus::ok
                                        : ResultStatus::overflow;
    report.set("status", val(status));
    report.set("value", val(exact ? to_decimal(*exact) : std::string()));
    return report;
}

// texts: a JS array of strings in field order. The caller caps each text at
// max_text_length + 1 code units, so a huge paste is never copied into the heap.
template <typename Calculator>
val evaluate(val texts, NumberSyntax syntax) {
    constexpr std::size_t count = Calculator::field_specs.size();
    std::array<std::string, count> owned;
    typename Calculator::FieldTexts views;
    for (std::size_t i = 0; i < count; ++i) {
        owned[i] = texts[i].template as<std::string>();
        views[i] = owned[i];
    }
    const auto evaluation = Calculator::evaluate(views, syntax);

    val fields = val::array();
    for (std::size_t i = 0; i < count; ++i) fields.set(i, report_field(evaluation.fields[i]));
    val results = val::array();
    const auto computed = Calculator::results_of(evaluation);
    for (std::size_t i = 0; i < computed.size(); ++i) results.set(i, report_result(computed[i]));

    val report = val::object();
    report.set("fields", fields);
    report.set("results", results);
    return report;
}

// A namespace-shaped handle, so the template can name a calculator's pieces.
struct EffectiveBatch {
    static constexpr const auto& field_specs = effective_batch::field_specs;
    static constexpr const auto& result_keys = effective_batch::result_keys;
    using FieldTexts = effective_batch::FieldTexts;
    static auto evaluate(const FieldTexts& texts, NumberSyntax syntax) { return effective_batch::evaluate(texts, syntax); }
    static auto results_of(const effective_batch::Evaluation& e) { return effective_batch::results_of(e); }
};

}  // namespace

EMSCRIPTEN_BINDINGS(batch_planner) {
    wasm::bind_number_text();
    emscripten::enum_<ResultStatus>("ResultStatus")
        .value("ok", ResultStatus::ok)
        .value("overflow", ResultStatus::overflow)
        .value("unavailable", ResultStatus::unavailable);

    emscripten::function("describeEffectiveBatch", &describe<EffectiveBatch>);
    emscripten::function("evaluateEffectiveBatch", &evaluate<EffectiveBatch>);
}
