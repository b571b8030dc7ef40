// Writes the batch into each framework's config (each framework's writer is
// in its module, frameworks/<slug>.js), and checks it against that
// framework's own rule: applying the rule (as the framework's source does) to
// the written numbers must give back the global batch B = b·d·a. Where it does
// not, or where the framework would refuse or change the values, a note says
// so with the numbers. Pure: values in (exact, as BigInt), text and notes out.
import { FRAMEWORKS } from './targets.js';

/**
 * values: {micro, dataParallel, accumulation, sequenceLength, tensorParallel,
 * pipelineParallel, contextParallel, expertParallel, virtualStages, gpusPerNode, gpus} as BigInt (gpus, the cluster's, and
 * gpusPerNode may be null), launch: the planner core's launch report (every
 * product and quotient of them the writers need), ramp: null or {start, increment, samples,
 * schedule} (schedule: the --step-batch-size-schedule value, or "" when no
 * exact one exists), megatronVersion ("legacy" or "core-0.18"), zeroStage
 * (0n to 3n), precision ("bf16", "fp16", "fp32"), decayStyle ("linear" or
 * "cosine"), run: the
 * whole run (present.js: runOf), assumedCluster: true when the cluster is the
 * calculator's d with no model parallelism, not typed. words: the catalog's
 * export words (comments in the code).
 * Returns {key: {text, notes: [{code, ...numbers as BigInt or strings}]}, or
 * {key: {missing: code, ...}} where a snippet cannot be written.
 */
export function exportConfigs(values, words) {
  const plan = planOf(values);
  const stage = Number(plan.zeroStage);
  // A framework that has no such ZeRO stage would run another layout: it is refused, naming those that run it.
  const running = FRAMEWORKS.filter(({ zeroStages }) => zeroStages.includes(stage)).map(({ key }) => key);
  return Object.fromEntries(FRAMEWORKS.map(({ key, write, zeroStages, carries }) => [key, zeroStages.includes(stage)
    ? withLayoutNotes(write(plan, words), plan, carries) : { missing: 'zeroStageNotRun', framework: key, stage: plan.zeroStage, running }]));
}

// A degree of the layout that changes no batch (EP, the virtual stages) and that a framework's export does not
// carry (its `carries`: written, or named where that framework takes it) is said: as written, it would run as 1.
// So is a dispatcher other than NCCL's all-to-all where the experts are split but the dispatcher is not carried, and
// TP's overlap where there is TP to overlap.
function withLayoutNotes(snippet, plan, carries = []) {
  if (snippet.missing) return snippet;
  const notes = [...snippet.notes];
  if (plan.ep > 1n && !carries.includes('ep')) notes.push({ code: 'expertParallelNotWritten', ep: plan.ep });
  if (plan.vpp > 1n && !carries.includes('vpp')) notes.push({ code: 'virtualStagesNotWritten', vpp: plan.vpp });
  if (plan.tensorOverlap && plan.tp > 1n && !carries.includes('tensorOverlap')) notes.push({ code: 'tensorOverlapNotWritten' });
  if (plan.ep > 1n && carries.includes('ep') && plan.dispatcher !== 'alltoall' && !carries.includes('dispatcher')) notes.push({ code: 'dispatcherNotWritten', backend: plan.dispatcher });
  return { ...snippet, notes };
}

// The numbers every writer needs, as the planner core reported them (planner.hpp, Launch): the processes a launch
// starts (d·TP·PP·CP, beside the cluster's GPUs), the nodes, B, and what each framework's batch rule computes from the written values.
function planOf(values) {
  const { micro: b, dataParallel: d, accumulation: a, tensorParallel: tp, pipelineParallel: pp, contextParallel: cp, expertParallel: ep,
    virtualStages: vpp, gpusPerNode, launch } = values;
  const count = (key) => (launch[key] === '' ? null : BigInt(launch[key]));
  const nodes = count('nodes');
  return {
    ...values, b, d, a, L: values.sequenceLength, tp, pp, cp, ep, vpp, nodes, perNode: nodes === null ? null : gpusPerNode,
    modelParallel: count('modelParallel'), tensorContext: count('tensorContext'), processes: count('processes'), batch: count('batch'),
    perPass: count('perPass'), microTokens: count('microTokens'), stepTokens: count('stepTokens'),
    everyProcess: count('everyProcess'), tensorReplicas: count('tensorReplicas'), tensorContextReplicas: count('tensorContextReplicas'),
    tensorContextGroups: count('tensorContextGroups'), devicesTimesAccumulation: count('devicesTimesAccumulation'),
    perPassDividesDevices: launch.perPassDividesDevices, flooredPerDevice: count('flooredPerDevice'),
    trainSamples: { 'core-0.18': count('trainSamplesFrom018'), legacy: count('trainSamplesBefore018') },
    warmupSamples: count('warmupSamples'), decaySamples: count('decaySamples'),
  };
}
