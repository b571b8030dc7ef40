// The page's planner section, loaded when it is first needed (page.js): the
// planner's module and catalog, prefill from the URL, recompute on every
// keystroke in the planner or in the calculator above, keep the URL and the
// language switch in step, hand a derived d to the calculator on request, and
// write the batch into each framework's config.
// The section's data-state says where it stands: "loading", "ready" or "failed".
import { PLANNER } from '../calculators/planner/schema.js';
import { loadPlannerCore } from '../calculators/planner/core-loader.js';
import { presentPlanner } from '../calculators/planner/present.js';
import { plannerStateFromSearch, urlWithPlanner } from '../calculators/planner/url-state.js';
import { plannerBodyTree } from '../calculators/planner/markup.js';
import { applyPlannerPresentation, findPlannerView, readPlannerTexts, showPlannerUnavailable } from '../calculators/planner/view.js';
import { EXPORT_TARGETS, EXPORT_VERSIONS } from '../calculators/config-export/targets.js';
import { presentExport } from '../calculators/config-export/present.js';
import { showExport } from '../calculators/config-export/view.js';
import { loadPlannerCatalog } from '../i18n/catalogs.js';
import { setUpCopyButton } from '../kit/copy-button.js';
import { readTexts } from '../kit/form-view.js';
import { groupDigits } from '../kit/number-format.js';
import { toDom } from '../kit/tree.js';

const URL_UPDATE_DELAY_MS = 150;
// A count typed as digits is regrouped once left; shorthand ("2T", "2^12") is kept as typed.
const PLAIN_DIGITS = /^[\d\s.,\u00a0\u202f]+$/;

/**
 * catalog: the page's run-time catalog; calculatorView: the calculator's view
 * (form-view.js), whose four fields the planner reads; onAddressChange(url):
 * the page updates its language switch and printed address.
 */
export async function startPlanner({ document, catalog, calculatorView, onAddressChange }) {
  const section = document.getElementById('planner');
  section.dataset.state = 'loading';
  // The module starts loading now; the words and the stylesheet come alongside.
  loadPlannerCore().catch(() => {});
  const [plannerCatalog] = await Promise.all([loadPlannerCatalog(document.documentElement.lang), loadStylesheet(document, section.dataset.stylesheet)]);
  const catalogs = { kit: catalog.kit, planner: plannerCatalog };

  const prefill = plannerStateFromSearch(PLANNER, location.search);
  document.getElementById('planner-body').replaceChildren(toDom(
    plannerBodyTree(PLANNER, plannerCatalog, { texts: prefill.texts, unit: prefill.unit, noFigure: catalog.kit.noFigure }), document));
  const view = findPlannerView(document, PLANNER);
  showPlannerUnavailable(view, plannerCatalog.loading, catalog.kit.noFigure);

  let latest = null;
  let urlTimer = 0;
  // Each framework whose spelling changed has a version select, linked by its own key.
  const versionSelects = EXPORT_VERSIONS.map((version) => ({ ...version, select: document.getElementById(version.id) }));
  for (const { param, versions, select } of versionSelects) {
    const linked = new URLSearchParams(location.search).get(param);
    if (versions.includes(linked)) select.value = linked;
  }
  const chosenVersions = () => Object.fromEntries(versionSelects.map(({ key, select }) => [`${key}Version`, select.value]));
  const shownExports = new Map();

  const texts = () => ({ ...readTexts(calculatorView), ...readPlannerTexts(view) });
  const run = async (cause) => {
    let core;
    try {
      core = await loadPlannerCore();
    } catch {
      showPlannerUnavailable(view, plannerCatalog.failed, catalog.kit.noFigure);
      section.dataset.state = 'failed';
      return null;
    }
    const fieldTexts = texts();
    let evaluation;
    try {
      evaluation = core.evaluate(fieldTexts, view.unit.value, catalog.numberSyntax);
    } catch {
      // The module failed and the loader has dropped it; the next load is a fresh one.
      showPlannerUnavailable(view, plannerCatalog.crashed, catalog.kit.noFigure);
      section.dataset.state = 'loading';
      loadPlannerCore().then(() => run('update'), () => {});
      return null;
    }
    const presentation = presentPlanner(PLANNER, catalogs, evaluation, { unit: view.unit.value, typing: cause === 'input', texts: fieldTexts });
    applyPlannerPresentation(view, presentation);
    showExport(document, presentExport(plannerCatalog.export, evaluation,
      { stepSchedule: presentation.schedule?.stepSchedule ?? '', ...chosenVersions() }), shownExports);
    section.dataset.state = 'ready';
    latest = { evaluation, texts: fieldTexts };
    // At the start too: the address is written in its neutral form at once.
    if (cause === 'input') scheduleUrlUpdate();
    else updateUrl();
    return evaluation;
  };

  function scheduleUrlUpdate() {
    if (!urlTimer) urlTimer = setTimeout(updateUrl, URL_UPDATE_DELAY_MS);
  }
  function updateUrl() {
    clearTimeout(urlTimer);
    urlTimer = 0;
    if (!latest) return;
    const planned = new URL(urlWithPlanner(PLANNER, location.href, latest.evaluation, latest.texts, view.unit.value));
    // A framework version is written only when it is not the default.
    for (const { param, versions, select } of versionSelects) {
      if (select.value === versions[0]) planned.searchParams.delete(param);
      else planned.searchParams.set(param, select.value);
    }
    const url = planned.href;
    if (url !== location.href) {
      try {
        history.replaceState(history.state, '', url);
      } catch {
        scheduleUrlUpdate();  // rate-limited by the browser: try again shortly
        return;
      }
    }
    onAddressChange(location.href);
  }

  const regroup = (key) => {
    const field = latest?.evaluation.fields[key];
    const input = view.inputs[key];
    if (field?.status === 'ok' && field.kind === 'count' && PLAIN_DIGITS.test(input.value)) {
      input.value = groupDigits(field.value, latest.evaluation.marks);
    }
  };

  view.parts.form.addEventListener('submit', (event) => event.preventDefault());
  for (const { key } of PLANNER.fields) {
    view.inputs[key].addEventListener('input', () => run('input'));
    view.inputs[key].addEventListener('change', () => run('change').then(() => regroup(key)));
  }
  view.unit.addEventListener('change', () => run('change'));
  for (const { select } of versionSelects) select.addEventListener('change', () => run('change'));
  const copied = { done: catalog.kit.copy.codeCopied, failed: catalog.kit.copy.failed };
  for (const { id } of EXPORT_TARGETS) {
    setUpCopyButton(document.getElementById(`${id}-copy`), document.getElementById(`${id}-status`), copied, () => document.getElementById(id).textContent);
  }
  for (const input of Object.values(calculatorView.inputs)) {
    input.addEventListener('input', () => run('input'));
    input.addEventListener('change', () => run('update'));
  }
  setUpImport({ document, catalog, plannerCatalog, calculatorView, view });

  // The derived d goes into the calculator as if typed there, so the
  // calculator, its URL and this planner all follow.
  view.parts.useDataParallel.addEventListener('click', () => {
    const input = calculatorView.inputs.dataParallel;
    input.value = groupDigits(view.parts.useDataParallel.dataset.value, latest.evaluation.marks);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });

  const evaluation = await run('start');
  if (evaluation) for (const { key } of PLANNER.fields) regroup(key);
}

