// A model as every page with a model picker reads it (reader.js), with the
// site's model reader (models.wasm, its own core module). Loaded only when a
// model is asked for.
import { loadModelsCore } from './core-loader.js';
import { modelReader } from './reader.js';

export const { readPreset, readPaste, problemText } = modelReader(loadModelsCore);
