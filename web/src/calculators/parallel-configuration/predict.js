// A layout the reader already has, predicted by this calculator's core: the
// step time and tokens/s of a published model (model=) on a run whose b, d, a,
// t, p and c are given (the planner's), with whatever the run leaves open
// (ZeRO, recomputation, SP, virtual stages, EP) searched, and whether it fits.
// Loaded by the planner only when it predicts its wall-clock time.
import { PARALLEL_CONFIGURATION } from './schema.js';
import { loadCore } from './core-loader.js';
import { defaultTexts } from '../../kit/schema.js';
import { textsFromSearch } from '../../kit/url-state.js';
import { neutralDecimal } from '../../kit/number-format.js';

const DEVICE = PARALLEL_CONFIGURATION.fields.find(({ kind }) => kind === 'preset');
// The run's choices an address may hold (run-context.js): kept; the others searched.
const RUN_CHOICES = ['precision', 'gradientPrecision', 'zeroStage', 'recompute', 'sequenceParallel', 'expertParallel'];

/**
 * The fields a device of the list sets (its memory, peaks and bandwidths), or {} for a slug not in it, in the
 * neutral form every number syntax reads ("989.5" would be a misplaced group in pt-BR).
 */
function deviceTexts(slug) {
  const option = DEVICE.options.find((candidate) => candidate.slug === slug);
  if (!option) return {};
  const neutral = (text) => (text === '' ? '' : neutralDecimal(Number(text)));
  return {
    device: slug, [DEVICE.sets]: neutral(option.value),
    ...Object.fromEntries(Object.entries(option.also).map(([key, text]) => [key, neutral(text)])),
  };
}

/**
 * slug: a published model's; texts: this calculator's field texts for the
 * run (gpus, gpusPerNode, sequenceLength, target in sequences, the knobs
 * given), in numberSyntax ("pt_BR", "en"); device: a device slug or '';
 * search: the address, whose precision, gradients, ZeRO stage,
 * recomputation, SP and EP are kept.
 * Resolves to {tokensPerSecondPerGpu, stepSeconds, layout} for the fastest
 * layout that fits, {refusal} when none does or none keeps the run's knobs,
 * or null when the model cannot be read.
 */
export async function predictRun({ slug, texts, device = '', search = '', numberSyntax }) {
  const source = await import('../grad-memory/model-source.js');
  const { report, preset } = await source.readPreset(slug);
  if (!preset || report.problem) return null;
  const defaults = defaultTexts(PARALLEL_CONFIGURATION);
  const linked = textsFromSearch(PARALLEL_CONFIGURATION, search);
  const choices = Object.fromEntries(RUN_CHOICES.filter((key) => key in linked).map((key) => [key, linked[key]]));
  const core = await loadCore();
  const evaluation = core.evaluate(PARALLEL_CONFIGURATION, {
    ...defaults, ...source.shapeTexts(PARALLEL_CONFIGURATION, report, defaults), ...deviceTexts(device || defaults.device), ...choices, ...texts,
  }, numberSyntax);
  const rate = evaluation.results.bestTokensPerSecondPerGpu;
  if (rate.status === 'ok') {
    return { tokensPerSecondPerGpu: rate.value, stepSeconds: evaluation.results.bestStepSeconds.value, layout: evaluation.extra.fastest[0] };
  }
  return { refusal: evaluation.extra?.refusal || 'unavailable' };
}
