// The optimal batch size calculator's page (/tamanho-de-lote-ideal/,
// /en/optimal-batch-size/): the model picker before the calculator (a
// published model or a pasted config.json fills the layers, the width and N),
// the page's calculator (kit/calculator-page.js),
// with iframe embed code; after every evaluation, each law's range verdict
// (data-extrapolated on its figures), the cluster's floor, McCandlish et
// al.'s chart and table, and the link that opens the recommended batch and
// learning rate in the planner with the rest of the run.
import calculator from './calculator.js';
import { loadCore } from './core-loader.js';
import { presentNoiseCurve, showNoiseCurve } from './noise-curve.js';
import { loadCalculatorCatalog } from '../../i18n/catalogs.js';
import { groupDigits, localDecimal, neutralDecimal, readableDecimal, roundedDecimal, scientific } from '../../kit/number-format.js';
import { startCalculatorPage } from '../../kit/calculator-page.js';
import { HOME, LAYOUT_CHOOSER } from '../registry.js';
import { SITE_RUN, showRunLink } from '../../run/run-context.js';
import { urlWithFields } from '../../kit/url-state.js';
import { heldModel } from '../../kit/model-picker.js';
import { drawAtShownWidth } from '../../kit/svg.js';
import { modelTexts } from './model-texts.js';

// The core and the words load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCalculatorCatalog(calculator, document.documentElement.lang);
const words = catalog[calculator.schema.messages];
const siteRoot = new URL(document.documentElement.dataset.siteRoot ?? './', location.href);
const plannerPage = new URL(HOME.paths[catalog.locale], siteRoot);
const byId = (id) => document.getElementById(id);
const planLink = byId('ob-plan-link');
const configurationPage = new URL(LAYOUT_CHOOSER.paths[catalog.locale], siteRoot);
const configurationLink = byId('ob-configuration-link');
// This page's keys the configuration page reads too: the run and the cluster (its device sets the rest there).
const CONFIGURATION_KEYS = new Set(['seq', 'tokens', 'gpus', 'gpn', 'device', 'nics', 'nicgbps', 'grads']);
// The model reader (and the training-compute core it uses) loads only when a model is asked for.
const model = heldModel({
  document,
  words: words.model,
  reader: () => import('../../models/model-reader.js'),
  catalog,
  textsOf: modelTexts,
  // Both laws were fitted on dense models: beside a mixture of experts, say so.
  saidOf: (report, said) => (report.shape.experts !== '' ? `${said} ${words.model.mixture}` : said),
  // The configuration link needs the model held: it follows the model's coming and going.
  onHeldChange: () => { if (latest) showConfigurationLink(latest, latestTexts); },
});

const LAWS = calculator.schema.fields.find(({ key }) => key === 'law').choices;
// Which figures each law's range verdict is about.
const LAW_FIGURES = {
  deepseek: ['deepseek-batch-tokens', 'deepseek-lr'],
  steplaw: ['steplaw-batch-tokens', 'steplaw-lr'],
};

function say(id, text, extrapolated = null) {
  const item = byId(id);
  item.hidden = !text;
  item.textContent = text;
  if (extrapolated === null) item.removeAttribute('data-extrapolated');
  else item.toggleAttribute('data-extrapolated', extrapolated);
}

// C as the range verdict writes it: three figures, or every digit when three would read as the range's own edge.
const EDGES = ['100000000000000000', '20000000000000000000'];
function computeText(value, marks) {
  const short = scientific(value, marks);
  return short && !EDGES.some((edge) => edge !== value && scientific(edge, marks) === short) ? short : groupDigits(value, marks);
}

