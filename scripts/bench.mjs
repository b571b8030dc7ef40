// Benchmark of the built page: first-load bytes, time to first result against a
// text-only floor, and keystroke latency. Prints figures and writes JSON.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, serveDist } from '../tests/support/browser.mjs';
import { serveHostSite } from '../tests/support/host-site.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const coldLoads = Number(process.argv[2] ?? 20);
const keystrokes = Number(process.argv[3] ?? 120);
const query = '?micro=8&dp=64&accum=4&seq=4096';

// Serve a copy of dist/ that also holds the same page with its scripts removed,
// so both are served and timed the same way.
const siteDir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
cpSync(join(root, 'dist'), siteDir, { recursive: true });
const html = readFileSync(join(siteDir, 'index.html'), 'utf8');
writeFileSync(join(siteDir, 'text-only.html'), html
  .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  .replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, ''));

const site = await serveDist({ dir: siteDir });
const browser = await launchChromium();

// Records, from navigation start, when #effective-batch first gets a value and
// when each keystroke's result lands in the DOM (and is next painted).
const instrument = () => {
  window.benchFirstResult = null;
  window.benchKeystrokes = [];
  let keyAt = null;
  addEventListener('keydown', (event) => { keyAt = event.timeStamp; }, true);
  new MutationObserver((records) => {
    const changed = records.some((record) => record.target.id === 'effective-batch');
    if (!changed) return;
    const now = performance.now();
    if (window.benchFirstResult === null && document.getElementById('effective-batch').dataset.value !== '') {
      window.benchFirstResult = now;
    }
    if (keyAt !== null) {
      const start = keyAt;
      keyAt = null;
      requestAnimationFrame(() => setTimeout(() => {
        window.benchKeystrokes.push({ dom: now - start, frame: performance.now() - start });
      }, 0));
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-value'] });
};

const median = (values) => percentile(values, 50);
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round = (value, digits = 1) => Number(value.toFixed(digits));

async function coldLoad(path, untilResult) {
  const context = await browser.newContext();
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const files = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.origin === site.origin) files.push(url.pathname);
  });
  await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
  if (untilResult) await page.waitForFunction(() => window.benchFirstResult !== null, null, { polling: 'raf' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 'raf' });
  const timing = await page.evaluate(() => ({
    firstResult: window.benchFirstResult,
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
  }));
  await context.close();
  return { timing, files };
}

