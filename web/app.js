// The full calculator page: prefill from the URL, recompute on every keystroke,
// keep the URL in step, copy it on request, and offer embed code.
import { startCalculator } from './calculator-controller.js';
import { FIELDS, findView, readTexts } from './calculator-view.js';
import { elementSnippet, iframeSnippet } from './embed-snippets.js';
import { textsFromSearch, urlWithFields } from './share-url.js';
import { EMBED_TEXT, SHARE_TEXT } from './strings.pt-BR.js';

const COPY_STATUS_MS = 4000;
const URL_UPDATE_DELAY_MS = 150;

const view = findView(document);
const byId = (id) => document.getElementById(id);
const siteBase = new URL('./', location.href);
let latestEvaluation = null;

// Missing parameters keep the values written in the HTML (the seed example).
startCalculator(view, textsFromSearch(location.search), (evaluation, { byUser }) => {
  latestEvaluation = evaluation;
  if (byUser) scheduleUrlUpdate();
  showSnippets(evaluation);
});
for (const { key } of FIELDS) view.inputs[key].addEventListener('change', flushUrlUpdate);

setUpCopyButton(byId('copy-link'), byId('copy-status'), SHARE_TEXT.copied, () => {
  flushUrlUpdate();
  return location.href;
});
setUpCopyButton(byId('copy-iframe-snippet'), byId('copy-iframe-status'), SHARE_TEXT.codeCopied,
  () => byId('iframe-snippet').textContent);
setUpCopyButton(byId('copy-element-snippet'), byId('copy-element-status'), SHARE_TEXT.codeCopied,
  () => byId('element-snippet').textContent);

// The URL follows the fields through replaceState (no history entry per
// keystroke), batched: Safari throws a SecurityError after 100 history updates
// in ten seconds and Chromium throttles them, which a held key would reach.
let urlTimer = 0;
function scheduleUrlUpdate() {
  if (!urlTimer) urlTimer = setTimeout(flushUrlUpdate, URL_UPDATE_DELAY_MS);
}
function flushUrlUpdate() {
  clearTimeout(urlTimer);
  urlTimer = 0;
  if (!latestEvaluation) return;
  const url = urlWithFields(location.href, latestEvaluation, readTexts(view));
  if (url === location.href) return;
  try {
    history.replaceState(history.state, '', url);
  } catch {
    scheduleUrlUpdate();  // rate-limited by the browser: try again shortly
  }
}

// Embed code only for valid fields: invalid text is never echoed into a snippet.
function showSnippets(evaluation) {
  const valid = evaluation.effectiveBatch.status !== 'none';
  const texts = readTexts(view);
  byId('iframe-snippet').textContent = valid ? iframeSnippet(siteBase, evaluation, texts) : EMBED_TEXT.needsValidInput;
  byId('element-snippet').textContent = valid ? elementSnippet(siteBase, evaluation, texts) : EMBED_TEXT.needsValidInput;
  byId('copy-iframe-snippet').disabled = !valid;
  byId('copy-element-snippet').disabled = !valid;
}

function setUpCopyButton(button, status, confirmation, textToCopy) {
  let clearTimer = 0;
  button.hidden = false;
  button.addEventListener('click', async () => {
    clearTimeout(clearTimer);
    try {
      await navigator.clipboard.writeText(textToCopy());
      status.textContent = confirmation;
    } catch {
      status.textContent = SHARE_TEXT.copyFailed;
    }
    clearTimer = setTimeout(() => { status.textContent = ''; }, COPY_STATUS_MS);
  });
}
