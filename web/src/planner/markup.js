// The planner section's markup, built from its schema and catalogs. The shell
// (heading, introduction, status line) is rendered into the page at build
// time; the body (five groups of fields, each with its results) is built into
// the DOM when the planner loads, so the page's first load does not carry it.
// view.js finds the parts by the ids set here and fills them in.
import { h } from '../kit/tree.js';
import { messagesAt } from '../kit/schema.js';
import { EXPORT_PARAM, EXPORT_RUN_CHOICES, EXPORT_TARGETS, EXPORT_VERSIONS } from './export/targets.js';
import { RECIPES, recipeQuery } from './recipes/recipes.js';

// Which results sit in which group, in order.
const GROUP_RESULTS = {
  cluster: ['dataParallel'],
  target: ['accumulationSteps', 'batchBelow', 'batchAbove', 'dataParallelNeeded', 'microBatchNeeded'],
  budget: ['optimizerSteps', 'lastStepTokens', 'warmupSteps', 'epochs', 'duration', 'stepsWithRamp'],
  learningRate: ['learningRateLinear', 'learningRateSqrt', 'decaySteps'],
  ramp: ['rampSteps', 'rampSamples', 'rampTokens'],
};

// The results that come with a one-click "use it" button, and its id.
export const APPLY_BUTTONS = Object.freeze({
  accumulationSteps: 'plan-use-accumulation',
  batchBelow: 'plan-use-batch-below',
  batchAbove: 'plan-use-batch-above',
  dataParallelNeeded: 'plan-use-data-parallel-needed',
  microBatchNeeded: 'plan-use-micro-batch-needed',
});
// The plan summary's figures, in order, each an <output id="summary-KEY">.
export const SUMMARY_KEYS = Object.freeze(['product', 'batch', 'tokens', 'steps', 'warmup', 'duration']);

// Counts typed as digits get the numeric keyboard; shorthand and decimals need letters.
const inputMode = (spec) => (spec.kind === 'count' && spec.shorthand === 'sequences' && spec.key !== 'target' ? 'numeric' : 'text');

/** The ids of the planner's own parts, beyond the schema's field and result ids. */
export const PLANNER_PARTS = Object.freeze({
  section: 'planner',
  title: 'planner-title',
  body: 'planner-body',
  form: 'planner-form',
  status: 'planner-status',
  clusterMessage: 'plan-cluster-message',
  useDataParallel: 'plan-use-data-parallel',
  chooseLink: 'plan-choose-link',
  targetPower: 'plan-target-power',
  solveMessage: 'plan-solve-message',
  frameworks: 'plan-frameworks',
  frameworksList: 'plan-frameworks-list',
  exactMicro: 'plan-exact-micro-batches',
  exactMicroList: 'plan-exact-micro-list',
  summary: 'plan-summary',
  recipeStatus: 'recipe-status',
  rampMessage: 'ramp-message',
  rampChart: 'ramp-chart',
  rampChartPath: 'ramp-chart-path',
  rampChartAxes: 'ramp-chart-axes',
  rampChartLabels: 'ramp-chart-labels',
  rampChartDescription: 'ramp-chart-description',
  rampFigure: 'ramp-figure',
  rampSchedule: 'ramp-schedule',
  rampDetails: 'ramp-details',
  rampTableSummary: 'ramp-table-summary',
  rampFinal: 'ramp-final',
  rampCommands: 'ramp-commands',
  rampOld: 'ramp-megatron-old',
  rampNew: 'ramp-megatron-new',
  exportSection: 'planner-export',
  exportMessage: 'export-message',
  importText: 'import-text',
  importButton: 'import-button',
  importMessage: 'import-message',
  importSummary: 'import-summary',
});

/** The URL keys that, present in a link, make the page load the planner at once: its fields' and its exports'. */
export function plannerParams(schema) {
  return [...new Set([...schema.fields.flatMap((spec) => [spec.param, ...(spec.aliases ?? [])]), ...EXPORT_VERSIONS.map(({ param }) => param),
    ...EXPORT_RUN_CHOICES.map(({ param }) => param), EXPORT_PARAM])];
}

/**
 * The part in the page's HTML. stylesheet: the planner's stylesheet URL,
 * loaded with the body.
 */
export function plannerShellTree(schema, planner, { stylesheet }) {
  const parts = PLANNER_PARTS;
  // data-params: the URL keys that, present in a link, make the page load the planner at once.
  const params = plannerParams(schema).join(' ');
  return h('section', { class: 'planner', id: parts.section, 'aria-labelledby': parts.title, 'data-state': 'idle', 'data-params': params, 'data-stylesheet': stylesheet },
    h('h2', { id: parts.title }, planner.title),
    h('p', { class: 'planner-intro' }, planner.intro),
    h('p', { class: 'results-status', id: parts.status, role: 'status' }),
    h('div', { id: parts.body }));
}

