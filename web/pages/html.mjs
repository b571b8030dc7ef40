// Build-time HTML from the trees of web/src/kit/tree.js, plus trusted markup
// written in this repository (the page catalogs' prose) passed through raw().
import { escapeAttribute, escapeHtml } from '../src/kit/escape.js';

export { escapeAttribute, escapeHtml };

const VOID_ELEMENTS = new Set(['input', 'meta', 'link', 'br', 'img', 'hr']);

/** Markup authored here (never user input), to be emitted as is. */
export const raw = (html) => ({ raw: html });

export function toHtml(node) {
  if (Array.isArray(node)) return node.map(toHtml).join('');
  if (typeof node === 'string') return escapeHtml(node);
  if (node && typeof node.raw === 'string') return node.raw;
  const attributes = Object.entries(node.attributes)
    .filter(([, value]) => value !== false && value != null)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('');
  if (VOID_ELEMENTS.has(node.tag)) return `<${node.tag}${attributes}>`;
  return `<${node.tag}${attributes}>${node.children.map(toHtml).join('')}</${node.tag}>`;
}
