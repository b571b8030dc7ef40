// The training-compute page (/computo-treinamento/, /en/training-compute/):
// the page's calculator (kit/calculator-page.js), with iframe embed code;
// before it, the model (a published one, `model=<slug>`, or a pasted
// config.json), which the core counts and which fills the calculator; after
// it, which FLOPs the time counts, a link that carries the model to the
// memory page and one that carries the run to the planner.
import calculator from './calculator.js';
import { loadCore } from './core-loader.js';
import { modelNamed } from '../../models/models.js';
import { configMembers, memoryPageHoldsShape, memoryPageKeys, modelTexts, presentModel, presetMembers } from '../../models/model-config.js';
import { MEMORY, HOME } from '../registry.js';
import { loadCalculatorCatalog } from '../../i18n/catalogs.js';
import { startCalculatorPage } from '../../kit/calculator-page.js';
import { wireModelPicker } from '../../kit/model-picker.js';
import { h, toDom } from '../../kit/tree.js';
import { neutralDecimal, readableDecimal } from '../../kit/number-format.js';
import { showRunLink } from '../../kit/run-context.js';

// The core and the words load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCalculatorCatalog(calculator, document.documentElement.lang);
const words = catalog[calculator.schema.messages];
const siteRoot = new URL(document.documentElement.dataset.siteRoot ?? './', location.href);
const memoryPage = new URL(MEMORY.paths[catalog.locale], siteRoot);
const plannerPage = new URL(HOME.paths[catalog.locale], siteRoot);
const byId = (id) => document.getElementById(id);
const [preset, paste, status, total, active, split, source] =
  ['model-preset', 'model-config', 'model-status', 'model-parameters', 'model-active-parameters', 'model-split', 'model-source'].map(byId);
const [basis, optimalNote, memoryLink, plannerLink] = ['compute-time-basis', 'compute-optimal-note', 'compute-memory-link', 'compute-planner-link'].map(byId);

// The model in the calculator: {slug (null for a paste), report, texts}, or null.
let model = null;
let latest = null;
let page = null;

