// The full calculator page: prefill from the URL, recompute on every keystroke,
// keep the URL in step, and copy it on request.
import { loadCore } from './calculator-core.js';
import { FIELDS, findView, readTexts, writeTexts, renderEvaluation, renderUnavailable, regroupField } from './calculator-view.js';
import { textsFromSearch, urlWithFields } from './share-url.js';
import { RESULT_TEXT, SHARE_TEXT } from './strings.pt-BR.js';

const COPY_STATUS_MS = 4000;
const URL_UPDATE_DELAY_MS = 150;

// Set once the core is ready, so a copied link always has the latest values.
let flushBeforeCopy = () => {};

const view = findView(document);
writeTexts(view, textsFromSearch(location.search));
renderUnavailable(view, RESULT_TEXT.loading);

document.getElementById('calculator').addEventListener('submit', (event) => event.preventDefault());
setUpCopyLink();

loadCore().then(startCalculator, () => renderUnavailable(view, RESULT_TEXT.coreFailed));

function startCalculator(core) {
  const evaluateNow = () => core.evaluate(readTexts(view));
  renderEvaluation(view, evaluateNow());

  for (const { key } of FIELDS) {
    const input = view.inputs[key];
    input.addEventListener('input', () => {
      renderEvaluation(view, evaluateNow());
      scheduleUrlUpdate();
    });
    input.addEventListener('change', () => {
      regroupField(view, key, evaluateNow());
      flushUrlUpdate();
    });
  }

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
    const texts = readTexts(view);
    const url = urlWithFields(location.href, core.evaluate(texts), texts);
    if (url === location.href) return;
    try {
      history.replaceState(history.state, '', url);
    } catch {
      scheduleUrlUpdate();  // rate-limited by the browser: try again shortly
    }
  }
  flushBeforeCopy = flushUrlUpdate;
}

function setUpCopyLink() {
  const button = document.getElementById('copy-link');
  const status = document.getElementById('copy-status');
  let clearTimer = 0;
  button.hidden = false;
  button.addEventListener('click', async () => {
    clearTimeout(clearTimer);
    try {
      flushBeforeCopy();
      await navigator.clipboard.writeText(location.href);
      status.textContent = SHARE_TEXT.copied;
    } catch {
      status.textContent = SHARE_TEXT.copyFailed;
    }
    clearTimer = setTimeout(() => { status.textContent = ''; }, COPY_STATUS_MS);
  });
}
