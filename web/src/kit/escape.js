// Text made safe to put into HTML: as element content, or inside a
// double-quoted attribute. Used where HTML is written as a string: the embed
// snippets people copy, and the pages rendered at build time.
export const escapeHtml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttribute = (text) => escapeHtml(text).replace(/"/g, '&quot;');
