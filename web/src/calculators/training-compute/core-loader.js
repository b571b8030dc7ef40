// The training-compute calculator's module (training_compute.wasm), loaded
// once per page; see kit/module-loader.js for how a failed instance is replaced.
// Besides the calculator it reads models (readModelConfig, model-config.js).
import createTrainingComputeModule from '../../wasm/training_compute.js';
import { adaptCore } from '../../kit/core-adapter.js';
import { moduleLoader } from '../../kit/module-loader.js';

/**
 * Resolves to {describe, evaluate, marks} (see kit/core-adapter.js) and
 * readModel(members) (model-config.js); rejects if the module cannot load.
 */
export const loadCore = moduleLoader(createTrainingComputeModule, (module) => ({
  ...adaptCore(module),
  readModel: (members) => module.readModelConfig(members),
}));
