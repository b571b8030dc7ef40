// How throughput and efficiency grow with the replicas, as plain data and then
// as an SVG chart (throughput against perfect linear scaling above, both on
// log scales so that perfect scaling is a straight line and a shortfall reads
// as a gap; efficiency below, its axis zoomed to the data under a 100%
// reference line; the node boundary marked; each point's values on hover and
// keyboard focus) with a table holding the same numbers. The points come from
// the core (the evaluation's "extra").
import { groupDigits, localDecimal, plainDecimal, readableDecimal, roundedDecimal } from '../../kit/number-format.js';
import { svgElement } from '../../kit/svg.js';

// The chart is drawn at the width it is shown at (one unit a CSS pixel, from
// 320 to 640), so its 12px labels stay 12px on a phone.
const MIN_WIDTH = 320;
const MAX_WIDTH = 640;
const chartOf = (width) => {
  const shown = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width || MAX_WIDTH)));
  return { width: shown, left: shown < 480 ? 76 : 100, right: 16, top: 24, throughputHeight: 170, gap: 36, efficiencyHeight: 90, bottom: 52 };
};
const PLAIN_DIGITS = 12;

// The efficiency axis: from a round value below the lowest point up to 100%,
// so a drop from 99.2% to 93.8% is seen, not flattened against 0.
function efficiencyFloor(lowest) {
  const span = 1 - lowest;
  const step = span <= 0.02 ? 0.005 : span <= 0.1 ? 0.01 : span <= 0.25 ? 0.05 : 0.1;
  const floor = Math.max(0, Math.floor((lowest - step / 2) / step) * step);
  return Math.min(floor, 1 - step);
}

