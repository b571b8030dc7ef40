// The parallel-configuration calculator's module (parallel_configuration.wasm),
// loaded once per page; see kit/module-loader.js for how a failed instance is replaced.
import createParallelConfigurationModule from '../../wasm/parallel_configuration.js';
import { adaptCore, rememberLastEvaluation } from '../../kit/core-adapter.js';
import { moduleLoader } from '../../kit/module-loader.js';

/** Resolves to {describe, evaluate, marks} (see kit/core-adapter.js); rejects if the module cannot load. */
// Each evaluation is a search: the same texts again are answered from the last one.
export const loadCore = moduleLoader(createParallelConfigurationModule, (module) => rememberLastEvaluation(adaptCore(module)));
