// The gradient-accumulation memory calculator's page (/memoria-acumulacao/,
// /en/grad-accum-memory/): the model picker before the calculator (a
// published model or a pasted config.json fills the shape fields), the page's
// calculator (kit/calculator-page.js), with iframe embed code, and the split
// of the device's memory drawn after every evaluation, with the link that
// hands the run to the configuration page.
import calculator from './calculator.js';
import { loadCore } from './core-loader.js';
import { presentSplit, showSplit } from './split.js';
import { loadCalculatorCatalog } from '../../i18n/catalogs.js';
import { startCalculatorPage } from '../../kit/calculator-page.js';
import { heldModel } from '../../kit/model-picker.js';
import { SITE_RUN, showRunLink } from '../../run/run-context.js';
import { groupDigits } from '../../kit/number-format.js';
import { urlWithFields } from '../../kit/url-state.js';
import { LAYOUT_CHOOSER } from '../registry.js';

// The core and the words load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCalculatorCatalog(calculator, document.documentElement.lang);
const words = catalog.gradMemory.model;
// The model reader (and its core) loads only when a model is asked for.
const modelSource = () => import('../../models/model-source.js');
const model = heldModel({
  document,
  words,
  reader: modelSource,
  catalog,
  textsOf: async (report, current) => (await modelSource()).shapeTexts(calculator.schema, report, current),
});

// The configuration page searches the layout for this model, memory and run on the GPUs this layout spans.
const siteRoot = new URL(document.documentElement.dataset.siteRoot ?? './', location.href);
const configurationPage = new URL(LAYOUT_CHOOSER.paths[catalog.locale], siteRoot);
// What it reads under this page's keys: the shape, the sequence, the device and its memory, the gradients and attention.
const HANDED = new Set([
  ...calculator.schema.fields.filter(({ keptWith }) => keptWith === 'shape').map(({ param }) => param),
  'seq', 'device', 'gpu', 'overhead', 'grads', 'attention',
]);
const handoff = document.getElementById('memory-configuration-handoff');
const handoffLink = document.getElementById('memory-configuration-link');

function showHandoff(evaluation, texts) {
  const { fields, results, marks } = evaluation;
  const ok = (key) => results[key].status === 'ok';
  // Full training with AdamW of a model given by its shape: the configuration page models no adapters, no 8-bit
  // optimizer and no typed Ψ or activation cost (choices come back as their index: 0 is full, 0 is adamw).
  const shaped = fields.fineTuning.value === '0' && fields.optimizer.value === '0' && fields.parameters.status === 'empty'
    && fields.activationPerSample.status === 'empty';
  handoff.hidden = !(shaped && ok('gpus') && ok('effectiveBatch') && ok('maxMicroBatch'));
  if (handoff.hidden) return;
  const url = new URL(urlWithFields(calculator.schema, configurationPage.href, evaluation, texts));
  for (const key of [...url.searchParams.keys()]) if (!HANDED.has(key)) url.searchParams.delete(key);
  // The batch aimed at, or the one this layout makes; in sequences, as both pages read a target without a unit.
  const target = fields.target.status === 'ok' ? fields.target.value : results.effectiveBatch.value;
  url.searchParams.set('gpus', results.gpus.value);
  url.searchParams.set('target', target);
  url.searchParams.set('unit', 'seq');
  showRunLink(handoffLink, url, { chooses: LAYOUT_CHOOSER.chooses });
  const nothingFits = results.maxMicroBatch.value === '0';
  handoff.classList.toggle('configuration-handoff-needed', nothingFits);
  handoffLink.textContent = (nothingFits ? catalog.gradMemory.handoff.nothingFits : catalog.gradMemory.handoff.always)(
    groupDigits(results.gpus.value, marks), groupDigits(target, marks));
}

const page = await startCalculatorPage({
  document, run: SITE_RUN,
  schema: calculator.schema,
  catalog,
  loadCore,
  embedWords: catalog.gradMemory.embed,
  otherParams: calculator.prefillParams,
  texts: await model.linked(),
  withheld: await model.linkedWithheld(),
  onEvaluate: (evaluation, { texts }) => {
    model.checkEdited();
    showSplit(document, presentSplit(catalog.gradMemory.split, evaluation));
    showHandoff(evaluation, texts);
  },
});
await model.start(page);
