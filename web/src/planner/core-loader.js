// The planner's module (planner.wasm), loaded once per page when the planner
// is first needed; see kit/module-loader.js for how a failed instance is replaced.
import createPlannerModule from '../wasm/planner.js';
import { moduleLoader } from '../kit/module-loader.js';
import { adaptPlanner } from './core-adapter.js';

export const loadPlannerCore = moduleLoader(createPlannerModule, adaptPlanner);
