// The iframe embed (embed.html): a compact calculator in the language of
// ?lang= (pt-BR by default), prefilled from its URL like the page, with a link
// to the full page carrying the current values, and its height reported to
// the host page (see embed.js). ?calc=grad-memory gives the memory calculator,
// ?calc=dp-scaling the scaling calculator;
// without it, the effective-batch calculator, whose code this file carries.
import { EFFECTIVE_BATCH } from '../calculators/effective-batch/schema.js';
import { loadCatalog, loadCatalogWith } from '../i18n/catalogs.js';
import { calculatorTree } from '../kit/calculator-markup.js';
import { startCalculator } from '../kit/controller.js';
import { loadCore } from '../kit/core-loader.js';
import { reportHeight } from '../kit/embed-protocol.js';
import { findView, readTexts } from '../kit/form-view.js';
import { defaultTexts, messagesAt } from '../kit/schema.js';
import { toDom } from '../kit/tree.js';
import { textsFromSearch, urlWithFields } from '../kit/url-state.js';
import { PAGE_PATHS } from '../site-map.js';

const THEMES = new Set(['light', 'dark']);
const params = new URLSearchParams(location.search);
const root = document.documentElement;
if (THEMES.has(params.get('theme'))) root.dataset.theme = params.get('theme');

// Each embeddable calculator: its schema, its core and its words.
const CALCULATORS = {
  'effective-batch': async () => ({ schema: EFFECTIVE_BATCH, loadCore, catalog: await loadCatalog(params.get('lang')) }),
  'grad-memory': async () => {
    const [{ GRAD_MEMORY }, { loadGradMemoryCore }, catalog] = await Promise.all([
      import('../calculators/grad-memory/schema.js'), import('../calculators/grad-memory/core-loader.js'),
      loadCatalogWith('gradMemory', params.get('lang'))]);
    return { schema: GRAD_MEMORY, loadCore: loadGradMemoryCore, catalog };
  },
  'dp-scaling': async () => {
    const [{ DP_SCALING }, { loadDpScalingCore }, catalog] = await Promise.all([
      import('../calculators/dp-scaling/schema.js'), import('../calculators/dp-scaling/core-loader.js'),
      loadCatalogWith('dpScaling', params.get('lang'))]);
    return { schema: DP_SCALING, loadCore: loadDpScalingCore, catalog };
  },
};
const name = Object.hasOwn(CALCULATORS, params.get('calc')) ? params.get('calc') : 'effective-batch';
const { schema, loadCore: load, catalog } = await CALCULATORS[name]();
const messages = messagesAt(catalog, schema.messages);
root.lang = catalog.locale;
document.title = messages.embed.frameTitle;

const content = document.querySelector('.embed');
const fullLink = document.getElementById('full-calculator-link');
const fullPage = new URL(`./${PAGE_PATHS[name][catalog.locale]}`, location.href).href;
document.getElementById('embed-title').textContent = messages.title;
fullLink.textContent = messages.embed.openFull;
fullLink.before(toDom(calculatorTree(schema, catalog, { layout: 'compact' }), document));

const view = findView(document, schema);
startCalculator({
  view,
  catalog,
  loadCore: load,
  texts: { ...defaultTexts(schema), ...textsFromSearch(schema, location.search) },
  onEvaluate: (evaluation) => { fullLink.href = urlWithFields(schema, fullPage, evaluation, readTexts(view)); },
});
reportHeight(window, content);
