// Reads a pasted config back into the calculator and the planner: a DeepSpeed
// JSON, a Megatron-LM argument line, or Hugging Face Trainer flags (with the
// torchrun or accelerate launch in front, when there is one). The syntax is
// read by well-kept parsers (the platform's JSON.parse, shell-quote for
// command lines); every number is then judged by the core, with the same
// parser and limits as the fields, and the batch is checked with each
// framework's own rule. Pasted text is hostile: it is capped before it is
// read, and never echoed (messages name only known keys and judged numbers).
import { parse as parseShell } from 'shell-quote';

// Far more than any batch config needs, little enough that a huge paste is refused before parsing.
export const MAX_IMPORT_LENGTH = 20_000;

/**
 * text: the paste; judge(fieldKey, text) -> {status, value} (the planner
 * core's verdict on that text in that field); current: {dataParallel,
 * worldSize} as BigInt or null (what the page holds, for a config that leaves
 * them out). Returns {format, texts: {fieldKey: text}} to fill in, or {format,
 * error: {code, ...}} (numbers as BigInt, keys as the config spells them).
 */
export function readConfig(text, judge, current) {
  if (text.length > MAX_IMPORT_LENGTH) return { format: null, error: { code: 'tooLong', limit: BigInt(MAX_IMPORT_LENGTH) } };
  const trimmed = text.trim();
  if (trimmed === '') return { format: null, error: { code: 'empty' } };
  if (trimmed.startsWith('{')) return readDeepSpeed(trimmed, judge, current);
  const words = shellWords(trimmed);
  if (words.error) return { format: null, error: words.error };
  const flags = flagsOf(words.list);
  if (flags.error) return { format: null, error: flags.error };
  if (flags.map.has('micro-batch-size') || flags.map.has('global-batch-size')) return readMegatron(flags.map, judge, current);
  if (flags.map.has('per_device_train_batch_size')) return readHuggingFace(flags.map, judge, current);
  return { format: null, error: { code: 'unknownFormat' } };
}

// Each number through the core, in the field whose limits fit it; the first refusal stops the import.
function judged(entries, judge) {
  const values = {};
  for (const [name, key, text] of entries) {
    if (text === undefined) continue;
    const verdict = judge(key, String(text));
    if (verdict.status !== 'ok') return { error: { code: 'badNumber', name, status: verdict.status } };
    values[name] = BigInt(verdict.value);
  }
  return { values };
}

function readDeepSpeed(text, judge, current) {
  const format = 'deepspeed';
  let config;
  try {
    config = JSON.parse(text);
  } catch {
    return { format, error: { code: 'badJson' } };
  }
  if (!config || typeof config !== 'object' || Array.isArray(config)) return { format, error: { code: 'badJson' } };
  // A JSON number is judged as the digits it was written with; anything else is refused by the core.
  const raw = (key) => (Object.hasOwn(config, key) ? (typeof config[key] === 'number' ? jsonDigits(text, key, config[key]) : String(config[key])) : undefined);
  const { values, error } = judged([
    ['train_batch_size', 'target', raw('train_batch_size')],
    ['train_micro_batch_size_per_gpu', 'microBatch', raw('train_micro_batch_size_per_gpu')],
    ['gradient_accumulation_steps', 'accumulationSteps', raw('gradient_accumulation_steps')],
  ], judge);
  if (error) return { format, error };
  const { train_batch_size: train, train_micro_batch_size_per_gpu: micro, gradient_accumulation_steps: accumulation } = values;
  const given = [train, micro, accumulation].filter((value) => value !== undefined).length;
  if (given < 2) return { format, error: { code: 'deepspeedNeedsTwo' } };
  let dataParallel = current.dataParallel;
  let b = micro;
  let a = accumulation;
  if (given === 3) {
    // All three given: the data-parallel world is what makes them agree.
    if (train % (micro * accumulation) !== 0n) return { format, error: { code: 'deepspeedContradiction', train, micro, accumulation } };
    dataParallel = train / (micro * accumulation);
  } else {
    if (dataParallel === null) return { format, error: { code: 'needsDataParallel' } };
    // deepspeed/runtime/config.py, _set_batch_related_parameters: the missing one by floor division, then _batch_assertion.
    if (a === undefined) a = train / b / dataParallel;
    if (b === undefined) b = train / a / dataParallel;
    const product = b * a * dataParallel;
    if (train !== undefined && (a === 0n || b === 0n || product !== train)) {
      return { format, error: { code: 'deepspeedAssertion', train, micro: b, accumulation: a, dataParallel } };
    }
  }
  return { format, texts: { microBatch: String(b), accumulationSteps: String(a), dataParallel: String(dataParallel) } };
}

// The digits a JSON number was written with, for a key at the top level: the
// parsed double may have lost them (above 2^53), and the core must see them.
function jsonDigits(text, key, parsed) {
  if (Number.isSafeInteger(parsed)) return String(parsed);
  const match = new RegExp(`"${key}"\\s*:\\s*(-?[0-9][0-9.eE+-]*)`).exec(text);
  return match ? match[1] : String(parsed);
}

