// The effective-batch module (batch_planner.wasm), loaded once per page; see
// kit/module-loader.js for how a failed instance is replaced.
import createBatchPlannerModule from '../../wasm/batch_planner.js';
import { adaptCore } from '../../kit/core-adapter.js';
import { moduleLoader } from '../../kit/module-loader.js';

/** Resolves to {describe, evaluate, marks} (see core-adapter.js); rejects if the module cannot load. */
export const loadCore = moduleLoader(createBatchPlannerModule, adaptCore);
