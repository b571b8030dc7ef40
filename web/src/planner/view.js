// The planner's parts on a page, found by id, and how a presentation
// (present.js) is shown in them: only text and attributes, never markup; the
// ramp table and chart are rebuilt only when the schedule changes.
import { showAttribute, showData, showHeld, showText } from '../kit/dom-write.js';
import { APPLY_BUTTONS, PLANNER_PARTS, SUMMARY_KEYS } from './markup.js';

const SVG = 'http://www.w3.org/2000/svg';

export function findPlannerView(root, schema) {
  const byId = (id) => root.getElementById(id);
  return {
    schema,
    parts: Object.fromEntries(Object.entries(PLANNER_PARTS).map(([name, id]) => [name, byId(id)])),
    inputs: Object.fromEntries(schema.fields.map(({ key, id }) => [key, byId(id)])),
    errors: Object.fromEntries(schema.fields.map(({ key, id }) => [key, byId(`${id}-error`)])),
    readings: Object.fromEntries(schema.fields.map(({ key, id }) => [key, byId(`${id}-reading`)])),
    outputs: Object.fromEntries(schema.results.map(({ key, id }) => [key, byId(id)])),
    details: Object.fromEntries(schema.results.map(({ key, id }) => [key, byId(`${id}-detail`)])),
    applyButtons: Object.fromEntries(Object.entries(APPLY_BUTTONS).map(([key, id]) => [key, byId(id)])),
    summary: Object.fromEntries(SUMMARY_KEYS.map((key) => [key, { output: byId(`summary-${key}`), blocker: byId(`summary-${key}-blocker`) }])),
    shownExactMicro: '',
    scheduleKey: null,
    shownRows: [],
    shownFrameworks: '',
    shownLabels: '',
  };
}

export function readPlannerTexts(view) {
  return Object.fromEntries(view.schema.fields.map(({ key }) => [key, view.inputs[key].value]));
}

/** Every result empty, with one message: before the module answers, or when it cannot. */
export function showPlannerUnavailable(view, message, noFigure) {
  for (const output of Object.values(view.outputs)) {
    output.dataset.value = '';
    output.dataset.error = 'unavailable';
    output.textContent = noFigure;
  }
  for (const detail of Object.values(view.details)) detail.textContent = '';
  view.parts.status.textContent = message;
}

export function applyPlannerPresentation(view, presentation) {
  const { parts } = view;
  for (const { key } of view.schema.fields) {
    const shown = presentation.fields[key];
    const input = view.inputs[key];
    // A select (the target's unit) has neither an error nor a reading line.
    if (view.errors[key]) showText(view.errors[key], shown.error);
    if (view.readings[key]) {
      showText(view.readings[key], shown.reading);
      view.readings[key].toggleAttribute('data-assumed', shown.assumed);
    }
    if (input.hasAttribute('placeholder')) showAttribute(input, 'placeholder', shown.placeholder);
    showAttribute(input, 'aria-invalid', String(shown.invalid));
  }
  const offer = presentation.fields.target.powerOffer;
  parts.targetPower.hidden = !offer;
  showText(parts.targetPower, offer?.text ?? '');
  showData(parts.targetPower, 'value', offer?.value ?? '');
  for (const [key, output] of Object.entries(view.outputs)) {
    const shown = presentation.outputs[key];
    showData(output, 'value', shown.value);
    showData(output, 'error', shown.error);
    if (shown.accumulationSteps !== undefined) showData(output, 'accumulationSteps', shown.accumulationSteps);
    // The wall-clock time from a predicted throughput (present.js) carries data-predicted="true".
    if (key === 'duration') showData(output, 'predicted', shown.predicted ?? '');
    showText(output, shown.text);
    showText(view.details[key], shown.detail);
    showData(view.details[key], 'kind', shown.detailKind);
  }
  for (const [key, button] of Object.entries(view.applyButtons)) showAction(button, presentation.messages.apply[key]);
  showExactMicro(view, presentation.messages.exactMicroChoices);
  showSummary(view, presentation.summary);
  const { messages } = presentation;
  showText(parts.status, presentation.status);
  showText(parts.clusterMessage, messages.cluster);
  parts.useDataParallel.hidden = !messages.useDataParallel;
  if (messages.useDataParallel) {
    showText(parts.useDataParallel, messages.useDataParallel.label);
    showData(parts.useDataParallel, 'value', messages.useDataParallel.value);
  }
  showText(parts.solveMessage, messages.solve);
  parts.frameworks.hidden = messages.frameworks.length === 0;
  const frameworks = messages.frameworks.join('\n');
  if (frameworks !== view.shownFrameworks) {
    parts.frameworksList.replaceChildren(...messages.frameworks.map((note) => listItem(parts.frameworksList.ownerDocument, note)));
    view.shownFrameworks = frameworks;
  }
  showText(parts.exactMicro, messages.exactMicroChoices.length ? '' : messages.exactMicro);
  showText(parts.rampMessage, messages.ramp);
  showSchedule(view, presentation.schedule, presentation.typing);
}

// A "use it" button: its label, the texts it sets (data-apply, JSON), and
// aria-disabled while the calculator holds them already (it keeps the focus).
function showAction(button, action) {
  button.hidden = !action;
  if (!action) return;
  showText(button, action.label);
  showData(button, 'apply', JSON.stringify(action.texts));
  showAttribute(button, 'aria-disabled', String(action.inUse));
}

