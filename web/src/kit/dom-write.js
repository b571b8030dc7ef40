// Writes that leave the DOM alone when it already shows the value: a text or
// attribute written again unchanged still makes the browser lay out and paint
// its box again, and most keystrokes change only a few of a page's figures.
// Each compares with the DOM itself, so nothing shown can go stale.

export function showText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

export function showAttribute(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** A data-* value (dataset key); undefined removes it. */
export function showData(node, key, value) {
  if (value === undefined) delete node.dataset[key];
  else if (node.dataset[key] !== value) node.dataset[key] = value;
}