// Raw and gzip bytes of the calculator's files that a page load fetched.
function byteRows(pathnames) {
  const rows = [...new Set(pathnames)].map((pathname) => {
    const body = readFileSync(join(siteDir, pathname === '/' ? 'index.html' : pathname));
    return { file: pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
  return { rows, total };
}

// Files fetched from the calculator's origin by a page (possibly on another origin).
async function calculatorFilesLoadedBy(url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = [];
  page.on('response', (response) => {
    const responseUrl = new URL(response.url());
    if (responseUrl.origin === site.origin) files.push(responseUrl.pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return files;
}

// 1. First-load bytes of a prefilled URL, and of the two embeds on a host page.
const firstLoad = await coldLoad(`/${query}`, true);
const { rows: fileRows, total: totals } = byteRows(firstLoad.files);
const host = await serveHostSite(site.origin, {
  '/widget.html': `<script type="module" src="${site.origin}/widget.js"></script>`
    + '<effective-batch-calculator micro="8" dp="64" accum="4" seq="4096"></effective-batch-calculator>',
  '/iframe.html': `<iframe src="${site.origin}/embed.html${query}" title="c"></iframe><script src="${site.origin}/embed.js" defer></script>`,
});
const widgetLoad = byteRows(await calculatorFilesLoadedBy(`${host.origin}/widget.html`));
const iframeLoad = byteRows(await calculatorFilesLoadedBy(`${host.origin}/iframe.html`));
await host.close();

// 2. Cold loads: first result with scripts, first paint without.
const withScripts = [];
const textOnly = [];
for (let i = 0; i < coldLoads; i += 1) {
  withScripts.push((await coldLoad(`/${query}`, true)).timing);
  textOnly.push((await coldLoad(`/text-only.html${query}`, false)).timing);
}
const firstResultMedian = median(withScripts.map((t) => t.firstResult));
const pageFcpMedian = median(withScripts.map((t) => t.firstContentfulPaint));
const floorFcpMedian = median(textOnly.map((t) => t.firstContentfulPaint));
const floorDclMedian = median(textOnly.map((t) => t.domContentLoaded));

// 3. Keystroke -> updated result.
const context = await browser.newContext();
await context.addInitScript(instrument);
const page = await context.newPage();
await page.goto(`${site.origin}/${query}`);
await page.waitForFunction(() => window.benchFirstResult !== null, null, { polling: 'raf' });
await page.focus('#accumulation-steps');
await page.keyboard.press('End');
for (let i = 0; i < keystrokes; i += 1) {
  await page.keyboard.press(i % 2 === 0 ? '2' : 'Backspace');
  await page.waitForFunction((n) => window.benchKeystrokes.length >= n, i + 1, { polling: 'raf' });
}
const samples = await page.evaluate(() => window.benchKeystrokes);
await context.close();

await browser.close();
await site.close();
rmSync(siteDir, { recursive: true, force: true });

const assetSize = (pattern) => {
  const name = readdirSync(join(root, 'dist', 'assets')).find((file) => pattern.test(file));
  const body = readFileSync(join(root, 'dist', 'assets', name));
  return { file: name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
};

const result = {
  date: new Date().toISOString(),
  url: `/${query}`,
  firstLoad: { files: fileRows, total: totals, targetGzip: 40 * 1024 },
  widgetOnHostPage: { files: widgetLoad.rows, total: widgetLoad.total },
  iframeEmbedOnHostPage: { files: iframeLoad.rows, total: iframeLoad.total },
  coldLoads,
  firstResultMs: { median: round(firstResultMedian), all: withScripts.map((t) => round(t.firstResult)) },
  pageFirstContentfulPaintMs: { median: round(pageFcpMedian) },
  textOnlyFloorMs: {
    firstContentfulPaintMedian: round(floorFcpMedian),
    domContentLoadedMedian: round(floorDclMedian),
    all: textOnly.map((t) => round(t.firstContentfulPaint)),
  },
  firstResultToFloorRatio: round(firstResultMedian / floorFcpMedian, 2),
  keystrokes: {
    count: samples.length,
    toDomMs: { p50: round(percentile(samples.map((s) => s.dom), 50), 2), p95: round(percentile(samples.map((s) => s.dom), 95), 2) },
    toNextFrameMs: { p50: round(percentile(samples.map((s) => s.frame), 50), 2), p95: round(percentile(samples.map((s) => s.frame), 95), 2) },
  },
  wasm: assetSize(/^effective_batch\..*\.wasm$/),
  glueJs: assetSize(/^effective_batch\..*\.js$/),
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('\nFirst load of a prefilled URL');
console.log('  file'.padEnd(52) + 'raw'.padStart(10) + 'gzip'.padStart(10));
for (const row of fileRows) console.log(`  ${row.file}`.padEnd(52) + kb(row.raw).padStart(10) + kb(row.gzip).padStart(10));
console.log('  total'.padEnd(52) + kb(totals.raw).padStart(10) + kb(totals.gzip).padStart(10) + `   (target ≤ 40 KB gzip)`);
console.log(`\nEmbeds, bytes fetched from the calculator by a host page on another origin`);
console.log(`  custom element (widget.js and what it loads)`.padEnd(52) + kb(widgetLoad.total.raw).padStart(10) + kb(widgetLoad.total.gzip).padStart(10));
console.log(`  iframe (embed.html, embed.js and what they load)`.padEnd(52) + kb(iframeLoad.total.raw).padStart(10) + kb(iframeLoad.total.gzip).padStart(10));
console.log(`\nCold loads: ${coldLoads} each`);
console.log(`  first result (median)                 ${result.firstResultMs.median} ms`);
console.log(`  page first contentful paint (median)  ${result.pageFirstContentfulPaintMs.median} ms`);
console.log(`  text-only floor: FCP (median)         ${result.textOnlyFloorMs.firstContentfulPaintMedian} ms`);
console.log(`  text-only floor: DOMContentLoaded     ${result.textOnlyFloorMs.domContentLoadedMedian} ms`);
console.log(`  first result / floor FCP              ${result.firstResultToFloorRatio}×   (target ≤ 2×)`);
console.log(`\nKeystroke → updated result (${samples.length} keystrokes)`);
console.log(`  to DOM:        p50 ${result.keystrokes.toDomMs.p50} ms, p95 ${result.keystrokes.toDomMs.p95} ms   (target p95 ≤ 16 ms)`);
console.log(`  to next frame: p50 ${result.keystrokes.toNextFrameMs.p50} ms, p95 ${result.keystrokes.toNextFrameMs.p95} ms`);
console.log(`\nwasm ${result.wasm.file}: ${kb(result.wasm.raw)} raw, ${kb(result.wasm.gzip)} gzip`);
console.log(`glue ${result.glueJs.file}: ${kb(result.glueJs.raw)} raw, ${kb(result.glueJs.gzip)} gzip`);

const outDir = join(root, 'bench-results');
mkdirSync(outDir, { recursive: true });
const outPath = join(outDir, `bench-${result.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(outPath, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\nJSON written to ${outPath}`);
