// The page's planner section, loaded when it is first needed (page-entry.js): the
// planner's module and catalog, prefill from the URL, and the kit's run loop
// (kit/controller.js), like every calculator's. The page's run (page-run.js)
// evaluates the calculator's fields and the planner's in one call, which each
// part shows its share of; the section follows the calculator through a
// subscription (kit/calculator-page.js), writes its values into the page's
// address beside the calculator's, writes the cluster's d into the calculator
// while the reader has not set d, and shows the export and import sections
// (export-section.js, import-section.js).
// The section's data-state says where it stands: "loading", "ready" or "failed".
import { PLANNER } from './schema.js';
import { RECIPES } from './recipes/recipes.js';
import { presentPlanner } from './present.js';
import { plannerBodyTree } from './markup.js';
import { applyPlannerPresentation, findPlannerView, readPlannerTexts, showPlannerUnavailable } from './view.js';
import { resolveLocale } from '../i18n/catalogs.js';
import { startController } from '../kit/controller.js';
import { fieldDecimal, groupDigits, neutralDecimal } from '../kit/number-format.js';
import { showRunLink } from '../run/run-context.js';
import { LAYOUT_CHOOSER } from '../calculators/registry.js';
import { messagesAt } from '../kit/schema.js';
import { toDom } from '../kit/tree.js';
import { keepHeadingsClear } from '../kit/heading-clear.js';
import { textsFromSearch, urlWithFields } from '../kit/url-state.js';
import { startExport } from './export-section.js';
import { startImport } from './import-section.js';

// The page's run comes with the section, on the one loader of the planner's core (page-entry.js creates it first).
export { pageRun } from './page-run.js';
export { loadPlannerCore } from './core-loader.js';

// The planner's words load with the planner, not with the page.
const WORDS = { 'pt-BR': () => import('./words.pt-BR.js'), 'en': () => import('./words.en.js') };
const loadPlannerCatalog = async (languageTag) => (await WORDS[resolveLocale(languageTag)]()).default;

// A count typed as digits is regrouped once left; shorthand ("2T", "2^12") is kept as typed.
const PLAIN_DIGITS = /^[\d\s.,\u00a0\u202f]+$/;
// What the configuration page's prediction of this run depends on: the planner's and the calculator's fields, and
// the run's keys in the address.
const PREDICTED_FROM = ['gpus', 'tensorParallel', 'pipelineParallel', 'contextParallel', 'expertParallel', 'virtualStages', 'expertTensorParallel', 'gpusPerNode',
  'microBatch', 'dataParallel', 'accumulationSteps', 'sequenceLength'];
const PREDICTED_FROM_ADDRESS = ['model', 'device', 'precision', 'grads', 'zero', 'recompute', 'sp', 'dispatcher', 'tpoverlap'];

/**
 * catalog: the page's run-time catalog; calculator: the page's calculator
 * (kit/calculator-page.js: address, subscribe, texts, setTexts); schema: that
 * calculator's (its four fields are the planner's first four); run: the page's
 * run (page-run.js), which the calculator already evaluates through.
 */
