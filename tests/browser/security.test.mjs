// The production headers from netlify.toml are served, are strict, and the page
// runs under them with no CSP violation and no console error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { LANGUAGES, useServedDistAndBrowser, watchForProblems, waitForCalculator, resultValues } from '../support/browser.mjs';
import { loadHeaderRules, headersForPath } from '../../scripts/static-server.mjs';
import { allPagePaths } from '../../web/src/calculators/registry.js';

// dist/ served with the production headers, and one Chromium, for the whole file.
const { site, browser } = useServedDistAndBrowser();

function directives(policy) {
  return new Map(policy.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const [name, ...sources] = part.split(/\s+/);
    return [name, sources];
  }));
}

const assetPaths = readdirSync(new URL('../../dist/assets/', import.meta.url)).map((name) => `/assets/${name}`);

// Every calculator's page in every language, by its folder and by its file.
const PAGE_PATHS = allPagePaths().flatMap((path) => [`/${path}`, `/${path}index.html`]);

test('the pages send a strict Content-Security-Policy', async () => {
  for (const path of PAGE_PATHS) {
    const response = await fetch(`${site.origin}${path}`);
    const policy = response.headers.get('content-security-policy');
    assert.ok(policy, `${path} has a CSP`);
    assert.doesNotMatch(policy, /'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|\*/);
    const csp = directives(policy);
    assert.deepEqual(csp.get('default-src'), ["'self'"]);
    assert.deepEqual(csp.get('script-src'), ["'self'", "'wasm-unsafe-eval'"]);
    assert.deepEqual(csp.get('object-src'), ["'none'"]);
    assert.deepEqual(csp.get('base-uri'), ["'none'"]);
    assert.deepEqual(csp.get('form-action'), ["'none'"]);
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
    assert.deepEqual(csp.get('require-trusted-types-for'), ["'script'"]);
    assert.deepEqual(csp.get('trusted-types'), ['batch-planner-service-worker']);
  }
});

test('the embed enforces Trusted Types too, and may be framed by any site, isolated or not', async () => {
  const response = await fetch(`${site.origin}/embed.html`);
  const csp = directives(response.headers.get('content-security-policy'));
  assert.deepEqual(csp.get('require-trusted-types-for'), ["'script'"]);
  assert.deepEqual(csp.get('frame-ancestors'), ['*']);
  assert.equal(response.headers.get('cross-origin-resource-policy'), 'cross-origin');
  assert.equal(response.headers.get('cross-origin-embedder-policy'), 'require-corp');
});

test('what other sites load is marked Cross-Origin-Resource-Policy: cross-origin', async () => {
  for (const path of ['/widget.js', '/embed.js', ...assetPaths]) {
    const response = await fetch(`${site.origin}${path}`);
    assert.equal(response.headers.get('cross-origin-resource-policy'), 'cross-origin', path);
    assert.equal(response.headers.get('access-control-allow-origin'), '*', path);
  }
});

test('every response sends nosniff, a Referrer-Policy and a Permissions-Policy', async () => {
  for (const path of [...PAGE_PATHS, '/embed.html', '/favicon.svg', '/favicon.png', ...assetPaths, '/missing']) {
    const response = await fetch(`${site.origin}${path}`);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
    assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
    assert.match(response.headers.get('permissions-policy') ?? '', /camera=\(\)/, path);
  }
});

test('hashed assets are cached for a year and HTML is revalidated', async () => {
  assert.ok(assetPaths.some((path) => path.endsWith('.wasm')));
  for (const path of assetPaths) {
    const response = await fetch(`${site.origin}${path}`);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable', path);
  }
  assert.match((await fetch(`${site.origin}/`)).headers.get('cache-control'), /max-age=0, must-revalidate/);
  assert.equal((await fetch(`${site.origin}${assetPaths.find((path) => path.endsWith('.wasm'))}`)).headers.get('content-type'), 'application/wasm');
});

test('_headers is Netlify\'s: never served, never cached by the service worker', async () => {
  assert.equal((await fetch(`${site.origin}/_headers`)).status, 404);
  assert.doesNotMatch(readFileSync(new URL('../../dist/sw.js', import.meta.url), 'utf8'), /"_headers"/);
});

test('netlify.toml and the generated _headers never set one header twice for the same path', () => {
  const rules = loadHeaderRules();
  for (const path of [...PAGE_PATHS, '/favicon.svg', '/favicon.png', '/embed.html', '/widget.js', '/embed.js', ...assetPaths]) {
    assert.doesNotThrow(() => headersForPath(rules, path), path);
  }
});

test('the built HTML has no inline scripts, inline styles, inline handlers or external resources', () => {
  const distDir = new URL('../../dist/', import.meta.url);
  const pages = readdirSync(distDir, { recursive: true }).filter((name) => name.endsWith('.html'));
  assert.deepEqual(pages.sort(), ['embed.html', ...allPagePaths().map((path) => `${path}index.html`)].sort());
  for (const name of pages) {
    const html = readFileSync(new URL(name, distDir), 'utf8');
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/i, `${name}: inline script`);
    assert.doesNotMatch(html, /<style|\sstyle=/i, `${name}: inline style`);
    assert.doesNotMatch(html, /\son[a-z]+\s*=/i, `${name}: inline handler`);
    // Absolute URLs only where they must be: canonical, alternates and og:url
    // name the site itself, and a cited source is a link to follow, never loaded.
    const absolute = [...html.matchAll(/<[^>]*\b(?:src|href|content)="https?:\/\/[^>]*>/gi)].map(([tag]) => tag)
      .filter((tag) => !/^<link rel="(?:canonical|alternate)"/.test(tag) && !/^<meta property="og:url"/.test(tag) && !/^<a href="https:/.test(tag));
    assert.deepEqual(absolute, [], `${name}: external reference`);
  }
});

// Raw requests, so that paths reach the server exactly as written.
function rawRequest(path, method = 'GET') {
  const { hostname, port } = new URL(site.origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

test('an encoded path gets the headers of the file it serves', async () => {
  for (const path of ['/%2findex.html', '/assets%2f..%2findex.html', '/en%2findex.html', '/%2fen/']) {
    const { status, headers } = await rawRequest(path);
    assert.equal(status, 200, path);
    assert.match(headers['content-security-policy'] ?? '', /frame-ancestors 'none'/, path);
    assert.equal(headers['access-control-allow-origin'], undefined, path);
    assert.doesNotMatch(headers['cache-control'] ?? '', /immutable/, path);
  }
});

test('other methods get 405, a malformed escape 400, and errors keep the security headers', async () => {
  const post = await rawRequest('/', 'POST');
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
  const malformed = await rawRequest('/%E0%A4%A');
  assert.equal(malformed.status, 400);
  for (const response of [post, malformed, await rawRequest('/missing'), await rawRequest('/assets/missing.js')]) {
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['cross-origin-opener-policy'], 'same-origin');
    assert.doesNotMatch(response.headers['cache-control'] ?? '', /immutable/);
  }
});

for (const { locale, path: pagePath } of LANGUAGES) test(`${locale}: the whole flow runs with zero CSP violations and zero console errors`, async () => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));

  await page.goto(`${site.origin}${pagePath}?micro=2&dp=8&accum=128&seq=2048`);
  await waitForCalculator(page);
  assert.equal((await resultValues(page)).effectiveBatch, '2048');
  await page.focus('#micro-batch');
  await page.keyboard.press('End');
  await page.keyboard.type('0');
  await page.fill('#data-parallel', 'abc');
  await page.fill('#data-parallel', '16');
  await page.locator('#sequence-length').blur();
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('copy-status').textContent !== '');
  await page.click('.faq summary');
  await page.reload();
  await waitForCalculator(page);
  assert.equal((await resultValues(page)).effectiveBatch, '40960');

  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  assert.deepEqual(problems, []);
  assert.deepEqual(requests.filter((url) => !url.startsWith(site.origin)), [], 'no external requests');
  await context.close();
});
