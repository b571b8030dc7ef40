// The effective-batch calculator's page (pt-BR at /, English at /en/): the
// page's calculator (kit/calculator-page.js), with both kinds of embed code,
// and the planner below it, loaded when it is needed; from then on the two are
// one evaluation of the run (planner/page-run.js).
import { EFFECTIVE_BATCH } from './schema.js';
import { EFFECTIVE_BATCH_ELEMENT } from './element/names.js';
import { loadCatalog } from '../../i18n/catalogs.js';
import { startCalculatorPage } from '../../kit/calculator-page.js';
import { SITE_RUN } from '../../run/run-context.js';
import { loadCore } from './core-loader.js';
import { groupDigits } from '../../kit/number-format.js';

const byId = (id) => document.getElementById(id);
const plannerSection = byId('planner');
// The planner's keys live in the same address; the section lists them before its code loads.
const plannerParams = plannerSection?.dataset.params.split(' ') ?? [];
// The link the page opened with, before the page rewrites its address.
const openingSearch = location.search;
const linkParams = new URLSearchParams(openingSearch);
// A link with any of the planner's values wants the planner at once.
const plannerWanted = plannerParams.some((param) => linkParams.has(param));
// d typed by the reader, before the planner was wanted or after: the run's d no longer follows the cluster. Caught on
// the way down, before the calculator's own listener evaluates.
const dpSpec = EFFECTIVE_BATCH.fields.find(({ key }) => key === 'dataParallel');
let dataParallelTyped = false;
document.addEventListener('input', (event) => { if (event.target.id === dpSpec.id) dataParallelTyped = true; }, true);

// The page's run (planner/page-run.js): once the planner is wanted, the calculator and the planner are one
// evaluation on the planner's core, which gives d from the cluster too. A run whose code cannot load is tried again
// at the next call.
let run = null;
const startRun = () => {
  run ??= import('../../planner/section.js').then(
    ({ pageRun, loadPlannerCore }) => pageRun({ search: openingSearch, calculatorSchema: EFFECTIVE_BATCH, dataParallelTyped: () => dataParallelTyped, loadPlannerCore }),
    (error) => {
      run = null;
      throw error;
    },
  );
  return run;
};
// The calculator's core: the run's for a link that wants the planner (its own is never fetched), and once the run's
// core has loaded; its own until then, so no edit waits for the planner. The run's failing is said as any core's
// failing (kit/controller.js), and tried again at the next edit: a figure from the calculator's own core would
// miss the d the link's GPUs give.
let runLoaded = false;
const loadRunCore = () => startRun().then((pageRun) => pageRun.loadCalculatorCore()).then((core) => {
  runLoaded = true;
  return core;
});
const loadPageCore = () => (plannerWanted || runLoaded ? loadRunCore() : loadCore());
// A link that sets values needs the core at once: it loads beside the catalog, and the controller awaits it again.
// Otherwise the page starts from the figures in its HTML and loads the core when the reader first needs it.
if ('prefill' in document.documentElement.dataset || plannerWanted) loadPageCore().catch(() => {});
const catalog = await loadCatalog(document.documentElement.lang);
const calculator = await startCalculatorPage({
  document, schema: EFFECTIVE_BATCH, catalog, loadCore: loadPageCore, embedWords: catalog.effectiveBatch.embed, element: EFFECTIVE_BATCH_ELEMENT,
  otherParams: plannerParams,
  // With the run, d from the link's GPUs is the core's own reading (the cluster's d), not a text derived beforehand.
  run: plannerWanted ? { ...SITE_RUN, textsFromLink: async () => ({}) } : SITE_RUN,
  // The cluster's d the run counted is shown in d's field, whichever part asked for the run.
  onEvaluate: (evaluation, { texts }) => {
    if (!evaluation.dataParallelFromCluster) return;
    const shown = groupDigits(evaluation.fields.dataParallel.value, evaluation.marks);
    if (texts.dataParallel !== shown) byId(dpSpec.id).value = shown;
  },
});

// The planner below the calculator loads its module, code and words only when
// it is needed: a link that sets any of its values, the reader scrolling near
// it, or a first touch or focus inside it.
if (plannerSection) {
  let plannerLoading = null;
  const loadPlanner = () => {
    plannerLoading ??= Promise.all([import('../../planner/section.js'), startRun()])
      .then(([{ startPlanner }, pageRun]) => {
        // The run's core loads with the section; the calculator evaluates through it once it has.
        pageRun.loadPlannerCore().then(() => { runLoaded = true; }, () => {});
        return startPlanner({ document, catalog, calculator, schema: EFFECTIVE_BATCH, run: pageRun });
      })
      .catch(() => {
        plannerSection.dataset.state = 'failed';
        byId('planner-status').textContent = catalog.kit.sectionFailed;
        // Tried again at the next edit, as a core is (kit/controller.js).
        plannerLoading = null;
        document.addEventListener('input', loadPlanner, { once: true });
      });
    return plannerLoading;
  };
  if (plannerWanted) {
    loadPlanner();
  } else {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      loadPlanner();
    }, { rootMargin: '600px 0px' });
    observer.observe(plannerSection);
    for (const type of ['focusin', 'pointerdown']) plannerSection.addEventListener(type, loadPlanner, { once: true });
  }
}
