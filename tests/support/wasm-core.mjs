// Instantiates the real built wasm module in Node. The 3.1.6 glue would try to
// fetch() a file path under Node, so we hand it the bytes (see TOOLCHAIN.md).
import { fileURLToPath } from 'node:url';
import { instantiateWasm } from '../../scripts/lib/core-fields.mjs';
import { adaptCore } from '../../web/src/kit/core-adapter.js';
import { adaptPlanner } from '../../web/src/planner/core-adapter.js';
import { adaptTrainingCompute } from '../../web/src/calculators/training-compute/core-adapter.js';
import { CALCULATORS, HOME } from '../../web/src/calculators/registry.js';

const buildDir = new URL('../../build/wasm/cpp/wasm/', import.meta.url);

/** A wasm module's raw Embind module, by its name in cpp/wasm (effective_batch, planner, ...). */
const rawModule = (wasm) => instantiateWasm(fileURLToPath(buildDir), wasm);

/** The home calculator's raw Embind module (the number syntaxes and statuses every module shares). */
export async function loadWasmModule() {
  return rawModule(HOME.wasm);
}

/** The home calculator's core, as every surface uses it (core-adapter.js). */
export async function loadCore() {
  return adaptCore(await loadWasmModule());
}

/** A registered calculator's core by name, as every surface uses it. */
export async function loadCalculatorCore(name) {
  const entry = CALCULATORS.find((calculator) => calculator.name === name);
  if (!entry) throw new Error(`no calculator named ${name}`);
  return adaptCore(await rawModule(entry.wasm));
}

/** The raw Embind planner module. */
export async function loadPlannerModule() {
  return rawModule('planner');
}

/** The planner as the page uses it (planner/core-adapter.js). */
export async function loadPlanner() {
  return adaptPlanner(await loadPlannerModule());
}

/** The training-compute core with its model reader, as its page uses it (training-compute/core-loader.js). */
export async function loadTrainingCompute() {
  return adaptTrainingCompute(await rawModule('training_compute'));
}
