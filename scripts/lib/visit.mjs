// A reader's visit through the site in one browser session: which files each
// page fetches that an earlier page of the visit has not already brought
// into the HTTP cache, and their gzip bytes. Shared by scripts/bench (which
// prints it) and the byte-budget test (bytes do not depend on the machine's
// load, so they may pass or fail a test; timings may not).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CALCULATORS } from '../../web/src/calculators/registry.js';

/** The visit the issue names: home, memory, compute, batch size, configuration, scaling. */
export const VISIT = ['effective-batch', 'grad-memory', 'training-compute', 'optimal-batch', 'parallel-configuration', 'dp-scaling'];

/**
 * The byte budgets, gzip (issue 51): the home page's first load, whole; any page's first load and a later page's,
 * over its own HTML and its own core (its wasm).
 */
export const BUDGETS = { homeFirstLoad: 35 * 1024, firstLoadOverHtml: 40 * 1024, laterPageOverHtml: 24 * 1024 };

const gzipBytes = (body) => gzipSync(body, { level: 9 }).length;

/** The file of dist/ a request path names. */
const fileOf = (distDir, pathname) => join(distDir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);

/**
 * Visits the pages in order in one browser context (service workers blocked, so only the HTTP cache carries files
 * from page to page; every asset is immutable and content-hashed). Each page is left once the network is idle, so
 * what it loads on its own (its core, its words) is counted. Returns per page: its path, its HTML's gzip bytes, the
 * files fetched for the first time in the visit with their gzip bytes, and their total.
 */
export async function measureVisit({ browser, origin, distDir, locale = 'en', names = VISIT }) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const seen = new Set();
  const pages = [];
  try {
    for (const name of names) {
      const calculator = CALCULATORS.find((entry) => entry.name === name);
      const path = `/${calculator.paths[locale]}`;
      const fetched = [];
      const record = (response) => {
        const url = new URL(response.url());
        if (url.origin === origin && !seen.has(url.pathname)) {
          seen.add(url.pathname);
          fetched.push(url.pathname);
        }
      };
      page.on('response', record);
      await page.goto(`${origin}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
      page.off('response', record);
      const files = fetched.map((file) => ({ file, gzip: gzipBytes(readFileSync(fileOf(distDir, file))) }));
      // The page's own core, which the budgets leave to it: its wasm module (its Embind glue is in its script).
      const wasm = `/assets/${calculator.wasm}.`;
      pages.push({
        name, path,
        html: gzipBytes(readFileSync(fileOf(distDir, path))),
        files,
        ownCore: files.filter(({ file }) => file.startsWith(wasm) && file.endsWith('.wasm')).reduce((sum, { gzip }) => sum + gzip, 0),
        total: files.reduce((sum, { gzip }) => sum + gzip, 0),
      });
    }
  } finally {
    await context.close();
  }
  return pages;
}

/** Each page's first load alone, in a fresh context: its path, HTML bytes and total gzip bytes. */
export async function measureFirstLoads({ browser, origin, distDir, locale = 'en', names = VISIT }) {
  const loads = [];
  for (const name of names) loads.push((await measureVisit({ browser, origin, distDir, locale, names: [name] }))[0]);
  return loads;
}

/** Assets of dist/ with the same bytes under two names: [[name, name], ...]. */
export function duplicateAssets(distDir, files) {
  const byBody = new Map();
  for (const file of files) {
    const key = readFileSync(join(distDir, file)).toString('base64');
    byBody.set(key, [...(byBody.get(key) ?? []), file]);
  }
  return [...byBody.values()].filter((names) => names.length > 1);
}
