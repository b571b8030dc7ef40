// A model for the memory calculator: a published one (training-compute's
// models.js, the site's one list) or a pasted config.json, read by the
// training-compute core (the site's one reader of models), and turned into
// the memory calculator's shape fields. Loaded only when a model is asked for.
import { memoryPageHoldsShape, memoryPageKeys } from '../training-compute/model-config.js';

export { problemText, readPaste, readPreset } from '../training-compute/model-reader.js';

// The fields a model sets; whatever it does not give is cleared, so nothing
// of a model chosen before stays (its experts, a typed parameter count).
const MODEL_FIELDS = ['layers', 'hiddenSize', 'attentionHeads', 'kvHeads', 'headDim', 'ffnHidden', 'gatedMlp', 'normalization',
  'vocabulary', 'tiedEmbeddings', 'experts', 'expertsPerToken', 'expertFfn', 'sharedExpertFfn', 'parameters'];

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
