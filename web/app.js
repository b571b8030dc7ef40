// The full calculator page: prefill from the URL, recompute on every keystroke,
// keep the URL in step, copy it on request, and offer embed code.
import { loadCore } from './calculator-core.js';
import { FIELDS, bindCalculator, findView, readTexts, writeTexts, renderUnavailable } from './calculator-view.js';
import { elementSnippet, iframeSnippet } from './embed-snippets.js';
import { textsFromSearch, urlWithFields } from './share-url.js';
import { EMBED_TEXT, RESULT_TEXT, SHARE_TEXT } from './strings.pt-BR.js';

const COPY_STATUS_MS = 4000;
const URL_UPDATE_DELAY_MS = 150;

const view = findView(document);
const byId = (id) => document.getElementById(id);
writeTexts(view, textsFromSearch(location.search));
renderUnavailable(view, RESULT_TEXT.loading);
byId('calculator').addEventListener('submit', (event) => event.preventDefault());

// Set once the core is ready, so a copied link always has the latest values.
let flushUrlUpdate = () => {};
setUpCopyButton(byId('copy-link'), byId('copy-status'), SHARE_TEXT.copied, () => {
  flushUrlUpdate();
  return location.href;
});
setUpCopyButton(byId('copy-iframe-snippet'), byId('copy-iframe-status'), SHARE_TEXT.codeCopied,
  () => byId('iframe-snippet').textContent);
setUpCopyButton(byId('copy-element-snippet'), byId('copy-element-status'), SHARE_TEXT.codeCopied,
  () => byId('element-snippet').textContent);

loadCore().then(startCalculator, () => renderUnavailable(view, RESULT_TEXT.coreFailed));

function startCalculator(core) {
  const siteBase = new URL('./', location.href);
  bindCalculator(view, core, (evaluation, { byUser }) => {
    if (byUser) scheduleUrlUpdate();
    showSnippets(siteBase, evaluation);
  });
  for (const { key } of FIELDS) view.inputs[key].addEventListener('change', () => flushUrlUpdate());

  // The URL follows the fields through replaceState (no history entry per
  // keystroke), batched: Safari throws a SecurityError after 100 history updates
  // in ten seconds and Chromium throttles them, which a held key would reach.
  let urlTimer = 0;
  function scheduleUrlUpdate() {
    if (!urlTimer) urlTimer = setTimeout(flushUrlUpdate, URL_UPDATE_DELAY_MS);
  }
  flushUrlUpdate = () => {
    clearTimeout(urlTimer);
    urlTimer = 0;
    const texts = readTexts(view);
    const url = urlWithFields(location.href, core.evaluate(texts), texts);
    if (url === location.href) return;
    try {
      history.replaceState(history.state, '', url);
    } catch {
      scheduleUrlUpdate();  // rate-limited by the browser: try again shortly
    }
  };
}

// Embed code only for valid fields: invalid text is never echoed into a snippet.
function showSnippets(siteBase, evaluation) {
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
