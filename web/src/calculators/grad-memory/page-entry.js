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
import { wireModelPicker } from '../../kit/model-picker.js';

// The core and the words load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCalculatorCatalog(calculator, document.documentElement.lang);
const words = catalog.gradMemory.model;
const byId = (id) => document.getElementById(id);
const [preset, paste, status, source] = ['model-preset', 'model-config', 'model-status', 'model-source'].map(byId);
// The model reader (and the training-compute core it uses) loads only when a model is asked for.
const modelSource = () => import('./model-source.js');

// The model in the fields: {slug (null for a paste), texts}, while the fields still hold it.
let model = null;
let page = null;

const modelHeld = () => model !== null && page !== null
  && Object.entries(model.texts).every(([key, text]) => page.texts()[key] === text);

function showStatus(text, isError) {
  status.textContent = text;
  status.classList.toggle('error', isError);
}

// A report shown, and a read model put into the fields; a refusal drops the model.
async function useModel(report, { slug = null, name = '', href = '' } = {}) {
  const reader = await modelSource();
  const problem = await reader.problemText(report, catalog);
  source.hidden = !href || Boolean(problem);
  if (href) source.href = href;
  if (problem) {
    model = null;
    showStatus(problem, true);
    page?.address.flush();
    return;
  }
  const texts = reader.shapeTexts(calculator.schema, report, page.texts());
  const label = slug ? name : report.family;
  // No model is held while its values go in, so the evaluation they cause is not taken for an edit.
  model = null;
  await page.setTexts(texts);
  model = { slug, label, texts: Object.fromEntries(Object.keys(texts).map((key) => [key, page.texts()[key]])) };  // as regrouped
  showStatus(!reader.holdsShape(report) ? words.evenly(label) : slug ? words.loaded(name) : words.pasted(report.family), false);
  page.address.flush();
}

// read: the preset already read ({report, preset}), for a linked one.
async function usePreset(slug, read = null) {
  const { report, preset: found } = read ?? await (await modelSource()).readPreset(slug);
  preset.value = found ? slug : '';
  await useModel(report, found ? { slug, name: found.name, href: found.source } : {});
}

// A linked preset is read before the calculator's first evaluation, so the
// first figures shown are the model's, never the defaults' (the prefill guard
// hides those: calculator.js, prefillParams).
const requested = new URLSearchParams(location.search).get('model');
const linked = requested ? await (await modelSource()).readPreset(requested) : null;
const linkedTexts = linked?.preset && !linked.report.problem
  ? (await modelSource()).shapeTexts(calculator.schema, linked.report, {}) : {};

page = await startCalculatorPage({
  document,
  schema: calculator.schema,
  catalog,
  loadCore,
  embedWords: catalog.gradMemory.embed,
  otherParams: calculator.prefillParams,
  texts: linkedTexts,
  onEvaluate: (evaluation) => {
    // A field the model filled in was edited: the fields no longer hold that model, and the status stops saying so.
    if (model !== null && page !== null && !modelHeld()) {
      const { label } = model;
      model = null;
      preset.value = '';
      source.hidden = true;
      showStatus(words.edited(label), false);
    }
    showSplit(document, presentSplit(catalog.gradMemory.split, evaluation));
  },
});
wireModelPicker({
  address: page.address,
  preset,
  paste,
  heldSlug: () => (model?.slug && modelHeld() ? model.slug : null),
  choose: usePreset,
  chooseNone: () => {
    model = null;
    source.hidden = true;
    showStatus('', false);
    page.address.flush();
  },
  choosePaste: async (text) => useModel(await (await modelSource()).readPaste(text)),
});

if (requested) await usePreset(requested, linked);
