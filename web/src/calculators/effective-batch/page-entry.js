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

const byId = (id) => document.getElementById(id);
const plannerSection = byId('planner');
// The planner's keys live in the same address; the section lists them before its code loads.
const plannerParams = plannerSection?.dataset.params.split(' ') ?? [];
const linkParams = new URLSearchParams(location.search);
// The page's run (planner/page-run.js): once the planner is wanted, the calculator and the planner are one
// evaluation on the planner's core, which gives d from the cluster too. Until then the calculator has its own core.
let run = null;
const startRun = () => {
  run ??= import('../../planner/section.js')
    .then(({ pageRun, loadPlannerCore }) => pageRun({ document, search: location.search, calculatorSchema: EFFECTIVE_BATCH, loadPlannerCore }));
  return run;
};
// The calculator's core: the run's when there is one; its own when the run cannot load (the planner then says so).
const loadPageCore = () => (run ? run.then((pageRun) => pageRun.loadCalculatorCore()).catch(() => loadCore()) : loadCore());
// A link with any of the planner's values wants the planner at once: the run starts before the calculator does.
const plannerWanted = plannerParams.some((param) => linkParams.has(param));
if (plannerWanted) startRun();
// A link that sets values needs the core at once: it loads beside the catalog, and the controller awaits it again.
// Otherwise the page starts from the figures in its HTML and loads the core when the reader first needs it.
if ('prefill' in document.documentElement.dataset) loadPageCore().catch(() => {});
const catalog = await loadCatalog(document.documentElement.lang);
const calculator = await startCalculatorPage({
  document, schema: EFFECTIVE_BATCH, catalog, loadCore: loadPageCore, embedWords: catalog.effectiveBatch.embed, element: EFFECTIVE_BATCH_ELEMENT,
  otherParams: plannerParams,
  // With the run, d from the link's GPUs is the core's own reading (the cluster's d), not a text derived beforehand.
  run: plannerWanted ? { ...SITE_RUN, textsFromLink: async () => ({}) } : SITE_RUN,
});

// The planner below the calculator loads its module, code and words only when
// it is needed: a link that sets any of its values, the reader scrolling near
// it, or a first touch or focus inside it.
if (plannerSection) {
  let plannerLoading = null;
  const loadPlanner = () => {
    plannerLoading ??= Promise.all([import('../../planner/section.js'), startRun()])
      .then(([{ startPlanner }, pageRun]) => startPlanner({ document, catalog, calculator, schema: EFFECTIVE_BATCH, run: pageRun }))
      .catch(() => {
        plannerSection.dataset.state = 'failed';
        byId('planner-status').textContent = catalog.kit.coreFailed;
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
