import { presentExport } from '../web/src/calculators/config-export/present.js';
import { presentPlanner } from '../web/src/calculators/planner/present.js';
import { PLANNER } from '../web/src/calculators/planner/schema.js';
import en from '../web/src/i18n/en.js';
import plannerEn from '../web/src/i18n/planner.en.js';
import { loadPlanner } from './support/wasm-core.mjs';
const planner = await loadPlanner();
const EMPTY = Object.fromEntries(['target', 'budget', 'dataset', 'warmup', 'throughput', 'referenceBatch', 'learningRate',
  'minLearningRate', 'decay', 'rampStart', 'rampIncrement', 'rampSamples', 'worldSize','tensorParallel','pipelineParallel','contextParallel','gpusPerNode'].map((key) => [key, '']));
const texts = { ...EMPTY, worldSize: '64', tensorParallel: '1', pipelineParallel: '1', contextParallel: '1', gpusPerNode: '8', microBatch: '8', dataParallel: '64', accumulationSteps: '4', sequenceLength: '4096', target: '1024', budget: '2T' };
const evaluation = planner.evaluate(texts, 'seq', 'en');
const presentation = presentPlanner(PLANNER, { kit: en.kit, planner: plannerEn }, evaluation, { texts });
const out = presentExport(plannerEn.export, evaluation, { stepSchedule: presentation.schedule?.stepSchedule ?? '', megatronVersion: 'legacy', torchtitanVersion: 'v0.2.2', assumedCluster: true });
console.log(out.message);
for (const [k, t] of Object.entries(out.targets)) { console.log('==', k); for (const n of t.notes) console.log('  -', n.slice(0, 200)); }
