// The effective-batch module (effective_batch.wasm), loaded once per page; see
// kit/module-loader.js for how a failed instance is replaced.
import createEffectiveBatchModule from '../../wasm/effective_batch.js';
import { adaptCore } from '../../kit/core-adapter.js';
import { moduleLoader } from '../../kit/module-loader.js';

/** Resolves to {describe, evaluate, marks} (see core-adapter.js); rejects if the module cannot load. */
export const loadCore = moduleLoader(createEffectiveBatchModule, adaptCore);
