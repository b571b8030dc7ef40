// The gradient-accumulation memory calculator's page (/memoria-acumulacao/,
// /en/grad-accum-memory/): the model picker before the calculator (a
// published model or a pasted config.json fills the shape fields), the page's
// calculator (kit/calculator-page.js), with iframe embed code, and the split
// of the device's memory drawn after every evaluation.
import calculator from './calculator.js';
import { loadCore } from './core-loader.js';
import { presentSplit, showSplit } from './split.js';
import { loadCalculatorCatalog } from '../../i18n/catalogs.js';
import { startCalculatorPage } from '../../kit/calculator-page.js';
import { heldModel } from '../../kit/model-picker.js';

// The core and the words load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCalculatorCatalog(calculator, document.documentElement.lang);
const words = catalog.gradMemory.model;
// The model reader (and the training-compute core it uses) loads only when a model is asked for.
const modelSource = () => import('./model-source.js');
const model = heldModel({
  document,
  words,
  reader: modelSource,
  catalog,
  textsOf: async (report, current) => (await modelSource()).shapeTexts(calculator.schema, report, current),
});

const page = await startCalculatorPage({
  document,
  schema: calculator.schema,
  catalog,
  loadCore,
  embedWords: catalog.gradMemory.embed,
  otherParams: calculator.prefillParams,
  texts: await model.linked(),
  onEvaluate: (evaluation) => {
    model.checkEdited();
    showSplit(document, presentSplit(catalog.gradMemory.split, evaluation));
  },
});
await model.start(page);
