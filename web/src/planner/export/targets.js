// The frameworks a batch is exported to: the only list of them. Each has the
// id of its <code> element (the page contract), its slug in the address
// (export=), the file a download is named, and where its batch rule comes from (the source read to match it), each in
// its framework's module (frameworks/<slug>.js) beside the writer; the planner's markup and the tests read this list.
import { deepFreeze } from '../../kit/schema.js';
import PLANNER_CORE from '../core-fields.js';
import deepspeed from './frameworks/deepspeed.js';
import hfPython from './frameworks/hf-python.js';
import hfCli from './frameworks/hf-cli.js';
import accelerate from './frameworks/accelerate.js';
import lightning from './frameworks/lightning.js';
import megatron from './frameworks/megatron.js';
import slurm from './frameworks/slurm.js';
import torchtitan from './frameworks/torchtitan.js';
import nanotron from './frameworks/nanotron.js';
import maxtext from './frameworks/maxtext.js';
import olmo from './frameworks/olmo.js';
import llmFoundry from './frameworks/llm-foundry.js';

// Each framework's module holds its target (these fields) and its writer (write).
export const FRAMEWORKS = [deepspeed, hfPython, hfCli, accelerate, lightning, megatron, slurm, torchtitan, nanotron, maxtext, olmo, llmFoundry];
export const EXPORT_TARGETS = deepFreeze(FRAMEWORKS.map(({ write, ...target }) => target));

/** The URL key of the framework shown (export=megatron); the first one is the default and is not written. */
export const EXPORT_PARAM = 'export';

/**
 * Frameworks whose spelling changed: each a select in the export section and a
 * URL key (?megatron=core-0.18, ?torchtitan=main); the first version is the
 * default and is not written. Megatron-LM spells the ramp-up one way before
 * core 0.18 and another from it on; torchtitan main moved to Python configs
 * counted in tokens.
 */
export const EXPORT_VERSIONS = deepFreeze([
  { key: 'megatron', param: 'megatron', id: 'export-megatron-version', versions: ['legacy', 'core-0.18'] },
  { key: 'torchtitan', param: 'torchtitan', id: 'export-torchtitan-version', versions: ['v0.2.2', 'main'] },
]);
/**
 * The run's settings the exports write beside the batch, each a select above
 * the tabs under the memory or configuration page's URL key and words (the
 * same run there): recomputation, sequence parallelism, the experts'
 * dispatcher and TP's overlap. Their words are the memory model's and the step model's, as the
 * planner's core declares them (otherChoices in core-fields.js); the default,
 * those pages' own, comes first and is not written.
 */
const runChoice = (name, param, id, first) => ({ name, param, id, choices: [first, ...PLANNER_CORE.otherChoices[name].filter((word) => word !== first)] });
export const EXPORT_RUN_CHOICES = deepFreeze([
  runChoice('recompute', 'recompute', 'export-recompute', 'selective'),
  runChoice('sequenceParallel', 'sp', 'export-sequence-parallel', 'off'),
  // The experts' dispatcher, the configuration page's field of the same key and words (step_time.hpp).
  runChoice('dispatcher', 'dispatcher', 'export-dispatcher', 'alltoall'),
  // TP's collectives under its GEMMs, the configuration page's field of the same key and words.
  runChoice('tensorOverlap', 'tpoverlap', 'export-tensor-overlap', 'off'),
]);

