// The gradient-accumulation memory calculator's page (/memoria-acumulacao/,
// /en/grad-accum-memory/): the page's calculator (kit/calculator-page.js),
// with iframe embed code, and the split of the device's memory drawn after
// every evaluation.
import calculator from '../calculators/grad-memory/calculator.js';
import { loadCore } from '../calculators/grad-memory/core-loader.js';
import { presentSplit, showSplit } from '../calculators/grad-memory/split.js';
import { loadCalculatorCatalog } from '../i18n/catalogs.js';
import { startCalculatorPage } from '../kit/calculator-page.js';

// The core and the words load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCalculatorCatalog(calculator, document.documentElement.lang);
await startCalculatorPage({
  document,
  schema: calculator.schema,
  catalog,
  loadCore,
  embedWords: catalog.gradMemory.embed,
  onEvaluate: (evaluation) => showSplit(document, presentSplit(catalog.gradMemory.split, evaluation)),
});
