// The data-parallel scaling calculator's bindings (dp_scaling.wasm, loaded by
// its page and its embed), through the same template as the other calculators
// (calculator_bindings.hpp). Decimal fields and results cross as numbers; the
// curve crosses as the report's "extra", one object per point.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "calculator_bindings.hpp"
#include "dp_scaling.hpp"
#include "shared_bindings.hpp"

namespace {

using emscripten::val;
using namespace batch_planner;

val curve_report(const std::vector<dp_scaling::Point>& curve) {
    val points = val::array();
    for (std::size_t i = 0; i < curve.size(); ++i) {
        const dp_scaling::Point& point = curve[i];
        val report = val::object();
        report.set("replicas", wasm::decimal_text(point.replicas));
        report.set("acrossNodes", val(point.across_nodes));
        const bool divides = point.split.has_value();
        report.set("microBatch", divides ? wasm::decimal_text(point.split->micro_batch) : val(std::string()));
        report.set("accumulationSteps", divides ? wasm::decimal_text(point.split->accumulation_steps) : val(std::string()));
        report.set("allreduceSeconds", val(point.allreduce_seconds));
        report.set("stepSeconds", divides ? val(point.step_seconds) : val::null());
        report.set("samplesPerSecond", divides ? val(point.samples_per_second) : val::null());
        report.set("tokensPerSecond", divides ? val(point.tokens_per_second) : val::null());
        report.set("efficiency", divides ? val(point.efficiency) : val::null());
        points.set(i, report);
    }
    return points;
}

struct DpScaling {
    static constexpr const auto& field_specs = dp_scaling::field_specs;
    static constexpr const auto& result_keys = dp_scaling::result_keys;
    using FieldTexts = dp_scaling::FieldTexts;
    static auto evaluate(const FieldTexts& texts, NumberSyntax syntax) { return dp_scaling::evaluate(texts, syntax); }
    static const auto& results_of(const dp_scaling::Evaluation& e) { return e.results; }
    static val extra(const dp_scaling::Evaluation& e) { return curve_report(e.curve); }
};

}  // namespace

EMSCRIPTEN_BINDINGS(dp_scaling) {
    wasm::bind_number_text();
    wasm::bind_result_status();
    emscripten::function("describeDpScaling", &wasm::describe<DpScaling>);
    emscripten::function("evaluateDpScaling", &wasm::evaluate<DpScaling>);
}