/** The chart and table for an evaluation, or null while the curve is unknown; width: the chart's shown width in CSS pixels. */
export function presentCurve(words, evaluation, width = MAX_WIDTH) {
  const points = evaluation.extra ?? [];
  if (points.length === 0) return null;
  const CHART = chartOf(width);
  const { marks } = evaluation;
  const last = Number(points.at(-1).replicas);
  const first = points[0];
  const xOf = (replicas) => CHART.left + (last === 1 ? 0 : (Math.log2(replicas) / Math.log2(last)) * (CHART.width - CHART.left - CHART.right));
  // Perfect scaling: one replica's throughput, times n (weak), or the same batch n times faster (strong).
  const single = first.tokensPerSecond;
  const ideal = (replicas) => single * replicas;
  const measured = points.filter((point) => point.tokensPerSecond !== null).map((point) => point.tokensPerSecond);
  const top = Math.max(ideal(last), ...measured);
  const bottom = Math.min(single, ...measured);
  const span = Math.log(top / bottom);
  const throughputBottom = CHART.top + CHART.throughputHeight;
  const efficiencyTop = throughputBottom + CHART.gap;
  const efficiencyBottom = efficiencyTop + CHART.efficiencyHeight;
  const yThroughput = (value) => throughputBottom - (span > 0 ? Math.log(value / bottom) / span : 0.5) * CHART.throughputHeight;
  const efficiencies = points.filter((point) => point.efficiency !== null).map((point) => point.efficiency);
  const floor = efficiencyFloor(Math.min(1, ...efficiencies));
  const yEfficiency = (value) => efficiencyBottom - ((value - floor) / (1 - floor)) * CHART.efficiencyHeight;
  const percentText = (fraction) => words.percent(localDecimal(roundedDecimal(fraction * 100, 1), marks));
  const coordinates = (x, y) => `${x.toFixed(1)},${y.toFixed(1)}`;

  // A refused point (strong scaling that does not divide) breaks the lines.
  const runs = (y) => {
    const lines = [[]];
    for (const point of points) {
      if (point.stepSeconds === null) lines.push([]);
      else lines.at(-1).push(coordinates(xOf(Number(point.replicas)), y(point)));
    }
    return lines.filter((line) => line.length > 0).map((line) => line.join(' '));
  };
  const rows = points.map((point) => {
    const divides = point.stepSeconds !== null;
    return {
      replicas: point.replicas,
      replicasText: groupDigits(point.replicas, marks),
      link: point.acrossNodes ? words.acrossNodes : words.withinNode,
      accumulation: divides ? words.split(groupDigits(point.microBatch, marks), groupDigits(point.accumulationSteps, marks)) : words.notDivisible,
      allreduce: readableDecimal(point.allreduceSeconds, marks),
      step: divides ? readableDecimal(point.stepSeconds, marks) : '—',
      tokens: divides ? readableDecimal(point.tokensPerSecond, marks) : '—',
      efficiency: divides ? percentText(point.efficiency) : '—',
      efficiencyValue: divides ? plainDecimal(point.efficiency, PLAIN_DIGITS) : '',
      tokensValue: divides ? plainDecimal(point.tokensPerSecond, PLAIN_DIGITS) : '',
      error: divides ? '' : 'not-divisible',
    };
  });
  // Tick labels under the powers of two and n, thinned so they never overlap.
  const labelled = points.filter((point, index) => index === points.length - 1 || (Number(point.replicas) & (Number(point.replicas) - 1)) === 0);
  const step = Math.ceil(labelled.length / 11);
  const ticks = labelled.filter((point, index) => index === labelled.length - 1 || index % step === 0)
    .map((point) => ({ x: xOf(Number(point.replicas)).toFixed(1), text: groupDigits(point.replicas, marks) }));
  const lastPoint = points.at(-1);
  const lastDivides = points.filter((point) => point.stepSeconds !== null).at(-1) ?? null;
  // The last point inside one node, when the curve goes past it.
  const lastWithin = points.some((point) => point.acrossNodes) ? points.filter((point) => !point.acrossNodes).at(-1) : null;
  // Each point's read-out: where it is on both lines, and a column around it that answers hover.
  const xs = points.map((point) => xOf(Number(point.replicas)));
  const readouts = points.map((point, index) => {
    const x = xs[index];
    const half = (other) => (other === undefined ? 0 : Math.abs(other - x) / 2);
    // Half-way to each neighbour; at either end, as far as on the other side.
    const before = half(xs[index - 1]) || half(xs[index + 1]);
    const after = half(xs[index + 1]) || half(xs[index - 1]);
    const divides = point.stepSeconds !== null;
    const text = words.point(rows[index].replicasText, rows[index].tokens, rows[index].efficiency);
    return {
      x: x.toFixed(1),
      from: (x - before).toFixed(1),
      width: (before + after).toFixed(1),
      throughputY: divides ? yThroughput(point.tokensPerSecond).toFixed(1) : null,
      efficiencyY: divides ? yEfficiency(point.efficiency).toFixed(1) : null,
      text,
      // The read-out sits above the plot, kept inside the chart.
      anchor: index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle',
    };
  });
  return {
    width: CHART.width,
    left: CHART.left,
    right: CHART.right,
    rows,
    readouts,
    readoutY: (CHART.top - 8).toFixed(1),
    height: efficiencyBottom + CHART.bottom,
    reference: yEfficiency(1).toFixed(1),
    boundary: lastWithin === null ? null : {
      x: xOf(Number(lastWithin.replicas)).toFixed(1), top: CHART.top, bottom: efficiencyBottom, text: words.nodeBoundary(groupDigits(lastWithin.replicas, marks)),
      labelY: (throughputBottom + 14).toFixed(1),
      // Written on the side of the line with more room.
      end: xOf(Number(lastWithin.replicas)) > (CHART.left + CHART.width - CHART.right) / 2,
    },
    axisLabel: { x: ((CHART.left + CHART.width - CHART.right) / 2).toFixed(1), y: (efficiencyBottom + 42).toFixed(1), text: words.chartReplicas },
    // The efficiency axis is zoomed to the data: the drop is said in figures beside it, so a small one is not read as a cliff.
    efficiencyDrop: lastDivides === null ? null : {
      x: (CHART.width - CHART.right - 4).toFixed(1),
      y: (efficiencyTop + 14).toFixed(1),
      text: words.efficiencyDrop(groupDigits(lastDivides.replicas, marks), percentText(lastDivides.efficiency),
        localDecimal(roundedDecimal((1 - lastDivides.efficiency) * 100, 1), marks)),
    },
    throughput: runs((point) => yThroughput(point.tokensPerSecond)),
    ideal: [coordinates(xOf(1), yThroughput(ideal(1))), coordinates(xOf(last), yThroughput(ideal(last)))].join(' '),
    efficiency: runs((point) => yEfficiency(point.efficiency)),
    ticks,
    tickY: (efficiencyBottom + 20).toFixed(1),
    axes: {
      throughputTop: { y: (CHART.top + 4).toFixed(1), text: readableDecimal(top, marks) },
      throughputLabel: { y: ((CHART.top + throughputBottom) / 2).toFixed(1), text: words.chartThroughput },
      throughputBottom: { y: (throughputBottom - 4).toFixed(1), text: readableDecimal(bottom, marks) },
      efficiencyTop: { y: (efficiencyTop + 4).toFixed(1), text: words.percent('100') },
      efficiencyLabel: { y: ((efficiencyTop + efficiencyBottom) / 2).toFixed(1), text: words.chartEfficiency },
      efficiencyBottom: { y: (efficiencyBottom - 4).toFixed(1), text: percentText(floor) },
    },
    frames: [
      { y: CHART.top, height: CHART.throughputHeight },
      { y: efficiencyTop, height: CHART.efficiencyHeight },
    ],
    description: words.description(
      groupDigits(lastPoint.replicas, marks),
      lastPoint.stepSeconds === null ? words.notDivisible : readableDecimal(lastPoint.tokensPerSecond, marks),
      lastPoint.stepSeconds === null ? '—' : percentText(lastPoint.efficiency),
      percentText(floor),
    ),
  };
}


