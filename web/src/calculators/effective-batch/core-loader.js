// The effective-batch module (effective_batch.wasm), loaded once per page; see
// kit/module-loader.js for how a failed instance is replaced. Its Embind glue
// is imported with it, not with the page: the home page loads its core only
// when the reader first needs it (calculator.js, coreWhenNeeded).
import { adaptCore } from '../../kit/core-adapter.js';
import { moduleLoader } from '../../kit/module-loader.js';

const createEffectiveBatchModule = (options) => import('../../wasm/effective_batch.js').then((glue) => glue.default(options));

/** Resolves to {describe, evaluate, marks} (see core-adapter.js); rejects if the module cannot load. */
export const loadCore = moduleLoader(createEffectiveBatchModule, adaptCore);
