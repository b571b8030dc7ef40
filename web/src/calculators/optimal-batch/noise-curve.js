// McCandlish et al.'s trade-off between steps and data, as plain data and then
// as an SVG chart: against the batch on a log scale, from B_noise ÷ 16 to
// 16 × B_noise, the steps as a multiple of S_min and the data as a multiple
// of E_min, both on a log scale so the two curves mirror each other and cross
// at 2 where B = B_noise; B_noise and the recommended batch marked; each
// point's values on hover and keyboard focus; a table with the same numbers.
// The points come from the core (the evaluation's extra.noiseCurve).
import { localDecimal, plainDecimal, readableDecimal, roundedDecimal } from '../../kit/number-format.js';
import { svgElement } from '../../kit/svg.js';

// Drawn at its shown width (one unit a CSS pixel, 320 to 640), so its 12px labels stay 12px on a phone.
const MIN_WIDTH = 320;
const MAX_WIDTH = 640;
const PLAIN_DIGITS = 12;
const Y_TICKS = [1, 2, 4, 8, 16];
const Y_TOP = 17;  // 1 + 16: the data multiple at 16 × B_noise
// Tick names under the points they mark; a phone's chart keeps every other one, so none overlap.
const TICK_NAMES = { 0: 'B_noise/16', 2: 'B_noise/4', 4: 'B_noise', 6: '4·B_noise', 8: '16·B_noise' };
const NARROW = 480;

/**
 * The chart and table for an evaluation, or null without a measured B_noise.
 * recommended: the recommended batch in tokens (a number), or null.
 */
export function presentNoiseCurve(words, evaluation, recommended, width = MAX_WIDTH) {
  const points = evaluation.extra?.noiseCurve ?? [];
  if (points.length === 0) return null;
  const { marks } = evaluation;
  const shown = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width || MAX_WIDTH)));
  const chart = { width: shown, left: shown < NARROW ? 40 : 48, right: 16, top: 28, height: 200, bottom: 56 };
  const first = points[0].batchTokens;
  const last = points.at(-1).batchTokens;
  const noise = points[Math.floor(points.length / 2)].batchTokens;
  const plotRight = chart.width - chart.right;
  const xOf = (batch) => chart.left + (Math.log(batch / first) / Math.log(last / first)) * (plotRight - chart.left);
  const plotBottom = chart.top + chart.height;
  const yOf = (multiple) => plotBottom - (Math.log(multiple) / Math.log(Y_TOP)) * chart.height;
  const multiple = (value) => localDecimal(roundedDecimal(value, 2), marks);
  const line = (key) => points.map((point) => `${xOf(point.batchTokens).toFixed(1)},${yOf(point[key]).toFixed(1)}`).join(' ');
  const rows = points.map((point) => ({
    batch: plainDecimal(point.batchTokens, PLAIN_DIGITS),
    steps: plainDecimal(point.stepsMultiple, PLAIN_DIGITS),
    data: plainDecimal(point.tokensMultiple, PLAIN_DIGITS),
    cells: [readableDecimal(point.batchTokens, marks), multiple(point.stepsMultiple), multiple(point.tokensMultiple)],
  }));
  const xs = points.map((point) => xOf(point.batchTokens));
  const readouts = points.map((point, index) => {
    const half = Math.abs((xs[1] ?? xs[0]) - xs[0]) / 2;
    return {
      x: xs[index].toFixed(1),
      from: (xs[index] - half).toFixed(1),
      width: (2 * half).toFixed(1),
      stepsY: yOf(point.stepsMultiple).toFixed(1),
      dataY: yOf(point.tokensMultiple).toFixed(1),
      text: words.point(rows[index].cells[0], rows[index].cells[1], rows[index].cells[2]),
      anchor: index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle',
    };
  });
  const marksShown = [{ batch: noise, text: words.noiseMark, kind: 'noise' }];
  if (recommended !== null && recommended >= first && recommended <= last) marksShown.push({ batch: recommended, text: words.recommendedMark, kind: 'recommended' });
  return {
    width: chart.width,
    height: plotBottom + chart.bottom,
    frame: { x: chart.left, y: chart.top, width: plotRight - chart.left, height: chart.height },
    steps: line('stepsMultiple'),
    data: line('tokensMultiple'),
    yTicks: Y_TICKS.map((value) => ({ y: yOf(value).toFixed(1), text: `${value}×` })),
    xTicks: (chart.width < NARROW ? [0, 4, 8] : [0, 2, 4, 6, 8]).filter((index) => index < points.length)
      .map((index, order, shown) => ({
        x: xs[index].toFixed(1), text: TICK_NAMES[index],
        // The end labels run inward, so neither leaves the chart.
        anchor: order === 0 ? 'start' : order === shown.length - 1 ? 'end' : 'middle',
      })),
    tickY: (plotBottom + 18).toFixed(1),
    axisBatch: { x: ((chart.left + plotRight) / 2).toFixed(1), y: (plotBottom + 42).toFixed(1), text: words.axisBatch },
    axisMultiple: { x: chart.left, y: (chart.top - 10).toFixed(1), text: words.axisMultiple },
    marks: marksShown.map(({ batch, text, kind }) => ({ x: xOf(batch).toFixed(1), top: chart.top, bottom: plotBottom, text, kind })),
    readouts,
    readoutY: (chart.top + 14).toFixed(1),
    rows,
    description: words.description(readableDecimal(noise, marks)),
  };
}


