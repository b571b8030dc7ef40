// The iframe embed: the compact calculator, prefilled from its URL like the page,
// reporting its height to the host page (see embed.js) whenever it changes.
import { startCalculator } from './calculator-controller.js';
import { defaultTexts, findView, readTexts } from './calculator-view.js';
import { textsFromSearch, urlWithFields } from './share-url.js';

const HEIGHT_MESSAGE_TYPE = 'effective-batch:height';
const THEMES = new Set(['light', 'dark']);

const theme = new URLSearchParams(location.search).get('theme');
if (THEMES.has(theme)) document.documentElement.dataset.theme = theme;

const view = findView(document);
const fullLink = document.getElementById('full-calculator-link');
const fullPage = new URL('./', location.href).href;

startCalculator(view, { ...defaultTexts(), ...textsFromSearch(location.search) }, (evaluation) => {
  fullLink.href = urlWithFields(fullPage, evaluation, readTexts(view));
});

// Auto-height: only the height is sent, so any parent may receive it.
const content = document.querySelector('.embed');
let lastHeight = -1;
new ResizeObserver(() => {
  const height = Math.ceil(content.getBoundingClientRect().height);
  if (height === lastHeight || window.parent === window) return;
  lastHeight = height;
  window.parent.postMessage({ type: HEIGHT_MESSAGE_TYPE, height }, '*');
}).observe(content);
