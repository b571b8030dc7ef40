// The chosen layout, where its step goes and the ten fastest, as plain data
// from the core's evaluation ("extra") and then as trees (kit/tree.js) that
// the page renders at build time for the defaults and the page script at
// every evaluation: the same markup both ways.
import { domCode } from '../../kit/present.js';
import { h } from '../../kit/tree.js';
import { binarySize, groupDigits, localDecimal, plainDecimal, readableDecimal, roundedDecimal } from '../../kit/number-format.js';
import { FRAMEWORKS } from './schema.js';
import { deviceClassOf, familyKey, modelKindOf } from './families.js';

const KNOBS = ['tp', 'pp', 'vpp', 'cp', 'ep', 'etp', 'dp', 'zero', 'recompute', 'sp', 'micro', 'accum'];
// The experts' TP is said only where it is not TP's: experts whole on their GPUs.
const shownKnobs = (choice) => KNOBS.filter((knob) => knob !== 'etp' || choice.etp !== choice.tp);
/** The parts of where the step goes, in the order shown; each has its colour in styles.css (.step-<part>). */
export const PARTS = ['compute', 'memoryBound', 'tensorParallel', 'contextParallel', 'expertParallel', 'pipelineSend', 'pipelineBubble', 'dataParallel',
  'zero3Gather', 'straggler', 'optimizer'];
const PLAIN_DIGITS = 12;

const bytesText = (decimal, marks) => {
  const { amount, unit } = binarySize(decimal, marks);
  return `${amount} ${unit}`;
};
const knobText = (words, knob, value, marks) => {
  if (knob === 'recompute' || knob === 'sp') return words.values[knob][value];
  return groupDigits(value, marks);
};

// The planner's export tab (its ?export= slug) that runs each framework of the framework field: PyTorch FSDP as
// HF Accelerate launches it.
export const EXPORT_OF_FRAMEWORK = { megatron: 'megatron', deepspeed: 'deepspeed', torchtitan: 'torchtitan', fsdp: 'accelerate' };

// Fewer published runs than this measure no error.
const MEASURED_RUNS = 3;

// A measured error with one decimal kept ("−0.0%", "+27.0%"), as the tables compare them.
const percentOne = (fraction, marks) => `${localDecimal((Math.abs(fraction) * 100).toFixed(1), marks)}%`;
const signedPercent = (fraction, marks) => `${fraction >= 0 ? '+' : '−'}${percentOne(fraction, marks)}`;

/** A family of predictions (families.js' key) in the page's words: its framework, sharding, device class and kind. */
function familyName(words, key) {
  const [framework, sharding, device, kind] = key.split('.');
  return words.error.family({ framework: words.error.frameworks[framework], sharding, device: words.error.devices[device], kind: words.error.kinds[kind] });
}

/**
 * What the page shows for an evaluation: {refusal, layout, breakdown, rows, error}; nothing but the refusal when there
 * is no layout. `families` maps a family of predictions (families.js) to its measured {median, runs, fitted}.
 */
