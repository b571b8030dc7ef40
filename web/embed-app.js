// The iframe embed: the compact calculator, prefilled from its URL like the page,
// reporting its height to the host page (see embed.js) whenever it changes.
import { loadCore } from './calculator-core.js';
import { bindCalculator, defaultTexts, findView, readTexts, renderUnavailable, writeTexts } from './calculator-view.js';
import { textsFromSearch, urlWithFields } from './share-url.js';
import { RESULT_TEXT } from './strings.pt-BR.js';

const HEIGHT_MESSAGE_TYPE = 'effective-batch:height';
const THEMES = new Set(['light', 'dark']);

const params = new URLSearchParams(location.search);
const theme = params.get('theme');
if (THEMES.has(theme)) document.documentElement.dataset.theme = theme;

const view = findView(document);
writeTexts(view, { ...defaultTexts(), ...textsFromSearch(location.search) });
renderUnavailable(view, RESULT_TEXT.loading);
document.getElementById('calculator').addEventListener('submit', (event) => event.preventDefault());

const fullLink = document.getElementById('full-calculator-link');
const fullPage = new URL('./', location.href).href;

loadCore().then(
  (core) => bindCalculator(view, core, (evaluation) => {
    fullLink.href = urlWithFields(fullPage, evaluation, readTexts(view));
  }),
  () => renderUnavailable(view, RESULT_TEXT.coreFailed),
);

// Auto-height: only the height is sent, so any parent may receive it.
const content = document.querySelector('.embed');
let lastHeight = -1;
new ResizeObserver(() => {
  const height = Math.ceil(content.getBoundingClientRect().height);
  if (height === lastHeight || window.parent === window) return;
  lastHeight = height;
  window.parent.postMessage({ type: HEIGHT_MESSAGE_TYPE, height }, '*');
}).observe(content);
