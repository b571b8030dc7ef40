// Copy-ready embed code for the current values: an iframe (with the
// auto-height loader) or a custom element. Only ever built from valid fields;
// values are escaped for HTML attributes all the same.
import { DEFAULT_LOCALE } from '../i18n/catalogs.js';
import { escapeAttribute, escapeHtml } from './escape.js';
import { sharedValue, urlWithFields } from './url-state.js';

/** siteRoot: the URL the site's entry points (embed.html, embed.js, widget.js) sit under. */
export function iframeSnippet({ siteRoot, schema, evaluation, texts, locale, title, themeNotes = null }) {
  const frame = new URL('embed.html', siteRoot);
  // embed.html shows the default calculator unless ?calc= names another (schema.embed).
  if (schema.embed) frame.searchParams.set('calc', schema.embed);
  if (locale !== DEFAULT_LOCALE) frame.searchParams.set('lang', locale);
  const src = urlWithFields(schema, frame.href, evaluation, texts);
  const loader = new URL('embed.js', siteRoot).href;
  return themeComment(themeNotes?.frame)
    + `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="100%" height="460" loading="lazy"></iframe>\n`
    + `<script type="module" src="${escapeAttribute(loader)}"></script>`;
}

export function elementSnippet({ siteRoot, schema, evaluation, texts, locale, tagName, fallback, themeNotes = null }) {
  const widget = new URL('widget.js', siteRoot).href;
  const attributes = [`lang="${escapeAttribute(locale)}"`, ...schema.fields.map(({ key, param }) =>
    `${param}="${escapeAttribute(sharedValue(evaluation.fields[key], texts[key]))}"`)].join(' ');
  return themeComment(themeNotes?.element)
    + `<script type="module" src="${escapeAttribute(widget)}"></script>\n`
    + `<${tagName} ${attributes}>\n  ${escapeHtml(fallback)}\n</${tagName}>`;
}

// The embed's theme choice, said where the code is pasted: light unless the host asks for another.
function themeComment(note) {
  // The note is the catalog's own text: in a comment nothing is decoded, so only "--" would matter.
  return note ? `<!-- ${note.replaceAll('--', '- -')} -->\n` : '';
}
