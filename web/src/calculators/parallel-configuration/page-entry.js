// The parallel-configuration page (/configuracao-paralela/,
// /en/parallel-configuration/): the model picker before the calculator (a
// published model or a pasted config.json fills the shape), the page's
// calculator (kit/calculator-page.js) with iframe embed code, and after every
// evaluation the chosen layout, where its step goes, the ten fastest and a
// link that plans the layout in the planner.
import calculator from './calculator.js';
import { loadCore } from './core-loader.js';
import { EXPORT_OF_FRAMEWORK, breakdownTree, familiesOfTable, fastestTree, layoutTree, presentLayout } from './layout.js';
import { CALCULATORS, HOME } from '../registry.js';
import { loadCalculatorCatalog } from '../../i18n/catalogs.js';
import { startCalculatorPage } from '../../kit/calculator-page.js';
import { heldModel } from '../../kit/model-picker.js';
import { neutralDecimal, readableDecimal } from '../../kit/number-format.js';
import { SITE_RUN, showRunLink } from '../../run/run-context.js';
import { toDom } from '../../kit/tree.js';
import { sharedValue } from '../../kit/url-state.js';
import { shapeLinkKeys } from '../../models/shape-links.js';

// The core and the words load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCalculatorCatalog(calculator, document.documentElement.lang);
const words = catalog[calculator.schema.messages];
const siteRoot = new URL(document.documentElement.dataset.siteRoot ?? './', location.href);
const plannerPage = new URL(HOME.paths[catalog.locale], siteRoot);
const memoryPage = new URL(CALCULATORS.find(({ name }) => name === 'grad-memory').paths[catalog.locale], siteRoot);
// The model's fields, which the memory page reads under the same keys.
const MODEL_FIELDS = calculator.schema.fields.filter(({ group }) => group === 'model');
const byId = (id) => document.getElementById(id);
const planLink = byId('configuration-plan-link');
// Each family's measured error, as the page's build measured it on the published runs (#prediction-families).
const families = familiesOfTable(byId('prediction-families'));

// The model reader (and its core) loads only when a model is asked for.
const modelSource = () => import('../../models/model-source.js');
const model = heldModel({
  document,
  words: words.model,
  reader: modelSource,
  catalog,
  textsOf: async (report, current) => (await modelSource()).shapeTexts(calculator.schema, report, current),
  // The plan link carries a pasted model's shape: written again once the fields hold it, or stop holding it.
  onHeldChange: () => { if (latestEvaluation) showPlanLink(latestEvaluation); },
});
let latestEvaluation = null;

// The planner with the chosen layout and its predicted rate, so its duration is this page's days.
function showPlanLink({ fields, results, marks, extra }) {
  const best = extra?.fastest?.[0];
  const rate = results.bestTokensPerSecondPerGpu;
  const known = best && rate.status === 'ok' && ['gpus', 'gpusPerNode', 'sequenceLength'].every((key) => fields[key].status === 'ok');
  planLink.hidden = !known;
  if (!known) return;
  const url = new URL(plannerPage);
  // A choice field's word, as the address writes it.
  const chosen = (name) => calculator.schema.fields.find(({ key }) => key === name).choices[Number(fields[name].value)];
  // The planner's precision choices are bf16, fp16 and fp32: an FP8 run is planned without one.
  const precisionWord = chosen('precision');
  const precision = precisionWord === 'fp8' ? {} : { precision: precisionWord };
  // The planner opens on the chosen framework's export.
  const framework = chosen('framework');
  url.search = new URLSearchParams({
    micro: best.micro, dp: best.dp, accum: best.accum, seq: fields.sequenceLength.value, gpus: fields.gpus.value, gpn: fields.gpusPerNode.value,
    tp: best.tp, pp: best.pp, vpp: best.vpp, cp: best.cp, ep: best.ep, zero: best.zero, recompute: best.recompute, sp: best.sp, ...precision,
    target: extra.globalBatch, unit: 'seq', tps: neutralDecimal(rate.value), export: EXPORT_OF_FRAMEWORK[framework],
    // The experts' dispatcher and TP's overlap the prediction priced, defaults included, for the exports to write.
    dispatcher: chosen('dispatcher'), tpoverlap: chosen('tensorOverlap'),
    // The experts' TP where it is not TP's (experts whole on their GPUs), under the memory page's key.
    ...(best.etp === best.tp ? {} : { etp: best.etp }),
    ...(fields.tokens.status === 'ok' ? { tokens: fields.tokens.value } : {}),
    // A pasted model has no slug for the run to carry: its shape goes by the memory page's keys, for the exports.
    ...(model.heldReport() && !model.heldSlug() ? shapeLinkKeys(model.heldReport()) : {}),
  }).toString();
  url.hash = 'planner';
  showRunLink(planLink, url);
  planLink.textContent = words.planLink(readableDecimal(rate.value, marks));
}

// When nothing fits, adapters on the memory page: the model and the run, with data parallelism over every GPU (the
// only parallelism PEFT runs under), the frozen weights sharded over them (ZeRO-3, FSDP's full shard), at the closest
// layout's micro-batch, and the batch as its target. The shape goes as the reader sees it, defaults included.
function showAdapterLinks({ fields, extra }, texts) {
  const closest = extra?.smallest;
  if (!closest || !byId('remedy-lora-link')) return;
  const shape = Object.fromEntries(MODEL_FIELDS.filter((spec) => fields[spec.key].status === 'ok')
    .map((spec) => [spec.param, sharedValue(fields[spec.key], String(texts[spec.key] ?? ''), spec)]));
  for (const [id, finetune] of [['remedy-lora-link', 'lora'], ['remedy-qlora-link', 'qlora']]) {
    const url = new URL(memoryPage);
    url.search = new URLSearchParams({
      ...shape, ...(model.heldReport() && !model.heldSlug() ? shapeLinkKeys(model.heldReport()) : {}),
      finetune, tp: '1', pp: '1', dp: fields.gpus.value, zero: '3', micro: closest.micro, recompute: closest.recompute, target: extra.globalBatch,
    }).toString();
    showRunLink(byId(id), url, { chooses: ['tp', 'pp', 'vpp', 'cp', 'ep', 'etp', 'dp', 'micro', 'accum', 'zero'] });
  }
}

function showLayout(evaluation, texts) {
  const shown = presentLayout(words, evaluation, families);
  byId('configuration-layout').replaceChildren(toDom(layoutTree(words, shown), document));
  showAdapterLinks(evaluation, texts);
  byId('step-breakdown-part').replaceChildren(toDom(breakdownTree(words, shown), document));
  byId('configurations-part').replaceChildren(toDom(fastestTree(words, shown), document));
}

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
    latestEvaluation = evaluation;
    model.checkEdited();
    showLayout(evaluation, texts);
    showPlanLink(evaluation);
  },
});
await model.start(page);
