// The optimal batch size calculator's module (optimal_batch.wasm), loaded once
// per page; see kit/module-loader.js for how a failed instance is replaced.
import createOptimalBatchModule from '../../wasm/optimal_batch.js';
import { adaptCore } from '../../kit/core-adapter.js';
import { moduleLoader } from '../../kit/module-loader.js';

/** Resolves to {describe, evaluate, marks} (see kit/core-adapter.js); rejects if the module cannot load. */
export const loadCore = moduleLoader(createOptimalBatchModule, adaptCore);
