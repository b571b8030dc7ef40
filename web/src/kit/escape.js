// Text made safe to put into HTML: as element content, or inside a
// double-quoted attribute. Used where HTML is written as a string: the embed
// snippets people copy, and the pages rendered at build time.
export const escapeHtml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttribute = (text) => escapeHtml(text).replace(/"/g, '&quot;');

// Bidirectional controls (embeddings, overrides, isolates, marks): in text a
// link or a paste supplies, they would reorder the page's own words around it.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Supplied text (a model name from a link, a key from a pasted config) made
 * fit to quote in a message: bidirectional controls removed, and cut to at
 * most `limit` code points, never inside a surrogate pair.
 */
export function echoText(text, limit) {
  return Array.from(String(text).replace(BIDI_CONTROLS, '')).slice(0, limit).join('');
}
