// The gradient-accumulation memory calculator's page (/memoria-acumulacao/,
// /en/grad-accum-memory/): the page's calculator (kit/calculator-page.js),
// with iframe embed code, and the split of the device's memory drawn after
// every evaluation.
import { GRAD_MEMORY } from '../calculators/grad-memory/schema.js';
import { loadGradMemoryCore } from '../calculators/grad-memory/core-loader.js';
import { presentSplit, showSplit } from '../calculators/grad-memory/split.js';
import { loadCatalogWith } from '../i18n/catalogs.js';
import { startCalculatorPage } from '../kit/calculator-page.js';

// The core and the words load side by side; the controller awaits the core again.
loadGradMemoryCore().catch(() => {});
const catalog = await loadCatalogWith('gradMemory', document.documentElement.lang);
await startCalculatorPage({
  document,
  schema: GRAD_MEMORY,
  catalog,
  loadCore: loadGradMemoryCore,
  embedWords: catalog.gradMemory.embed,
  onEvaluate: (evaluation) => showSplit(document, presentSplit(catalog.gradMemory.split, evaluation)),
});
