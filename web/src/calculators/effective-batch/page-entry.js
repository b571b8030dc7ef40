// The effective-batch calculator's page (pt-BR at /, English at /en/): the
// page's calculator (kit/calculator-page.js), with both kinds of embed code,
// and the planner below it, loaded when it is needed.
import { EFFECTIVE_BATCH } from './schema.js';
import { EFFECTIVE_BATCH_ELEMENT } from './element/names.js';
import { loadCatalog } from '../../i18n/catalogs.js';
import { startCalculatorPage } from '../../kit/calculator-page.js';
import { SITE_RUN } from '../../run/run-context.js';
import { loadCore } from './core-loader.js';

const byId = (id) => document.getElementById(id);
// A link that sets values needs the core at once: it loads beside the catalog, and the controller awaits it again.
// Otherwise the page starts from the figures in its HTML and loads the core when the reader first needs it.
if ('prefill' in document.documentElement.dataset) loadCore().catch(() => {});
const catalog = await loadCatalog(document.documentElement.lang);
// The planner's keys live in the same address; the section lists them before its code loads.
const plannerParams = byId('planner')?.dataset.params.split(' ') ?? [];
const calculator = await startCalculatorPage({
  document, run: SITE_RUN, schema: EFFECTIVE_BATCH, catalog, loadCore, embedWords: catalog.effectiveBatch.embed, element: EFFECTIVE_BATCH_ELEMENT,
  otherParams: plannerParams,
});

// The planner below the calculator loads its module, code and words only when
// it is needed: a link that sets any of its values, the reader scrolling near
// it, or a first touch or focus inside it.
const plannerSection = byId('planner');
if (plannerSection) {
  let plannerLoading = null;
  const loadPlanner = () => {
    // The planner sets the calculator's fields (d from the cluster, a recipe), so the calculator's core comes with it.
    plannerLoading ??= Promise.all([import('../../planner/section.js'), loadCore()])
      .then(([{ startPlanner }]) => startPlanner({ document, catalog, calculator, schema: EFFECTIVE_BATCH }))
      .catch(() => {
        plannerSection.dataset.state = 'failed';
        byId('planner-status').textContent = catalog.kit.coreFailed;
      });
    return plannerLoading;
  };
  const params = new URLSearchParams(location.search);
  if (plannerSection.dataset.params.split(' ').some((param) => params.has(param))) {
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

