// Instantiates the real built wasm module in Node. The 3.1.6 glue would try to
// fetch() a file path under Node, so we hand it the bytes (see TOOLCHAIN.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adaptCore } from '../../web/src/kit/core-adapter.js';
import { adaptPlanner } from '../../web/src/calculators/planner/core-adapter.js';

const buildDir = new URL('../../build/wasm/cpp/wasm/', import.meta.url);

/** The raw Embind module. */
export async function loadWasmModule() {
  const { default: createBatchPlannerModule } = await import(new URL('batch_planner.js', buildDir));
  return createBatchPlannerModule({
    wasmBinary: readFileSync(fileURLToPath(new URL('batch_planner.wasm', buildDir))),
  });
}

/** The module as every surface uses it (core-adapter.js). */
export async function loadCore() {
  return adaptCore(await loadWasmModule());
}

/** The raw Embind planner module. */
export async function loadPlannerModule() {
  const { default: createPlannerModule } = await import(new URL('planner.js', buildDir));
  return createPlannerModule({ wasmBinary: readFileSync(fileURLToPath(new URL('planner.wasm', buildDir))) });
}

/** The planner as the page uses it (calculators/planner/core-adapter.js). */
export async function loadPlanner() {
  return adaptPlanner(await loadPlannerModule());
}

/** The memory calculator's module, adapted as every surface uses it. */
export async function loadGradMemoryCore() {
  const { default: createGradMemoryModule } = await import(new URL('grad_memory.js', buildDir));
  return adaptCore(await createGradMemoryModule({ wasmBinary: readFileSync(fileURLToPath(new URL('grad_memory.wasm', buildDir))) }));
}

/** The scaling calculator's module, adapted as every surface uses it. */
export async function loadDpScalingCore() {
  const { default: createDpScalingModule } = await import(new URL('dp_scaling.js', buildDir));
  return adaptCore(await createDpScalingModule({ wasmBinary: readFileSync(fileURLToPath(new URL('dp_scaling.wasm', buildDir))) }));
}
