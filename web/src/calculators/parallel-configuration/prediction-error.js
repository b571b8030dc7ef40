// Every prediction's measured error: the published runs this page shows
// (calibration-runs.js, framework-runs.js), each predicted by the same core,
// grouped into families of like predictions (the framework, ZeRO-3, ZeRO-2 or neither, the
// device class, dense or a mixture of experts), each with the median of its signed errors. The page shows the
// family of each layout it predicts; scripts/bench prints them all.
import { CALIBRATION_RUNS, H100_CHECKS, runTexts } from './calibration-runs.js';
import { FRAMEWORK_RUNS, frameworkRunTexts } from './framework-runs.js';
import { deviceClassOf, familyKey, modelKindOf } from './families.js';
import { FRAMEWORKS } from './schema.js';

// Every published run with its field texts, whether it fitted a constant, and its family, read from its texts as
// the page reads a layout's (the framework, the ZeRO stage, the class of the device's peak).
const PUBLISHED = [
  ...CALIBRATION_RUNS.map((run) => ({ run, role: 'calibration', texts: runTexts(run) })),
  ...H100_CHECKS.map((run) => ({ run, role: 'check', texts: runTexts(run) })),
  ...FRAMEWORK_RUNS.map((run) => ({ run, role: run.role, texts: frameworkRunTexts(run) })),
].map((entry) => ({ ...entry, family: familyKey(entry.texts.framework, entry.texts.zeroStage, deviceClassOf(Number(entry.texts.peakTflops)), modelKindOf(entry.texts.experts)) }));

/** The median of some numbers (the mean of the middle two of an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each published run's signed error (predicted ÷ published − 1), with its family and role, through a core (core-adapter.js). */
export function publishedErrors(core, schema, defaults) {
  return PUBLISHED.map(({ run, role, family, texts }) => {
    const evaluation = core.evaluate(schema, { ...defaults, ...texts }, 'en');
    const predicted = evaluation.results.bestStepSeconds.value;
    return { name: run.name, source: run.source, role, family, precision: texts.precision, published: run.published, predicted, error: predicted / run.published - 1, parts: evaluation.extra.fastest[0].parts };
  });
}

/** Every knob of a schema left empty, for the core to search. */
export const knobsSearched = (schema) => Object.fromEntries(schema.fields.filter(({ group }) => group === 'knobs').map(({ key }) => [key, '']));

/**
 * What the free search claims over a layout its framework's makers tuned: each of NVIDIA's published H100 recipes
 * (calibration-runs.js, H100_CHECKS) asked again with every knob searched, on its device's memory (the page's
 * default device, an H100 SXM, and its reserve), as published ÷ the search's best − 1: 0.25 claims a step 25% faster
 * than the recipe ran.
 */
export function makerClaims(core, schema, defaults) {
  const searched = knobsSearched(schema);
  const memory = { deviceMemory: defaults.deviceMemory, reservedMemory: defaults.reservedMemory };
  return H100_CHECKS.map((run) => {
    const evaluation = core.evaluate(schema, { ...defaults, ...runTexts(run), ...searched, ...memory }, 'en');
    const best = evaluation.results.bestStepSeconds.value;
    return { name: run.name, source: run.source, published: run.published, best, layout: evaluation.extra.fastest[0], claim: run.published / best - 1 };
  });
}

/**
 * The claims against the makers' fastest run of each model on the same GPUs, batch, sequence and precision: where
 * they published several layouts of one run (the Megatron-MoE-ModelZoo's sweep of Qwen3 235B-A22B on 256 GPUs), the
 * slower ones are layouts their makers beat, not ones they tuned. `claims` is makerClaims' list, in H100_CHECKS' order.
 */
export function claimsAgainstMakersBest(claims) {
  const groups = new Map();
  H100_CHECKS.forEach((run, i) => {
    const key = [...Object.values(run.shape), run.gpus, run.batch, run.sequence, run.precision].join('/');
    const fastest = groups.get(key);
    if (!fastest || run.published < fastest.published) groups.set(key, claims[i]);
  });
  return [...groups.values()];
}

/** Per family: the runs, how many of them fitted a constant, the median signed error and the median of its size. */
export function familyErrors(errors) {
  const families = new Map();
  for (const row of errors) {
    if (!families.has(row.family)) families.set(row.family, []);
    families.get(row.family).push(row);
  }
  const order = (family) => FRAMEWORKS.indexOf(family.split('.')[0]);
  return [...families].sort(([left], [right]) => order(left) - order(right) || left.localeCompare(right)).map(([family, rows]) => ({
    family, runs: rows.length, fitted: rows.filter(({ role }) => role === 'calibration').length,
    median: median(rows.map(({ error }) => error)), medianSize: median(rows.map(({ error }) => Math.abs(error))),
    within20: rows.filter(({ error }) => Math.abs(error) <= 0.2).length,
  }));
}