/** The fields and results, built when the planner loads. texts: the fields' initial text. */
export function plannerBodyTree(schema, planner, { texts = {}, noFigure }) {
  const parts = PLANNER_PARTS;
  const field = (spec) => (spec.kind === 'choice'
    ? choiceTree(spec, messagesAt({ planner }, spec.messages), texts[spec.key] ?? spec.default)
    : fieldTree(spec, planner.fields[spec.key], texts[spec.key] ?? spec.default));
  const idOf = Object.fromEntries(schema.results.map(({ key, id }) => [key, id]));
  const resultRow = (key) => h('div', { class: 'result' },
    h('dt', {}, planner.results[key]),
    h('dd', {},
      h('output', { id: idOf[key], 'data-value': '', 'data-error': '' }, noFigure),
      ' ', h('span', { class: 'detail', id: `${idOf[key]}-detail` }),
      APPLY_BUTTONS[key] && h('button', { type: 'button', class: 'button apply-button', id: APPLY_BUTTONS[key], 'data-apply-key': key, hidden: true })));
  const results = (group) => h('dl', { class: 'result-list planner-results' }, GROUP_RESULTS[group].map(resultRow));
  const fieldsOf = (group) => schema.fields.filter((spec) => spec.group === group).map(field);
  const group = (name, ...extra) => h('section', { class: 'planner-group', 'aria-labelledby': `planner-${name}-title` },
    h('h3', { id: `planner-${name}-title` }, planner.groups[name].title),
    h('p', { class: 'hint' }, planner.groups[name].hint),
    h('div', { class: 'planner-fields' }, fieldsOf(name)),
    results(name),
    extra);

  return h('form', { id: parts.form, novalidate: true, 'aria-label': planner.formLabel },
    recipesTree(planner.recipes),
    group('cluster',
      h('p', { class: 'planner-message', id: parts.clusterMessage }),
      h('button', { type: 'button', class: 'button', id: parts.useDataParallel, hidden: true }),
      // The configuration page, handed this run to choose its layout (section.js).
      h('p', { class: 'planner-message' }, h('a', { id: parts.chooseLink, hidden: true }))),
    group('target',
      h('p', { class: 'planner-message', id: parts.solveMessage }),
      h('div', { id: parts.frameworks, hidden: true },
        h('h4', {}, planner.solve.frameworksTitle),
        h('ul', { class: 'planner-notes', id: parts.frameworksList })),
      h('p', { class: 'planner-message' }, h('span', {}, planner.solve.exactMicroTitle, ': '), h('span', { id: parts.exactMicro })),
      // Focusable, so the focus has somewhere to stay when the button it was on is replaced.
      h('ul', { class: 'apply-list', id: parts.exactMicroList, tabindex: '-1', 'aria-label': planner.solve.exactMicroTitle })),
    group('budget'),
    group('learningRate',
      h('details', { class: 'planner-caveats' },
        h('summary', {}, planner.learningRate.caveatsTitle),
        h('ul', { class: 'planner-notes' }, ['linear', 'sqrt', 'critical'].map((key) => h('li', {}, planner.learningRate[key]))))),
    group('ramp',
      h('p', { class: 'planner-message', id: parts.rampMessage, role: 'status' }),
      h('figure', { class: 'ramp-figure', id: parts.rampFigure, hidden: true },
        h('svg', { id: parts.rampChart, class: 'ramp-chart', role: 'img', 'aria-labelledby': `${parts.rampChart}-title ${parts.rampChartDescription}`, viewBox: '0 0 640 260', xmlns: 'http://www.w3.org/2000/svg' },
          h('title', { id: `${parts.rampChart}-title` }, planner.ramp.chartTitle),
          h('desc', { id: parts.rampChartDescription }),
          h('path', { id: parts.rampChartAxes, class: 'ramp-axes', d: '' }),
          h('path', { id: parts.rampChartPath, class: 'ramp-line', d: '' }),
          h('g', { id: parts.rampChartLabels, class: 'ramp-labels' })),
        h('figcaption', {}, planner.ramp.chartTitle)),
      // Collapsed under a summary of its stages; opened on demand.
      h('details', { class: 'ramp-details', id: parts.rampDetails, hidden: true },
      h('summary', { id: parts.rampTableSummary }),
      // Scrolls on its own, so it takes focus: keyboard readers can scroll it too.
      h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': `${parts.rampSchedule}-caption` },
        h('table', { id: parts.rampSchedule, class: 'ramp-table' },
          h('caption', { id: `${parts.rampSchedule}-caption` }, planner.ramp.caption),
          h('thead', {}, h('tr', {}, Object.values(planner.ramp.columns).map((label) => h('th', { scope: 'col' }, label)))),
          h('tbody', {}),
          h('tfoot', {}, h('tr', { id: parts.rampFinal }, h('th', { scope: 'row' }), h('td', {}), h('td', {}), h('td', {}), h('td', {})))))),
      h('div', { class: 'ramp-commands', id: parts.rampCommands, hidden: true },
        h('h4', {}, planner.ramp.oldMegatron),
        h('pre', { class: 'snippet', tabindex: '0' }, h('code', { id: parts.rampOld })),
        h('p', { class: 'hint' }, planner.ramp.oldNote),
        h('h4', {}, planner.ramp.newMegatron),
        h('pre', { class: 'snippet', tabindex: '0' }, h('code', { id: parts.rampNew })),
        h('p', { class: 'hint' }, planner.ramp.newNote))),
    exportTree(planner.export),
    summaryTree(planner.summary, noFigure));
}

