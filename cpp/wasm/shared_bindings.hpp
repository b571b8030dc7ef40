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

#include "effective_batch.hpp"
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

// d from a link's cluster: "gpus", "tp", "pp", "cp" as plain digits (links write
// no other form) -> d as digits, or "" when one is not a count or TP*PP*CP does not divide.
inline emscripten::val data_parallel_of_cluster(const std::string& gpus, const std::string& tp, const std::string& pp,
                                                const std::string& cp) {
    const auto digits = [](const std::string& text) -> std::optional<std::uint64_t> {
        const ParsedCount parsed = parse_count(text, NumberSyntax::en, CountLimits{1, ~std::uint64_t{0}});
        const bool plain = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        return plain ? parsed.value() : std::nullopt;
    };
    const auto world = digits(gpus), t = digits(tp), p = digits(pp), c = digits(cp);
    const auto d = world && t && p && c ? effective_batch::data_parallel_of(*world, *t, *p, *c) : std::nullopt;
    return emscripten::val(d && *d > 0 ? to_decimal(*d) : std::string());
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
