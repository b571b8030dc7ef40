// Where one device's memory goes, as plain data and then as an SVG bar with a
// table beside it: parameters, gradients, optimizer states, activations, the
// reserved share and what is left of the device, at the largest micro-batch
// that fits (the answer), or at the typed one when none fits. Drawn from the
// core's exact byte counts, in binary units first.
import { approximateBytes, binarySize, groupDigits, localDecimal, roundedDecimal } from '../../kit/number-format.js';

const PARTS = [
  ['parameters', 'parameterMemory'],
  ['gradients', 'gradientMemory'],
  ['optimizer', 'optimizerMemory'],
  ['gathered', 'zero3WorkingMemory'],  // ZeRO stage 3 only: a row while it holds bytes
  ['activations', 'activationMemory'],
  ['reserved', 'reservedMemory'],
];

// The activations the split shows: at the largest micro-batch when one fits, else at the typed one.
function activationsShown({ results, fields }) {
  const fits = results.maxMicroBatch.status === 'ok' && results.maxMicroBatch.value !== '0' && results.maxActivationMemory.status === 'ok';
  return fits ? { key: 'maxActivationMemory', micro: results.maxMicroBatch.value, largest: true }
    : { key: 'activationMemory', micro: fields.microBatch.status === 'ok' ? fields.microBatch.value : '', largest: false };
}
const BAR = { width: 640, height: 48 };

/** The bar and table for an evaluation, or null while any part is unknown. */
export function presentSplit(words, evaluation) {
  const { results, marks } = evaluation;
  const shown = activationsShown(evaluation);
  const keyOf = (name, key) => (name === 'activations' ? shown.key : key);
  const known = [...PARTS.map(([name, key]) => keyOf(name, key)), 'deviceMemory'].every((key) => results[key].status === 'ok');
  if (!known) return null;
  const device = BigInt(results.deviceMemory.value);
  const parts = PARTS.map(([name, key]) => ({ name, bytes: BigInt(results[keyOf(name, key)].value) }))
    .filter(({ name, bytes }) => name !== 'gathered' || bytes > 0n);
  const used = parts.reduce((sum, part) => sum + part.bytes, 0n);
  const free = used < device ? device - used : 0n;
  // The bar spans the device, or everything asked for when it does not fit.
  const scale = Number(used > device ? used : device);
  let x = 0;
  const rows = [...parts, { name: 'free', bytes: free }].map(({ name, bytes }) => {
    const width = (Number(bytes) / scale) * BAR.width;
    const row = {
      name,
      label: words.parts[name],
      bytes: String(bytes),
      text: sizeText(bytes, marks),
      share: words.percent(localDecimal(roundedDecimal((Number(bytes) / Number(device)) * 100, 1), marks)),
      x: x.toFixed(1),
      width: width.toFixed(1),
    };
    x += width;
    return row;
  });
  const approximate = (bytes) => approximateBytes(String(bytes), marks);
  // When the reserve and the states alone fill the device, no micro-batch can fit: say so, not only by how much.
  const fixed = parts.filter(({ name }) => name !== 'activations').reduce((sum, part) => sum + part.bytes, 0n);
  const overText = () => {
    if (fixed >= device) return words.noRoom(asText(fixed), asText(device), parts.some(({ name }) => name === 'gathered'));
    return used > device ? words.over(asText(used - device)) : '';
  };
  const asText = (bytes) => (approximate(bytes) ? `${approximate(bytes).amount} ${approximate(bytes).unit}` : `${groupDigits(String(bytes), marks)} B`);
  return {
    rows,
    at: shown.largest ? words.atLargest(groupDigits(shown.micro, marks)) : words.atTyped(groupDigits(shown.micro, marks)),
    viewBox: `0 0 ${BAR.width} ${BAR.height}`,
    deviceX: ((Number(device) / scale) * BAR.width).toFixed(1),
    description: words.description(asText(used), asText(device)),
    over: overText(),
  };
}

// "17,00 GiB (18.253.611.008 bytes)": binary units first, the exact count beside them.
function sizeText(bytes, marks) {
  const size = binarySize(String(bytes), marks);
  return size.unit === 'B' ? `${size.amount} B` : `${size.amount} ${size.unit} (${groupDigits(String(bytes), marks)} B)`;
}

const SVG = 'http://www.w3.org/2000/svg';

/** Shows a presentSplit() result in the page's split figure (or hides it for null). */
export function showSplit(document, split) {
  const figure = document.getElementById('memory-split');
  figure.hidden = !split;
  if (!split) return;
  const svg = document.getElementById('memory-split-chart');
  svg.setAttribute('viewBox', split.viewBox);
  document.getElementById('memory-split-description').textContent = split.description;
  document.getElementById('memory-split-at').textContent = split.at;
  document.getElementById('memory-split-bars').replaceChildren(...split.rows.map((row) => {
    const rect = document.createElementNS(SVG, 'rect');
    rect.setAttribute('class', `split-${row.name}`);
    rect.setAttribute('x', row.x);
    rect.setAttribute('y', '0');
    rect.setAttribute('width', row.width);
    rect.setAttribute('height', '48');
    return rect;
  }));
  const marker = document.getElementById('memory-split-device');
  marker.setAttribute('x1', split.deviceX);
  marker.setAttribute('x2', split.deviceX);
  document.getElementById('memory-split-over').textContent = split.over;
  const body = document.getElementById('memory-split-table').tBodies[0];
  body.replaceChildren(...split.rows.map((row) => {
    const tr = document.createElement('tr');
    tr.dataset.part = row.name;
    tr.dataset.bytes = row.bytes;
    const head = document.createElement('th');
    head.scope = 'row';
    const swatch = document.createElement('span');
    swatch.className = `split-swatch split-${row.name}`;
    head.append(swatch, row.label);
    const bytes = document.createElement('td');
    bytes.textContent = row.text;
    const share = document.createElement('td');
    share.textContent = row.share;
    tr.append(head, bytes, share);
    return tr;
  }));
}