export function presentLayout(words, evaluation, families = new Map()) {
  const { marks } = evaluation;
  const { framework, peakTflops, experts } = evaluation.fields;
  const frameworkWord = framework?.status === 'ok' ? FRAMEWORKS[Number(framework.value)] : null;
  const deviceClass = peakTflops?.status === 'ok' ? deviceClassOf(Number(peakTflops.value)) : null;
  const kind = modelKindOf(experts?.status === 'ok' ? experts.value : 0);
  // A layout's measured error: its family's median signed error over the published runs the page shows.
  const errorOf = (choice) => {
    const key = familyKey(frameworkWord, choice.zero, deviceClass, kind);
    const measured = families.get(key) ?? { median: null, runs: 0, fitted: 0 };
    const family = familyName(words, key);
    const known = measured.runs >= MEASURED_RUNS;
    return {
      data: { family: key, median: known ? plainDecimal(measured.median, PLAIN_DIGITS) : '', runs: String(measured.runs) },
      text: known ? words.error.measured({ family, median: signedPercent(measured.median, marks), runs: groupDigits(String(measured.runs), marks), fitted: measured.fitted })
        : words.error.unmeasured({ family, runs: measured.runs }),
      cell: known ? words.error.cell(signedPercent(measured.median, marks), groupDigits(String(measured.runs), marks)) : words.error.unmeasuredCell,
    };
  };
  const extra = evaluation.extra ?? {};
  const best = extra.fastest?.[0] ?? null;
  const percentText = (fraction) => words.percent(localDecimal(roundedDecimal(fraction * 100, 1), marks));
  let refusal = '';
  if (extra.refusal === 'nothing_fits' && extra.smallest) {
    const device = extra.deviceBytes ? bytesText(extra.deviceBytes, marks) : '';
    refusal = words.layout.refusal.nothing_fits(bytesText(extra.smallest.memory, marks), device);
  } else if (extra.refusal) {
    refusal = words.layout.refusal[extra.refusal] ?? '';
  }
  // With more than one stage, how the stages split the layers.
  const stagesItem = (choice) => (choice.pp === '1' ? [] : [{
    knob: 'stages', label: words.layout.knobs.stages,
    text: words.layout.stages({
      first: groupDigits(choice.firstStageLayers, marks), middle: groupDigits(choice.middleStageLayers, marks), last: groupDigits(choice.lastStageLayers, marks),
      others: groupDigits(String(BigInt(choice.pp) - 2n), marks), ends: choice.split === 'ends',
    }),
  }]);
  const describe = (choice) => ({
    data: { ...Object.fromEntries(KNOBS.map((knob) => [knob, choice[knob]])), split: choice.split },
    items: [...shownKnobs(choice).map((knob) => ({ knob, label: words.layout.knobs[knob], text: knobText(words.layout, knob, choice[knob], marks) })),
      ...stagesItem(choice)],
    memory: bytesText(choice.memory, marks),
  });
  const layout = best ? describe(best) : null;
  const closest = !best && extra.smallest ? describe(extra.smallest) : null;
  const breakdown = best ? {
    step: best.stepSeconds,
    stepText: readableDecimal(best.stepSeconds, marks),
    efficiency: words.breakdown.efficiency(percentText(best.matmulEfficiency)),
    rows: PARTS.filter((part) => best.parts[part] > 0).map((part) => ({
      part, label: words.breakdown.parts[part], seconds: best.parts[part], value: plainDecimal(best.parts[part], PLAIN_DIGITS),
      text: readableDecimal(best.parts[part], marks), share: percentText(best.parts[part] / best.stepSeconds),
    })),
  } : null;
  const rows = (extra.fastest ?? []).map((choice) => ({
    data: { ...Object.fromEntries(KNOBS.map((knob) => [knob, choice[knob]])), stepSeconds: plainDecimal(choice.stepSeconds, PLAIN_DIGITS) },
    layout: words.table.layout(...['tp', 'pp', 'vpp', 'cp', 'ep', 'dp', 'etp'].map((knob) => groupDigits(choice[knob], marks))),
    zero: choice.zero,
    recompute: words.layout.values.recompute[choice.recompute],
    sp: words.layout.values.sp[choice.sp],
    batch: words.table.batch(groupDigits(choice.micro, marks), groupDigits(choice.accum, marks)),
    memory: bytesText(choice.memory, marks),
    step: readableDecimal(choice.stepSeconds, marks),
    error: frameworkWord ? errorOf(choice) : null,
  }));
  // GPUs that fill no whole number of nodes: named at once, with the nearest counts that do.
  const { gpus, gpusPerNode } = evaluation.fields;
  const nodes = extra.wholeNodesBelow ? words.layout.wholeNodes({
    gpus: groupDigits(gpus.value, marks), perNode: groupDigits(gpusPerNode.value, marks),
    below: groupDigits(extra.wholeNodesBelow, marks), above: groupDigits(extra.wholeNodesAbove, marks),
  }) : '';
  const error = best && frameworkWord ? errorOf(best) : null;
  // When nothing fits: the closest layout with its optimizer states elsewhere (the core's figures), and adapters.
  const remedies = !best && extra.remedies ? (() => {
    const { offloaded, offloadedFits, pcieSeconds, eightBit, eightBitFits } = extra.remedies;
    const { pcieBandwidth } = evaluation.fields;
    return {
      offload: {
        data: { bytes: offloaded, fits: String(offloadedFits), pcieSeconds: pcieSeconds === null ? '' : plainDecimal(pcieSeconds, PLAIN_DIGITS) },
        text: words.layout.remedies.offload({
          memory: bytesText(offloaded, marks), fits: words.layout.remedies.fits(offloadedFits),
          pcie: pcieSeconds === null ? '' : readableDecimal(pcieSeconds, marks), rate: pcieSeconds === null ? '' : localDecimal(plainDecimal(Number(pcieBandwidth.value), PLAIN_DIGITS), marks),
        }),
      },
      eightBit: {
        data: { bytes: eightBit, fits: String(eightBitFits) },
        text: words.layout.remedies.eightBit({ memory: bytesText(eightBit, marks), fits: words.layout.remedies.fits(eightBitFits) }),
      },
      gpus: groupDigits(gpus.value, marks),
    };
  })() : null;
  return { refusal, refusalCode: domCode(extra.refusal ?? ''), layout, closest, breakdown, rows, nodes, error, remedies };
}