// A pasted config fills in the calculator and the planner, as if typed there;
// the reader (and its command-line parser) loads on the first import.
function setUpImport({ document, catalog, plannerCatalog, calculatorView, view }) {
  const words = plannerCatalog.export.import;
  const message = document.getElementById('import-message');
  const inputs = { ...calculatorView.inputs, ...view.inputs };
  const say = (code, text) => {
    message.dataset.error = code;
    message.textContent = text;
  };
  document.getElementById('import-button').addEventListener('click', async () => {
    let readConfig;
    let core;
    try {
      [{ readConfig }, core] = await Promise.all([import('../calculators/config-import/read.js'), loadPlannerCore()]);
    } catch {
      say('failed', words.errors.failed());
      return;
    }
    const { marks } = core.evaluate({}, 'seq', catalog.numberSyntax);
    const digits = (value) => groupDigits(String(value), marks);
    // The planner core judges each number in the field whose limits fit it, as if typed there.
    const judge = (key, text) => core.evaluate({ [key]: text }, 'seq', catalog.numberSyntax).fields[key];
    const current = (key) => {
      const field = judge(key, inputs[key].value);
      return field.status === 'ok' ? BigInt(field.value) : null;
    };
    const result = readConfig(document.getElementById('import-text').value, judge,
      { dataParallel: current('dataParallel'), worldSize: current('worldSize') });
    if (result.error) {
      const { code, ...numbers } = result.error;
      say(code, words.errors[code](Object.fromEntries(Object.entries(numbers).map(([name, value]) =>
        [name, typeof value === 'bigint' ? digits(value) : value]))));
      return;
    }
    for (const [key, text] of Object.entries(result.texts)) inputs[key].value = /^\d+$/.test(text) ? digits(text) : text;
    // One change recomputes both: the calculator reads all its fields, and the
    // planner, which follows the calculator's changes, reads all of its own.
    calculatorView.inputs.microBatch.dispatchEvent(new Event('change', { bubbles: true }));
    say('', words.done({ format: words.formats[result.format], b: digits(result.texts.microBatch),
      d: digits(result.texts.dataParallel), a: digits(result.texts.accumulationSteps) }));
  });
}

// Resolves once the stylesheet has applied (or failed: the planner still works unstyled).
function loadStylesheet(document, href) {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true });
    document.head.append(link);
  });
}
