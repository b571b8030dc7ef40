// The training-compute page (/computo-treinamento/, /en/training-compute/):
// the page's calculator (kit/calculator-page.js), with iframe embed code;
// before it, the model (a published one, `model=<slug>`, or a pasted
// config.json), which the core counts and which fills the calculator; after
// it, which FLOPs the time counts, a link that carries the model to the
// memory page and one that carries the run to the planner.
import calculator from './calculator.js';
import { loadCore } from './core-loader.js';
import { modelTexts, presentModel } from '../../models/model-config.js';
import { memoryPageHoldsShape, memoryPageKeys } from '../../models/shape-links.js';
import { modelReader } from '../../models/reader.js';
import { MEMORY, HOME } from '../registry.js';
import { loadCalculatorCatalog } from '../../i18n/catalogs.js';
import { startCalculatorPage } from '../../kit/calculator-page.js';
import { heldModel } from '../../kit/model-picker.js';
import { h, toDom } from '../../kit/tree.js';
import { neutralDecimal, readableDecimal } from '../../kit/number-format.js';
import { SITE_RUN, showRunLink } from '../../run/run-context.js';

// The core and the words load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCalculatorCatalog(calculator, document.documentElement.lang);
const words = catalog[calculator.schema.messages];
const siteRoot = new URL(document.documentElement.dataset.siteRoot ?? './', location.href);
const memoryPage = new URL(MEMORY.paths[catalog.locale], siteRoot);
const plannerPage = new URL(HOME.paths[catalog.locale], siteRoot);
const byId = (id) => document.getElementById(id);
const [total, active, split] = ['model-parameters', 'model-active-parameters', 'model-split'].map(byId);
const [basis, optimalNote, memoryLink, plannerLink] = ['compute-time-basis', 'compute-optimal-note', 'compute-memory-link', 'compute-planner-link'].map(byId);

let latest = null;

// This page's reader of models (models/reader.js) with its own core, which binds the site's model reader too:
// a model costs this page no second core.
const reader = modelReader(loadCore);

// The model in the calculator's fields, the same on every page with a model (kit/model-picker.js).
const model = heldModel({
  document,
  words: words.model,
  reader: async () => reader,
  catalog,
  textsOf: (report) => modelTexts(report),
  // What the FLOPs leave out, said beside the model: a shape with no whole head dimension, DeepSeek's MTP module.
  saidOf: (report, said) => [said, ...(modelTexts(report).headDim === '' ? [words.model.shapeLeftOut()] : []),
    ...(report.mtpDepths > 0 ? [words.model.mtpLeftOut(String(report.mtpDepths))] : [])].join(' '),
  onHeldChange: () => {
    showFigures().catch(() => {});
    if (latest) showLinks(latest);
  },
});

function showBasis(evaluation) {
  const known = evaluation.results.trainingDays.status === 'ok';
  basis.textContent = known ? (evaluation.extra?.timeCountsAttention ? words.timeBasis.attention : words.timeBasis.sixN) : '';
  // Hoffmann et al. fitted dense models: beside a mixture of experts' figure, say so.
  const moe = evaluation.fields.activeParameters.status === 'ok' && evaluation.results.computeOptimalTokens.status === 'ok';
  optimalNote.textContent = moe ? words.denseFitOnly : '';
}

function showLinks(evaluation) {
  const { fields, results, marks } = evaluation;
  const sequence = fields.sequenceLength.status === 'ok' ? fields.sequenceLength.value : null;
  const gpus = fields.gpus.status === 'ok' ? fields.gpus.value : null;
  // The model's shape and parameters, to the memory page, while the calculator holds them.
  // A shape the memory page cannot hold (DeepSeek-V3) gets no link: that page refuses it.
  const held = model.heldReport();
  memoryLink.hidden = !(held && sequence && memoryPageHoldsShape(held));
  if (!memoryLink.hidden) {
    const url = new URL(memoryPage);
    // The GPUs too, as data-parallel replicas: ZeRO shards the states over them.
    url.search = new URLSearchParams({ ...memoryPageKeys(held, sequence), ...(gpus ? { dp: gpus } : {}) }).toString();
    showRunLink(memoryLink, url);
  }
  // Tokens/s per GPU, the tokens as the budget, the sequence length and the
  // GPUs, to the planner: the same run, so its duration is this page's days
  // (budget ÷ (tokens/s per GPU × GPUs), with every GPU a data-parallel replica here).
  const rate = results.tokensPerSecondPerGpu;
  plannerLink.hidden = !(rate.status === 'ok' && sequence && gpus && fields.tokens.status === 'ok');
  if (!plannerLink.hidden) {
    const url = new URL(plannerPage);
    url.search = new URLSearchParams({ seq: sequence, tokens: fields.tokens.value, tps: neutralDecimal(rate.value), gpus, dp: gpus }).toString();
    url.hash = 'planner';
    showRunLink(plannerLink, url);
    plannerLink.textContent = words.plannerLink(readableDecimal(rate.value, marks));
  }
}

// The held model's figures, grouped in the page's marks: its parameters, active ones and where they are; none
// while no model is held.
async function showFigures() {
  const held = model.heldReport();
  const shown = held ? presentModel(words.model, held, (await loadCore()).marks(catalog.numberSyntax)) : {};
  for (const [output, figure] of [[total, shown.total], [active, shown.active]]) {
    output.textContent = figure?.text ?? catalog.kit.noFigure;
    output.dataset.value = figure?.value ?? '';
  }
  split.closest('.table-scroll').hidden = !shown.parts?.length;
  split.tBodies[0].replaceChildren(...(shown.parts ?? []).map(({ key, value, text }) =>
    toDom(h('tr', { 'data-part': key, 'data-value': value }, h('th', { scope: 'row' }, words.model.parts[key]), h('td', {}, text)), document)));
}

// A linked model (model=<slug>) is read before the calculator's first evaluation, so the first figures shown are
// the model's, never the defaults' (the prefill guard hides those: calculator.js, prefillParams).
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
    latest = evaluation;
    // A field the model filled in was edited: the calculator no longer holds that model, and the section says so.
    model.checkEdited();
    showBasis(evaluation);
    showLinks(evaluation);
  },
});
await model.start(page);
