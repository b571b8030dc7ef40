// A model a link gives by its shape's URL keys (a pasted model has no slug to name), judged by the core's declaration
// of the shape's fields (core-fields.js, written from models.wasm). Only the planner's export reads such a link, so
// only it loads that declaration.
import { SHAPE_PARAMS } from './shape-fields.js';
import SHAPE_CORE from './core-fields.js';

// What a link's shape must give besides the fields the core needs: the widths the exports write (the fields' own
// defaults aside), and the experts' with experts.
const WRITTEN_COUNTS = ['kvHeads', 'headDim', 'ffnHidden'];
const EXPERT_COUNTS = ['experts', 'expertsPerToken', 'expertFfn'];
// A field's text as the core's declaration of it judges a link's (core-fields.js, written from models.wasm): a count
// in plain digits within its limits, a choice one of its words.
const readsAsDeclared = (field, text) => (field.kind === 'choice'
  ? field.choices.includes(text)
  : /^(0|[1-9]\d{0,19})$/.test(text) && BigInt(text) >= BigInt(field.minimum) && BigInt(text) <= BigInt(field.maximum));
/**
 * The model a link gives by those keys (a pasted model has no slug to name),
 * as a report of the reader's (its shape's texts by field key), or null when
 * a count is missing, not plain digits or out of its limits, or a word is not one of its own.
 */
export function modelOfLinkKeys(params) {
  const shape = Object.fromEntries(SHAPE_PARAMS.map(({ key, param }) => [key, params.get(param) ?? '']));
  const moe = params.has('experts');
  const needed = (field) => !field.optional || WRITTEN_COUNTS.includes(field.key) || (moe && EXPERT_COUNTS.includes(field.key));
  // A field given though not needed (shared experts) is judged too, and kept: the link hands it on.
  const given = (field) => needed(field) || (moe && shape[field.key] !== '');
  if (!SHAPE_CORE.fields.filter(given).every((field) => readsAsDeclared(field, shape[field.key]))) return null;
  const held = moe ? shape : { ...shape, ...Object.fromEntries(['sharedExpertFfn', ...EXPERT_COUNTS].map((key) => [key, ''])) };
  return { family: '', shape: held, moeLayers: moe ? shape.layers : '0', attentionHeadDim: shape.headDim };
}
