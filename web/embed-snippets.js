// Copy-ready embed code for the current values: an iframe (with the auto-height
// loader) or the custom element. Values are escaped for HTML attributes.
import { FIELDS } from './calculator-view.js';
import { sharedValue, urlWithFields } from './share-url.js';
import { EMBED_TEXT } from './strings.pt-BR.js';

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function iframeSnippet(baseUrl, evaluation, texts) {
  const src = urlWithFields(new URL('embed.html', baseUrl).href, evaluation, texts);
  const loader = new URL('embed.js', baseUrl).href;
  return `<iframe src="${escapeAttribute(src)}" title="${EMBED_TEXT.frameTitle}" width="100%" height="460" loading="lazy"></iframe>\n`
    + `<script src="${escapeAttribute(loader)}" defer></script>`;
}

export function elementSnippet(baseUrl, evaluation, texts) {
  const widget = new URL('widget.js', baseUrl).href;
  const attributes = FIELDS
    .map(({ key, param }) => `${param}="${escapeAttribute(sharedValue(evaluation.fields[key], texts[key]))}"`)
    .join(' ');
  return `<script type="module" src="${escapeAttribute(widget)}"></script>\n`
    + `<effective-batch-calculator ${attributes}>\n  ${EMBED_TEXT.fallback}\n</effective-batch-calculator>`;
}