export async function startPlanner({ document, catalog, calculator: pageCalculator, schema, run }) {
  const section = document.getElementById('planner');
  // d follows the cluster (GPUs ÷ TP·PP·CP) until the reader sets it: in the
  // link, by typing it (page-entry.js sees that), or by a button, recipe or import that writes it.
  let following = false;
  const calculator = {
    ...pageCalculator,
    setTexts: (texts) => {
      if ('dataParallel' in texts && !following) run.dataParallelSet();
      return pageCalculator.setTexts(texts);
    },
  };
  section.dataset.state = 'loading';
  // The module starts loading now; the words and the stylesheet come alongside.
  run.loadPlannerCore().catch(() => {});
  const [plannerCatalog] = await Promise.all([loadPlannerCatalog(document.documentElement.lang), loadStylesheet(document, section.dataset.stylesheet)]);
  const catalogs = { kit: catalog.kit, planner: plannerCatalog };

  document.getElementById('planner-body').replaceChildren(toDom(
    plannerBodyTree(PLANNER, plannerCatalog, { texts: textsFromSearch(PLANNER, location.search), noFigure: catalog.kit.noFigure }), document));
  const view = findPlannerView(document, PLANNER);
  view.parts.form.addEventListener('submit', (event) => event.preventDefault());
  // The plan's summary, pinned to the bottom, steps aside for the planner's headings.
  keepHeadingsClear(document, '[data-sticky-bar="bottom"]');

  // Every field's id and label, the calculator's too: the summary and the export name the one that blocks.
  const fieldsShown = Object.fromEntries([
    ...schema.fields.map(({ key, id, messages }) => [key, { id, label: messagesAt(catalog, messages).label }]),
    ...PLANNER.fields.map(({ key, id }) => [key, { id, label: plannerCatalog.fields[key]?.label ?? plannerCatalog.unit.label }]),
  ]);
  const labels = Object.fromEntries(Object.entries(fieldsShown).map(([key, { label }]) => [key, label]));
  const exporter = startExport({ document, catalog, plannerCatalog, address: calculator.address, labels, linkedSearch: pageCalculator.linkedSearch });
  let latest = null;  // {evaluation, texts}: what the address and the export are written from
  let shownTexts = {};
  let shownPresentation = null;
  // With no throughput typed and a published model in the address (model=), the configuration page's predicted
  // tokens/s per GPU for this very layout stands in, labelled as predicted. Keyed by all it depends on, so a
  // changed run shows no prediction until its own arrives.
  const prediction = { key: null, result: null };
  let predictionWanted = null;
  let predictionInFlight = null;
  const predictionKey = (texts) => {
    const params = new URL(location.href).searchParams;
    if (!params.get('model') || String(texts.tokensPerSecond ?? '').trim() !== '') return null;
    return JSON.stringify([...PREDICTED_FROM.map((key) => String(texts[key] ?? '')), ...PREDICTED_FROM_ADDRESS.map((key) => params.get(key))]);
  };
  const shownPrediction = () => (predictionWanted !== null && prediction.key === predictionWanted ? prediction.result : null);
  const siteRoot = new URL(document.documentElement.dataset.siteRoot ?? './', location.href);
  const configurationPage = new URL(LAYOUT_CHOOSER.paths[catalog.locale], siteRoot);

  // The planner's part of the address: only what differs from its defaults.
  calculator.address.addPart((href, { forOtherLanguage = false } = {}) => (latest
    ? urlWithFields(PLANNER, href, latest.evaluation, latest.texts, { onlyChanged: true, forOtherLanguage }) : null));

  // The run's texts as the core is given them: with no throughput typed, the prediction stands in.
  run.shownTexts((typed) => {
    predictionWanted = predictionKey(typed);
    const rate = shownPrediction()?.tokensPerSecondPerGpu;
    shownTexts = rate === undefined ? typed : { ...typed, tokensPerSecond: neutralDecimal(rate) };
    return shownTexts;
  });
  run.plannerTexts(() => readPlannerTexts(view));
  const planner = await startController({
    container: section,
    loadCore: run.loadPlannerCore,
    // An empty cluster follows the calculator: the core assumes d GPUs, no model parallelism (planner.hpp).
    // The calculator's fields as they are now, with the planner's: the run the calculator evaluates too.
    evaluate: (core, texts) => run.evaluate(core, { ...calculator.texts(), ...texts }, catalog.numberSyntax),
    present: (evaluation, { typing }) => {
      const predicted = shownPrediction();
      shownPresentation = presentPlanner(PLANNER, catalogs, evaluation, {
        unit: shownTexts.targetUnit, typing, texts: shownTexts, fieldsShown,
        predicted: predicted?.tokensPerSecondPerGpu ?? null, predictionRefused: ['nothing_fits', 'no_layout'].includes(predicted?.refusal),
      });
      return shownPresentation;
    },
    show: (presentation) => applyPlannerPresentation(view, presentation),
    showUnavailable: (message) => showPlannerUnavailable(view, message, catalog.kit.noFigure),
    readTexts: () => readPlannerTexts(view),
    regroup: (evaluation, keys) => {
      for (const key of keys) {
        const field = evaluation.fields[key];
        const input = view.inputs[key];
        if (field?.status === 'ok' && field.kind === 'count' && PLAIN_DIGITS.test(input.value)) input.value = groupDigits(field.value, evaluation.marks);
        // A decimal in the page's syntax ("3e-4" from a link -> "0,0003"), with every digit that reads back to the same double.
        if (field?.status === 'ok' && field.kind === 'decimal') input.value = fieldDecimal(field.value, evaluation.marks);
      }
    },
    inputs: view.inputs,
    messages: { loading: plannerCatalog.loading, failed: plannerCatalog.failed, crashed: plannerCatalog.crashed },
    onEvaluate: (evaluation, { cause, texts }) => {
      latest = { evaluation, texts };
      requestPrediction(evaluation);
      showChooseLink(evaluation);
      // The cluster's d, which this evaluation already counted, is written into the calculator's field as if set
      // there: the calculator then shows this same evaluation (the run remembers it) and the address carries d.
      // (An evaluation the calculator asks for writes its d itself: page-entry.js.)
      const clusterD = evaluation.dataParallelFromCluster ? groupDigits(evaluation.fields.dataParallel.value, evaluation.marks) : null;
      if (clusterD !== null && calculator.texts().dataParallel !== clusterD) {
        following = true;
        Promise.resolve(calculator.setTexts({ dataParallel: clusterD })).finally(() => { following = false; });
      }
      exporter.show(evaluation, shownPresentation);
      // At the start too: the address is written in its neutral form at once.
      if (cause === 'input') calculator.address.schedule();
      else calculator.address.flush();
    },
  });

  // The prediction this run wants, asked of the configuration page's core (loaded then), the planner updated when
  // it comes, if the run still wants it.
  function requestPrediction(evaluation) {
    const key = predictionWanted;
    if (key === null || prediction.key === key || predictionInFlight === key || !/^[1-9]\d*$/.test(evaluation.effectiveBatch ?? '')) return;
    predictionInFlight = key;
    const params = new URL(location.href).searchParams;
    // The core's readings (the cluster it assumed included), as plain digits.
    const of = (name) => (evaluation.fields[name]?.status === 'ok' ? evaluation.fields[name].value : '');
    const texts = {
      gpus: of('gpus'), gpusPerNode: of('gpusPerNode'), sequenceLength: of('sequenceLength'), target: evaluation.effectiveBatch, targetUnit: 'seq',
      tokens: '', microBatch: of('microBatch'), dataParallel: of('dataParallel'), accumulationSteps: of('accumulationSteps'),
      tensorParallel: of('tensorParallel'), pipelineParallel: of('pipelineParallel'), contextParallel: of('contextParallel'),
      // EP and the virtual stages as typed; left empty (assumed 1 here), the configuration page searches them.
      ...Object.fromEntries(['expertParallel', 'virtualStages'].map((name) => [name, name in (evaluation.assumed?.values ?? {}) ? '' : of(name)])),
      // The experts' TP as typed; empty, TP's, as the exports leave it (Megatron-LM's default).
      expertTensorParallel: of('expertTensorParallel') || of('tensorParallel'),
    };
    const settle = (result) => {
      if (predictionInFlight !== key) return;
      predictionInFlight = null;
      Object.assign(prediction, { key, result });
      if (predictionWanted === key) planner.update('update');
    };
    LAYOUT_CHOOSER.load()
      .then((chooser) => chooser.default.predict())
      .then(({ predictRun }) => predictRun({
        slug: params.get('model'), device: params.get('device') ?? '', search: location.search, texts, numberSyntax: catalog.numberSyntax,
      }))
      .then((result) => settle(result ?? { refusal: 'unreadable' }), () => settle({ refusal: 'unavailable' }));
  }

  // "Choose for me": the configuration page with this run (its GPUs, batch, sequence and budget), to choose the layout.
  function showChooseLink(evaluation) {
    const link = view.parts.chooseLink;
    const { fields } = evaluation;
    const ok = (key) => fields[key]?.status === 'ok';
    const targetGiven = ok('target');
    link.hidden = !(ok('gpus') && ok('sequenceLength') && (targetGiven || /^[1-9]\d*$/.test(evaluation.effectiveBatch ?? '')));
    if (link.hidden) return;
    const unit = targetGiven ? shownTexts.targetUnit ?? 'seq' : 'seq';
    const batch = targetGiven ? fields.target.value : evaluation.effectiveBatch;
    const url = new URL(configurationPage);
    url.search = new URLSearchParams({
      gpus: fields.gpus.value, seq: fields.sequenceLength.value, target: batch, unit,
      ...(ok('gpusPerNode') ? { gpn: fields.gpusPerNode.value } : {}), ...(ok('tokens') ? { tokens: fields.tokens.value } : {}),
    }).toString();
    showRunLink(link, url, { chooses: LAYOUT_CHOOSER.chooses });
    link.textContent = plannerCatalog.cluster.chooseLink(groupDigits(fields.gpus.value, evaluation.marks), groupDigits(batch, evaluation.marks), unit);
  }

  // The calculator's every evaluation reaches the planner, unless the planner has shown that very evaluation.
  calculator.subscribe((evaluation, { cause }) => {
    if (cause !== 'start' && evaluation !== latest?.evaluation) planner.update(cause === 'input' ? 'input' : 'update');
  });
  // The derived d goes into the calculator as if typed there, so the
  // calculator, its URL and this planner all follow.
  view.parts.useDataParallel.addEventListener('click', () => {
    calculator.setTexts({ dataParallel: view.parts.useDataParallel.dataset.value });
  });
  // The power of two offered for a token target goes into the field as if typed there.
  view.parts.targetPower.addEventListener('click', () => {
    view.inputs.target.value = groupDigits(view.parts.targetPower.dataset.value, catalog.marks);
    view.inputs.target.dispatchEvent(new Event('change', { bubbles: true }));
  });
  // So does every solved value: a, the nearest batches' a, b and a together, d or b.
  view.parts.form.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-apply]');
    if (!button || button.getAttribute('aria-disabled') === 'true') return;
    const texts = JSON.parse(button.dataset.apply);
    calculator.setTexts(Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, groupDigits(value, catalog.marks)])));
  });
  startRecipes({ document, catalog, plannerCatalog, calculator, schema, view, planner });
  startImport({ document, catalog, plannerCatalog, calculator, schema, planner: { inputs: view.inputs, update: planner.update }, labels, loadPlannerCore: run.loadPlannerCore });
}