function showExactMicro(view, choices) {
  const list = view.parts.exactMicroList;
  const key = choices.map((choice) => `${choice.label}|${choice.inUse}`).join('\n');
  if (key === view.shownExactMicro) return;
  view.shownExactMicro = key;
  const document = list.ownerDocument;
  const hadFocus = list.contains(document.activeElement);
  list.replaceChildren(...choices.map((choice) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button apply-button';
    button.textContent = choice.text;
    button.setAttribute('aria-label', choice.label);
    button.dataset.apply = JSON.stringify(choice.texts);
    button.setAttribute('aria-disabled', String(choice.inUse));
    item.append(button);
    return item;
  }));
  list.hidden = choices.length === 0;
  if (hadFocus) list.focus();
}

function showSummary(view, summary) {
  for (const item of summary) {
    const { output, blocker } = view.summary[item.key];
    showData(output, 'value', item.value);
    showData(output, 'blockedBy', item.blockedBy?.key ?? '');
    showText(output, item.text);
    blocker.hidden = !item.blockedBy;
    if (item.blockedBy) {
      showAttribute(blocker, 'href', `#${item.blockedBy.id}`);
      showText(blocker, item.blockedBy.text);
      showData(blocker, 'invalid', String(item.blockedBy.invalid));
    }
  }
}

// The row attributes of the page contract (the first token is in its cell).
const ROW_DATA = [['batch', 'data-batch'], ['microbatches', 'data-microbatches'], ['steps', 'data-steps'],
  ['firstSample', 'data-first-sample']];

// The table's rows, reused and compared with what they show (kept in JS, so
// the DOM is only written, never read): a keystroke usually changes numbers,
// not the row count, and rewriting only what changed keeps it within a frame.
function updateRows(view, body, rows) {
  const document = body.ownerDocument;
  const shown = view.shownRows ?? [];
  while (body.rows.length > rows.length) body.lastElementChild.remove();
  while (body.rows.length < rows.length) {
    const tr = document.createElement('tr');
    // Each cell keeps one text node, whose data is rewritten: cheaper than a new node per keystroke.
    for (let cell = 0; cell < 5; cell += 1) {
      const td = document.createElement('td');
      td.append(document.createTextNode(''));
      tr.append(td);
    }
    body.append(tr);
  }
  rows.forEach((row, index) => {
    const tr = body.rows[index];
    const before = shown[index];
    for (const [key, attribute] of ROW_DATA) if (before?.[key] !== row[key]) tr.setAttribute(attribute, row[key]);
    row.cells.forEach((text, cell) => {
      if (before?.cells[cell] !== text) tr.cells[cell].firstChild.data = text;
    });
  });
  view.shownRows = rows;
}

function listItem(document, text) {
  const item = document.createElement('li');
  item.textContent = text;
  return item;
}

// The table and the chart: up to a thousand rows, so rebuilt only when the
// schedule itself changed, not on every keystroke elsewhere in the form.
// While a key is being pressed (typing), a schedule that goes away (an
// unfinished "9,765,6250") is held instead (kit/dom-write.js showHeld): its parts
// keep their place and their layers but show nothing, so the next keystroke shows
// them again without rebuilding, relaying out or repainting them. Leaving the
// field settles it.
function showSchedule(view, schedule, typing = false) {
  const { parts } = view;
  const table = parts.rampSchedule;
  const held = !schedule && typing && Boolean(view.scheduleKey);
  for (const part of [parts.rampDetails, parts.rampFigure, parts.rampCommands]) showHeld(part, held);
  if (held) return;
  const key = schedule ? `${schedule.oldCommand}|${schedule.newCommand}|${schedule.rows.length}|${schedule.final.cells.join()}` : '';
  if (key === view.scheduleKey) return;
  view.scheduleKey = key;
  const document = table.ownerDocument;
  parts.rampDetails.hidden = !schedule;
  parts.rampTableSummary.textContent = schedule?.tableSummary ?? '';
  parts.rampFigure.hidden = !schedule?.chart;
  parts.rampCommands.hidden = !schedule;
  if (!schedule) {
    table.tBodies[0].replaceChildren();
    view.shownRows = [];
    return;
  }
  updateRows(view, table.tBodies[0], schedule.rows);
  const [head, ...cells] = parts.rampFinal.children;
  head.textContent = schedule.final.cells[0];
  parts.rampFinal.dataset.batch = schedule.final.batch;
  cells.forEach((cell, index) => { cell.textContent = schedule.final.cells[index + 1]; });
  parts.rampOld.textContent = schedule.oldCommand;
  parts.rampNew.textContent = schedule.newCommand;
  parts.rampNew.closest('pre').hidden = schedule.newCommand === '';

  const { chart } = schedule;
  if (!chart) return;
  parts.rampChart.setAttribute('viewBox', chart.viewBox);
  parts.rampChartPath.setAttribute('d', chart.path);
  parts.rampChartAxes.setAttribute('d', chart.axes);
  parts.rampChartDescription.textContent = chart.description;
  const labels = chart.labels.map((label) => `${label.x} ${label.y} ${label.text}`).join('|');
  if (labels === view.shownLabels) return;
  view.shownLabels = labels;
  parts.rampChartLabels.replaceChildren(...chart.labels.map((label) => {
    const text = document.createElementNS(SVG, 'text');
    text.setAttribute('x', String(label.x));
    text.setAttribute('y', String(label.y));
    text.setAttribute('text-anchor', label.anchor);
    text.textContent = label.text;
    return text;
  }));
}