const dataAttributes = (data) => Object.fromEntries(Object.entries(data).map(([key, value]) => [`data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, value]));

/** The chosen layout's list (#best-configuration), with the refusal said when there is none. */
export function layoutTree(words, shown) {
  const chosen = shown.layout ?? shown.closest;
  return [
    h('p', { class: 'configuration-nodes', id: 'configuration-nodes', role: 'status' }, shown.nodes || null),
    h('p', { class: 'configuration-refusal', id: 'configuration-refusal', role: 'status' }, shown.refusal || null),
    shown.closest && h('p', { class: 'configuration-closest' }, words.layout.closest),
    h('dl', {
      class: 'configuration', id: 'best-configuration', hidden: !chosen, 'data-error': shown.refusalCode || null,
      ...(shown.layout ? dataAttributes(shown.layout.data) : {}),
    }, (chosen?.items ?? []).map(({ knob, label, text }) => h('div', { class: 'configuration-knob', 'data-knob': knob }, h('dt', {}, label), h('dd', {}, text)))),
    h('p', { class: 'prediction-error', id: 'prediction-error', hidden: !shown.error, ...(shown.error ? dataAttributes(shown.error.data) : {}) },
      shown.error?.text ?? null),
    shown.remedies && remediesTree(words.layout.remedies, shown.remedies),
  ].filter(Boolean);
}

/** What would make room when nothing fits (#configuration-remedies); the adapters' links are set by the page. */
function remediesTree(words, remedies) {
  return h('div', { class: 'configuration-remedies', id: 'configuration-remedies' },
    h('p', {}, words.title),
    h('ul', {},
      h('li', { id: 'remedy-offload', ...dataAttributes(remedies.offload.data) }, remedies.offload.text),
      h('li', { id: 'remedy-eight-bit', ...dataAttributes(remedies.eightBit.data) }, remedies.eightBit.text),
      h('li', { id: 'remedy-adapters' }, words.adaptersBefore, h('a', { id: 'remedy-lora-link' }, words.lora), words.between,
        h('a', { id: 'remedy-qlora-link' }, words.qlora), words.adaptersAfter(remedies.gpus))));
}

/** Where the step goes: an SVG bar and a table whose rows sum to the step (#step-breakdown). */
export function breakdownTree(words, shown) {
  const breakdown = shown.breakdown;
  let x = 0;
  const bars = (breakdown?.rows ?? []).map((row) => {
    const width = (row.seconds / breakdown.step) * 640;
    // Each part named where it is drawn (a tooltip, and what a screen reader finds inside the image), the table below
    // its legend.
    const bar = h('rect', { class: `step-part step-${row.part}`, x: x.toFixed(2), y: '0', width: width.toFixed(2), height: '40' },
      h('title', {}, `${row.label}: ${row.text} (${row.share})`));
    x += width;
    return bar;
  });
  return [
    h('p', { class: 'step-efficiency', id: 'step-efficiency' }, breakdown?.efficiency ?? null),
    h('figure', { class: 'step-breakdown-figure', hidden: !breakdown },
      h('svg', { class: 'step-bar', viewBox: '0 0 640 40', preserveAspectRatio: 'none', role: 'img', 'aria-labelledby': 'step-breakdown-title step-bar-description', xmlns: 'http://www.w3.org/2000/svg' },
        h('desc', { id: 'step-bar-description' }, breakdown ? words.breakdown.description(breakdown.stepText) : ''), bars),
      h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'step-breakdown-caption' },
        h('table', { class: 'step-breakdown', id: 'step-breakdown' },
          h('caption', { id: 'step-breakdown-caption' }, words.breakdown.title),
          h('thead', {}, h('tr', {}, Object.values(words.breakdown.columns).map((label) => h('th', { scope: 'col' }, label)))),
          h('tbody', {}, (breakdown?.rows ?? []).map((row) => h('tr', { 'data-part': row.part, 'data-seconds': row.value },
            h('th', { scope: 'row' }, h('span', { class: `step-swatch step-${row.part}`, 'aria-hidden': 'true' }), row.label), h('td', {}, row.text), h('td', {}, row.share))))))),
  ];
}

/** The ten fastest (#configurations), each row with its knobs and step in data-*. */
export function fastestTree(words, shown) {
  const columns = words.table.columns;
  return h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'configurations-caption', hidden: shown.rows.length === 0 },
    h('table', { class: 'configurations', id: 'configurations' },
      h('caption', { id: 'configurations-caption' }, words.table.title),
      h('thead', {}, h('tr', {}, Object.values(columns).map((label) => h('th', { scope: 'col' }, label)))),
      h('tbody', {}, shown.rows.map((row) => h('tr', dataAttributes(row.data),
        h('td', {}, row.layout), h('td', {}, row.zero), h('td', {}, row.recompute), h('td', {}, row.sp), h('td', {}, row.batch), h('td', {}, row.memory), h('td', {}, row.step),
        h('td', row.error ? dataAttributes({ errorMedian: row.error.data.median, errorRuns: row.error.data.runs }) : {}, row.error?.cell ?? ''))))));
}

/**
 * The published runs beside this page's predictions (calibration-runs.js):
 * rows {name, source, layout, published, predicted, error}, all text; `id`
 * names the table (its caption is `${id}-caption`).
 */
export function calibrationTree(words, rows, id = 'calibration-table') {
  return h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': `${id}-caption` },
    h('table', { class: 'calibration', id },
      h('caption', { id: `${id}-caption` }, words.caption),
      h('thead', {}, h('tr', {}, Object.values(words.columns).map((label) => h('th', { scope: 'col' }, label)))),
      h('tbody', {}, rows.map((row) => h('tr', { 'data-published': row.publishedValue, 'data-predicted': row.predictedValue },
        h('th', { scope: 'row' }, row.name, h('br'), h('small', {}, words.sources[row.source])), h('td', {}, row.layout),
        h('td', {}, row.published), h('td', {}, row.predicted), h('td', {}, row.error))))));
}

/** The calibration rows for a core (core-adapter.js) and the page's marks. */
export function calibrationRows(core, schema, runs, runTexts, defaults, marks, numberSyntax) {
  return runs.map((run) => {
    const evaluation = core.evaluate(schema, { ...defaults, ...runTexts(run) }, numberSyntax);
    const predicted = evaluation.results.bestStepSeconds.value;
    // The layout as the core fixed it: the run gives its degrees, and the core finds the one d and a that reach its batch.
    const { tp, pp, vpp, cp, ep, dp, micro } = evaluation.extra.fastest[0];
    const error = (predicted / run.published - 1) * 100;
    return {
      name: run.name, source: run.source, layout: `${tp} · ${pp} · ${vpp} · ${cp} · ${ep} · ${groupDigits(String(dp), marks)}, ${micro}`,
      published: readableDecimal(run.published, marks), predicted: readableDecimal(predicted, marks),
      publishedValue: plainDecimal(run.published, PLAIN_DIGITS), predictedValue: plainDecimal(predicted, PLAIN_DIGITS),
      error: `${error >= 0 ? '+' : '−'}${localDecimal(roundedDecimal(Math.abs(error), 1), marks)}%`,
    };
  });
}

/**
 * How far off each kind of prediction is (#prediction-families): a row a family, its published runs, how many of them
 * set a constant, its median signed error, the median of its size and how many are within 20%; the family's key and
 * figures in data-*, where the page script reads them.
 */
export function familiesTree(words, families, marks) {
  return h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': 'prediction-families-caption' },
    h('table', { class: 'calibration', id: 'prediction-families' },
      h('caption', { id: 'prediction-families-caption' }, words.error.caption),
      h('thead', {}, h('tr', {}, Object.values(words.error.columns).map((label) => h('th', { scope: 'col' }, label)))),
      h('tbody', {}, families.map((row) => {
        const name = familyName(words, row.family);
        return h('tr', { 'data-family': row.family, 'data-median': plainDecimal(row.median, PLAIN_DIGITS), 'data-runs': String(row.runs), 'data-fitted': String(row.fitted) },
          h('th', { scope: 'row' }, name), h('td', {}, groupDigits(String(row.runs), marks)), h('td', {}, groupDigits(String(row.fitted), marks)),
          h('td', {}, signedPercent(row.median, marks)), h('td', {}, percentOne(row.medianSize, marks)),
          h('td', {}, groupDigits(String(row.within20), marks)));
      }))));
}

/** The families the page's table holds (familiesTree's data-*), for presentLayout. */
export function familiesOfTable(table) {
  return new Map([...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => [row.dataset.family,
    { median: Number(row.dataset.median), runs: Number(row.dataset.runs), fitted: Number(row.dataset.fitted) }]));
}
