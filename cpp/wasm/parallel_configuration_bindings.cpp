// The parallel-configuration calculator's bindings (parallel_configuration.wasm,
// loaded by its page), through the same template as the other calculators
// (calculator_bindings.hpp). The chosen layout, where its step goes, the ten
// fastest and, when none fits, the closest cross as the report's "extra".
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "calculator_bindings.hpp"
#include "parallel_configuration.hpp"
#include "shared_bindings.hpp"

namespace {

using emscripten::val;
using namespace batch_planner;
using batch_planner::layout_search::Choice;

const char* refusal_name(parallel_configuration::Refusal refusal) {
    switch (refusal) {
        case parallel_configuration::Refusal::not_whole_sequences: return "not_whole_sequences";
        case parallel_configuration::Refusal::no_layout: return "no_layout";
        case parallel_configuration::Refusal::nothing_fits: return "nothing_fits";
        case parallel_configuration::Refusal::fp8_unsupported: return "fp8_unsupported";
        case parallel_configuration::Refusal::none: break;
    }
    return "";
}

// A layout's activation choices by the words their fields read (memory_model.hpp), as the URL writes them.
std::string recompute_name(memory_model::Recompute recompute) {
    return std::string(memory_model::recompute_words[static_cast<std::size_t>(recompute)]);
}
std::string sequence_parallel_name(bool on) { return std::string(memory_model::sequence_parallel_words[on ? 1 : 0]); }

// One layout: its knobs as the URL writes them, its step's parts in seconds, its bytes, and how its stages
// split the layers (even, or with the embedding and the loss counted: first, middle and last).
val choice_report(const Choice& choice, std::uint64_t layers) {
    const auto& l = choice.layout;
    const step_time::StageLayers stages = step_time::stage_layers(layers, l);
    val report = val::object();
    report.set("tp", wasm::decimal_text(l.tensor));
    report.set("pp", wasm::decimal_text(l.pipeline));
    report.set("vpp", wasm::decimal_text(l.virtual_stages));
    report.set("cp", wasm::decimal_text(l.context));
    report.set("ep", wasm::decimal_text(l.expert));
    report.set("etp", wasm::decimal_text(step_time::expert_tensor_of(l)));
    report.set("dp", wasm::decimal_text(l.data));
    report.set("zero", std::to_string(l.zero));
    report.set("recompute", recompute_name(l.recompute));
    report.set("sp", sequence_parallel_name(l.sequence_parallel));
    report.set("micro", wasm::decimal_text(l.micro_batch));
    report.set("accum", wasm::decimal_text(l.accumulation));
    report.set("split", std::string(l.ends_in_split ? "ends" : "even"));
    report.set("firstStageLayers", wasm::decimal_text(stages.first));
    report.set("middleStageLayers", wasm::decimal_text(stages.middle));
    report.set("lastStageLayers", wasm::decimal_text(stages.last));
    report.set("memory", std::string(to_decimal_128(choice.memory)));
    report.set("stepSeconds", val(choice.parts.total));
    report.set("matmulEfficiency", val(choice.parts.matmul_efficiency));
    val parts = val::object();
    const auto& p = choice.parts;
    parts.set("compute", val(p.compute));
    parts.set("memoryBound", val(p.memory_bound));
    parts.set("tensorParallel", val(p.tensor_parallel));
    parts.set("contextParallel", val(p.context_parallel));
    parts.set("expertParallel", val(p.expert_parallel));
    parts.set("pipelineSend", val(p.pipeline_send));
    parts.set("pipelineBubble", val(p.pipeline_bubble));
    parts.set("dataParallel", val(p.data_parallel));
    parts.set("zero3Gather", val(p.zero3_gather));
    parts.set("straggler", val(p.straggler));
    parts.set("optimizer", val(p.optimizer));
    report.set("parts", parts);
    return report;
}

struct ParallelConfiguration {
    static constexpr const auto& field_specs = parallel_configuration::field_specs;
    static constexpr const auto& result_keys = parallel_configuration::result_keys;
    using FieldTexts = parallel_configuration::FieldTexts;
    static auto evaluate(const FieldTexts& texts, NumberSyntax syntax) { return parallel_configuration::evaluate(texts, syntax); }
    static const auto& results_of(const parallel_configuration::Evaluation& e) { return e.results; }
    static val extra(const parallel_configuration::Evaluation& e) {
        val extra = val::object();
        extra.set("refusal", std::string(refusal_name(e.refusal)));
        extra.set("globalBatch", wasm::decimal_text(e.global_batch));
        extra.set("deviceBytes", e.device_bytes ? wasm::decimal_text(*e.device_bytes) : val(std::string()));
        // The nearest whole-node counts, or "" when the GPUs fill whole nodes.
        extra.set("wholeNodesBelow", e.whole_nodes_below == 0 ? val(std::string()) : wasm::decimal_text(e.whole_nodes_below));
        extra.set("wholeNodesAbove", e.whole_nodes_above == 0 ? val(std::string()) : wasm::decimal_text(e.whole_nodes_above));
        val fastest = val::array();
        const std::uint64_t layers = e.fields[parallel_configuration::layers].ok() ? *e.fields[parallel_configuration::layers].count : 0;
        for (std::size_t i = 0; i < e.answer.fastest.size(); ++i) fastest.set(i, choice_report(e.answer.fastest[i], layers));
        extra.set("fastest", fastest);
        extra.set("smallest", e.answer.smallest ? choice_report(*e.answer.smallest, layers) : val::null());
        // When nothing fits: the closest layout's bytes with its optimizer states elsewhere; pcieSeconds null when
        // the PCIe rate is not given.
        if (e.remedies) {
            val remedies = val::object();
            remedies.set("offloaded", std::string(to_decimal_128(e.remedies->offloaded)));
            remedies.set("offloadedFits", val(e.remedies->offloaded_fits));
            remedies.set("pcieSeconds", e.remedies->pcie_seconds < 0 ? val::null() : val(e.remedies->pcie_seconds));
            remedies.set("eightBit", std::string(to_decimal_128(e.remedies->eight_bit)));
            remedies.set("eightBitFits", val(e.remedies->eight_bit_fits));
            extra.set("remedies", remedies);
        } else {
            extra.set("remedies", val::null());
        }
        return extra;
    }
};

}  // namespace

EMSCRIPTEN_BINDINGS(parallel_configuration) {
    wasm::bind_number_text();
    wasm::bind_result_status();
    emscripten::function("describeParallelConfiguration", &wasm::describe<ParallelConfiguration>);
    emscripten::function("evaluateParallelConfiguration", &wasm::evaluate<ParallelConfiguration>);
}
