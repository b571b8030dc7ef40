// Loads the WebAssembly core once per page and hands out the adapted core. If
// a call into the module ever throws (the module aborted), that instance is
// dropped and the next loadCore() starts a fresh one, so no caller goes on
// computing with a broken module.
import createBatchPlannerModule from '../wasm/batch_planner.js';
import { adaptCore } from './core-adapter.js';

let instance = null;

/** Resolves to {describe, evaluate, marks} (see core-adapter.js); rejects if the module cannot load. */
export function loadCore() {
  if (!instance) {
    const loading = createBatchPlannerModule({
      // The glue reports load failures through printErr; callers show their own message.
      printErr: () => {},
      print: () => {},
    }).then((module) => dropOnFailure(adaptCore(module), () => { if (instance === loading) instance = null; }));
    loading.catch(() => { if (instance === loading) instance = null; });
    instance = loading;
  }
  return instance;
}

function dropOnFailure(core, drop) {
  const guarded = (call) => (...args) => {
    try {
      return call(...args);
    } catch (error) {
      drop();
      throw error;
    }
  };
  return { describe: guarded(core.describe), evaluate: guarded(core.evaluate), marks: guarded(core.marks) };
}
