// A model for the memory calculator: a published one (training-compute's
// models.js, the site's one list) or a pasted config.json, read by the
// training-compute core (the site's one reader of models), and turned into
// the memory calculator's shape fields. Loaded only when a model is asked for.
import computeCalculator from '../training-compute/calculator.js';
import { loadCore } from '../training-compute/core-loader.js';
import { modelNamed } from '../training-compute/models.js';
import { configMembers, memoryPageHoldsShape, memoryPageKeys, presentModel, presetMembers } from '../training-compute/model-config.js';

// The fields a model sets; whatever it does not give is cleared, so nothing
// of a model chosen before stays (its experts, a typed parameter count).
const MODEL_FIELDS = ['layers', 'hiddenSize', 'attentionHeads', 'kvHeads', 'headDim', 'ffnHidden', 'gatedMlp', 'normalization',
  'vocabulary', 'tiedEmbeddings', 'experts', 'expertsPerToken', 'expertFfn', 'sharedExpertFfn', 'parameters'];

/** A preset's core report, or {problem: 'unknown-preset'}; and the preset. */
export async function readPreset(slug) {
  const preset = modelNamed(slug);
  if (!preset) return { report: { problem: 'unknown-preset', key: slug.slice(0, 64) }, preset: null };
  return { report: (await loadCore()).readModel(presetMembers(preset.config)), preset };
}

/** A pasted config.json's core report, or the paste's problem. */
export async function readPaste(text) {
  const read = configMembers(text);
  if (read.problem) return { problem: read.problem };
  return (await loadCore()).readModel(read.members);
}

/**
 * The memory calculator's texts for a model read by the core: every model
 * field, by the memory page's keys (memoryPageKeys), the sequence length left
 * as it is. A choice the model does not set keeps its current text.
 */
export function shapeTexts(schema, report, current) {
  const keys = memoryPageKeys(report, '');
  const texts = {};
  for (const field of schema.fields.filter(({ key }) => MODEL_FIELDS.includes(key))) {
    texts[field.key] = keys[field.param] ?? (field.kind === 'choice' ? current[field.key] ?? field.default : '');
  }
  return texts;
}

/** Whether the fields hold the model's shape itself, or only its total (a shape they cannot hold). */
export const holdsShape = memoryPageHoldsShape;

/** Why a report has no model, in the catalog's language (the compute page's words); '' when it has one. */
export async function problemText(report, catalog) {
  if (!report.problem) return '';
  const [words, core] = await Promise.all([computeCalculator.catalogs[catalog.locale](), loadCore()]);
  return presentModel(words.default.model, report, core.marks(catalog.numberSyntax)).error;
}
