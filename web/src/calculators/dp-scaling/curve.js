// How throughput and efficiency grow with the replicas, as plain data and then
// as an SVG chart (throughput against perfect linear scaling above, both on
// log scales so that perfect scaling is a straight line and a shortfall reads
// as a gap; efficiency below, from 0 to 100%) with a table holding the same numbers. The
// points come from the core (the evaluation's "extra").
import { groupDigits, localDecimal, plainDecimal, readableDecimal, roundedDecimal } from '../../kit/number-format.js';

const CHART = { width: 640, left: 100, right: 16, top: 12, throughputHeight: 170, gap: 36, efficiencyHeight: 90, bottom: 34 };
const PLAIN_DIGITS = 12;

/** The chart and table for an evaluation, or null while the curve is unknown. */
export function presentCurve(words, evaluation) {
  const points = evaluation.extra ?? [];
  if (points.length === 0) return null;
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
  const yEfficiency = (value) => efficiencyBottom - value * CHART.efficiencyHeight;
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
      efficiency: divides ? words.percent(localDecimal(roundedDecimal(point.efficiency * 100, 1), marks)) : '—',
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
  return {
    rows,
    height: efficiencyBottom + CHART.bottom,
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
      efficiencyBottom: { y: (efficiencyBottom - 4).toFixed(1), text: words.percent('0') },
    },
    frames: [
      { y: CHART.top, height: CHART.throughputHeight },
      { y: efficiencyTop, height: CHART.efficiencyHeight },
    ],
    description: words.description(
      groupDigits(lastPoint.replicas, marks),
      lastPoint.stepSeconds === null ? words.notDivisible : readableDecimal(lastPoint.tokensPerSecond, marks),
      lastPoint.stepSeconds === null ? '—' : words.percent(localDecimal(roundedDecimal(lastPoint.efficiency * 100, 1), marks)),
    ),
  };
}

const SVG = 'http://www.w3.org/2000/svg';

function svgElement(document, name, attributes, text = '') {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text) element.textContent = text;
  return element;
}

/** Shows a presentCurve() result in the page's curve figure (or hides it for null). */
export function showCurve(document, curve) {
  const figure = document.getElementById('scaling-curve');
  figure.hidden = !curve;
  if (!curve) return;
  const svg = document.getElementById('scaling-curve-chart');
  svg.setAttribute('viewBox', `0 0 ${CHART.width} ${curve.height}`);
  document.getElementById('scaling-curve-description').textContent = curve.description;
  const x0 = CHART.left;
  const x1 = CHART.width - CHART.right;
  const parts = [
    ...curve.frames.map((frame) => svgElement(document, 'rect', { class: 'curve-frame', x: x0, y: frame.y, width: x1 - x0, height: frame.height })),
    svgElement(document, 'polyline', { class: 'curve-ideal', points: curve.ideal }),
    ...curve.throughput.map((points) => svgElement(document, 'polyline', { class: 'curve-throughput', points })),
    ...curve.efficiency.map((points) => svgElement(document, 'polyline', { class: 'curve-efficiency', points })),
    ...Object.values(curve.axes).map((label) => svgElement(document, 'text', { class: 'curve-axis', x: x0 - 6, y: label.y, 'text-anchor': 'end' }, label.text)),
    ...curve.ticks.map((tick) => svgElement(document, 'text', { class: 'curve-tick', x: tick.x, y: curve.tickY, 'text-anchor': 'middle' }, tick.text)),
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