// The plan in one line, kept in view at the bottom of the screen while the planner is.
function summaryTree(words, noFigure) {
  return h('section', { class: 'plan-summary', 'data-sticky-bar': 'bottom', id: PLANNER_PARTS.summary, 'aria-labelledby': 'plan-summary-title' },
    h('h3', { id: 'plan-summary-title', class: 'visually-hidden' }, words.title),
    h('dl', {}, SUMMARY_KEYS.map((key) => h('div', { class: 'summary-item' },
      h('dt', {}, words[key]),
      h('dd', {}, h('output', { id: `summary-${key}`, 'data-value': '', 'data-blocked-by': '' }, noFigure),
        h('a', { class: 'summary-blocker', id: `summary-${key}-blocker`, href: '#', hidden: true }))))));
}

// Published runs, each one link that sets the calculator and the planner; the
// values the source does not state are marked as derived.
const RECIPE_KEYS = ['micro', 'dp', 'accum', 'seq', 'target', 'gpus', 'tp', 'pp', 'cp', 'gpn', 'ramp', 'tokens', 'warmup', 'lr', 'minlr', 'decay', 'decaystyle'];
function recipesTree(words) {
  return h('section', { class: 'planner-group planner-recipes', 'aria-labelledby': 'planner-recipes-title' },
    h('h3', { id: 'planner-recipes-title' }, words.title),
    h('p', { class: 'hint' }, words.hint),
    h('ul', { class: 'recipe-list', id: 'recipe-list' }, RECIPES.map((recipe) => h('li', { class: 'recipe' },
      h('a', { href: `?${recipeQuery(recipe)}`, 'data-recipe': recipe.slug }, recipe.name),
      h('span', { class: 'recipe-values' }, RECIPE_KEYS.filter((key) => recipe.values[key] !== undefined).map((key) => {
        const derived = !recipe.published.includes(key);
        return h('span', { class: derived ? 'recipe-value derived' : 'recipe-value', 'data-derived': String(derived) },
          `${words.keys[key]} = ${recipe.values[key]}`, derived && h('sup', {}, '*'));
      })),
      h('span', { class: 'recipe-source' }, `${words.source}: `, h('a', { href: recipe.url, rel: 'noopener' }, recipe.source))))),
    h('p', { class: 'hint' }, h('sup', {}, '*'), ' ', words.derived),
    h('p', { class: 'planner-message', id: PLANNER_PARTS.recipeStatus, role: 'status', 'aria-live': 'polite' }));
}

