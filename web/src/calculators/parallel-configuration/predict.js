// A layout the reader already has, predicted by this calculator's core: the
// step time and tokens/s of a published model (model=) on a run whose b, d, a,
// t, p and c are given (the planner's), EP and the virtual stages where the
// planner's reader set them, with whatever the run leaves open (ZeRO,
// recomputation, SP, virtual stages, EP) searched, and whether it fits.
// Loaded by the planner only when it predicts its wall-clock time.
import { PARALLEL_CONFIGURATION } from './schema.js';
import { loadCore } from './core-loader.js';
import { defaultTexts } from '../../kit/schema.js';
import { textsFromSearch } from '../../kit/url-state.js';

// The run's choices an address may hold (run-context.js): kept; the others searched.
const RUN_CHOICES = ['precision', 'gradientPrecision', 'zeroStage', 'recompute', 'sequenceParallel', 'dispatcher', 'tensorOverlap'];

/**
 * slug: a published model's; texts: this calculator's field texts for the
 * run (gpus, gpusPerNode, sequenceLength, target in sequences, the knobs
 * given), in numberSyntax ("pt_BR", "en"); device: a device slug or '';
 * search: the address, whose precision, gradients, ZeRO stage,
 * recomputation, SP, experts' dispatcher and TP overlap are kept.
 * Resolves to {tokensPerSecondPerGpu, stepSeconds, layout} for the fastest
 * layout that fits, {refusal} when none does or none keeps the run's knobs,
 * or null when the model cannot be read.
 */
export async function predictRun({ slug, texts, device = '', search = '', numberSyntax }) {
  const source = await import('../../models/model-source.js');
  const { report, preset } = await source.readPreset(slug);
  if (!preset || report.problem) return null;
  const defaults = defaultTexts(PARALLEL_CONFIGURATION);
  // The device and the figures it sets, in the neutral form every number syntax reads, as a link would give them.
  const deviceTexts = textsFromSearch(PARALLEL_CONFIGURATION, `?${new URLSearchParams({ device: device || defaults.device })}`);
  const linked = textsFromSearch(PARALLEL_CONFIGURATION, search);
  const choices = Object.fromEntries(RUN_CHOICES.filter((key) => key in linked).map((key) => [key, linked[key]]));
  const core = await loadCore();
  const evaluation = core.evaluate(PARALLEL_CONFIGURATION, {
    ...defaults, ...source.shapeTexts(PARALLEL_CONFIGURATION, report, defaults), ...deviceTexts, ...choices, ...texts,
  }, numberSyntax);
  const rate = evaluation.results.bestTokensPerSecondPerGpu;
  if (rate.status === 'ok') {
    return { tokensPerSecondPerGpu: rate.value, stepSeconds: evaluation.results.bestStepSeconds.value, layout: evaluation.extra.fastest[0] };
  }
  return { refusal: evaluation.extra?.refusal || 'unavailable' };
}
