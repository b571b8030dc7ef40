// The site's model reader (models.wasm), loaded once per page, when a model is
// first asked for; see kit/module-loader.js for how a failed instance is replaced.
import createModelsModule from '../wasm/models.js';
import { moduleLoader } from '../kit/module-loader.js';

/**
 * Resolves to {marks(numberSyntax), readModel(members)}: the marks a number syntax writes with, and the core's
 * reading of a config.json's top-level members (model-config.js: configMembers, presetMembers).
 */
export const loadModelsCore = moduleLoader(createModelsModule, (module) => ({
  marks: (numberSyntax) => ({ ...module.numberMarks(module.NumberSyntax[numberSyntax]) }),
  readModel: (members) => module.readModelConfig(members),
}));
