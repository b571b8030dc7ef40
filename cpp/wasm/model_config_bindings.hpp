// The model reader's binding, the same in every module that reads models
// (models.wasm, every page's model picker; training_compute.wasm, its own
// page): a config.json's top-level members in, the family, the shape and
// exact parameter counts out (model_config.hpp), or the refusal as data.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "model_config.hpp"
#include "shared_bindings.hpp"

namespace batch_planner::wasm {

namespace mc = batch_planner::model_config;
using emscripten::val;

inline const char* problem_name(mc::Problem problem) {
    switch (problem) {
        case mc::Problem::none: return "";
        case mc::Problem::no_model_type: return "no_model_type";
        case mc::Problem::unknown_model_type: return "unknown_model_type";
        case mc::Problem::missing_key: return "missing_key";
        case mc::Problem::not_a_count: return "not_a_count";
        case mc::Problem::out_of_range: return "out_of_range";
        case mc::Problem::not_a_boolean: return "not_a_boolean";
        case mc::Problem::not_divisible: return "not_divisible";
        case mc::Problem::above_other: return "above_other";
        case mc::Problem::too_large: return "too_large";
        case mc::Problem::not_read: return "not_read";
    }
    return "";
}

inline val text_of(u128 value) { return val(to_decimal_128(value)); }

// members: a JS array of [key, kind, text], kind one of "number", "boolean",
// "string", "null", "other"; the page caps their number and lengths.
inline val read_model_config(val members) {
    std::vector<mc::Entry> entries;
    const unsigned length = members["length"].as<unsigned>();
    entries.reserve(length);
    for (unsigned i = 0; i < length; ++i) {
        const val member = members[i];
        const std::string kind = member[1].as<std::string>();
        const mc::ValueKind value_kind = kind == "number"    ? mc::ValueKind::number
                                         : kind == "boolean" ? mc::ValueKind::boolean
                                         : kind == "string"  ? mc::ValueKind::string
                                         : kind == "null"    ? mc::ValueKind::null
                                                             : mc::ValueKind::other;
        entries.push_back({member[0].as<std::string>(), value_kind, member[2].as<std::string>()});
    }
    const mc::Reading reading = mc::read(entries);
    val report = val::object();
    report.set("problem", val(std::string(problem_name(reading.refusal.problem))));
    report.set("key", val(reading.refusal.key));
    report.set("otherKey", val(reading.refusal.other_key));
    report.set("limit", decimal_text(reading.refusal.limit));
    if (!reading.ok()) return report;
    report.set("family", val(reading.family));
    const mc::Counts& counts = reading.counts;
    val parts = val::object();
    parts.set("embeddings", text_of(counts.embeddings));
    parts.set("attention", text_of(counts.attention));
    parts.set("mlp", text_of(counts.mlp));
    parts.set("experts", text_of(counts.experts));
    parts.set("router", text_of(counts.router));
    parts.set("norms", text_of(counts.norms));
    parts.set("head", text_of(counts.head));
    report.set("parts", parts);
    report.set("total", text_of(counts.total));
    report.set("active", text_of(counts.active));
    report.set("matmulActive", text_of(counts.matmul_active));
    report.set("mtpDepths", val(static_cast<double>(reading.mtp_depths)));  // at most 9,999
    // The shape as the shape fields' texts, by their keys (model_shape::texts_of), which a page writes into its
    // fields and its links as they are.
    const auto texts = model_shape::texts_of(reading.shape);
    val shape_report = val::object();
    for (std::size_t i = 0; i < texts.size(); ++i) shape_report.set(std::string(model_shape::field_specs[i].key), val(texts[i]));
    // What no field holds: the mean attention head width (empty when multi-head latent attention's is not whole) and
    // how many layers hold experts.
    report.set("attentionHeadDim", reading.attention_head_dim ? decimal_text(*reading.attention_head_dim) : val(std::string()));
    report.set("moeLayers", decimal_text(reading.moe_layers));
    report.set("shape", shape_report);
    return report;
}

}  // namespace batch_planner::wasm
