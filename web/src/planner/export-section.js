// The planner's export: each framework's config for the plan on screen, its
// notes, its copy button and download link, and the version selects of the
// frameworks whose spelling changed, each kept in the page's address
// (?megatron=core-0.18, ?torchtitan=main), and the tab of the framework
// shown (?export=megatron). Shown after every planner
// evaluation, and again, without recomputing, when a version changes.
import { EXPORT_PARAM, EXPORT_RUN_CHOICES, EXPORT_TARGETS, EXPORT_VERSIONS } from './export/targets.js';
import { presentExport } from './export/present.js';
import { showExport } from './export/view.js';
import { setUpCopyButton } from '../kit/copy-button.js';

/**
 * address: the page's address writer (kit/address.js); labels: {fieldKey:
 * label}, to name the field that blocks; linkedSearch: the link the page was
 * opened with, before its address was rewritten. Returns {show(evaluation, presentation)}.
 */
export function startExport({ document, catalog, plannerCatalog, address, labels, linkedSearch = location.search }) {
  const shown = new Map();
  let latest = null;
  const selects = EXPORT_VERSIONS.map((version) => ({ ...version, select: document.getElementById(version.id) }));
  for (const { param, versions, select } of selects) {
    const linked = new URLSearchParams(location.search).get(param);
    if (versions.includes(linked)) select.value = linked;
  }
  const chosenVersions = () => Object.fromEntries(selects.map(({ key, select }) => [`${key}Version`, select.value]));
  // The run's activation settings (recompute=, sp=), as the version selects: the first choice is not written.
  const runChoices = EXPORT_RUN_CHOICES.map(({ name, param, id, choices }) => ({ name, param, versions: choices, select: document.getElementById(id) }));
  for (const { param, versions, select } of runChoices) {
    const linked = new URLSearchParams(location.search).get(param);
    if (versions.includes(linked)) select.value = linked;
  }
  const chosenRun = () => Object.fromEntries(runChoices.map(({ name, select }) => [name, select.value]));
  // The run's model, read when the address gives one: a published one (model=), or a pasted one's shape by the
  // memory page's keys (layers=, hidden=, …), which has no slug; its shape goes into Megatron-LM's arguments, and
  // a shape from keys is kept in the address with the plan.
  let model = null;
  let shapeKeys = null;
  const params = new URLSearchParams(linkedSearch);
  const slug = new URLSearchParams(location.search).get('model');
  const showModel = (found) => {
    model = found;
    if (latest) show(latest.evaluation, latest.presentation, latest);
  };
  if (slug) {
    import('../models/model-reader.js').then((reader) => reader.readPreset(slug)).then(({ report, preset }) => {
      if (preset && !report.problem) showModel({ name: preset.name, report });
    }).catch(() => {});
  } else if (params.has('layers')) {
    Promise.all([import('../models/linked-model.js'), import('../models/shape-links.js')]).then(([{ modelOfLinkKeys }, { shapeLinkKeys }]) => {
      const report = modelOfLinkKeys(params);
      if (!report) return;
      shapeKeys = shapeLinkKeys(report);
      address.flush();
      showModel({ name: plannerCatalog.export.linkedShape, report });
    }).catch(() => {});
  }

  const show = (evaluation, presentation) => {
    latest = { evaluation, presentation };
    showExport(document, presentExport(plannerCatalog.export, evaluation, {
      stepSchedule: presentation.schedule?.stepSchedule ?? '', ...chosenVersions(), ...chosenRun(), model, labels, rampMessage: presentation.messages.ramp,
    }), shown, { typing: presentation.typing });
  };
  // A version or a run choice is written only when it is not the default; a shape from the link stays in it.
  address.addPart((href) => {
    const url = new URL(href);
    for (const [key, value] of Object.entries(shapeKeys ?? {})) url.searchParams.set(key, value);
    for (const { param, versions, select } of [...selects, ...runChoices]) {
      if (select.value === versions[0]) url.searchParams.delete(param);
      else url.searchParams.set(param, select.value);
    }
    return url.href;
  });
  for (const { select } of [...selects, ...runChoices]) {
    select.addEventListener('change', () => {
      if (latest) show(latest.evaluation, latest.presentation, latest);
      address.flush();
    });
  }
  const copied = { done: catalog.kit.copy.codeCopied, failed: catalog.kit.copy.failed };
  for (const { id } of EXPORT_TARGETS) {
    setUpCopyButton(document.getElementById(`${id}-copy`), document.getElementById(`${id}-status`), copied, () => document.getElementById(id).textContent);
  }
  // One framework shown at a time, chosen by its tab and kept in the address
  // (export=hf-python; the first is the default and is not written). Arrow
  // keys, Home and End move between the tabs (WAI-ARIA tabs, automatic
  // activation); the chosen one is also the one a printed plan carries.
  const tabs = EXPORT_TARGETS.map(({ id, slug }) => ({ slug, tab: document.getElementById(`${id}-tab`), panel: document.getElementById(`${id}-block`) }));
  let chosen = tabs.find(({ slug }) => slug === new URLSearchParams(location.search).get(EXPORT_PARAM)) ?? tabs[0];
  const choose = (next, { focus = false } = {}) => {
    chosen = next;
    for (const entry of tabs) {
      const selected = entry === next;
      entry.tab.setAttribute('aria-selected', String(selected));
      entry.tab.tabIndex = selected ? 0 : -1;
      entry.panel.hidden = !selected;
    }
    if (focus) next.tab.focus();
    address.flush();
  };
  address.addPart((href) => {
    const url = new URL(href);
    if (chosen === tabs[0]) url.searchParams.delete(EXPORT_PARAM);
    else url.searchParams.set(EXPORT_PARAM, chosen.slug);
    return url.href;
  });
  if (chosen !== tabs[0]) choose(chosen);
  for (const entry of tabs) {
    entry.tab.addEventListener('click', () => choose(entry));
    entry.tab.addEventListener('keydown', (event) => {
      const at = tabs.indexOf(entry);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      choose(tabs[(to + tabs.length) % tabs.length], { focus: true });
    });
  }
  return { show };
}
