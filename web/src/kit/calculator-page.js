// What every calculator page does around its calculator: prefill from the URL,
// recompute on every keystroke, keep the URL, the language switch and the
// printed address in step, copy the link on request, and offer embed code for
// the current values. The page's entry names the calculator and adds its own parts.
import { addressWriter } from './address.js';
import { startCalculator } from './controller.js';
import { setUpCopyButton } from './copy-button.js';
import { elementSnippet, iframeSnippet } from './embed-snippets.js';
import { keepFocusClear } from './focus-clear.js';
import { keepHeadingsClear } from './heading-clear.js';
import { showTablesAsCards } from './table-cards.js';
import { findView, readTexts, writeTexts } from './form-view.js';
import { isSettled } from './schema.js';
import { echoText } from './escape.js';
import { partIds } from './part-ids.js';
import { differsFromDefaults, repeatedParams, textsFromSearch, urlWithFields } from './url-state.js';

// A page that carries no run: no keys kept for other pages, no links rewritten, nothing read from the link beyond its fields.
const NO_RUN = { keys: [], carryLinks: () => {}, textsFromLink: async () => ({}) };

/**
 * schema, catalog (with the calculator's words), loadCore; embedWords: the
 * catalog entry with frameTitle, needsValidInput and (for a custom element)
 * fallback; element: {tagName} when the calculator has one; otherParams: the
 * URL keys of the page's other parts, kept in the address (any other key is
 * dropped); texts: field texts another part of the page read from the link
 * (a model preset), taken over the URL's own before the first evaluation, so
 * the first figures shown are the link's; withheld: '' or the reason the page starts
 * with no figure (the link's model refused); onEvaluate(evaluation) after every render; run: the run the site
 * carries from page to page ({keys, carryLinks(root, href), textsFromLink(schema, search, loadCore)}, run/run-context.js).
 * Resolves to {view, address, subscribe(listener), setTexts(texts), texts(), withhold(reason), linkedSearch}:
 * the page's address writer (address.js), for its other parts to add theirs;
 * subscribe: listener(evaluation, {cause, texts}) after every evaluation, the
 * latest at once if there is one; setTexts: fields set from outside (a derived
 * value, an import), taken as if typed and left; withhold: every figure taken
 * away with the reason said, until a field changes (controller.js).
 */