// A recipe fills in the calculator and the planner where the reader is: the
// page neither reloads nor scrolls, the focus stays on the link, and a polite
// status line says what was loaded. Planner fields the recipe does not set
// return to their defaults, so nothing of an earlier plan stays mixed in.
function startRecipes({ document, catalog, plannerCatalog, calculator, schema, view, planner }) {
  const status = document.getElementById('recipe-status');
  document.getElementById('recipe-list').addEventListener('click', async (event) => {
    const link = event.target.closest('a[data-recipe]');
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    const recipe = RECIPES.find(({ slug }) => slug === link.dataset.recipe);
    if (!recipe) return;
    event.preventDefault();
    const scroll = { x: window.scrollX, y: window.scrollY };
    const search = link.search;
    const plannerTexts = textsFromSearch(PLANNER, search);
    for (const spec of PLANNER.fields) view.inputs[spec.key].value = plannerTexts[spec.key] ?? spec.default;
    await calculator.setTexts(textsFromSearch(schema, search));
    await planner.update('change');
    window.scrollTo(scroll.x, scroll.y);
    const { micro, dp, accum, seq, target } = recipe.values;
    const digits = (value) => groupDigits(value, catalog.marks);
    status.textContent = plannerCatalog.recipes.loaded({
      name: recipe.name, b: digits(micro), d: digits(dp), a: digits(accum), L: digits(seq), batch: digits(target),
    });
  });
}

// Resolves once the stylesheet has applied (or failed: the planner still works unstyled).
function loadStylesheet(document, href) {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true });
    document.head.append(link);
  });
}
