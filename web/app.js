// The full calculator page: prefill from the URL, recompute on every keystroke,
// keep the URL in step, and copy it on request.
import { loadCore } from './calculator-core.js';
import { FIELDS, findView, readTexts, writeTexts, renderEvaluation, renderUnavailable, regroupField } from './calculator-view.js';
import { textsFromSearch, urlWithFields } from './share-url.js';
import { RESULT_TEXT, SHARE_TEXT } from './strings.pt-BR.js';

const COPY_STATUS_MS = 4000;

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
      const texts = readTexts(view);
      const evaluation = core.evaluate(texts);
      renderEvaluation(view, evaluation);
      // replaceState: editing must not add a history entry per keystroke.
      history.replaceState(history.state, '', urlWithFields(location.href, evaluation, texts));
    });
    input.addEventListener('change', () => regroupField(view, key, evaluateNow()));
  }
}

function setUpCopyLink() {
  const button = document.getElementById('copy-link');
  const status = document.getElementById('copy-status');
  let clearTimer = 0;
  button.hidden = false;
  button.addEventListener('click', async () => {
    clearTimeout(clearTimer);
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = SHARE_TEXT.copied;
    } catch {
      status.textContent = SHARE_TEXT.copyFailed;
    }
    clearTimer = setTimeout(() => { status.textContent = ''; }, COPY_STATUS_MS);
  });
}
