// Reads a pasted config back into the calculator and the planner: a DeepSpeed
// JSON, a Megatron-LM argument line, Hugging Face Trainer flags (with the
// torchrun or accelerate launch in front, when there is one), an accelerate
// launch alone, or a SLURM script around any of these (its #SBATCH --nodes is
// the SLURM_NNODES the launch line reads). The syntax is
// read as the framework reads it (JSON with numbers kept as written,
// shell-quote for command lines); every number is read as the framework
// reads it (framework-numbers.js), whatever the page's language, then judged
// by the core against the field's limits, and the batch is checked with each
// framework's own rule. Pasted text is hostile: it is capped before it is
// read, and never echoed (messages name only known keys and judged numbers).
import { parse as parseShell } from 'shell-quote';
import { parseJsonObject } from '../../kit/json-object.js';
import { jsonNumber, neutralProduct, megatronScheduleValue, pythonFloat, pythonInt } from './framework-numbers.js';

// Far more than any batch config needs, little enough that a huge paste is refused before parsing.
export const MAX_IMPORT_LENGTH = 20_000;

/**
 * text: the paste; judge(fieldKey, text) -> {status, value} (the planner
 * core's verdict on that text in that field; texts come in the neutral form,
 * plain digits or "15e-5", which every number syntax reads alike); rules: the
 * frameworks' batch rules, as the planner core applies them (its adapter's
 * rules: deepspeed, cluster, batch, and rampThresholds, Megatron-LM's ramp as the core walks it); current:
 * {microBatch, dataParallel, gpus, tensorParallel, contextParallel} as
 * BigInt or null (what the page holds, for a config that leaves them out). Returns {format, texts: {fieldKey: digits},
 * run: {fieldKey: {unit, text}}, kept: [fieldKey], derived: [fieldKey]} to
 * fill in (kept: taken from the page; derived: worked out, not written in the
 * paste), or {format, error: {code, ...}} (numbers as BigInt, keys as the
 * config spells them).
 */