/** Shows a presentNoiseCurve() result in the page's figure, or its hint for null. */
export function showNoiseCurve(document, curve) {
  const figure = document.getElementById('noise-curve');
  figure.hidden = !curve;
  document.getElementById('noise-curve-empty').hidden = Boolean(curve);
  if (!curve) return;
  const svg = document.getElementById('noise-curve-chart');
  svg.setAttribute('viewBox', `0 0 ${curve.width} ${curve.height}`);
  document.getElementById('noise-curve-description').textContent = curve.description;
  const { frame } = curve;
  const parts = [
    svgElement(document, 'rect', { class: 'curve-frame', ...frame }),
    ...curve.yTicks.flatMap((tick) => [
      svgElement(document, 'line', { class: 'curve-grid', x1: frame.x, x2: frame.x + frame.width, y1: tick.y, y2: tick.y }),
      svgElement(document, 'text', { class: 'curve-axis', x: frame.x - 6, y: Number(tick.y) + 4, 'text-anchor': 'end' }, tick.text),
    ]),
    ...curve.xTicks.map((tick) => svgElement(document, 'text', { class: 'curve-tick', x: tick.x, y: curve.tickY, 'text-anchor': tick.anchor }, tick.text)),
    svgElement(document, 'text', { class: 'curve-axis curve-axis-label', x: curve.axisBatch.x, y: curve.axisBatch.y, 'text-anchor': 'middle' }, curve.axisBatch.text),
    svgElement(document, 'text', { class: 'curve-axis curve-axis-label', x: curve.axisMultiple.x, y: curve.axisMultiple.y, 'text-anchor': 'start' }, curve.axisMultiple.text),
    ...curve.marks.flatMap((mark) => [
      svgElement(document, 'line', { class: `curve-mark curve-mark-${mark.kind}`, x1: mark.x, x2: mark.x, y1: mark.top, y2: mark.bottom }),
      svgElement(document, 'text', { class: 'curve-mark-label', x: Number(mark.x) + 4, y: mark.bottom - (mark.kind === 'noise' ? 8 : 24) }, mark.text),
    ]),
    svgElement(document, 'polyline', { class: 'curve-steps', points: curve.steps }),
    svgElement(document, 'polyline', { class: 'curve-data', points: curve.data }),
    ...curve.readouts.map((readout) => {
      const group = svgElement(document, 'g', { class: 'curve-point', tabindex: '0', role: 'img', 'aria-label': readout.text });
      group.append(
        svgElement(document, 'title', {}, readout.text),
        svgElement(document, 'rect', { class: 'curve-hit', x: readout.from, y: 0, width: readout.width, height: curve.height }),
        svgElement(document, 'circle', { class: 'curve-dot curve-dot-steps', cx: readout.x, cy: readout.stepsY, r: 4 }),
        svgElement(document, 'circle', { class: 'curve-dot curve-dot-data', cx: readout.x, cy: readout.dataY, r: 4 }),
        svgElement(document, 'text', { class: 'curve-readout', x: readout.x, y: curve.readoutY, 'text-anchor': readout.anchor }, readout.text));
      return group;
    }),
  ];
  document.getElementById('noise-curve-plot').replaceChildren(...parts);
  document.getElementById('noise-curve-table').tBodies[0].replaceChildren(...curve.rows.map((row) => {
    const tr = document.createElement('tr');
    Object.assign(tr.dataset, { batch: row.batch, steps: row.steps, data: row.data });
    const [head, ...cells] = row.cells;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = head;
    tr.append(th, ...cells.map((text) => {
      const td = document.createElement('td');
      td.textContent = text;
      return td;
    }));
    return tr;
  }));
}
