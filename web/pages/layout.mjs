// Pieces every built HTML page shares: the document head and the attribute
// list of <html>.
import { escapeAttribute as attr, escapeHtml as text } from './html.mjs';

/**
 * link: the page's linker (assemble.mjs): href(sourceId or output) relative to
 * the page, modulePreloads(entryId) the outputs an entry imports statically,
 * stylesheet(sourceIds) the one file of those stylesheets, in their order.
 * styles: the page's stylesheets' source ids;
 * extraPreloads: further modules the entry loads at once (its catalog);
 * wasm: the module the page's calculator runs on, fetched early; null for a
 * page that learns its calculator only at run time (embed.html, ?calc=), where
 * a preload of one module would be wasted, and warned about, for every other.
 */
export function headHtml({ title, description = '', robots = '', link, styles, entry, wasm = 'src/wasm/effective_batch.wasm', extraPreloads = [], alternates = [], canonical = '', social = null, manifest = '' }) {
  const lines = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text(title)}</title>`,
    description && `<meta name="description" content="${attr(description)}">`,
    robots && `<meta name="robots" content="${attr(robots)}">`,
    canonical && `<link rel="canonical" href="${attr(canonical)}">`,
    ...alternates.map(({ hreflang, href }) => `<link rel="alternate" hreflang="${attr(hreflang)}" href="${attr(href)}">`),
    '<meta name="color-scheme" content="light dark">',
    '<meta name="theme-color" content="#1d4ed8" media="(prefers-color-scheme: light)">',
    '<meta name="theme-color" content="#0f172a" media="(prefers-color-scheme: dark)">',
    ...(social ? socialTags(social) : []),
    // A PNG, not the SVG: Chromium decodes the icon again after every replaceState (favicon.mjs).
    `<link rel="icon" href="${attr(link.href('favicon.png'))}" type="image/png">`,
    manifest && `<link rel="manifest" href="${attr(manifest)}">`,
    `<link rel="stylesheet" href="${attr(link.stylesheet(styles))}">`,
    ...[...link.modulePreloads(entry), ...extraPreloads].map((id) => `<link rel="modulepreload" href="${attr(link.href(id))}">`),
    // Its twin, for a core loaded when needed: prefill-guard.js.
    wasm && `<link rel="preload" href="${attr(link.href(wasm))}" as="fetch" type="application/wasm" crossorigin>`,
    `<script type="module" src="${attr(link.href(entry))}"></script>`,
  ];
  return lines.filter(Boolean).map((line) => `  ${line}`).join('\n');
}

function socialTags({ locale, alternateLocales, siteName, title, description, url }) {
  return [
    '<meta property="og:type" content="website">',
    `<meta property="og:locale" content="${attr(locale)}">`,
    ...alternateLocales.map((other) => `<meta property="og:locale:alternate" content="${attr(other)}">`),
    `<meta property="og:site_name" content="${attr(siteName)}">`,
    `<meta property="og:title" content="${attr(title)}">`,
    `<meta property="og:description" content="${attr(description)}">`,
    url && `<meta property="og:url" content="${attr(url)}">`,
    // X reads the title and description from og: when twitter: gives none.
    '<meta name="twitter:card" content="summary">',
  ].filter(Boolean);
}

export function htmlAttributes(attributes) {
  return Object.entries(attributes).map(([name, value]) => ` ${name}="${attr(value)}"`).join('');
}
