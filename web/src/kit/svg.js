// SVG charts' shared parts: an element made with its attributes (and text),
// and a chart drawn at the width it is shown at, again when that changes.

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element of document with the given attributes and, when given, text. */
export function svgElement(document, name, attributes, text = '') {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text) element.textContent = text;
  return element;
}

/**
 * draw(width) at the width of container, and again when that width changes
 * (read when the resize observer reports it, when layout is clean, never right
 * after a keystroke's writes). Returns redraw(), for new data at the same width.
 */
export function drawAtShownWidth(container, draw) {
  let shown = container.clientWidth;
  let drawn = null;
  const redraw = () => {
    drawn = shown;
    draw(drawn);
  };
  new ResizeObserver(() => {
    shown = container.clientWidth;
    if (drawn !== null && shown !== drawn) redraw();
  }).observe(container);
  return redraw;
}
