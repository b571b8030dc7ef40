// A calculator page (pt-BR at /, English at /en/): prefill from the URL,
// recompute on every keystroke, keep the URL and the language switch in step,
// copy the link on request, and offer embed code for the current values.
import { EFFECTIVE_BATCH } from '../calculators/effective-batch/schema.js';
import { EFFECTIVE_BATCH_ELEMENT } from '../elements/names.js';
import { loadCatalog } from '../i18n/catalogs.js';
import { startCalculator } from '../kit/controller.js';
import { loadCore } from '../kit/core-loader.js';
import { setUpCopyButton } from '../kit/copy-button.js';
import { elementSnippet, iframeSnippet } from '../kit/embed-snippets.js';
import { findView, readTexts } from '../kit/form-view.js';
import { differsFromDefaults, textsFromSearch, urlWithFields } from '../kit/url-state.js';

const URL_UPDATE_DELAY_MS = 150;

const byId = (id) => document.getElementById(id);
const root = document.documentElement;
// The core and the catalog load side by side; the controller awaits the core again.
loadCore().catch(() => {});
const catalog = await loadCatalog(root.lang);
const siteRoot = new URL(root.dataset.siteRoot ?? './', location.href);
const view = findView(document, EFFECTIVE_BATCH);
const languageSwitch = byId('language-switch');
let latestEvaluation = null;
let updateTimer = 0;

const calculator = await startCalculator({
  view,
  catalog,
  loadCore,
  texts: textsFromSearch(EFFECTIVE_BATCH, location.search),
  // The HTML already shows the default figures; keep them unless the URL asks for others.
  keepShown: !differsFromDefaults(EFFECTIVE_BATCH, location.search),
  onEvaluate: (evaluation, { cause }) => {
    latestEvaluation = evaluation;
    // A link is for a calculation that works: none while a field needs fixing.
    byId('copy-link').disabled = !allValid(evaluation);
    // Typing is batched; leaving a field is applied at once. At the start the
    // URL already says what is on screen, and is left as it is.
    if (cause === 'input') scheduleUpdate();
    else flushUpdate({ keepUrl: cause === 'start' });
  },
});
// The prefill guard hid the default figures for a prefilled URL; the real ones are shown now.
delete root.dataset.prefill;

if (calculator) {
  setUpCopyButton(byId('copy-link'), byId('copy-status'), { done: catalog.kit.copy.linkCopied, failed: catalog.kit.copy.linkFailed }, () => {
    flushUpdate();
    return location.href;
  }, byId('copy-link-fallback'));
  const codeMessages = { done: catalog.kit.copy.codeCopied, failed: catalog.kit.copy.failed };
  setUpCopyButton(byId('copy-iframe-snippet'), byId('copy-iframe-status'), codeMessages, () => {
    flushUpdate();
    return byId('iframe-snippet').textContent;
  });
  setUpCopyButton(byId('copy-element-snippet'), byId('copy-element-status'), codeMessages, () => {
    flushUpdate();
    return byId('element-snippet').textContent;
  });
}

// The planner below the calculator loads its module, code and words only when
// it is needed: a link that sets any of its values, the reader scrolling near
// it, or a first touch or focus inside it.
const plannerSection = byId('planner');
if (plannerSection) {
  let plannerLoading = null;
  const loadPlanner = () => {
    plannerLoading ??= import('./planner-section.js')
      .then(({ startPlanner }) => startPlanner({ document, catalog, calculatorView: view, onAddressChange: showAddress }))
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

// Offline after the first visit (see src/worker/service-worker.js). A browser
// that refuses (private mode, no support) just stays online-only.
if ('serviceWorker' in navigator) {
  // Trusted Types: the CSP allows this one policy, which admits this one URL.
  const workerUrl = new URL('sw.js', siteRoot).href;
  const policy = globalThis.trustedTypes?.createPolicy('batch-planner-service-worker', {
    createScriptURL: (url) => {
      if (url !== workerUrl) throw new TypeError(`not the service worker: ${url}`);
      return url;
    },
  });
  navigator.serviceWorker.register(policy ? policy.createScriptURL(workerUrl) : workerUrl, { scope: siteRoot.pathname }).catch(() => {});
}

// The URL, the language switch and the embed code follow the fields, batched:
// replaceState adds no history entry, but Safari throws a SecurityError after
// 100 updates in ten seconds and Chromium throttles them, which a held key
// would reach; and rebuilding the snippets on every key costs keystroke time.
function scheduleUpdate() {
  if (!updateTimer) updateTimer = setTimeout(flushUpdate, URL_UPDATE_DELAY_MS);
}
function flushUpdate({ keepUrl = false } = {}) {
  clearTimeout(updateTimer);
  updateTimer = 0;
  if (!latestEvaluation) return;
  const texts = readTexts(view);
  showSnippets(latestEvaluation, texts);
  const url = keepUrl ? location.href : urlWithFields(EFFECTIVE_BATCH, location.href, latestEvaluation, texts);
  showAddress(url);
  if (url === location.href) return;
  try {
    history.replaceState(history.state, '', url);
  } catch {
    scheduleUpdate();  // rate-limited by the browser: try again shortly
  }
}

// The language switch keeps the values, and printed pages carry their address.
function showAddress(url) {
  if (languageSwitch) languageSwitch.search = new URL(url).search;
  document.querySelector('.page-footer')?.setAttribute('data-address', url);
}

// Embed code only for valid fields: invalid text is never echoed into a snippet.
function allValid(evaluation) {
  return EFFECTIVE_BATCH.fields.every(({ key }) => evaluation.fields[key].status === 'ok');
}

function showSnippets(evaluation, texts) {
  const valid = allValid(evaluation);
  const messages = catalog.effectiveBatch.embed;
  const options = { siteRoot, schema: EFFECTIVE_BATCH, evaluation, texts, locale: catalog.locale };
  byId('iframe-snippet').textContent = valid ? iframeSnippet({ ...options, title: messages.frameTitle }) : messages.needsValidInput;
  byId('element-snippet').textContent = valid
    ? elementSnippet({ ...options, tagName: EFFECTIVE_BATCH_ELEMENT.tagName, fallback: messages.fallback }) : messages.needsValidInput;
  byId('copy-iframe-snippet').disabled = !valid;
  byId('copy-element-snippet').disabled = !valid;
}