export async function startCalculatorPage({ document, schema, catalog, loadCore, embedWords, element = null, otherParams = [], texts: linkedTexts = {}, withheld = '', onEvaluate = () => {}, run = NO_RUN }) {
  const byId = (id) => document.getElementById(id);
  const root = document.documentElement;
  // The link the page was opened with, before the page rewrites its address.
  const linkedSearch = location.search;
  const siteRoot = new URL(root.dataset.siteRoot ?? './', location.href);
  const view = findView(document, schema);
  const languageSwitch = byId('language-switch');
  // The other language opens where the reader is: at the heading of the part on screen (the ids are the same in both).
  // A fragment the reader came by (#planner) is kept while its part is still on screen.
  languageSwitch?.addEventListener('click', () => {
    const target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const box = target?.getBoundingClientRect();
    if (box && box.bottom > 0 && box.top < window.innerHeight) {
      languageSwitch.hash = location.hash;
      return;
    }
    const headings = [...document.querySelectorAll('main h2[id]')];
    const passed = headings.filter((heading) => heading.getBoundingClientRect().top <= window.innerHeight / 3).at(-1);
    languageSwitch.hash = passed && window.scrollY > 0 ? `#${passed.id}` : '';
  });
  // A link or a snippet is for a calculation that works: none while a field needs fixing.
  const allValid = (evaluation) => schema.fields.every((field) => isSettled(field, evaluation.fields[field.key].status, evaluation.fields));
  let latest = null;
  const listeners = [];

  // The run as the page shows it: its address with every field it reads well,
  // defaults included, so the next page opens on the figures seen here, not on
  // its own defaults (a value equal to this page's default is left out of the
  // address, not out of the run).
  const runHref = (url) => {
    if (!latest) return url;
    const shown = new URL(urlWithFields(schema, url, latest.evaluation, latest.texts));
    for (const spec of schema.fields) {
      if (spec.kind !== 'preset' && latest.evaluation.fields[spec.key]?.status !== 'ok') shown.searchParams.delete(spec.param);
    }
    return shown.href;
  };
  // The language switch keeps the values, and printed pages carry their address.
  const address = addressWriter((url, otherLanguageUrl) => {
    if (languageSwitch) languageSwitch.search = new URL(otherLanguageUrl).search;
    document.querySelector('.page-footer')?.setAttribute('data-address', url);
    run.carryLinks(document, runHref(url));
    if (latest) showSnippets(latest.evaluation, latest.texts);
  });
  // Printed on every page (page.css, @page), so it must sit on the root; set
  // through the CSSOM (which the page's CSP allows) only when printing starts,
  // since a custom property changed on the root restyles the whole page.
  const stampAddress = () => {
    address.flush();
    root.style.setProperty('--page-address', JSON.stringify(location.href));
  };
  addEventListener('beforeprint', stampAddress);
  matchMedia('print').addEventListener('change', (event) => { if (event.matches) stampAddress(); });
  // The calculator's part: only what differs from the defaults, and of other
  // keys only those the page's other parts own and the run's (run-context.js),
  // which travel on to the next page.
  address.addPart((href, { forOtherLanguage = false } = {}) => (latest
    ? urlWithFields(schema, href, latest.evaluation, latest.texts, { onlyChanged: true, knownParams: [...otherParams, ...run.keys], forOtherLanguage }) : null));
  const snippetKinds = element ? ['iframe', 'element'] : ['iframe'];
  const showSnippets = (evaluation, texts) => {
    const valid = allValid(evaluation);
    const options = { siteRoot, schema, evaluation, texts, locale: catalog.locale, themeNotes: catalog.kit.embedTheme };
    byId('iframe-snippet').textContent = valid ? iframeSnippet({ ...options, title: embedWords.frameTitle }) : embedWords.needsValidInput;
    byId('copy-iframe-snippet').disabled = !valid;
    if (!element) return;
    byId('element-snippet').textContent = valid
      ? elementSnippet({ ...options, tagName: element.tagName, fallback: embedWords.fallback }) : embedWords.needsValidInput;
    byId('copy-element-snippet').disabled = !valid;
  };

  // A key the link gives twice: the first is read, and the page says which.
  const linkNote = byId(partIds(schema).linkNote);
  const repeated = repeatedParams(schema, location.search);
  if (linkNote && repeated.length > 0) {
    linkNote.textContent = catalog.kit.linkRepeated(repeated.map(({ name, values }) => ({ name, values: values.map((value) => echoText(value, 32)) })));
    linkNote.hidden = false;
  }

  const derivedTexts = await run.textsFromLink(schema, location.search, loadCore);
  // The HTML already shows the default figures; keep them unless the link asks for others.
  const keepShown = !differsFromDefaults(schema, location.search) && Object.keys({ ...derivedTexts, ...linkedTexts }).length === 0;
  // A page that loads its core only when needed carries the evaluation of those figures (calculator-markup.js): it
  // holds for the defaults' own texts, so only for a link that gives no field at all (not "\uFEFF8" for 8).
  const { evaluation: builtEvaluation } = view.container.dataset;
  delete view.container.dataset.evaluation;
  const linkParams = new URLSearchParams(location.search);
  // A link that gives a field, or a key the prefill guard waits for (gpus=) even if it gave no field, starts from the core.
  const linkSetsValues = schema.fields.some(({ param, aliases = [] }) => [param, ...aliases].some((key) => linkParams.has(key)))
    || 'prefill' in root.dataset;
  const calculator = await startCalculator({
    view,
    catalog,
    loadCore,
    texts: { ...textsFromSearch(schema, location.search), ...derivedTexts, ...linkedTexts },
    keepShown,
    startEvaluation: keepShown && !linkSetsValues && builtEvaluation ? JSON.parse(builtEvaluation) : null,
    // While an edit waits for the core, nothing copies the figures it replaced.
    onPending: () => {
      byId('copy-link').disabled = true;
      for (const kind of snippetKinds) byId(`copy-${kind}-snippet`).disabled = true;
    },
    withheld,
    onEvaluate: (evaluation, { cause, texts }) => {
      latest = { evaluation, texts };
      byId('copy-link').disabled = !allValid(evaluation);
      // Typing is batched; leaving a field is written at once. At the start the
      // address is written too, in its neutral form (plain digits, decimals
      // without a mark), so the language switch carries what this page read:
      // "1.500" read as 1,500 here stays 1,500 in the other language.
      if (cause === 'input') address.schedule();
      else address.flush();
      onEvaluate(evaluation, { cause, texts });
      for (const listener of listeners) listener(evaluation, { cause, texts });
    },
  });
  // The prefill guard hid the default figures for a prefilled URL; the real ones are shown now.
  delete root.dataset.prefill;

  setUpCopyButton(byId('copy-link'), byId('copy-status'), { done: catalog.kit.copy.linkCopied, failed: catalog.kit.copy.linkFailed }, () => {
    address.flush();
    return location.href;
  }, byId('copy-link-fallback'));
  const codeMessages = { done: catalog.kit.copy.codeCopied, failed: catalog.kit.copy.failed };
  for (const kind of snippetKinds) {
    setUpCopyButton(byId(`copy-${kind}-snippet`), byId(`copy-${kind}-status`), codeMessages, () => {
      address.flush();
      return byId(`${kind}-snippet`).textContent;
    });
  }
  // No control the reader tabs to stays under a sticky bar (each marks itself data-sticky-bar: the page bar, the
  // result bar, a part's own summary).
  keepFocusClear(document, '[data-sticky-bar]');
  // And no heading is read through a bar pinned to the bottom.
  keepHeadingsClear(document, '[data-sticky-bar="bottom"]');
  // Tables read as cards on a phone (page.css), their cells named by their columns.
  showTablesAsCards(document.body);
  registerServiceWorker(siteRoot);
  return {
    view,
    address,
    subscribe: (listener) => {
      listeners.push(listener);
      if (latest) listener(latest.evaluation, { cause: 'start', texts: latest.texts });
    },
    texts: () => readTexts(view),
    linkedSearch,
    // Taken as if typed and left: recomputed, and valid values regrouped.
    setTexts: async (texts) => {
      writeTexts(view, texts);
      await calculator.leave(Object.keys(texts));
    },
    withhold: async (reason) => { await calculator.withhold(reason); },
  };
}

