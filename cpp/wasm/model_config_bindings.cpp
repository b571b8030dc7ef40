// The site's model reader as a module of its own (models.wasm): every page
// with a model picker loads it when a model is asked for, so none of them
// loads another calculator's core to read one.
#include <emscripten/bind.h>

#include "model_config_bindings.hpp"
#include "shared_bindings.hpp"

EMSCRIPTEN_BINDINGS(models) {
    batch_planner::wasm::bind_number_text();
    emscripten::function("readModelConfig", &batch_planner::wasm::read_model_config);
}
