// The headers of every calculator page, as a Netlify _headers file: one rule
// for each page path ("/x/" and "/x/index.html"), all with the same strict
// policy. assemble.mjs writes it into dist/ from the calculator registry, so
// a new calculator's pages get their headers without touching netlify.toml;
// the local server (static-server.mjs) reads it beside netlify.toml, as
// Netlify does.

// Strict, and not frameable; Trusted Types, whose one policy admits only the pages' sw.js URL.
export const PAGE_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; "
  + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
  + "frame-ancestors 'none'; require-trusted-types-for 'script'; trusted-types batch-planner-service-worker";

/** pagePaths: relative to the site root ("", "en/", "a-calculator/"); returns the _headers text. */
export function pageHeaderRules(pagePaths) {
  return pagePaths.flatMap((path) => [`/${path}`, `/${path}index.html`]).map((urlPath) => [
    urlPath,
    `  Content-Security-Policy: ${PAGE_POLICY}`,
    '  Cache-Control: public, max-age=0, must-revalidate',
  ].join('\n')).join('\n\n').concat('\n');
}

/** A _headers text as [{path, values}], the shape netlify.toml's [[headers]] have. */
export function parseHeaderRules(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ for: line.trim(), values: {} });
    } else {
      const colon = line.indexOf(':');
      if (colon < 0 || rules.length === 0) throw new Error(`_headers: not a header line: ${line}`);
      rules.at(-1).values[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
  }
  return rules;
}
