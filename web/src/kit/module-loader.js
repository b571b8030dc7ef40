// Loads a WebAssembly module once per page and hands out its adapted API. If
// a call into the module ever throws (the module aborted), that instance is
// dropped and the next load starts a fresh one, so no caller goes on
// computing with a broken module.

/**
 * createModule: an Emscripten factory; adapt(module) -> {name: function}.
 * Returns load(), which resolves to the adapted API, or rejects if the module
 * cannot load.
 */
export function moduleLoader(createModule, adapt) {
  let instance = null;
  return function load() {
    if (!instance) {
      const loading = createModule({
        // The glue reports load failures through printErr; callers show their own message.
        printErr: () => {},
        print: () => {},
      }).then((module) => dropOnFailure(adapt(module), () => { if (instance === loading) instance = null; }));
      loading.catch(() => { if (instance === loading) instance = null; });
      instance = loading;
    }
    return instance;
  };
}

function dropOnFailure(api, drop) {
  const guarded = (call) => (...args) => {
    try {
      return call(...args);
    } catch (error) {
      drop();
      throw error;
    }
  };
  // Only functions are calls into the module; anything else (a constant) is handed out as it is.
  return Object.fromEntries(Object.entries(api).map(([name, call]) => [name, typeof call === 'function' ? guarded(call) : call]));
}
