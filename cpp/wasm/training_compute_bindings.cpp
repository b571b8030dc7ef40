// The training-compute calculator's bindings (training_compute.wasm, loaded by
// its page and its embed), through the same template as the other calculators
// (calculator_bindings.hpp), and the model reader (model_config_bindings.hpp),
// which its page reads its models with.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "calculator_bindings.hpp"
#include "model_config_bindings.hpp"
#include "shared_bindings.hpp"
#include "training_compute.hpp"

namespace {

using emscripten::val;
using namespace batch_planner;

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

}  // namespace

EMSCRIPTEN_BINDINGS(training_compute) {
    wasm::bind_number_text();
    wasm::bind_result_status();
    emscripten::function("describeTrainingCompute", &wasm::describe<TrainingCompute>);
    emscripten::function("evaluateTrainingCompute", &wasm::evaluate<TrainingCompute>);
    emscripten::function("readModelConfig", &wasm::read_model_config);
}
