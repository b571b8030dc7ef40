// The training-compute calculator's bindings (training_compute.wasm, loaded by
// its page and its embed), through the same template as the other calculators
// (calculator_bindings.hpp), and the model reader: a config.json's top-level
// members in, the family, the shape and exact parameter counts out, or the
// refusal as data.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "calculator_bindings.hpp"
#include "model_config.hpp"
#include "shared_bindings.hpp"
#include "training_compute.hpp"

namespace {

using emscripten::val;
using namespace batch_planner;
namespace mc = batch_planner::model_config;

struct TrainingCompute {
    static constexpr const auto& field_specs = training_compute::field_specs;
    static constexpr const auto& result_keys = training_compute::result_keys;
    using FieldTexts = training_compute::FieldTexts;
    static auto evaluate(const FieldTexts& texts, NumberSyntax syntax) { return training_compute::evaluate(texts, syntax); }
    static const auto& results_of(const training_compute::Evaluation& e) { return e.results; }
    static val extra(const training_compute::Evaluation& e) {
        val extra = val::object();
        extra.set("timeCountsAttention", val(e.time_counts_attention));
        return extra;
    }
};

const char* problem_name(mc::Problem problem) {
    switch (problem) {
        case mc::Problem::none: return "";
        case mc::Problem::no_model_type: return "no-model-type";
        case mc::Problem::unknown_model_type: return "unknown-model-type";
        case mc::Problem::missing_key: return "missing-key";
        case mc::Problem::not_a_count: return "not-a-count";
        case mc::Problem::out_of_range: return "out-of-range";
        case mc::Problem::not_a_boolean: return "not-a-boolean";
        case mc::Problem::not_divisible: return "not-divisible";
        case mc::Problem::above_other: return "above-other";
        case mc::Problem::too_large: return "too-large";
        case mc::Problem::not_read: return "not-read";
    }
    return "";
}

val text_of(u128 value) { return val(to_decimal_128(value)); }

// members: a JS array of [key, kind, text], kind one of "number", "boolean",
// "string", "null", "other"; the page caps their number and lengths.
val read_model_config(val members) {
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
    report.set("limit", wasm::decimal_text(reading.refusal.limit));
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
    const mc::Shape& shape = reading.shape;
    val shape_report = val::object();
    shape_report.set("layers", wasm::decimal_text(shape.layers));
    shape_report.set("hidden", wasm::decimal_text(shape.hidden));
    shape_report.set("heads", wasm::decimal_text(shape.heads));
    shape_report.set("kvHeads", wasm::decimal_text(shape.kv_heads));
    shape_report.set("headDim", wasm::decimal_text(shape.head_dim));
    shape_report.set("attentionHeadDim", shape.attention_head_dim ? wasm::decimal_text(*shape.attention_head_dim) : val(std::string()));
    shape_report.set("vocab", wasm::decimal_text(shape.vocab));
    shape_report.set("ffn", wasm::decimal_text(shape.ffn));
    shape_report.set("gated", val(shape.gated));
    shape_report.set("tied", val(shape.tied));
    shape_report.set("layerNorm", val(shape.layer_norm));
    shape_report.set("experts", wasm::decimal_text(shape.experts));
    shape_report.set("expertsPerToken", wasm::decimal_text(shape.experts_per_token));
    shape_report.set("expertFfn", wasm::decimal_text(shape.expert_ffn));
    shape_report.set("moeLayers", wasm::decimal_text(shape.moe_layers));
    report.set("shape", shape_report);
    return report;
}

}  // namespace

EMSCRIPTEN_BINDINGS(training_compute) {
    wasm::bind_number_text();
    wasm::bind_result_status();
    emscripten::function("describeTrainingCompute", &wasm::describe<TrainingCompute>);
    emscripten::function("evaluateTrainingCompute", &wasm::evaluate<TrainingCompute>);
    emscripten::function("readModelConfig", &read_model_config);
}