export function readConfig(text, judge, current, rules) {
  if (text.length > MAX_IMPORT_LENGTH) return { format: null, error: { code: 'tooLong', limit: BigInt(MAX_IMPORT_LENGTH) } };
  const trimmed = text.trim();
  if (trimmed === '') return { format: null, error: { code: 'empty' } };
  // A JSON object, perhaps after hjson comments (a shell script's "#" lines come before a command instead).
  const read = /^(?:\s*(?:#[^\n]*|\/\/[^\n]*|\/\*[\s\S]*?\*\/))*\s*\{/.test(trimmed)
    ? readDeepSpeed(trimmed, judge, current, rules) : readCommandLine(trimmed, judge, current, rules);
  if (read.error) return read;
  // The planner's target is the batch the paste runs, in sequences: its own
  // (Megatron-LM's --global-batch-size, DeepSpeed's train_batch_size) or b·d·a.
  const { microBatch, dataParallel, accumulationSteps } = read.texts;
  const derived = [...(read.derived ?? []), 'targetUnit'];
  if (read.texts.target === undefined) {
    read.texts.target = rules.batch(microBatch, dataParallel, accumulationSteps);
    derived.push('target');
  }
  read.texts.targetUnit = 'seq';
  return { ...read, derived };
}

// SLURM sets SLURM_NNODES (and SLURM_JOB_NUM_NODES) to the nodes the
// script's #SBATCH --nodes (or -N) asks for: the one shell variable a pasted
// script gives the value of.
function slurmVariables(text) {
  const variables = {};
  for (const line of text.split(/\r?\n/)) {
    const nodes = /^#SBATCH\s+(?:--nodes[=\s]|-N\s*)\s*(\d+)\s*$/.exec(line.trim());
    if (nodes) variables.SLURM_NNODES = variables.SLURM_JOB_NUM_NODES = nodes[1];
  }
  return variables;
}

function readCommandLine(text, judge, current, rules) {
  const words = shellWords(text, slurmVariables(text));
  if (words.error) return { format: null, error: words.error };
  const flags = flagsOf(words.list);
  if (flags.error) return { format: null, error: flags.error };
  const map = flags.map;
  const read = map.has('micro-batch-size') || map.has('global-batch-size') || map.has('step-batch-size-schedule')
    ? readMegatron(map, judge, current, rules)
    : map.has('per_device_train_batch_size') ? readHuggingFace(map, judge, current, rules)
      : map.has('num_processes') ? readHuggingFace(map, judge, current, rules, 'accelerate') : null;
  if (!read) return { format: null, error: { code: 'unknownFormat' } };
  // A value left in a shell variable ($DISTRIBUTED_ARGS) is named as the reason it is missing.
  if (read.error?.code === 'needsWorld' && words.variables.length) read.error = { code: 'needsWorldInVariable', variables: words.variables.join(', ') };
  return read;
}

// A shell variable's name, as pasted: the only pasted text a message may repeat (letters, digits, _).
const VARIABLE = /^\$\{?([A-Za-z_][A-Za-z0-9_]{0,63})\}?$/;

// A flag's value as argparse gives it to the framework: type=int is Python's
// int(), type=float its float(). {text} in the neutral form, or {error}.
function argumentNumber(name, text, type) {
  if (type === 'int') {
    const digits = pythonInt(text);
    return digits === null ? { error: { code: 'notAnInteger', name } } : { text: digits };
  }
  const float = pythonFloat(text);
  if (!float) return { error: { code: 'notAFloat', name } };
  if (float.nonFinite) return { error: { code: 'nonFinite', name } };
  return float;
}

// Each whole-number flag read with int(), then through the core in the field
// whose limits fit it; the first refusal stops the import.
function judged(entries, judge) {
  const values = {};
  for (const [name, key, text] of entries) {
    if (text === undefined) continue;
    // A flag given a shell variable's value ("$SLURM_NNODES") holds no number until the shell runs.
    const variable = VARIABLE.exec(String(text).trim());
    if (variable) return { error: { code: 'valueInVariable', name, variable: `$${variable[1]}` } };
    const read = argumentNumber(name, String(text), 'int');
    if (read.error) return read;
    const verdict = judge(key, read.text);
    if (verdict.status !== 'ok') return { error: { code: 'badNumber', name, status: verdict.status } };
    values[name] = BigInt(verdict.value);
  }
  return { values };
}

// The keys DeepSpeed's batch comes from: the only ones read, and the only
// names a message may repeat back.
const DEEPSPEED_KEYS = ['train_batch_size', 'train_micro_batch_size_per_gpu', 'gradient_accumulation_steps'];

function readDeepSpeed(text, judge, current, rules) {
  const format = 'deepspeed';
  // DeepSpeed reads its config with hjson and refuses a key given twice
  // (deepspeed/runtime/config.py: hjson.load(..., object_pairs_hook=dict_raise_error_on_duplicate_keys)).
  const parsed = parseJsonObject(text, { comments: true, duplicates: 'refuse' });
  if (parsed.error) {
    const { code, key } = parsed.error;
    return { format, error: code === 'duplicateKey' && DEEPSPEED_KEYS.includes(key) ? { code, name: key } : { code } };
  }
  // Only top-level members are DeepSpeed's batch; a JSON number is judged as
  // the digits it was written with, and anything else is refused.
  for (const key of DEEPSPEED_KEYS) {
    const member = parsed.members.get(key);
    if (!member || member.kind === 'number') continue;
    if (member.kind === 'string' && member.value === 'auto') return { format, error: { code: 'deepspeedAuto', name: key } };
    return { format, error: { code: 'notANumber', name: key } };
  }
  const values = {};
  for (const key of DEEPSPEED_KEYS) {
    const member = parsed.members.get(key);
    if (!member) continue;
    const read = jsonCount(key, member, DEEPSPEED_KEY_FIELDS[key], judge);
    if (read.error) return { format, error: read.error };
    values[key] = read.value;
  }
  const { train_batch_size: train, train_micro_batch_size_per_gpu: micro, gradient_accumulation_steps: accumulation } = values;
  const given = [train, micro, accumulation].filter((value) => value !== undefined).length;
  if (given < 2) return { format, error: { code: 'deepspeedNeedsTwo' } };
  // All three given: the data-parallel world is what makes them agree. Two: the third by DeepSpeed's floor
  // division over the page's d, then its assertion (planner.hpp, 8).
  if (given < 3 && current.dataParallel === null) return { format, error: { code: 'needsDataParallel' } };
  const batch = rules.deepspeed(train, micro, accumulation, given < 3 ? current.dataParallel : null);
  const [b, a, dataParallel] = [batch.microBatch, batch.accumulationSteps, batch.dataParallel].map(BigInt);
  if (!batch.agrees) {
    return { format, error: given === 3 ? { code: 'deepspeedContradiction', train, micro, accumulation }
      : { code: 'deepspeedAssertion', train, micro: b, accumulation: a, dataParallel } };
  }
  const run = deepSpeedRun(parsed.members.get('scheduler'), parsed.members.get('optimizer'), judge);
  if (run.error) return { format, error: run.error };
  const engine = deepSpeedEngine(parsed.members, judge);
  if (engine.error) return { format, error: engine.error };
  const texts = { microBatch: String(b), accumulationSteps: String(a), dataParallel: String(dataParallel), ...engine.texts };
  if (train !== undefined) texts.target = String(train);
  if (run.decayStyle) texts.decayStyle = run.decayStyle;
  return { format, texts, run: run.values,
    // A DeepSpeed config carries no cluster: the page's stays as it is.
    kept: [...CLUSTER_KEYS, ...(given === 3 ? [] : ['dataParallel'])],
    derived: [...(given === 3 ? ['dataParallel'] : [...(micro === undefined ? ['microBatch'] : []), ...(accumulation === undefined ? ['accumulationSteps'] : [])]), ...engine.derived] };
}

// A JSON member that must be a count: an integer as Python's json reads it
// (1024, not 1024.0 or 1.024e3), judged by the core in the given field.
function jsonCount(name, member, field, judge) {
  if (member.kind !== 'number') return { error: { code: 'notANumber', name } };
  const number = jsonNumber(member.text);
  if (number.nonFinite) return { error: { code: 'nonFinite', name } };
  if (!number.int) return { error: { code: 'jsonNotAnInteger', name } };
  const verdict = judge(field, number.text);
  if (verdict.status !== 'ok') return { error: { code: 'badNumber', name, status: verdict.status } };
  return { value: BigInt(verdict.value) };
}

// A DeepSpeed scheduler's params (deepspeed/runtime/lr_schedules.py at
// edaa722): total_num_steps and warmup_num_steps, each a JSON number; the rate
// is WarmupDecayLR's warmup_max_lr, which falls back to warmup_min_lr (the
// minimum rate, when above 0), or for WarmupCosineLR the optimizer's lr,
// which falls to cos_min_ratio × lr. Anything else there is not read.
function deepSpeedRun(scheduler, optimizer, judge) {
  const params = scheduler?.kind === 'object' ? scheduler.members.get('params') : null;
  const values = {};
  if (params?.kind !== 'object') return { values };
  const type = scheduler.members.get('type');
  const cosine = type?.kind === 'string' && type.value === 'WarmupCosineLR';
  const optimizerParams = optimizer?.kind === 'object' ? optimizer.members.get('params') : null;
  const members = new Map(params.members);
  if (cosine && optimizerParams?.kind === 'object' && optimizerParams.members.has('lr')) members.set('lr', optimizerParams.members.get('lr'));
  const entries = cosine
    ? [['total_num_steps', 'tokens', 'steps'], ['warmup_num_steps', 'warmup', 'steps'], ['lr', 'learningRate', 'rate'], ['cos_min_ratio', 'minLearningRate', 'ratio']]
    : [['total_num_steps', 'tokens', 'steps'], ['warmup_num_steps', 'warmup', 'steps'], ['warmup_max_lr', 'learningRate', 'rate'], ['warmup_min_lr', 'minLearningRate', 'rate']];
  for (const [name, key, kind] of entries) {
    const member = members.get(name);
    if (!member) continue;
    const unit = kind === 'ratio' ? 'rate' : kind;
    if (unit === 'steps') {
      // Judged in its own field's limits: a warmup of 0 steps is no warmup, a run of 0 steps no run.
      const read = jsonCount(name, member, key, judge);
      if (read.error) return read;
      values[key] = { unit, text: String(read.value) };
      continue;
    }
    if (member.kind !== 'number') return { error: { code: 'notARate', name } };
    const number = jsonNumber(member.text);
    if (number.nonFinite) return { error: { code: 'nonFinite', name } };
    // A minimum of 0 is DeepSpeed's default, the same as none given.
    if (key === 'minLearningRate' && Number(number.text) === 0) continue;
    const text = kind === 'ratio' ? (values.learningRate ? neutralProduct(number.text, values.learningRate.text) : null) : number.text;
    if (text === null) continue;
    const verdict = judge(key, text);
    if (verdict.status !== 'ok') return { error: { code: 'badNumber', name, status: verdict.status } };
    values[key] = { unit, text };
  }
  return { values, decayStyle: type?.kind === 'string' && ['WarmupCosineLR', 'WarmupDecayLR'].includes(type.value) ? (cosine ? 'cosine' : 'linear') : null };
}

// DeepSpeed's engine (config.py at edaa722): zero_optimization.stage (0 when
// absent), bf16 or fp16 {"enabled": true} (fp32 when neither is).
function deepSpeedEngine(members, judge) {
  const texts = {};
  const derived = [];
  const zero = members.get('zero_optimization');
  const stage = zero?.kind === 'object' ? zero.members.get('stage') : undefined;
  if (stage === undefined) {
    texts.zeroStage = '0';
    derived.push('zeroStage');
  } else {
    if (stage.kind !== 'number' || !/^[0-3]$/.test(stage.text)) return { error: { code: 'zeroStage' } };
    texts.zeroStage = stage.text;
  }
  const enabled = (name) => {
    const block = members.get(name);
    const flag = block?.kind === 'object' ? block.members.get('enabled') : undefined;
    return flag?.kind === 'boolean' && flag.value;
  };
  if (enabled('bf16') && enabled('fp16')) return { error: { code: 'twoPrecisions' } };
  texts.precision = enabled('bf16') ? 'bf16' : enabled('fp16') ? 'fp16' : 'fp32';
  if (texts.precision === 'fp32') derived.push('precision');
  return { texts, derived };
}

const CLUSTER_KEYS = ['gpus', 'tensorParallel', 'pipelineParallel', 'contextParallel', 'gpusPerNode'];

const DEEPSPEED_KEY_FIELDS = { train_batch_size: 'target', train_micro_batch_size_per_gpu: 'microBatch', gradient_accumulation_steps: 'accumulationSteps' };

// The shell's own line rules first (a backslash before a newline continues
// the line; a newline ends a command), since shell-quote reads a comment to
// the end of its input; then shell-quote splits each line into words.
function shellWords(text, known = {}) {
  const list = [];
  for (const line of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    let parsed;
    try {
      // Variables stay as written: nothing from the environment is read, only what the script itself sets.
      parsed = parseShell(line, (name) => known[name] ?? `$${name}`);
    } catch {
      return { error: { code: 'badCommandLine' } };
    }
    // Comments and operators carry no flags.
    list.push(...parsed.filter((word) => typeof word === 'string' && word !== ''));
  }
  const variables = [...new Set(list.map((word) => VARIABLE.exec(word)?.[1]).filter(Boolean))].slice(0, 4).map((name) => `$${name}`);
  return { list, variables };
}

// "--flag value", "--flag=value" and "--flag a b c" (the values up to the next flag).
function flagsOf(words) {
  const map = new Map();
  let current = null;
  for (const word of words) {
    if (word.startsWith('--')) {
      const [name, ...inline] = word.slice(2).split('=');
      // Only a flag this reader knows is named back; pasted text is never echoed.
      if (map.has(name)) return { error: KNOWN_FLAGS.has(name) ? { code: 'repeatedFlag', name } : { code: 'repeatedUnknownFlag' } };
      current = name;
      map.set(name, inline.length ? [inline.join('=')] : []);
    } else if (current) {
      map.get(current).push(word);
      // Only a ramp takes more than one value; a script name ends the launcher's flags.
      if (current !== 'rampup-batch-size') current = null;
    }
  }
  return { map };
}

const first = (flags, name) => flags.get(name)?.[0];

const KNOWN_FLAGS = new Set(['train-iters', 'train-samples', 'lr-warmup-iters', 'lr-warmup-samples', 'lr-decay-iters',
  'lr-decay-samples', 'lr', 'min-lr', 'max_steps', 'warmup_steps', 'learning_rate', 'micro-batch-size', 'global-batch-size', 'seq-length', 'tensor-model-parallel-size',
  'pipeline-model-parallel-size', 'context-parallel-size', 'rampup-batch-size', 'step-batch-size-schedule', 'nnodes', 'nproc_per_node',
  'nproc-per-node', 'num_processes', 'num_machines', 'per_device_train_batch_size', 'gradient_accumulation_steps', 'max_length',
  'max_seq_length', 'bf16', 'fp16', 'use-distributed-optimizer', 'lr-decay-style', 'lr_scheduler_type', 'lr_scheduler_kwargs',
  'mixed_precision', 'zero_stage', 'use_deepspeed']);

// torchrun --nnodes × --nproc_per_node, or accelerate's --num_processes (the
// total, type=int). torchrun takes both as strings
// (torch/distributed/run.py): --nnodes "N" or "MIN:MAX" (parse_min_max_nnodes,
// int() of each), --nproc_per_node a count or a device word it resolves on
// the machine ("auto", "gpu", "cpu", "xpu").
function launchedProcesses(flags, judge) {
  const nodesText = first(flags, 'nnodes');
  let nodes = nodesText;
  if (nodesText !== undefined && nodesText.includes(':')) {
    const range = nodesText.split(':');
    if (range.length !== 2) return { error: { code: 'notAnInteger', name: '--nnodes' } };
    const [low, high] = range.map((part) => pythonInt(part));
    if (low === null || high === null) return { error: { code: 'notAnInteger', name: '--nnodes' } };
    // An elastic range fixes no world size; MIN:MAX with MIN = MAX does.
    if (low !== high) return { error: { code: 'elasticNodes' } };
    nodes = low;
  }
  const perNodeText = first(flags, 'nproc_per_node') ?? first(flags, 'nproc-per-node');
  if (perNodeText !== undefined && /^(?:auto|gpu|cpu|xpu)$/.test(perNodeText.trim())) return { error: { code: 'nprocFromMachine' } };
  const { values, error } = judged([
    ['--nnodes', 'gpus', nodes],
    ['--nproc_per_node', 'gpusPerNode', perNodeText],
    ['--num_processes', 'gpus', first(flags, 'num_processes')],
  ], judge);
  if (error) return { error };
  if (values['--num_processes'] !== undefined) return { gpus: values['--num_processes'] };
  if (values['--nproc_per_node'] !== undefined) return { gpus: (values['--nnodes'] ?? 1n) * values['--nproc_per_node'], perNode: values['--nproc_per_node'] };
  return { gpus: null };
}

// megatron/core/num_microbatches_calculator.py and megatron/training/arguments.py.
function readMegatron(flags, judge, current, rules) {
  const format = 'megatron';
  const ramp = flags.get('rampup-batch-size');
  if (ramp && ramp.length !== 3) return { format, error: { code: 'rampNeedsThree' } };
  const { values, error } = judged([
    ['--micro-batch-size', 'microBatch', first(flags, 'micro-batch-size')],
    ['--global-batch-size', 'target', first(flags, 'global-batch-size')],
    ['--seq-length', 'sequenceLength', first(flags, 'seq-length')],
    ['--tensor-model-parallel-size', 'tensorParallel', first(flags, 'tensor-model-parallel-size') ?? '1'],
    ['--pipeline-model-parallel-size', 'pipelineParallel', first(flags, 'pipeline-model-parallel-size') ?? '1'],
    ['--context-parallel-size', 'contextParallel', first(flags, 'context-parallel-size') ?? '1'],
    ['--expert-model-parallel-size', 'expertParallel', first(flags, 'expert-model-parallel-size') ?? '1'],
    ['--expert-tensor-parallel-size', 'expertTensorParallel', first(flags, 'expert-tensor-parallel-size')],
    ['--num-virtual-stages-per-pipeline-rank', 'virtualStages', first(flags, 'num-virtual-stages-per-pipeline-rank')],
    ['--num-layers-per-virtual-pipeline-stage', 'virtualStages', first(flags, 'num-layers-per-virtual-pipeline-stage')],
    // The layers matter here only to turn layers a virtual stage into virtual stages.
    ['--num-layers', 'virtualStages', first(flags, 'num-layers-per-virtual-pipeline-stage') === undefined ? undefined : first(flags, 'num-layers')],
    ['--rampup-batch-size', 'rampStart', ramp?.[0]],
    ['--rampup-batch-size', 'rampIncrement', ramp?.[1]],
    ['--rampup-batch-size', 'rampSamples', ramp?.[2]],
  ], judge);
  if (error) return { format, error };
  const launch = launchedProcesses(flags, judge);
  if (launch.error) return { format, error: launch.error };
  const micro = values['--micro-batch-size'];
  // From core 0.18 a --step-batch-size-schedule replaces --global-batch-size:
  // its last batch is the global one, and its stages are the ramp.
  const scheduleText = first(flags, 'step-batch-size-schedule');
  if (scheduleText !== undefined && (ramp || first(flags, 'global-batch-size') !== undefined)) return { format, error: { code: 'scheduleAndBatch' } };
  const schedule = scheduleText === undefined ? null : readSchedule(scheduleText, values['--seq-length'], judge, rules);
  if (schedule?.error) return { format, error: schedule.error };
  const global = schedule ? schedule.final : values['--global-batch-size'];
  if (micro === undefined || global === undefined) return { format, error: { code: 'megatronNeedsBoth' } };
  const tp = values['--tensor-model-parallel-size'];
  const pp = values['--pipeline-model-parallel-size'];
  const cp = values['--context-parallel-size'];
  const world = launch.gpus ?? current.gpus;
  if (world === null) return { format, error: { code: 'needsWorld' } };
  // arguments.py: d = world ÷ (TP·PP·CP); num_microbatches_calculator.py: global ÷ (micro·d), each asserted to divide.
  const cluster = rules.cluster(world, tp, pp, cp);
  if (cluster.dataParallel === '') return { format, error: { code: 'megatronWorld', world, tp, pp, cp, modelParallel: BigInt(cluster.modelParallel) } };
  const dataParallel = BigInt(cluster.dataParallel);
  const batch = rules.deepspeed(global, micro, null, dataParallel);
  if (!batch.agrees) return { format, error: { code: 'megatronBatch', global, micro, dataParallel } };
  // The experts' TP, TP's when the line leaves it out (arguments.py: expert_tensor_parallel_size None becomes TP);
  // the planner's core refuses an EP · ETP that the world over PP does not divide (parallel_state.py).
  const etp = values['--expert-tensor-parallel-size'];
  const virtualStages = megatronVirtualStages(flags, values, pp);
  if (virtualStages.error) return { format, error: virtualStages.error };
  const texts = {
    microBatch: String(micro), dataParallel: String(dataParallel), accumulationSteps: batch.accumulationSteps,
    gpus: String(world), tensorParallel: String(tp), pipelineParallel: String(pp), contextParallel: String(cp),
    expertParallel: String(values['--expert-model-parallel-size']), virtualStages: String(virtualStages.value),
    // Left out, empty: TP's, whatever TP becomes.
    expertTensorParallel: etp === undefined ? '' : String(etp),
  };
  if (values['--global-batch-size'] !== undefined) texts.target = String(global);
  if (values['--seq-length'] !== undefined) texts.sequenceLength = String(values['--seq-length']);
  if (launch.perNode !== undefined) texts.gpusPerNode = String(launch.perNode);
  if (ramp) Object.assign(texts, { rampStart: ramp[0], rampIncrement: ramp[1], rampSamples: ramp[2] });
  if (schedule?.ramp) Object.assign(texts, schedule.ramp);
  // The run (megatron/training/config/training_config.py): lengths in iterations or in samples.
  const run = runOf(flags, [
    ['--train-iters', 'tokens', 'steps', 'train-iters'], ['--train-samples', 'tokens', 'samples', 'train-samples'],
    ['--lr-warmup-iters', 'warmup', 'steps', 'lr-warmup-iters'], ['--lr-warmup-samples', 'warmup', 'samples', 'lr-warmup-samples'],
    ['--lr-decay-iters', 'decay', 'steps', 'lr-decay-iters'], ['--lr-decay-samples', 'decay', 'samples', 'lr-decay-samples'],
    ['--lr', 'learningRate', 'rate', 'lr'], ['--min-lr', 'minLearningRate', 'rate', 'min-lr'],
  ], judge);
  if (run.error) return { format, error: run.error };
  const engine = megatronEngine(flags);
  if (engine.error) return { format, error: engine.error };
  Object.assign(texts, engine.texts);
  // TP, PP, CP and EP default to 1 in Megatron-LM when the line leaves them out, and so does interleaving; the
  // experts' TP to TP's (the field left empty).
  const derived = ['dataParallel', 'accumulationSteps', ...[['--tensor-model-parallel-size', 'tensorParallel'], ['--pipeline-model-parallel-size', 'pipelineParallel'],
    ['--context-parallel-size', 'contextParallel'], ['--expert-model-parallel-size', 'expertParallel'], ['--expert-tensor-parallel-size', 'expertTensorParallel']]
    .filter(([flag]) => first(flags, flag.slice(2)) === undefined).map(([, key]) => key), ...(virtualStages.read ? [] : ['virtualStages']), ...engine.derived];
  return { format, texts, run: run.values, kept: launch.gpus === null ? ['gpus'] : [], derived };
}

// The virtual stages a rank (arguments.py at d98e8a6, lines 930-980): at most one of
// --num-virtual-stages-per-pipeline-rank and --num-layers-per-virtual-pipeline-stage; the second counts the layers
// (with the embedding and the loss when the split counts them) over PP, then over it; 1 is no interleaving. Returns
// {value, read} or {error}.
function megatronVirtualStages(flags, values, pp) {
  const stages = values['--num-virtual-stages-per-pipeline-rank'];
  const perChunk = values['--num-layers-per-virtual-pipeline-stage'];
  if (stages !== undefined && perChunk !== undefined) return { error: { code: 'megatronVirtualBoth' } };
  if (stages !== undefined) return { value: stages, read: true };
  if (perChunk === undefined) return { value: 1n, read: false };
  const layers = values['--num-layers'];
  if (layers === undefined) return { error: { code: 'megatronVirtualNeedsLayers' } };
  const counted = layers + (flags.has('account-for-embedding-in-pipeline-split') ? 1n : 0n) + (flags.has('account-for-loss-in-pipeline-split') ? 1n : 0n);
  if (counted % pp !== 0n || (counted / pp) % perChunk !== 0n) return { error: { code: 'megatronVirtualSplit', layers: counted, pp, perChunk } };
  return { value: counted / pp / perChunk, read: true };
}

// Megatron-LM's engine at d98e8a6: --bf16 or --fp16, else fp32 (ModelParallelConfig's
// defaults); --use-distributed-optimizer, ZeRO-1's sharding, else none; under
// --use-megatron-fsdp the --data-parallel-sharding-strategy, optim_grads_params unless given
// (arguments.py line 3190): no_shard 0, optim 1, optim_grads 2, optim_grads_params 3;
// --lr-decay-style, linear unless given (SchedulerConfig), of which the planner has linear and cosine.
const MEGATRON_FSDP_STAGES = { no_shard: '0', optim: '1', optim_grads: '2', optim_grads_params: '3' };
function megatronZero(flags) {
  if (!flags.has('use-megatron-fsdp')) return flags.has('use-distributed-optimizer') ? '1' : '0';
  return MEGATRON_FSDP_STAGES[first(flags, 'data-parallel-sharding-strategy') ?? 'optim_grads_params'];
}
function megatronEngine(flags) {
  if (flags.has('bf16') && flags.has('fp16')) return { error: { code: 'twoPrecisions' } };
  const style = first(flags, 'lr-decay-style');
  if (style !== undefined && style !== 'linear' && style !== 'cosine') return { error: { code: 'decayStyle' } };
  const zeroStage = megatronZero(flags);
  if (zeroStage === undefined) return { error: { code: 'shardingStrategy' } };
  const texts = {
    precision: flags.has('bf16') ? 'bf16' : flags.has('fp16') ? 'fp16' : 'fp32',
    zeroStage,
    decayStyle: style ?? 'linear',
  };
  const derived = [['precision', !flags.has('bf16') && !flags.has('fp16')], ['zeroStage', !flags.has('use-distributed-optimizer') && !flags.has('use-megatron-fsdp')],
    ['decayStyle', style === undefined]].filter(([, absent]) => absent).map(([key]) => key);
  return { texts, derived };
}

/**
 * The run's values in a paste: {fieldKey: {unit, text}} with unit "steps"
 * (optimizer steps at the full batch), "samples" or "rate"; the caller turns
 * steps and samples into tokens with the batch and the sequence length.
 */
function runOf(flags, entries, judge) {
  const values = {};
  for (const [name, key, unit, flag] of entries) {
    const text = first(flags, flag);
    if (text === undefined) continue;
    // A rate is a float flag judged as the learning-rate field; a count an int flag judged as a token count (the widest count field).
    const read = argumentNumber(name, text, unit === 'rate' ? 'float' : 'int');
    if (read.error) return read;
    // Counts in their own field's limits (a warmup may be 0, a run may not); the caller judges the tokens they come to.
    const verdict = judge(key, read.text);
    if (verdict.status !== 'ok') return { error: { code: 'badNumber', name, status: verdict.status } };
    values[key] = { unit, text: unit === 'rate' ? read.text : String(verdict.value) };
  }
  return { values };
}

// "0:192 344.3M:208 ... 20B:2048": token thresholds and batches, read as
// Megatron-LM's NumMicroBatchesCalculator._parse_schedule does (entries split
// on spaces and commas, each value int(float(x) * suffix), sorted by
// threshold, thresholds floor-divided by --seq-length into samples). The last
// batch is the global one. A ramp of equal steps is read back as
// --rampup-batch-size START INCR SAMPLES, with SAMPLES chosen so that
// Megatron's rule (stage = int(consumed / (SAMPLES / increments))) gives
// exactly these thresholds.
function readSchedule(text, sequenceLength, judge, rules) {
  const entries = text.trim().replaceAll(',', ' ').split(/\s+/).filter(Boolean)
    .map((entry) => (entry.includes(':') ? [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)] : null));
  if (entries.length < 1 || entries.includes(null)) return { error: { code: 'badSchedule' } };
  const read = [];
  for (const [thresholdText, batchText] of entries) {
    const tokens = megatronScheduleValue(thresholdText);
    const batch = megatronScheduleValue(batchText);
    if (tokens === null || batch === null) return { error: { code: 'badSchedule' } };
    read.push({ tokens, batch });
  }
  // Python's sort is stable, as Array.prototype.sort is.
  read.sort((x, y) => (x.tokens < y.tokens ? -1 : x.tokens > y.tokens ? 1 : 0));
  const stages = [];
  for (const { tokens, batch } of read) {
    // Batches judged as the target field; thresholds as a token count.
    const verdicts = [judge('target', String(batch)), tokens === 0n ? { status: 'ok' } : judge('tokens', String(tokens))];
    const refused = verdicts.find(({ status }) => status !== 'ok');
    if (refused) return { error: { code: 'badNumber', name: '--step-batch-size-schedule', status: refused.status } };
    stages.push({ tokens, batch });
  }
  const final = stages.at(-1).batch;
  if (stages.length === 1) return { final };
  if (sequenceLength === undefined) return { error: { code: 'scheduleNeedsLength' } };
  const samples = stages.map(({ tokens }) => tokens / sequenceLength);
  // _validate_schedule: the first threshold is 0 and they strictly increase, once in samples.
  if (samples[0] !== 0n || samples.some((value, k) => k > 0 && value <= samples[k - 1])) return { error: { code: 'scheduleInvalid' } };
  const start = stages[0].batch;
  const increment = stages[1].batch - start;
  const increments = stages.length - 1;
  const even = increment > 0n && stages.every(({ batch }, k) => batch === start + BigInt(k) * increment);
  if (!even) return { error: { code: 'scheduleNotRamp' } };
  // Where the schedule really changes the batch: at the first step whose
  // consumed samples reach a threshold, which a ramp must match step for step.
  const switches = scheduleSwitches(samples, stages.map(({ batch }) => batch));
  if (!switches) return { error: { code: 'scheduleNotRamp' } };
  // Stage k starts at the first step whose consumed samples c reach k·S/n:
  // the step before it had consumed c - (batch of stage k-1), below k·S/n.
  let low = 0n;
  let high = null;
  for (let k = 1; k <= increments; k += 1) {
    const reached = switches[k];
    const before = reached - stages[k - 1].batch;
    const n = BigInt(increments);
    const kk = BigInt(k);
    const lowK = (n * before) / kk + 1n;   // S > n·before/k
    const highK = (n * reached) / kk;      // S <= n·reached/k
    if (lowK > low) low = lowK;
    if (high === null || highK < high) high = highK;
  }
  for (const candidate of high === null || high < low ? [] : [high, low]) {
    if (rules.rampThresholds(start, increment, candidate, final).join(' ') === switches.join(' ')) {
      return { final, ramp: { rampStart: String(start), rampIncrement: String(increment), rampSamples: String(candidate) } };
    }
  }
  return { error: { code: 'scheduleNotRamp' } };
}

// The consumed samples at which a step schedule's batch changes
// (_get_batch_size_for_samples: the last stage whose threshold is reached),
// stepping each stage's batch at a time; null when a step jumps over a stage.
function scheduleSwitches(thresholds, batches) {
  const switches = [0n];
  let consumed = 0n;
  for (let k = 1; k < thresholds.length; k += 1) {
    const batch = batches[k - 1];
    consumed += ((thresholds[k] - consumed + batch - 1n) / batch) * batch;
    if (k + 1 < thresholds.length && consumed >= thresholds[k + 1]) return null;
    switches.push(consumed);
  }
  return switches;
}

// transformers/trainer.py, get_total_train_batch_size: per-device ×
// accumulation × data-parallel world, which from PR #41832 (merged 2025-11)
// is world ÷ (TP·CP·SP). Trainer flags carry no TP or CP (they live in the
// model's or Accelerate's config), so the page's own are kept, and the
// replicas are the launched processes divided by them: the site's own export
// with TP 4 reads back as the run it was written from. The Trainer has no
// pipeline parallelism: PP is 1.
//
// An accelerate launch without Trainer flags (format "accelerate") has no
// micro-batch: train.py's DataLoader sets it, so the page's is kept; its
// --mixed_precision and --zero_stage (with --use_deepspeed) are its engine.
function readHuggingFace(flags, judge, current, rules, format = 'huggingface') {
  const accelerate = format === 'accelerate';
  if (accelerate && current.microBatch === null) return { format, error: { code: 'accelerateNeedsMicro' } };
  const { values, error } = judged([
    ['--per_device_train_batch_size', 'microBatch', accelerate ? String(current.microBatch) : first(flags, 'per_device_train_batch_size')],
    ['--gradient_accumulation_steps', 'accumulationSteps', first(flags, 'gradient_accumulation_steps') ?? '1'],
    ['--max_length', 'sequenceLength', first(flags, 'max_length') ?? first(flags, 'max_seq_length')],
  ], judge);
  if (error) return { format, error };
  const launch = launchedProcesses(flags, judge);
  if (launch.error) return { format, error: launch.error };
  const texts = { microBatch: String(values['--per_device_train_batch_size']), accumulationSteps: String(values['--gradient_accumulation_steps']) };
  let kept;
  let derived;
  if (launch.gpus === null) {
    // No launch: the page's replicas and cluster stay as they are.
    if (current.dataParallel === null) return { format, error: { code: 'needsWorld' } };
    texts.dataParallel = String(current.dataParallel);
    kept = ['dataParallel', 'gpus', 'tensorParallel', 'pipelineParallel', 'contextParallel', 'gpusPerNode'];
    derived = [];
  } else {
    const tp = current.tensorParallel ?? 1n;
    const cp = current.contextParallel ?? 1n;
    // The Trainer's replicas: world ÷ (TP·CP), no pipeline stages.
    const cluster = rules.cluster(launch.gpus, tp, 1n, cp);
    if (cluster.dataParallel === '') return { format, error: { code: 'huggingFaceWorld', world: launch.gpus, tp, cp, split: BigInt(cluster.modelParallel) } };
    Object.assign(texts, { dataParallel: cluster.dataParallel, gpus: String(launch.gpus),
      tensorParallel: String(tp), pipelineParallel: '1', contextParallel: String(cp) });
    kept = ['tensorParallel', 'contextParallel'];
    derived = ['dataParallel', 'pipelineParallel'];
  }
  if (values['--max_length'] !== undefined) texts.sequenceLength = String(values['--max_length']);
  if (launch.perNode !== undefined) texts.gpusPerNode = String(launch.perNode);
  // transformers/training_args.py: max_steps (int), learning_rate (float), warmup_steps below.
  const run = runOf(flags, [['--max_steps', 'tokens', 'steps', 'max_steps'], ['--learning_rate', 'learningRate', 'rate', 'learning_rate']], judge);
  if (run.error) return { format, error: run.error };
  const warmup = huggingFaceWarmup(first(flags, 'warmup_steps'), run.values.tokens, judge);
  if (warmup.error) return { format, error: warmup.error };
  if (warmup.value) run.values.warmup = warmup.value;
  const engine = huggingFaceEngine(flags, judge);
  if (engine.error) return { format, error: engine.error };
  Object.assign(texts, engine.texts);
  if (engine.minimum) run.values.minLearningRate = engine.minimum;
  if (accelerate) {
    // accelerate launch (commands/launch.py): --mixed_precision no|fp16|bf16; --zero_stage with --use_deepspeed, else DDP.
    const precision = first(flags, 'mixed_precision');
    if (precision !== undefined && !['no', 'fp16', 'bf16'].includes(precision)) return { format, error: { code: 'acceleratePrecision' } };
    texts.precision = precision === undefined || precision === 'no' ? 'fp32' : precision;
    // --zero_stage is type=int; left out, DeepSpeedPlugin takes 2 (utils/dataclasses.py at 16cb6eb).
    const stage = flags.has('use_deepspeed') ? pythonInt(first(flags, 'zero_stage') ?? '2') : '0';
    if (!['0', '1', '2', '3'].includes(stage)) return { format, error: { code: 'accelerateZeroStage' } };
    texts.zeroStage = stage;
    return { format, texts, run: run.values, kept: [...kept, 'microBatch'],
      derived: [...derived, ...engine.derived.filter((key) => key !== 'precision'), ...(precision === undefined ? ['precision'] : []),
        ...(flags.has('use_deepspeed') && first(flags, 'zero_stage') === undefined ? ['zeroStage'] : [])] };
  }
  // With --deepspeed the ZeRO stage is in that file, which the paste does not hold.
  return { format, texts, run: run.values, kept: [...kept, 'zeroStage'], derived: [...derived, ...engine.derived] };
}

// The Trainer's engine (training_args.py, v5): --bf16 or --fp16 (a bare flag,
// or True/False as HfArgumentParser reads a bool), else fp32;
// --lr_scheduler_type (linear unless given) of which the planner has linear,
// cosine and cosine_with_min_lr, whose min_lr (in --lr_scheduler_kwargs, JSON)
// is the minimum rate.
function huggingFaceEngine(flags, judge) {
  const on = (name) => flags.has(name) && ['', 'true', '1', 'yes'].includes(String(first(flags, name) ?? '').toLowerCase());
  if (on('bf16') && on('fp16')) return { error: { code: 'twoPrecisions' } };
  const texts = { precision: on('bf16') ? 'bf16' : on('fp16') ? 'fp16' : 'fp32' };
  const derived = texts.precision === 'fp32' ? ['precision'] : [];
  const type = first(flags, 'lr_scheduler_type');
  if (type !== undefined && !['linear', 'cosine', 'cosine_with_min_lr'].includes(type)) return { error: { code: 'decayStyle' } };
  texts.decayStyle = type === undefined || type === 'linear' ? 'linear' : 'cosine';
  if (type === undefined) derived.push('decayStyle');
  let minimum = null;
  if (type === 'cosine_with_min_lr') {
    const parsed = parseJsonObject(first(flags, 'lr_scheduler_kwargs') ?? '{}', { duplicates: 'refuse' });
    const member = parsed.error ? null : parsed.members.get('min_lr');
    if (member) {
      const number = member.kind === 'number' ? jsonNumber(member.text) : null;
      if (!number || number.nonFinite) return { error: { code: 'notARate', name: 'min_lr' } };
      const verdict = judge('minLearningRate', number.text);
      if (verdict.status !== 'ok') return { error: { code: 'badNumber', name: 'min_lr', status: verdict.status } };
      minimum = { unit: 'rate', text: number.text };
    }
  }
  return { texts, derived, minimum };
}

// --warmup_steps: an int in transformers 4.x; from 5.0 a float, a step count
// from 1 up (int(w)) and a ratio of the run below 1 (ceil(max_steps × w)),
// in TrainingArguments.get_warmup_steps. Read as 5.x reads it: every text
// 4.x accepts means the same there.
function huggingFaceWarmup(text, budget, judge) {
  if (text === undefined) return {};
  const read = argumentNumber('--warmup_steps', text, 'float');
  if (read.error) return read;
  const value = Number(read.text);
  if (value < 0) return { error: { code: 'badNumber', name: '--warmup_steps', status: 'negative' } };
  let steps;
  if (value >= 1 || value === 0) {
    steps = BigInt(Math.trunc(value));
  } else {
    if (!budget) return { error: { code: 'warmupRatioNeedsSteps' } };
    steps = BigInt(Math.ceil(Number(budget.text) * value));
  }
  const verdict = judge('warmup', String(steps));
  if (verdict.status !== 'ok') return { error: { code: 'badNumber', name: '--warmup_steps', status: verdict.status } };
  return { value: { unit: 'steps', text: String(steps) } };
}
