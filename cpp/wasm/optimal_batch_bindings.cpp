// The optimal batch size calculator's bindings (optimal_batch.wasm, loaded by
// its page and its embed), through the same template as the other calculators
// (calculator_bindings.hpp). The laws' range flags and McCandlish et al.'s
// curve cross as the report's "extra".
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "calculator_bindings.hpp"
#include "optimal_batch.hpp"
#include "shared_bindings.hpp"

namespace {

using emscripten::val;
using namespace batch_planner;

struct OptimalBatch {
    static constexpr const auto& field_specs = optimal_batch::field_specs;
    static constexpr const auto& result_keys = optimal_batch::result_keys;
    using FieldTexts = optimal_batch::FieldTexts;
    static auto evaluate(const FieldTexts& texts, NumberSyntax syntax) { return optimal_batch::evaluate(texts, syntax); }
    static const auto& results_of(const optimal_batch::Evaluation& e) { return e.results; }
    static val extra(const optimal_batch::Evaluation& e) {
        val extra = val::object();
        extra.set("deepseekExtrapolated", val(e.deepseek_extrapolated));
        extra.set("steplawExtrapolated", val(e.steplaw_extrapolated));
        extra.set("parametersEstimated", val(e.parameters_estimated));
        extra.set("belowFloor", val(e.below_floor));
        extra.set("activeCounted", val(e.active_counted));
        extra.set("recommendedLaw", val(std::string(e.recommended_law == optimal_batch::Law::steplaw ? "steplaw" : "deepseek")));
        extra.set("lawSwitched", val(e.law_switched));
        val curve = val::array();
        for (std::size_t i = 0; i < e.noise_curve.size(); ++i) {
            val point = val::object();
            point.set("batchTokens", val(e.noise_curve[i].batch_tokens));
            point.set("stepsMultiple", val(e.noise_curve[i].steps_multiple));
            point.set("tokensMultiple", val(e.noise_curve[i].tokens_multiple));
            curve.set(i, point);
        }
        extra.set("noiseCurve", curve);
        return extra;
    }
};

}  // namespace

EMSCRIPTEN_BINDINGS(optimal_batch) {
    wasm::bind_number_text();
    wasm::bind_result_status();
    emscripten::function("describeOptimalBatch", &wasm::describe<OptimalBatch>);
    emscripten::function("evaluateOptimalBatch", &wasm::evaluate<OptimalBatch>);
}
