// The one mapping between the training-compute wasm module and JS: the kit's
// adapter (kit/core-adapter.js) for its calculator, and readModel(members),
// the core's reading of a config.json's top-level members (models/model-config.js).
// Works on any instance of the module, in the browser (core-loader.js) or in
// Node (the tests).
import { adaptCore } from '../../kit/core-adapter.js';

/** Wraps an instantiated module: {describe, evaluate, marks, readModel(members)}. */
export function adaptTrainingCompute(module) {
  return { ...adaptCore(module), readModel: (members) => module.readModelConfig(members) };
}