// One block per framework: its snippet (the <code> the page contract names),
// the notes about it, where its rule was read, and copy and download.
function exportTree(words) {
  const parts = PLANNER_PARTS;
  return h('section', { class: 'planner-group planner-export', id: parts.exportSection, 'aria-labelledby': 'planner-export-title' },
    h('h3', { id: 'planner-export-title' }, words.title),
    h('p', { class: 'hint' }, words.hint),
    h('div', { class: 'config-import' },
      h('h4', {}, words.import.title),
      h('label', { for: parts.importText }, words.import.label),
      h('p', { class: 'hint', id: `${parts.importText}-hint` }, words.import.hint),
      // No maxlength: a huge paste cut short silently would read as a broken config; the reader refuses it by its length.
      h('textarea', { id: parts.importText, rows: '5', spellcheck: 'false', autocomplete: 'off',
        'aria-describedby': `${parts.importText}-hint ${parts.importMessage}` }),
      h('div', { class: 'snippet-actions' },
        h('button', { type: 'button', class: 'button', id: parts.importButton }, words.import.button),
        h('p', { class: 'planner-message', id: parts.importMessage, role: 'status', 'data-error': '' })),
      h('ul', { class: 'planner-notes import-summary', id: parts.importSummary, 'aria-label': words.import.summaryTitle })),
    h('p', { class: 'planner-message', id: parts.exportMessage, role: 'status' }),
    h('ul', { class: 'planner-notes', id: 'export-shared-notes' }),
    // The activation settings Megatron-LM and SLURM write, as the memory page counts them (recompute=, sp=).
    h('div', { class: 'export-run-choices' }, EXPORT_RUN_CHOICES.map(({ name, param, id: selectId, choices }) => h('div', { class: 'field export-version' },
      h('label', { for: selectId }, words.runChoices[name].label),
      h('select', { id: selectId, name: param }, choices.map((choice) => h('option', { value: choice }, words.runChoices[name].options[choice]))))),
    h('p', { class: 'hint' }, words.runChoices.hint)),
    // One framework at a time, chosen by its tab (WAI-ARIA tabs, automatic activation) and kept in the address (export=).
    h('div', { class: 'export-tabs', role: 'tablist', 'aria-label': words.tabsLabel }, EXPORT_TARGETS.map(({ key, id, slug }, index) => h('button', {
      type: 'button', role: 'tab', class: 'export-tab', id: `${id}-tab`, 'aria-controls': `${id}-block`, 'aria-selected': String(index === 0),
      tabindex: index === 0 ? '0' : '-1', 'data-export': slug,
    }, words.titles[key]))),
    EXPORT_TARGETS.map(({ key, id, source, file }, index) => h('div', {
      class: 'export-target', 'data-target': key, id: `${id}-block`, role: 'tabpanel', 'aria-labelledby': `${id}-tab`, hidden: index !== 0,
    },
      h('h4', {}, words.titles[key]),
      // A framework whose spelling changed: its version, in its own panel.
      EXPORT_VERSIONS.filter((version) => version.key === key).map(({ param, id: selectId, versions }) => h('div', { class: 'field export-version' },
        h('label', { for: selectId }, words.versions[key].label),
        h('select', { id: selectId, name: param }, versions.map((version) => h('option', { value: version }, words.versions[key].options[version]))))),
      h('pre', { class: 'snippet', tabindex: '0' }, h('code', { id })),
      h('p', { class: 'planner-message', id: `${id}-unavailable` }),
      h('ul', { class: 'planner-notes', id: `${id}-notes` }),
      h('p', { class: 'hint' }, `${words.source}: `, h('code', {}, source)),
      h('div', { class: 'snippet-actions' },
        h('button', { type: 'button', class: 'button', id: `${id}-copy` }, words.copy),
        h('a', { class: 'button', id: `${id}-download`, download: file, href: '#' }, words.download),
        h('p', { class: 'copy-status', id: `${id}-status`, role: 'status' })))));
}

function fieldTree(spec, words, text) {
  const placeholder = spec.group === 'cluster' ? { placeholder: '' } : {};
  const hintId = `${spec.id}-hint`;
  const errorId = `${spec.id}-error`;
  const readingId = `${spec.id}-reading`;
  return h('div', { class: 'field' },
    h('label', { for: spec.id }, words.label),
    h('p', { class: 'hint', id: hintId }, words.hint),
    h('input', {
      id: spec.id, name: spec.part === undefined ? spec.param : `${spec.param}-${spec.part}`, type: 'text', inputmode: inputMode(spec),
      autocomplete: 'off', spellcheck: 'false', value: text, 'aria-describedby': `${hintId} ${readingId} ${errorId}`, ...placeholder,
    }),
    h('p', { class: 'field-reading', id: readingId }),
    // A token target near a power of two: the power, one click away (present.js, powerOffer).
    ...(spec.key === 'target' ? [h('button', { type: 'button', class: 'button power-offer', id: PLANNER_PARTS.targetPower, hidden: true })] : []),
    h('p', { class: 'field-error', id: errorId }));
}

// A select of the schema's choices (the target's unit, the ZeRO stage, ...): each
// word's label under words.options (or, for the unit, beside its label).
function choiceTree(spec, words, text) {
  const chosen = spec.choices.includes(text) ? text : spec.default;
  const hintId = `${spec.id}-hint`;
  return h('div', { class: 'field' },
    h('label', { for: spec.id }, words.label),
    words.hint && h('p', { class: 'hint', id: hintId }, words.hint),
    h('select', { id: spec.id, name: spec.param, 'aria-describedby': words.hint ? hintId : null },
      spec.choices.map((value) => h('option', { value, selected: value === chosen }, words.options?.[value] ?? words[value]))));
}
