// The data-parallel scaling calculator's page (/escalonamento-paralelismo-dados/,
// /en/data-parallel-scaling/): the page's calculator (kit/calculator-page.js),
// with iframe embed code; before it, the model (model=<slug> or a pasted
// config.json) whose parameters fill Ψ; after every evaluation, the curve (chart and table)
// and a link that opens the batch at n in the effective batch calculator.
import calculator from './calculator.js';
import { loadCore } from './core-loader.js';
import { presentCurve, showCurve } from './curve.js';
import { loadCalculatorCatalog } from '../../i18n/catalogs.js';
import { groupDigits } from '../../kit/number-format.js';
import { startCalculatorPage } from '../../kit/calculator-page.js';
import { heldModel } from '../../kit/model-picker.js';
import { HOME } from '../registry.js';
import { SITE_RUN, showRunLink } from '../../run/run-context.js';
import { drawAtShownWidth } from '../../kit/svg.js';

// The core and the words load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCalculatorCatalog(calculator, document.documentElement.lang);
const words = catalog[calculator.schema.messages];
const siteRoot = new URL(document.documentElement.dataset.siteRoot ?? './', location.href);
// The batch the replicas make, opened in the site's home calculator.
const batchPage = new URL(HOME.paths[catalog.locale], siteRoot);
const batchLink = document.getElementById('scale-batch-link');

// The micro-batch and accumulation each replica runs at n, d = n, and L: the batch the effective batch calculator should show.
function showBatchLink({ fields, results, marks }) {
  const known = ['dataParallel', 'sequenceLength'].every((key) => fields[key].status === 'ok')
    && ['microBatch', 'accumulationSteps', 'globalBatch'].every((key) => results[key].status === 'ok');
  batchLink.hidden = !known;
  if (!known) return;
  const url = new URL(batchPage);
  url.search = new URLSearchParams({
    micro: results.microBatch.value, dp: fields.dataParallel.value, accum: results.accumulationSteps.value, seq: fields.sequenceLength.value,
  }).toString();
  // With the rest of the run the address holds, kept so at every address write.
  showRunLink(batchLink, url);
  batchLink.textContent = words.batchLink(groupDigits(results.globalBatch.value, marks));
}

// The chart is drawn at the width it is shown at, with the latest evaluation.
let latest = null;
const drawCurve = drawAtShownWidth(document.getElementById('scaling-curve').parentElement, (width) => {
  if (latest) showCurve(document, presentCurve(words.curve, latest, width));
});

// The model's parameters, counted by the site's one model reader (loaded only when a model is asked for).
const modelReader = () => import('../../models/model-reader.js');
const model = heldModel({
  document,
  words: words.model,
  reader: modelReader,
  catalog,
  textsOf: (report) => ({ parameters: report.total }),
});

const page = await startCalculatorPage({
  document, run: SITE_RUN,
  schema: calculator.schema,
  catalog,
  loadCore,
  embedWords: words.embed,
  otherParams: calculator.prefillParams,
  texts: await model.linked(),
  withheld: await model.linkedWithheld(),
  onEvaluate: (evaluation) => {
    model.checkEdited();
    latest = evaluation;
    drawCurve();
    showBatchLink(evaluation);
  },
});
await model.start(page);