// One point's read-out: a focusable column (hover or Tab) that rings the point
// on both lines and writes its values above the chart.
function readoutGroup(document, readout, curve) {
  const group = svgElement(document, 'g', { class: 'curve-point', tabindex: '0', role: 'img', 'aria-label': readout.text });
  group.append(
    svgElement(document, 'title', {}, readout.text),
    svgElement(document, 'rect', { class: 'curve-hit', x: readout.from, y: 0, width: readout.width, height: curve.height }),
    ...(readout.throughputY === null ? [] : [
      svgElement(document, 'circle', { class: 'curve-dot curve-dot-throughput', cx: readout.x, cy: readout.throughputY, r: 4 }),
      svgElement(document, 'circle', { class: 'curve-dot curve-dot-efficiency', cx: readout.x, cy: readout.efficiencyY, r: 4 }),
    ]),
    svgElement(document, 'text', { class: 'curve-readout', x: readout.x, y: curve.readoutY, 'text-anchor': readout.anchor }, readout.text));
  return group;
}

/** Shows a presentCurve() result in the page's curve figure (or hides it for null). */
export function showCurve(document, curve) {
  const figure = document.getElementById('scaling-curve');
  figure.hidden = !curve;
  if (!curve) return;
  const svg = document.getElementById('scaling-curve-chart');
  svg.setAttribute('viewBox', `0 0 ${curve.width} ${curve.height}`);
  document.getElementById('scaling-curve-description').textContent = curve.description;
  const x0 = curve.left;
  const x1 = curve.width - curve.right;
  const parts = [
    ...curve.frames.map((frame) => svgElement(document, 'rect', { class: 'curve-frame', x: x0, y: frame.y, width: x1 - x0, height: frame.height })),
    svgElement(document, 'polyline', { class: 'curve-ideal', points: curve.ideal }),
    ...curve.throughput.map((points) => svgElement(document, 'polyline', { class: 'curve-throughput', points })),
    ...curve.efficiency.map((points) => svgElement(document, 'polyline', { class: 'curve-efficiency', points })),
    ...Object.values(curve.axes).map((label) => svgElement(document, 'text', { class: 'curve-axis', x: x0 - 6, y: label.y, 'text-anchor': 'end' }, label.text)),
    ...curve.ticks.map((tick) => svgElement(document, 'text', { class: 'curve-tick', x: tick.x, y: curve.tickY, 'text-anchor': 'middle' }, tick.text)),
    svgElement(document, 'line', { class: 'curve-reference', x1: x0, x2: x1, y1: curve.reference, y2: curve.reference }),
    svgElement(document, 'text', { class: 'curve-axis curve-axis-label', x: curve.axisLabel.x, y: curve.axisLabel.y, 'text-anchor': 'middle' }, curve.axisLabel.text),
    ...(curve.efficiencyDrop ? [svgElement(document, 'text', { class: 'curve-axis curve-drop', id: 'curve-efficiency-drop', x: curve.efficiencyDrop.x, y: curve.efficiencyDrop.y, 'text-anchor': 'end' }, curve.efficiencyDrop.text)] : []),
    ...(curve.boundary ? [
      svgElement(document, 'line', { class: 'curve-boundary', x1: curve.boundary.x, x2: curve.boundary.x, y1: curve.boundary.top, y2: curve.boundary.bottom }),
      svgElement(document, 'text', {
        class: 'curve-boundary-label', x: Number(curve.boundary.x) + (curve.boundary.end ? -4 : 4), y: curve.boundary.labelY,
        'text-anchor': curve.boundary.end ? 'end' : 'start',
      }, curve.boundary.text),
    ] : []),
    ...curve.readouts.map((readout) => readoutGroup(document, readout, curve)),
  ];
  document.getElementById('scaling-curve-plot').replaceChildren(...parts);

  const body = document.getElementById('scaling-curve-table').tBodies[0];
  body.replaceChildren(...curve.rows.map((row) => {
    const tr = document.createElement('tr');
    tr.dataset.replicas = row.replicas;
    tr.dataset.efficiency = row.efficiencyValue;
    tr.dataset.tokens = row.tokensValue;
    if (row.error) tr.dataset.error = row.error;
    const head = document.createElement('th');
    head.scope = 'row';
    head.textContent = row.replicasText;
    const cells = [row.link, row.accumulation, row.allreduce, row.step, row.tokens, row.efficiency].map((text) => {
      const cell = document.createElement('td');
      cell.textContent = text;
      return cell;
    });
    tr.append(head, ...cells);
    return tr;
  }));
}
