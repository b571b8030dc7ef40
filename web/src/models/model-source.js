// A model for the pages whose fields are its shape (memory, configuration,
// the planner's prediction): a published one (models.js, the site's one list)
// or a pasted config.json, read by the site's model reader (model-reader.js),
// and turned into those shape fields. Loaded only when a model is asked for.
import { memoryPageHoldsShape, memoryPageKeys } from './shape-links.js';
import * as reader from './model-reader.js';

// A model whose shape the fields cannot hold (DeepSeek-V3's multi-head latent
// attention, dense layers before the experts) is refused here with the
// reason: its total spread over a dense shape would give wrong activations
// and a parameter count of another model beside it.
const NOT_HELD = 'not_held_by_memory_page';
// name: the published model's, or its family for a paste.
const checked = (report, name) => (report.problem || memoryPageHoldsShape(report) ? report : { ...report, problem: NOT_HELD, name });

export async function readPreset(slug) {
  const read = await reader.readPreset(slug);
  return { ...read, report: checked(read.report, read.preset?.name) };
}
export const readPaste = async (text) => {
  const report = await reader.readPaste(text);
  return checked(report, report.family);
};
/** words: the page's model words, with its notHeld(name): why this page cannot hold that model's shape. */
export async function problemText(report, catalog, words) {
  return report.problem === NOT_HELD ? words.notHeld(report.name) : reader.problemText(report, catalog);
}

// The fields a model sets; whatever it does not give is cleared, so nothing
// of a model chosen before stays (its experts, a typed parameter count).
const MODEL_FIELDS = ['layers', 'hiddenSize', 'attentionHeads', 'kvHeads', 'headDim', 'ffnHidden', 'gatedMlp', 'normalization', 'qkNorm',
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

