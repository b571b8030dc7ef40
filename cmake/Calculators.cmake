# The core's calculators: the only list of them in the build. Each entry is
# NAME:MODULE. NAME has cpp/core/NAME.{hpp,cpp}, its Catch2 tests in
# tests/core/NAME_tests.cpp and its bindings in cpp/wasm/NAME_bindings.cpp,
# built into the web's MODULE.js and MODULE.wasm (the module name the web's
# calculator registry, web/src/calculators/registry.js, gives as `wasm`).
# The planner is the home page's second module, loaded when its section is needed.
set(BP_CALCULATORS
  effective_batch:batch_planner
  planner:planner
  grad_memory:grad_memory
  dp_scaling:dp_scaling
  training_compute:training_compute
  optimal_batch:optimal_batch
  parallel_configuration:parallel_configuration)

# bp_calculator_names(OUT) and bp_calculator_modules(OUT): the list's two halves, in order.
function(bp_calculator_names out)
  set(names "")
  foreach(entry IN LISTS BP_CALCULATORS)
    string(REPLACE ":" ";" parts "${entry}")
    list(GET parts 0 name)
    list(APPEND names ${name})
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()
