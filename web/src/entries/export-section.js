// The planner's export: each framework's config for the plan on screen, its
// notes, its copy button and download link, and the version selects of the
// frameworks whose spelling changed, each kept in the page's address
// (?megatron=core-0.18, ?torchtitan=main). Shown after every planner
// evaluation, and again, without recomputing, when a version changes.
import { EXPORT_TARGETS, EXPORT_VERSIONS } from '../calculators/config-export/targets.js';
import { presentExport } from '../calculators/config-export/present.js';
import { showExport } from '../calculators/config-export/view.js';
import { setUpCopyButton } from '../kit/copy-button.js';

/**
 * address: the page's address writer (kit/address.js); labels: {fieldKey:
 * label}, to name the field that blocks. Returns {show(evaluation, presentation, {assumedCluster})}.
 */
export function startExport({ document, catalog, plannerCatalog, address, labels }) {
  const shown = new Map();
  let latest = null;
  const selects = EXPORT_VERSIONS.map((version) => ({ ...version, select: document.getElementById(version.id) }));
  for (const { param, versions, select } of selects) {
    const linked = new URLSearchParams(location.search).get(param);
    if (versions.includes(linked)) select.value = linked;
  }
  const chosenVersions = () => Object.fromEntries(selects.map(({ key, select }) => [`${key}Version`, select.value]));

  const show = (evaluation, presentation, { assumedCluster = false } = {}) => {
    latest = { evaluation, presentation, assumedCluster };
    showExport(document, presentExport(plannerCatalog.export, evaluation, {
      stepSchedule: presentation.schedule?.stepSchedule ?? '', ...chosenVersions(), labels, assumedCluster, rampMessage: presentation.messages.ramp,
    }), shown, { typing: presentation.typing });
  };
  // A version is written only when it is not the default.
  address.addPart((href) => {
    const url = new URL(href);
    for (const { param, versions, select } of selects) {
      if (select.value === versions[0]) url.searchParams.delete(param);
      else url.searchParams.set(param, select.value);
    }
    return url.href;
  });
  for (const { select } of selects) {
    select.addEventListener('change', () => {
      if (latest) show(latest.evaluation, latest.presentation, latest);
      address.flush();
    });
  }
  const copied = { done: catalog.kit.copy.codeCopied, failed: catalog.kit.copy.failed };
  for (const { id } of EXPORT_TARGETS) {
    setUpCopyButton(document.getElementById(`${id}-copy`), document.getElementById(`${id}-status`), copied, () => document.getElementById(id).textContent);
  }
  // The framework the reader chose (the last one copied, downloaded or read in
  // its box) is the one a printed plan carries (planner.css).
  const blocks = EXPORT_TARGETS.map(({ id }) => document.getElementById(`${id}-block`));
  const choose = (chosen) => { for (const block of blocks) block.toggleAttribute('data-chosen', block === chosen); };
  for (const block of blocks) {
    for (const control of block.querySelectorAll('pre, button, a')) {
      control.addEventListener(control.tagName === 'PRE' ? 'focus' : 'click', () => choose(block));
    }
  }
  return { show };
}
