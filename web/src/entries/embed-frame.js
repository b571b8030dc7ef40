// The iframe embed (embed.html): a compact calculator in the language of
// ?lang= (pt-BR by default), prefilled from its URL like the page, with a link
// to the full page carrying the current values, and its height reported to
// the host page (see embed.js). ?calc= names the calculator (any of the
// registry's); without it, the site's home calculator. Only the chosen
// calculator's code, core and words are loaded.
import { calculatorNamed } from '../calculators/registry.js';
import { loadCalculatorCatalog } from '../i18n/catalogs.js';
import { calculatorTree } from '../kit/calculator-markup.js';
import { startCalculator } from '../kit/controller.js';
import { reportHeight } from '../kit/embed-protocol.js';
import { findView, readTexts } from '../kit/form-view.js';
import { defaultTexts, messagesAt } from '../kit/schema.js';
import { toDom } from '../kit/tree.js';
import { textsFromSearch, urlWithFields } from '../kit/url-state.js';

// embed.html is light as built (data-theme on its root); the host may ask for dark, or auto (the reader's system setting).
const THEMES = new Set(['light', 'dark', 'auto']);
const params = new URLSearchParams(location.search);
const root = document.documentElement;
if (THEMES.has(params.get('theme'))) root.dataset.theme = params.get('theme');

const entry = calculatorNamed(params.get('calc'));
const calculator = await entry.load().then((module) => module.default);
const [load, catalog] = await Promise.all([calculator.core(), loadCalculatorCatalog(calculator, params.get('lang'))]);
// The core starts loading now; the controller awaits it again.
load().catch(() => {});
const { schema } = calculator;
const messages = messagesAt(catalog, schema.messages);
root.lang = catalog.locale;
document.title = messages.embed.frameTitle;

const content = document.querySelector('.embed');
const fullLink = document.getElementById('full-calculator-link');
const fullPage = new URL(`./${entry.paths[catalog.locale]}`, location.href).href;
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