function showVerdicts({ fields, results, extra, marks }) {
  const ok = (key) => results[key].status === 'ok';
  const recommended = ok('recommendedBatchTokens');
  // The law the recommendation comes from: the one chosen, or the other when only it is inside its range.
  const law = recommended ? extra.recommendedLaw : null;
  say('ob-law-verdict', law ? (extra.lawSwitched ? words.verdicts.switched[law] : words.verdicts.law[law]) : '');
  const deepseekShown = ok('deepseekBatchTokens');
  const deepseekOut = Boolean(extra?.deepseekExtrapolated) && deepseekShown;
  say('ob-deepseek-range', !deepseekShown ? '' : deepseekOut ? words.verdicts.deepseekOutside(computeText(results.deepseekCompute.value, marks)) : words.verdicts.deepseekInside,
    deepseekShown ? deepseekOut : null);
  const steplawShown = ok('steplawBatchTokens');
  const steplawOut = Boolean(extra?.steplawExtrapolated) && steplawShown;
  say('ob-steplaw-range', !steplawShown ? '' : steplawOut ? words.verdicts.steplawOutside : words.verdicts.steplawInside, steplawShown ? steplawOut : null);
  for (const [name, out] of [['deepseek', deepseekOut], ['steplaw', steplawOut]]) {
    for (const id of LAW_FIGURES[name]) byId(id).toggleAttribute('data-extrapolated', out);
  }
  // The recommended figures follow their law's range, in the results and in the sticky bar alike.
  const chosenOut = law === 'steplaw' ? steplawOut : law === 'deepseek' ? deepseekOut : false;
  for (const id of ['recommended-batch-tokens', 'recommended-sequences', 'recommended-lr', 'split-sequences', 'split-batch-tokens']) {
    byId(id).toggleAttribute('data-extrapolated', chosenOut);
    byId(`${id}-bar`)?.toggleAttribute('data-extrapolated', chosenOut);
  }
  say('ob-parameters-note', extra?.parametersEstimated && ok('steplawParameters') ? words.verdicts.parametersEstimated(groupDigits(results.steplawParameters.value, marks)) : '');
  say('ob-active-note', extra?.activeCounted && ok('deepseekFlopsPerToken') ? words.verdicts.activeCounted(groupDigits(fields.activeNonEmbeddingParameters.value, marks)) : '');
  const split = ['splitSequences', 'splitMultiple', 'splitSteps', 'recommendedSteps', 'splitBatchTokens', 'recommendedBatchTokens'].every(ok) && recommended;
  const digits = (key) => groupDigits(results[key].value, marks);
  say('ob-split-verdict', !split ? '' : words.verdicts.split({
    sequences: digits('splitSequences'),
    from: digits('recommendedSequences'),
    multiple: digits('splitMultiple'),
    shift: localDecimal(roundedDecimal(Math.abs(Number(results.splitShift.value)), 2), marks),
    direction: Math.sign(Number(results.splitShift.value)),
    micro: fields.microBatch.status === 'ok',
    tokens: digits('splitBatchTokens'),
    fromTokens: digits('recommendedBatchTokens'),
    steps: digits('splitSteps'),
    fromSteps: digits('recommendedSteps'),
  }));
  const floorKnown = ok('floorBatchTokens') && ok('recommendedBatchTokens');
  const floor = floorKnown ? groupDigits(results.floorBatchTokens.value, marks) : '';
  say('ob-floor-verdict', !floorKnown ? '' : extra.belowFloor ? words.verdicts.belowFloor(floor) : words.verdicts.aboveFloor(floor));
}

// The recommended batch in tokens (the one that splits, when the GPUs are given) and its learning rate, to the
// planner, which solves b, d and a for it; an extrapolated law is said so in the link too.
function showPlanLink({ fields, results, marks, extra }) {
  const batch = results.splitBatchTokens.status === 'ok' ? results.splitBatchTokens : results.recommendedBatchTokens;
  const rate = results.recommendedLearningRate;
  planLink.hidden = !(batch.status === 'ok' && rate.status === 'ok' && fields.sequenceLength.status === 'ok' && fields.tokens.status === 'ok');
  if (planLink.hidden) return;
  const url = new URL(plannerPage);
  url.search = new URLSearchParams({
    target: batch.value, unit: 'tok', lr: neutralDecimal(rate.value), seq: fields.sequenceLength.value, tokens: fields.tokens.value,
  }).toString();
  url.hash = 'planner';
  showRunLink(planLink, url);
  const extrapolated = extra.recommendedLaw === 'steplaw' ? extra.steplawExtrapolated : extra.deepseekExtrapolated;
  planLink.textContent = words.plannerLink(groupDigits(batch.value, marks), readableDecimal(rate.value, marks), extrapolated);
}

// The batch that splits over the GPUs, in tokens, to the configuration page, which chooses how to reach it for the
// model the fields hold (a published one: the page needs its whole shape, which model= brings) on these GPUs.
function showConfigurationLink(evaluation, texts) {
  const { fields, results, marks } = evaluation;
  const slug = model.heldSlug();
  const batch = results.splitBatchTokens;
  configurationLink.hidden = !(slug && batch.status === 'ok' && fields.sequenceLength.status === 'ok' && fields.gpus.status === 'ok');
  if (configurationLink.hidden) return;
  const url = new URL(urlWithFields(calculator.schema, configurationPage.href, evaluation, texts));
  for (const key of [...url.searchParams.keys()]) if (!CONFIGURATION_KEYS.has(key)) url.searchParams.delete(key);
  url.searchParams.set('model', slug);
  url.searchParams.set('target', batch.value);
  url.searchParams.set('unit', 'tok');
  showRunLink(configurationLink, url, { chooses: LAYOUT_CHOOSER.chooses });
  configurationLink.textContent = words.configurationLink(groupDigits(batch.value, marks), groupDigits(fields.gpus.value, marks));
}

// The chart is drawn at the width it is shown at, with the latest evaluation.
let latest = null;
let latestTexts = {};
const drawCurve = drawAtShownWidth(byId('noise-curve').parentElement, (width) => {
  if (!latest) return;
  const recommended = latest.results.recommendedBatchTokens;
  showNoiseCurve(document, presentNoiseCurve(words.curve, latest, recommended.status === 'ok' ? Number(recommended.value) : null, width));
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
  onEvaluate: (evaluation, { texts }) => {
    model.checkEdited();
    latest = evaluation;
    latestTexts = texts;
    showVerdicts(evaluation);
    showPlanLink(evaluation);
    showConfigurationLink(evaluation, texts);
    drawCurve();
  },
});
await model.start(page);
