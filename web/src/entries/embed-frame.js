// The iframe embed (embed.html): the compact calculator in the language of
// ?lang= (pt-BR by default), prefilled from its URL like the page, with a link
// to the full page carrying the current values, and its height reported to
// the host page (see embed.js).
import { EFFECTIVE_BATCH } from '../calculators/effective-batch/schema.js';
import { LOCALE_ROOTS, loadCatalog } from '../i18n/catalogs.js';
import { calculatorTree } from '../kit/calculator-markup.js';
import { startCalculator } from '../kit/controller.js';
import { loadCore } from '../kit/core-loader.js';
import { reportHeight } from '../kit/embed-protocol.js';
import { findView, readTexts } from '../kit/form-view.js';
import { defaultTexts } from '../kit/schema.js';
import { toDom } from '../kit/tree.js';
import { textsFromSearch, urlWithFields } from '../kit/url-state.js';

const THEMES = new Set(['light', 'dark']);
const params = new URLSearchParams(location.search);
const root = document.documentElement;
if (THEMES.has(params.get('theme'))) root.dataset.theme = params.get('theme');

const catalog = await loadCatalog(params.get('lang'));
const messages = catalog.effectiveBatch;
root.lang = catalog.locale;
document.title = messages.embed.frameTitle;

const content = document.querySelector('.embed');
const fullLink = document.getElementById('full-calculator-link');
const fullPage = new URL(`./${LOCALE_ROOTS[catalog.locale]}`, location.href).href;
document.getElementById('embed-title').textContent = messages.title;
fullLink.textContent = messages.embed.openFull;
fullLink.before(toDom(calculatorTree(EFFECTIVE_BATCH, catalog, { layout: 'compact' }), document));

const view = findView(document, EFFECTIVE_BATCH);
startCalculator({
  view,
  catalog,
  loadCore,
  texts: { ...defaultTexts(EFFECTIVE_BATCH), ...textsFromSearch(EFFECTIVE_BATCH, location.search) },
  onEvaluate: (evaluation) => { fullLink.href = urlWithFields(EFFECTIVE_BATCH, fullPage, evaluation, readTexts(view)); },
});
reportHeight(window, content);
