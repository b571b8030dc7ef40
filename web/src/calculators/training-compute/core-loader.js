// The training-compute calculator's module (training_compute.wasm), loaded
// once per page; see kit/module-loader.js for how a failed instance is replaced.
import createTrainingComputeModule from '../../wasm/training_compute.js';
import { moduleLoader } from '../../kit/module-loader.js';
import { adaptTrainingCompute } from './core-adapter.js';

/** Resolves to the adapted module (core-adapter.js); rejects if the module cannot load. */
export const loadCore = moduleLoader(createTrainingComputeModule, adaptTrainingCompute);
