// The effective-batch module's bindings (effective_batch.wasm, loaded by every
// surface of the calculator). calculator_bindings.hpp binds a calculator from
// the core's own tables of field and result keys, so adding a field never
// touches this file.
//
// Across the boundary:
//  - texts go in as a JS array of strings, in the core's field order;
//  - statuses come out as Embind enums (FieldStatus, ResultStatus, NumberSyntax);
//    web/src/kit/core-adapter.js turns them into their names, the one mapping;
//  - 64-bit values come out as decimal strings, because Embind 3.1.6 hands
//    uint64_t to JS as a signed BigInt;
//  - numberMarks(syntax) gives the group and decimal marks, so the page writes
//    numbers exactly as the core reads them.
#include <emscripten/bind.h>

#include "calculator_bindings.hpp"
#include "effective_batch.hpp"
#include "shared_bindings.hpp"

namespace {

using namespace batch_planner;

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
    wasm::bind_result_status();
    emscripten::function("describeEffectiveBatch", &wasm::describe<EffectiveBatch>);
    emscripten::function("evaluateEffectiveBatch", &wasm::evaluate<EffectiveBatch>);
}