// The shell's own line rules first (a backslash before a newline continues
// the line; a newline ends a command), since shell-quote reads a comment to
// the end of its input; then shell-quote splits each line into words.
function shellWords(text) {
  const list = [];
  for (const line of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    let parsed;
    try {
      // Variables stay as written: nothing from the environment is read.
      parsed = parseShell(line, (name) => `$${name}`);
    } catch {
      return { error: { code: 'badCommandLine' } };
    }
    // Comments and operators carry no flags.
    list.push(...parsed.filter((word) => typeof word === 'string' && word !== ''));
  }
  return { list };
}

// "--flag value", "--flag=value" and "--flag a b c" (the values up to the next flag).
function flagsOf(words) {
  const map = new Map();
  let current = null;
  for (const word of words) {
    if (word.startsWith('--')) {
      const [name, ...inline] = word.slice(2).split('=');
      if (map.has(name)) return { error: { code: 'repeatedFlag', name } };
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

// torchrun --nnodes × --nproc_per_node, or accelerate's --num_processes (the total).
function launchedProcesses(flags, judge) {
  const { values, error } = judged([
    ['nnodes', 'worldSize', first(flags, 'nnodes')],
    ['nproc_per_node', 'gpusPerNode', first(flags, 'nproc_per_node') ?? first(flags, 'nproc-per-node')],
    ['num_processes', 'worldSize', first(flags, 'num_processes')],
  ], judge);
  if (error) return { error };
  if (values.num_processes !== undefined) return { world: values.num_processes };
  if (values.nproc_per_node !== undefined) return { world: (values.nnodes ?? 1n) * values.nproc_per_node, perNode: values.nproc_per_node };
  return { world: null };
}

// megatron/core/num_microbatches_calculator.py and megatron/training/arguments.py.
function readMegatron(flags, judge, current) {
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
    ['--rampup-batch-size', 'rampStart', ramp?.[0]],
    ['--rampup-batch-size', 'rampIncrement', ramp?.[1]],
    ['--rampup-batch-size', 'rampSamples', ramp?.[2]],
  ], judge);
  if (error) return { format, error };
  const launch = launchedProcesses(flags, judge);
  if (launch.error) return { format, error: launch.error };
  const micro = values['--micro-batch-size'];
  const global = values['--global-batch-size'];
  if (micro === undefined || global === undefined) return { format, error: { code: 'megatronNeedsBoth' } };
  const tp = values['--tensor-model-parallel-size'];
  const pp = values['--pipeline-model-parallel-size'];
  const cp = values['--context-parallel-size'];
  const world = launch.world ?? current.worldSize;
  if (world === null) return { format, error: { code: 'needsWorld' } };
  const modelParallel = tp * pp * cp;
  if (world % modelParallel !== 0n) return { format, error: { code: 'megatronWorld', world, tp, pp, cp, modelParallel } };
  const dataParallel = world / modelParallel;
  if (global % (micro * dataParallel) !== 0n) return { format, error: { code: 'megatronBatch', global, micro, dataParallel } };
  const texts = {
    microBatch: String(micro), dataParallel: String(dataParallel), accumulationSteps: String(global / (micro * dataParallel)),
    worldSize: String(world), tensorParallel: String(tp), pipelineParallel: String(pp), contextParallel: String(cp),
  };
  if (values['--seq-length'] !== undefined) texts.sequenceLength = String(values['--seq-length']);
  if (launch.perNode !== undefined) texts.gpusPerNode = String(launch.perNode);
  if (ramp) Object.assign(texts, { rampStart: ramp[0], rampIncrement: ramp[1], rampSamples: ramp[2] });
  return { format, texts };
}

// transformers/trainer.py: per-device × accumulation × world size, every process a replica.
function readHuggingFace(flags, judge, current) {
  const format = 'huggingface';
  const { values, error } = judged([
    ['--per_device_train_batch_size', 'microBatch', first(flags, 'per_device_train_batch_size')],
    ['--gradient_accumulation_steps', 'accumulationSteps', first(flags, 'gradient_accumulation_steps') ?? '1'],
    ['--max_length', 'sequenceLength', first(flags, 'max_length') ?? first(flags, 'max_seq_length')],
  ], judge);
  if (error) return { format, error };
  const launch = launchedProcesses(flags, judge);
  if (launch.error) return { format, error: launch.error };
  const world = launch.world ?? current.dataParallel;
  if (world === null) return { format, error: { code: 'needsWorld' } };
  const texts = {
    microBatch: String(values['--per_device_train_batch_size']), accumulationSteps: String(values['--gradient_accumulation_steps']),
    dataParallel: String(world), worldSize: String(world), tensorParallel: '1', pipelineParallel: '1', contextParallel: '1',
  };
  if (values['--max_length'] !== undefined) texts.sequenceLength = String(values['--max_length']);
  if (launch.perNode !== undefined) texts.gpusPerNode = String(launch.perNode);
  return { format, texts };
}
