// What the export section shows for a planner evaluation, as plain data: each
// framework's snippet, its notes in the page's language, and a download link;
// or, while a value it needs is missing or wrong, why there is none. Pure, so
// node tests check it directly.
import { groupDigits } from '../../kit/number-format.js';
import { EXPORT_TARGETS } from './targets.js';
import { exportConfigs } from './write.js';

// The fields every snippet uses: the calculator's four, the model-parallel degrees, the cluster.
const USED = ['microBatch', 'dataParallel', 'accumulationSteps', 'sequenceLength', 'tensorParallel', 'pipelineParallel', 'contextParallel',
  'worldSize', 'gpusPerNode'];
const RAMP = ['rampStart', 'rampIncrement', 'rampSamples'];

/**
 * words: the planner catalog's export words; evaluation: the planner's;
 * stepSchedule: the ramp's --step-batch-size-schedule value ("" when none is
 * exact), megatronVersion: "legacy" or "core-0.18", torchtitanVersion: "v0.2.2" or "main".
 */
export function presentExport(words, evaluation, { stepSchedule = '', megatronVersion = 'legacy', torchtitanVersion = 'v0.2.2' } = {}) {
  const { fields, marks } = evaluation;
  const digits = (value) => groupDigits(String(value), marks);
  const rampSet = RAMP.some((key) => fields[key].status !== 'empty');
  const blocked = USED.some((key) => fields[key].status !== 'ok') || (rampSet && evaluation.ramp.reason !== 'none');
  if (blocked) return { message: words.needsValidInput, targets: null };

  const count = (key) => BigInt(fields[key].value);
  const values = {
    micro: count('microBatch'),
    dataParallel: count('dataParallel'),
    accumulation: count('accumulationSteps'),
    sequenceLength: count('sequenceLength'),
    tensorParallel: count('tensorParallel'),
    pipelineParallel: count('pipelineParallel'),
    contextParallel: count('contextParallel'),
    gpusPerNode: count('gpusPerNode'),
    world: count('worldSize'),
    trainSteps: evaluation.budget.reason === 'none' ? BigInt(evaluation.budget.optimizer.steps) : null,
    ramp: rampSet ? { start: count('rampStart'), increment: count('rampIncrement'), samples: count('rampSamples'), schedule: stepSchedule } : null,
    megatronVersion,
    torchtitanVersion,
  };
  const written = exportConfigs(values, words.comments);
  const targets = {};
  for (const { key, file, type } of EXPORT_TARGETS) {
    const snippet = written[key];
    if (snippet.missing) {
      targets[key] = { text: '', notes: [], unavailable: words.missing[snippet.missing]({ gpus: digits(snippet.gpus ?? ''), gpusPerNode: digits(snippet.gpusPerNode ?? '') }) };
      continue;
    }
    targets[key] = {
      text: snippet.text,
      notes: snippet.notes.map(({ code, ...numbers }) => words.notes[code](Object.fromEntries(Object.entries(numbers).map(([name, value]) =>
        [name, typeof value === 'bigint' ? digits(value) : value])))),
      unavailable: '',
      file: snippet.file ?? file,
      href: `data:${snippet.type ?? type};charset=utf-8,${encodeURIComponent(snippet.text)}`,
    };
  }
  return { message: '', targets };
}
