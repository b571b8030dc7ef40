// The parallel-configuration page, one per language (calculator-page.mjs is
// the frame): before the calculator, the model picker; after it, the chosen
// layout, where its step goes, the ten fastest and the link that plans it
// (rendered here for the defaults, redrawn by the page script), and the
// published runs the model was checked on, predicted by the same core.
import { h } from '../../kit/tree.js';
import { defaultTexts } from '../../kit/schema.js';
import { toHtml } from '../../../pages/html.mjs';
import { modelPickerNodes } from '../../../pages/model-picker.mjs';
import { breakdownTree, calibrationRows, calibrationTree, familiesTree, fastestTree, layoutTree, presentLayout } from './layout.js';
import { CALIBRATION_RUNS, H100_CHECKS, runTexts } from './calibration-runs.js';
import { familyErrors, publishedErrors } from './prediction-error.js';

/** The page's own slots in the frame (calculator-page.mjs); options: as site.mjs gives them. */
export default function pageSlots({ catalog, schema, prose, snippetOptions, core }) {
  const words = catalog[schema.messages];
  // Each family's measured error, from every published run the page shows, predicted by the same core.
  const families = familyErrors(publishedErrors(core, schema, defaultTexts(schema)));
  const shown = presentLayout(words, snippetOptions.evaluation, new Map(families.map((family) => [family.family, family])));
  const model = h('section', { class: 'model-section', id: 'model', 'aria-labelledby': 'model-title' }, modelPickerNodes(words.model));
  const layout = [
    h('section', { class: 'configuration-section', id: 'configuration', 'aria-labelledby': 'configuration-title' },
      h('h2', { id: 'configuration-title' }, words.layout.title),
      h('div', { id: 'configuration-layout' }, layoutTree(words, shown)),
      h('p', { class: 'configuration-plan' }, h('a', { id: 'configuration-plan-link', hidden: true }))),
    h('section', { class: 'step-section', 'aria-labelledby': 'step-breakdown-title' },
      h('h2', { id: 'step-breakdown-title' }, words.breakdown.title),
      h('div', { id: 'step-breakdown-part' }, breakdownTree(words, shown))),
    h('section', { class: 'configurations-section', 'aria-labelledby': 'configurations-title' },
      h('h2', { id: 'configurations-title' }, words.table.title),
      h('div', { id: 'configurations-part' }, fastestTree(words, shown))),
  ];
  const rowsOf = (runs) => calibrationRows(core, schema, runs, runTexts, defaultTexts(schema), snippetOptions.evaluation.marks, catalog.numberSyntax);
  const calibration = h('section', { class: 'calibration-section', id: 'calibration', 'aria-labelledby': 'calibration-title' },
    h('h2', { id: 'calibration-title' }, prose.calibration.title),
    familiesTree(words, families, snippetOptions.evaluation.marks),
    calibrationTree(prose.calibration, rowsOf(CALIBRATION_RUNS)),
    h('h3', { id: 'h100-checks-title' }, prose.checks.title),
    calibrationTree({ ...prose.calibration, ...prose.checks }, rowsOf(H100_CHECKS), 'h100-checks-table'));
  return {
    beforeCalculator: `    ${toHtml(model)}\n`,
    afterCalculator: `    ${[...layout, calibration].map(toHtml).join('\n    ')}\n`,
  };
}
