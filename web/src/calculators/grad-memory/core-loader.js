// The memory calculator's module (grad_memory.wasm), loaded once per page;
// see kit/module-loader.js for how a failed instance is replaced.
import createGradMemoryModule from '../../wasm/grad_memory.js';
import { adaptCore } from '../../kit/core-adapter.js';
import { moduleLoader } from '../../kit/module-loader.js';

/** Resolves to {describe, evaluate, marks} (see kit/core-adapter.js); rejects if the module cannot load. */
export const loadCore = moduleLoader(createGradMemoryModule, adaptCore);
