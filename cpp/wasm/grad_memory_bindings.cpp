// The gradient-accumulation memory calculator's bindings (grad_memory.wasm,
// loaded by its page and its embed), through the same template as the
// effective-batch calculator (calculator_bindings.hpp). Choice fields cross as
// text ("selective") and come back with their index as value.
#include <emscripten/bind.h>

#include "calculator_bindings.hpp"
#include "grad_memory.hpp"
#include "shared_bindings.hpp"

namespace {

using namespace batch_planner;

struct GradMemory {
    static constexpr const auto& field_specs = grad_memory::field_specs;
    static constexpr const auto& result_keys = grad_memory::result_keys;
    using FieldTexts = grad_memory::FieldTexts;
    static auto evaluate(const FieldTexts& texts, NumberSyntax syntax) { return grad_memory::evaluate(texts, syntax); }
    static auto results_of(const grad_memory::Evaluation& e) { return grad_memory::results_of(e); }
};

}  // namespace

EMSCRIPTEN_BINDINGS(grad_memory) {
    wasm::bind_number_text();
    wasm::bind_result_status();
    emscripten::function("describeGradMemory", &wasm::describe<GradMemory>);
    emscripten::function("evaluateGradMemory", &wasm::evaluate<GradMemory>);
}