// Offline after the first visit (see src/worker/service-worker.js). A browser
// that refuses (private mode, no support) just stays online-only.
// Installing fetches and stores every file of the site (78 files, 361 KB gzip), which
// doubled the p95 time from a keystroke to its frame while it ran (measured on
// the compute page: 58 ms against 31 ms with no worker). So it waits until the
// page has loaded and the reader has left the keyboard and pointer alone for
// QUIET_MS.
const QUIET_MS = 2000;
const INTERACTIONS = ['keydown', 'input', 'pointerdown'];

function registerServiceWorker(siteRoot) {
  if (!('serviceWorker' in navigator)) return;
  let timer = 0;
  // Each interaction restarts the wait; none starts it before the load event.
  const wait = () => {
    clearTimeout(timer);
    if (document.readyState === 'complete') timer = setTimeout(register, QUIET_MS);
  };
  const register = () => {
    for (const type of INTERACTIONS) removeEventListener(type, wait, true);
    // Trusted Types: the CSP allows this one policy, which admits this one URL.
    const workerUrl = new URL('sw.js', siteRoot).href;
    const policy = globalThis.trustedTypes?.createPolicy('batch-planner-service-worker', {
      createScriptURL: (url) => {
        if (url !== workerUrl) throw new TypeError(`not the service worker: ${url}`);
        return url;
      },
    });
    navigator.serviceWorker.register(policy ? policy.createScriptURL(workerUrl) : workerUrl, { scope: siteRoot.pathname }).catch(() => {});
  };
  for (const type of INTERACTIONS) addEventListener(type, wait, { capture: true, passive: true });
  if (document.readyState === 'complete') wait();
  else addEventListener('load', wait, { once: true });
}
