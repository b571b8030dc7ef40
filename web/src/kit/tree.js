// Markup as plain data: h() builds {tag, attributes, children} trees that
// toDom() turns into nodes without any HTML string sink (so it runs under
// Trusted Types), and web/pages/html.mjs turns into HTML at build time. One
// tree, so the page, the iframe embed and the custom element share their markup.

/** An element node. Attributes: true is present-and-empty; false, null and undefined are left out. */
export function h(tag, attributes = {}, ...children) {
  return { tag, attributes, children: children.flat(Infinity).filter((child) => child != null && child !== false && child !== '') };
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** A DOM node (or fragment, for an array) for a tree; strings become text nodes. An svg and all inside it are SVG elements. */
export function toDom(node, document, namespace = null) {
  if (Array.isArray(node)) {
    const fragment = document.createDocumentFragment();
    for (const child of node) fragment.append(toDom(child, document, namespace));
    return fragment;
  }
  if (typeof node === 'string') return document.createTextNode(node);
  const elementNamespace = node.tag === 'svg' ? SVG_NAMESPACE : namespace;
  const element = elementNamespace ? document.createElementNS(elementNamespace, node.tag) : document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (value !== false && value != null) element.setAttribute(name, String(value));
  }
  for (const child of node.children) element.append(toDom(child, document, elementNamespace));
  return element;
}
