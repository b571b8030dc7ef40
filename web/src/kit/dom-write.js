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

/**
 * Holds a part while a number is being typed, or lets it go. Held, it keeps its
 * box and what it last drew but shows nothing (opacity 0 in the stylesheet,
 * [data-held]) and is hidden from assistive technology. It lasts only while the
 * field has focus: focus, a pointer or a selection cannot reach the part without
 * leaving the field, and leaving settles the page (controller.js), so nothing
 * stale can be read or copied. Letting go is then a change of opacity on the
 * part's own layer (will-change), not a new layout and paint of all it holds.
 */
export function showHeld(node, held) {
  if (node.hasAttribute('data-held') === held) return;
  node.toggleAttribute('data-held', held);
  if (held) node.setAttribute('aria-hidden', 'true');
  else node.removeAttribute('aria-hidden');
}
