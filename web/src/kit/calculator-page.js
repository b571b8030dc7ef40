// What every calculator page does around its calculator: prefill from the URL,
// recompute on every keystroke, keep the URL, the language switch and the
// printed address in step, copy the link on request, and offer embed code for
// the current values. The page's entry names the calculator and adds its own parts.
import { startCalculator } from './controller.js';
import { setUpCopyButton } from './copy-button.js';
import { elementSnippet, iframeSnippet } from './embed-snippets.js';
import { findView, readTexts } from './form-view.js';
import { isSettled } from './schema.js';
import { differsFromDefaults, textsFromSearch, urlWithFields } from './url-state.js';

const URL_UPDATE_DELAY_MS = 150;

/**
 * schema, catalog (with the calculator's words), loadCore; embedWords: the
 * catalog entry with frameTitle, needsValidInput and (for a custom element)
 * fallback; element: {tagName} when the calculator has one; otherParams: the
 * URL keys of the page's other parts, kept in the address (any other key is
 * dropped); onEvaluate(evaluation) after every render. Resolves to {view, showAddress(url)}.
 */
export async function startCalculatorPage({ document, schema, catalog, loadCore, embedWords, element = null, otherParams = [], onEvaluate = () => {} }) {
  const byId = (id) => document.getElementById(id);
  const root = document.documentElement;
  const siteRoot = new URL(root.dataset.siteRoot ?? './', location.href);
  const view = findView(document, schema);
  const languageSwitch = byId('language-switch');
  // A link or a snippet is for a calculation that works: none while a field needs fixing.
  const allValid = (evaluation) => schema.fields.every((field) => isSettled(field, evaluation.fields[field.key].status));
  let latestEvaluation = null;
  let updateTimer = 0;

  // The language switch keeps the values, and printed pages carry their address.
  const showAddress = (url) => {
    if (languageSwitch) languageSwitch.search = new URL(url).search;
    document.querySelector('.page-footer')?.setAttribute('data-address', url);
  };
  const showSnippets = (evaluation, texts) => {
    const valid = allValid(evaluation);
    const options = { siteRoot, schema, evaluation, texts, locale: catalog.locale };
    byId('iframe-snippet').textContent = valid ? iframeSnippet({ ...options, title: embedWords.frameTitle }) : embedWords.needsValidInput;
    byId('copy-iframe-snippet').disabled = !valid;
    if (!element) return;
    byId('element-snippet').textContent = valid
      ? elementSnippet({ ...options, tagName: element.tagName, fallback: embedWords.fallback }) : embedWords.needsValidInput;
    byId('copy-element-snippet').disabled = !valid;
  };
  // The URL, the language switch and the embed code follow the fields, batched:
  // replaceState adds no history entry, but Safari throws a SecurityError after
  // 100 updates in ten seconds and Chromium throttles them, which a held key
  // would reach; and rebuilding the snippets on every key costs keystroke time.
  const scheduleUpdate = () => {
    if (!updateTimer) updateTimer = setTimeout(flushUpdate, URL_UPDATE_DELAY_MS);
  };
  function flushUpdate({ keepUrl = false } = {}) {
    clearTimeout(updateTimer);
    updateTimer = 0;
    if (!latestEvaluation) return;
    const texts = readTexts(view);
    showSnippets(latestEvaluation, texts);
    const url = keepUrl ? location.href
      : urlWithFields(schema, location.href, latestEvaluation, texts, { onlyChanged: true, knownParams: otherParams });
    showAddress(url);
    if (url === location.href) return;
    try {
      history.replaceState(history.state, '', url);
    } catch {
      scheduleUpdate();  // rate-limited by the browser: try again shortly
    }
  }

  const calculator = await startCalculator({
    view,
    catalog,
    loadCore,
    texts: textsFromSearch(schema, location.search),
    // The HTML already shows the default figures; keep them unless the URL asks for others.
    keepShown: !differsFromDefaults(schema, location.search),
    onEvaluate: (evaluation, { cause }) => {
      latestEvaluation = evaluation;
      byId('copy-link').disabled = !allValid(evaluation);
      // Typing is batched; leaving a field is applied at once. At the start the
      // address is rewritten too, in its neutral form (plain digits, decimals
      // without a mark), so the language switch carries what this page read:
      // "1.500" read as 1,500 here stays 1,500 in the other language.
      if (cause === 'input') scheduleUpdate();
      else flushUpdate();
      onEvaluate(evaluation);
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
    for (const kind of element ? ['iframe', 'element'] : ['iframe']) {
      setUpCopyButton(byId(`copy-${kind}-snippet`), byId(`copy-${kind}-status`), codeMessages, () => {
        flushUpdate();
        return byId(`${kind}-snippet`).textContent;
      });
    }
  }
  registerServiceWorker(siteRoot);
  return { view, showAddress };
}

// Offline after the first visit (see src/worker/service-worker.js). A browser
// that refuses (private mode, no support) just stays online-only.
function registerServiceWorker(siteRoot) {
  if (!('serviceWorker' in navigator)) return;
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
