// The scaling calculator's module (dp_scaling.wasm), loaded once per page;
// see kit/module-loader.js for how a failed instance is replaced.
import createDpScalingModule from '../../wasm/dp_scaling.js';
import { adaptCore } from '../../kit/core-adapter.js';
import { moduleLoader } from '../../kit/module-loader.js';

/** Resolves to {describe, evaluate, marks} (see kit/core-adapter.js); rejects if the module cannot load. */
export const loadCore = moduleLoader(createDpScalingModule, adaptCore);