// Whether the calculator still holds the model's values (no field edited
// since): judged on the values the core read, since fields are regrouped.
const modelHeld = () => model !== null && latest !== null
  && Object.entries(model.texts).every(([key, text]) => {
    const field = latest.fields[key];
    return text === '' ? field.status === 'empty' : field.status === 'ok' && field.value === text;
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
  memoryLink.hidden = !(modelHeld() && sequence && memoryPageHoldsShape(model.report));
  if (!memoryLink.hidden) {
    const url = new URL(memoryPage);
    // The GPUs too, as data-parallel replicas: ZeRO shards the states over them.
    url.search = new URLSearchParams({ ...memoryPageKeys(model.report, sequence), ...(gpus ? { dp: gpus } : {}) }).toString();
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

// The model section: figures grouped in the page's marks, or the reason there are none.
function showModel(shown) {
  status.textContent = shown.error || shown.message;
  status.classList.toggle('error', Boolean(shown.error));
  const figures = [[total, shown.total], [active, shown.active]];
  for (const [output, figure] of figures) {
    output.textContent = figure?.text ?? catalog.kit.noFigure;
    output.dataset.value = figure?.value ?? '';
  }
  split.closest('.table-scroll').hidden = !shown.parts?.length;
  split.tBodies[0].replaceChildren(...(shown.parts ?? []).map(({ key, value, text }) =>
    toDom(h('tr', { 'data-part': key, 'data-value': value }, h('th', { scope: 'row' }, words.model.parts[key]), h('td', {}, text)), document)));
}

// No model in the calculator any more (none chosen, or a refusal shown): its
// figures, source link, memory link and address go with it.
function dropModel(shown) {
  model = null;
  source.hidden = true;
  showModel(shown);
  if (latest) showLinks(latest);
  page?.address.flush();
}

// A core report (or a paste's problem) shown, and a read model put into the calculator.
// mtpDepths: DeepSeek's num_nextn_predict_layers, the multi-token-prediction
// module transformers does not build and these FLOPs leave out.
async function useModel(report, { slug = null, name = '', mtpDepths = 0 } = {}) {
  const core = await loadCore();
  const shown = presentModel(words.model, report, core.marks(catalog.numberSyntax));
  if (shown.error) {
    dropModel(shown);
    return;
  }
  const preset = slug ? modelNamed(slug) : null;
  source.hidden = !preset;
  if (preset) source.href = preset.source;
  model = { slug, report, texts: modelTexts(report) };
  const notes = [slug ? words.model.loaded(name) : words.model.pasted(report.family)];
  if (model.texts.headDim === '') notes.push(words.model.shapeLeftOut());
  if (mtpDepths > 0) notes.push(words.model.mtpLeftOut(String(mtpDepths)));
  showModel({ ...shown, message: notes.join(' ') });
  await page.setTexts(model.texts);
  page.address.flush();
}

const presetReport = async (found) => (await loadCore()).readModel(presetMembers(found.config));

// report: the preset's core report when it has been read already (a linked one).
async function usePreset(slug, report = null) {
  const found = modelNamed(slug);
  if (!found) {
    await useModel({ problem: 'unknown_preset', key: slug.slice(0, 64) });
    return;
  }
  preset.value = slug;
  await useModel(report ?? await presetReport(found), { slug, name: found.name, mtpDepths: mtpDepthsOf(presetMembers(found.config)) });
}

async function usePaste() {
  preset.value = '';
  const read = configMembers(paste.value);
  if (read.problem) {
    await useModel({ problem: read.problem });
    return;
  }
  const core = await loadCore();
  await useModel(core.readModel(read.members), { mtpDepths: mtpDepthsOf(read.members) });
}

// num_nextn_predict_layers as written (digits), or 0.
function mtpDepthsOf(members) {
  const [, kind, text] = members.find(([key]) => key === 'num_nextn_predict_layers') ?? [];
  return kind === 'number' && /^\d{1,4}$/.test(text) ? Number(text) : 0;
}

// A linked preset is read before the calculator's first evaluation, so the
// first figures shown are the model's, never the defaults' (the prefill guard
// hides those: calculator.js, prefillParams).
const requested = new URLSearchParams(location.search).get('model');
const linkedPreset = requested ? modelNamed(requested) : null;
const linkedReport = linkedPreset ? await presetReport(linkedPreset) : null;
const linkedTexts = linkedReport && !linkedReport.problem ? modelTexts(linkedReport) : {};
if (linkedReport && !linkedReport.problem) model = { slug: requested, report: linkedReport, texts: linkedTexts };

page = await startCalculatorPage({
  document,
  schema: calculator.schema,
  catalog,
  loadCore,
  embedWords: words.embed,
  otherParams: calculator.prefillParams,
  texts: linkedTexts,
  onEvaluate: (evaluation) => {
    latest = evaluation;
    // A field the model filled in was edited: the calculator no longer holds
    // that model, and the section stops saying it does.
    if (model !== null && !modelHeld()) {
      const name = model.slug ? modelNamed(model.slug)?.name ?? model.slug : model.report.family;
      preset.value = '';
      dropModel({ error: '', message: words.model.edited(name) });
    }
    showBasis(evaluation);
    showLinks(evaluation);
  },
});
// The preset travels in the address while the calculator holds it.
wireModelPicker({
  address: page.address,
  preset,
  paste,
  // Before the first evaluation the calculator holds the linked model by construction.
  heldSlug: () => (model?.slug && (latest === null || modelHeld()) ? model.slug : null),
  choose: (slug) => usePreset(slug),
  chooseNone: () => dropModel({ error: '', message: '' }),
  choosePaste: () => usePaste(),
});

if (requested) await usePreset(requested, linkedReport);
