// A model's shape in links between pages: which shapes the memory page holds, and the URL keys a page writes for
// one (models/shape-fields.js), from a report of the model reader's (its shape as the shape fields' texts). Apart from
// model-config.js, which parses and presents a pasted config.json, so a page that only writes links loads no parser.
import { SHAPE_PARAMS } from './shape-fields.js';

/**
 * Whether the memory page can hold a model's shape: not multi-head latent
 * attention, nor dense layers beside the experts (that page refuses those).
 * A report's shape is the shape fields' texts by their keys (the core's
 * model_shape::texts_of).
 */
export const memoryPageHoldsShape = ({ family, shape, moeLayers }) =>
  family !== 'deepseek_v3' && (shape.experts === '' || moeLayers === shape.layers);

/** A held model's link keys at a sequence length: every shape field the model gives, under its URL key (shape-fields.js). */
export function memoryPageKeys({ shape }, sequence) {
  const keys = SHAPE_PARAMS.filter(({ key }) => shape[key] !== '').map(({ key, param }) => [param, shape[key]]);
  return { ...Object.fromEntries(keys), seq: sequence };
}

/** The link keys of a shape, without the sequence length: what a page hands on for a model it holds. */
export const shapeLinkKeys = (report) => {
  const { seq, ...keys } = memoryPageKeys(report, '');
  return keys;
};
