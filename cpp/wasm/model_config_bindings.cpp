// The site's model reader as a module of its own (models.wasm): every page
// with a model picker loads it when a model is asked for, so none of them
// loads another calculator's core to read one. It also describes the shape's
// fields (describeModelShape), which the build writes into web/src/models/
// core-fields.js, so a shape handed on by a link is judged by the core's own
// kinds, limits and words.
#include <emscripten/bind.h>

#include <array>
#include <string_view>

#include "calculator_bindings.hpp"
#include "model_config_bindings.hpp"
#include "model_shape.hpp"
#include "shared_bindings.hpp"

namespace {

// The shape's fields through the shared description; it has no results.
struct ModelShape {
    static constexpr const auto& field_specs = batch_planner::model_shape::field_specs;
    static constexpr std::array<std::string_view, 0> result_keys{};
};

}  // namespace

EMSCRIPTEN_BINDINGS(models) {
    batch_planner::wasm::bind_number_text();
    emscripten::function("readModelConfig", &batch_planner::wasm::read_model_config);
    emscripten::function("describeModelShape", &batch_planner::wasm::describe<ModelShape>);
}
