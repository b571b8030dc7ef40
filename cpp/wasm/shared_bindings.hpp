// What every wasm module of this project binds the same way: the number
// syntaxes, the field statuses, the marks a syntax writes with, d from a
// link's cluster (every page with a d field opens at it), and how a
// parsed count crosses (status, exact value as a decimal string, and for an
// ambiguous suffix both readings). Included by one bindings file per module.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>

#include "batch_arithmetic.hpp"
#include "number_text.hpp"

namespace batch_planner::wasm {

inline emscripten::val decimal_text(std::uint64_t value) { return emscripten::val(to_decimal(value)); }

// The marks a syntax writes numbers with, so JS formats exactly as the core parses.
inline emscripten::val number_marks(NumberSyntax syntax) {
    const SyntaxMarks marks = marks_of(syntax);
    emscripten::val result = emscripten::val::object();
    result.set("group", emscripten::val(std::string(1, marks.group)));
    result.set("decimal", emscripten::val(std::string(1, marks.decimal)));
    return result;
}

// readings is null unless the status is ambiguous_suffix; then [decimal, binary].
inline emscripten::val count_report(FieldStatus status, const std::optional<std::uint64_t>& value,
                                    const std::optional<ParsedCount::Readings>& readings) {
    emscripten::val report = emscripten::val::object();
    report.set("status", emscripten::val(status));
    report.set("value", emscripten::val(value ? to_decimal(*value) : std::string()));
    if (readings) {
        emscripten::val pair = emscripten::val::array();
        pair.set(0, decimal_text(readings->decimal));
        pair.set(1, decimal_text(readings->binary));
        report.set("readings", pair);
    } else {
        report.set("readings", emscripten::val::null());
    }
    return report;
}

// A field that may be a count or a decimal: a decimal's value crosses as a number.
inline emscripten::val reading_report(const FieldReading& field) {
    emscripten::val report = count_report(field.status, field.count, field.readings);
    if (field.decimal) report.set("value", emscripten::val(*field.decimal));
    return report;
}

// d from a link's cluster: the GPUs, TP, PP and CP as whole numbers up to 2^53
// (links write at most 15 digits) -> d, or 0 when one is not such a number or
// TP*PP*CP does not divide the GPUs. Numbers, not text: a string binding would
// add its marshalling to every module.
inline double data_parallel_of_cluster(double gpus, double tp, double pp, double cp) {
    constexpr double largest = 9007199254740992.0;  // 2^53
    for (const double value : {gpus, tp, pp, cp}) {
        if (!(value >= 1 && value <= largest) || value != static_cast<double>(static_cast<std::uint64_t>(value))) return 0;
    }
    const auto d = batch_arithmetic::data_parallel_of(static_cast<std::uint64_t>(gpus), static_cast<std::uint64_t>(tp),
                                                     static_cast<std::uint64_t>(pp), static_cast<std::uint64_t>(cp));
    return d ? static_cast<double>(*d) : 0;
}

inline void bind_number_text() {
    emscripten::enum_<NumberSyntax>("NumberSyntax")
        .value("pt_BR", NumberSyntax::pt_BR)
        .value("en", NumberSyntax::en);
    emscripten::enum_<FieldStatus>("FieldStatus")
        .value("ok", FieldStatus::ok)
        .value("empty", FieldStatus::empty)
        .value("too_long", FieldStatus::too_long)
        .value("not_a_number", FieldStatus::not_a_number)
        .value("below_minimum", FieldStatus::below_minimum)
        .value("negative", FieldStatus::negative)
        .value("fractional", FieldStatus::fractional)
        .value("above_maximum", FieldStatus::above_maximum)
        .value("malformed_grouping", FieldStatus::malformed_grouping)
        .value("unfinished_grouping", FieldStatus::unfinished_grouping)
        .value("ambiguous_suffix", FieldStatus::ambiguous_suffix)
        .value("conflicting", FieldStatus::conflicting);
    emscripten::function("numberMarks", &number_marks);
    emscripten::function("dataParallelOfCluster", &data_parallel_of_cluster);
}

}  // namespace batch_planner::wasm
