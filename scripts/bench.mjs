// Benchmark of the built site, in both languages: first-load bytes, time to
// the first correct result against a text-only floor (on loopback, and with
// CPU x4 and a 150 ms / 1.6 Mb/s network), and keystroke latency. Prints
// figures and writes JSON; asserts nothing (speed is no pass/fail matter).
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, serveDist } from './lib/browser.mjs';
import { serveHostSite } from './lib/host-site.mjs';
import { distWithTextOnlyFloors, runLighthouse } from './lib/lighthouse.mjs';
import { CALCULATORS, HOME } from '../web/src/calculators/registry.js';

const root = resolve(import.meta.dirname, '..');
const coldLoads = Number(process.argv[2] ?? 15);
const keystrokes = Number(process.argv[3] ?? 120);
const throttledLoads = Math.max(3, Math.round(coldLoads / 3));
// The home calculator's pages, measured in full (with the planner and Lighthouse).
const LANGUAGES = Object.entries(HOME.paths).map(([locale, path]) => ({ locale, path: `/${path}` }));
// A prefilled link whose figures differ from the defaults (so they must come
// from the core), and the bare page (whose default figures are in the HTML).
const PREFILLED = { query: '?micro=16&dp=64&accum=4&seq=4096', batch: '4096' };
const BARE = { query: '', batch: '2048' };
const THROTTLED = { cpu: 4, latency: 150, bytesPerSecond: 1_600_000 / 8 };

// Serve a copy of dist/ that also holds each page with its scripts removed,
// so both are served and timed the same way.
const siteDir = distWithTextOnlyFloors(LANGUAGES.map(({ path }) => path));

const site = await serveDist({ dir: siteDir });
const browser = await launchChromium();

// Records, from navigation start, the first frame in which #effective-batch is
// visible with the expected value, and when each keystroke's result lands in
// the DOM (and is next painted).
// watchId: the output whose update ends a keystroke (the planner's ramp-steps
// is written after every other planner result, in the same task as the table).
const instrument = ({ expectedBatch, watchId }) => {
  window.benchFirstResult = null;
  window.benchKeystrokes = [];
  const watch = () => {
    const output = document.getElementById('effective-batch');
    if (output && output.dataset.value === expectedBatch && getComputedStyle(output).visibility === 'visible') {
      window.benchFirstResult = performance.now();
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  let keyAt = null;
  addEventListener('keydown', (event) => { keyAt = event.timeStamp; }, true);
  new MutationObserver((records) => {
    if (keyAt === null || !records.some((record) => record.target.id === watchId)) return;
    const start = keyAt;
    const now = performance.now();
    keyAt = null;
    requestAnimationFrame(() => setTimeout(() => window.benchKeystrokes.push({ dom: now - start, frame: performance.now() - start }), 0));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-value'] });
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values) => percentile(values, 50);
const round = (value, digits = 1) => Number(value.toFixed(digits));

async function newPage({ throttled = false, expectedBatch = '', watchId = 'effective-batch' } = {}) {
  const context = await browser.newContext();
  await context.addInitScript(instrument, { expectedBatch, watchId });
  const page = await context.newPage();
  if (throttled) {
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED.cpu });
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', {
      offline: false, latency: THROTTLED.latency,
      downloadThroughput: THROTTLED.bytesPerSecond, uploadThroughput: THROTTLED.bytesPerSecond,
    });
  }
  return { context, page };
}

async function coldLoad(url, { untilResult, expectedBatch, throttled }) {
  const { context, page } = await newPage({ throttled, expectedBatch });
  const files = [];
  page.on('response', (response) => {
    const responseUrl = new URL(response.url());
    if (responseUrl.origin === site.origin) files.push(responseUrl.pathname);
  });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  if (untilResult) await page.waitForFunction(() => window.benchFirstResult !== null, null, { polling: 'raf', timeout: 60_000 });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 'raf' });
  const timing = await page.evaluate(() => ({
    firstResult: window.benchFirstResult,
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0].startTime,
  }));
  await context.close();
  return { timing, files };
}

// Raw and gzip bytes of the files a load fetched from the calculator's origin.
function byteRows(pathnames) {
  const rows = [...new Set(pathnames)].map((pathname) => {
    const body = readFileSync(join(siteDir, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    return { file: pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
  return { rows, total };
}

async function filesLoadedBy(url) {
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

async function timeLoads(path, throttled, count) {
  const run = async (query, expectedBatch, untilResult, file = '') => {
    const samples = [];
    for (let i = 0; i < count; i += 1) {
      samples.push((await coldLoad(`${site.origin}${path}${file}${query}`, { untilResult, expectedBatch, throttled })).timing);
    }
    return samples;
  };
  const prefilled = await run(PREFILLED.query, PREFILLED.batch, true);
  const bare = await run(BARE.query, BARE.batch, true);
  const floor = await run(PREFILLED.query, '', false, 'text-only.html');
  const floorFcp = median(floor.map((t) => t.firstContentfulPaint));
  const summary = (samples) => ({
    firstResultMedian: round(median(samples.map((t) => t.firstResult))),
    firstContentfulPaintMedian: round(median(samples.map((t) => t.firstContentfulPaint))),
    ratioToFloor: round(median(samples.map((t) => t.firstResult)) / floorFcp, 2),
  });
  return { loads: count, floorFirstContentfulPaintMedian: round(floorFcp), prefilled: summary(prefilled), bare: summary(bare) };
}

// Keystrokes in one field, each timed until the watched output is updated:
// `keys` alternate (type, then erase) so the figures move every time.
async function timeTyping({ url, ready, field, keys, watchId, throttled }) {
  const { context, page } = await newPage({ throttled, expectedBatch: PREFILLED.batch, watchId });
  await page.goto(url, { timeout: 60_000 });
  await page.waitForFunction(ready, null, { polling: 'raf', timeout: 60_000 });
  await page.focus(field);
  await page.keyboard.press('End');
  for (let i = 0; i < keystrokes; i += 1) {
    await page.keyboard.press(keys[i % 2]);
    await page.waitForFunction((n) => window.benchKeystrokes.length >= n, i + 1, { polling: 'raf' });
  }
  const samples = await page.evaluate(() => window.benchKeystrokes);
  await context.close();
  const stat = (key) => ({ p50: round(percentile(samples.map((s) => s[key]), 50), 2), p95: round(percentile(samples.map((s) => s[key]), 95), 2) });
  return { count: samples.length, toDomMs: stat('dom'), toNextFrameMs: stat('frame') };
}

const timeKeystrokes = (path, throttled) => timeTyping({
  url: `${site.origin}${path}${PREFILLED.query}`, ready: () => window.benchFirstResult !== null,
  field: '#accumulation-steps', keys: ['2', 'Backspace'], watchId: 'effective-batch', throttled,
});

// The planner, on a BLOOM-176B link (116 ramp stages): how long until it is
// ready, what it fetches beyond the page's first load, and each keystroke in
// its ramp-up field until every planner result and the whole table are updated.
const PLANNER = { query: '?micro=2&dp=8&accum=128&seq=2048&world=384&tp=4&pp=12&target=2050&budget=366B&warmup=1B&tps=150&refbatch=512&lr=6e-5&ramp=192,16,9765625' };

async function timePlanner(path, throttled, count) {
  const readyAt = [];
  let files = [];
  for (let i = 0; i < count; i += 1) {
    const { context, page } = await newPage({ throttled });
    files = [];
    page.on('response', (response) => {
      const responseUrl = new URL(response.url());
      if (responseUrl.origin === site.origin) files.push(responseUrl.pathname);
    });
    await page.goto(`${site.origin}${path}${PLANNER.query}`, { timeout: 60_000 });
    await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready', null, { polling: 'raf', timeout: 60_000 });
    readyAt.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
  return { loads: count, readyMedian: round(median(readyAt)), files };
}

// 9765625 <-> 97656250 samples: the ramp, its totals and its 116 or more rows change every time.
const timePlannerKeystrokes = (path, throttled) => timeTyping({
  url: `${site.origin}${path}${PLANNER.query}`, ready: () => document.getElementById('planner').dataset.state === 'ready',
  field: '#plan-ramp-samples', keys: ['0', 'Backspace'], watchId: 'ramp-steps', throttled,
});

// Every other calculator's page (the registry's, after the home one): what the
// first load of its example link fetches, and each keystroke its descriptor
// names (calculator.js, keystrokes) until the result it watches is updated.
const OTHER_CALCULATORS = await Promise.all(CALCULATORS.filter((entry) => entry !== HOME).map(async (entry) => ({
  entry, calculator: (await entry.load()).default,
})));

const timeCalculatorKeystrokes = (path, { query, field, keys, watch }, throttled) => timeTyping({
  url: `${site.origin}${path}${query}`, ready: () => document.querySelector('[data-calculator]').dataset.state === 'ready',
  field, keys, watchId: watch, throttled,
});

const result = { date: new Date().toISOString(), languages: {} };
for (const { locale, path } of LANGUAGES) {
  result.languages[locale] = {
    firstLoad: {
      prefilled: byteRows((await coldLoad(`${site.origin}${path}${PREFILLED.query}`, { untilResult: true, expectedBatch: PREFILLED.batch })).files),
      bare: byteRows((await coldLoad(`${site.origin}${path}`, { untilResult: true, expectedBatch: BARE.batch })).files),
      targetGzip: 35 * 1024,
    },
    loopback: await timeLoads(path, false, coldLoads),
    throttled: await timeLoads(path, true, throttledLoads),
    keystrokes: await timeKeystrokes(path, false),
    keystrokesThrottled: await timeKeystrokes(path, true),
    planner: await timePlanner(path, false, coldLoads),
    plannerThrottled: await timePlanner(path, true, throttledLoads),
    plannerKeystrokes: await timePlannerKeystrokes(path, false),
    plannerKeystrokesThrottled: await timePlannerKeystrokes(path, true),
    lighthouse: {
      page: (await runLighthouse(`${site.origin}${path}${PREFILLED.query}`, join(siteDir, `lh-page-${locale}.json`))).scores,
      floor: (await runLighthouse(`${site.origin}${path}text-only.html${PREFILLED.query}`, join(siteDir, `lh-floor-${locale}.json`))).scores,
    },
  };
}

result.calculators = {};
for (const { entry, calculator } of OTHER_CALCULATORS) {
  for (const [locale, pagePath] of Object.entries(entry.paths)) {
    const path = `/${pagePath}`;
    result.calculators[`${entry.name} ${locale}`] = {
      firstLoad: byteRows((await coldLoad(`${site.origin}${path}${calculator.example}`, { untilResult: false })).files),
      keystrokes: await timeCalculatorKeystrokes(path, calculator.keystrokes, false),
      keystrokesThrottled: await timeCalculatorKeystrokes(path, calculator.keystrokes, true),
    };
  }
}

// What the planner fetched beyond the page's own first load (read before the served copy is removed).
for (const figures of Object.values(result.languages)) {
  const firstLoadFiles = new Set(figures.firstLoad.prefilled.rows.map((row) => row.file));
  figures.planner.onDemand = byteRows(figures.planner.files.filter((file) => !firstLoadFiles.has(file) && !file.endsWith('/')));
  delete figures.planner.files;
  delete figures.plannerThrottled.files;
}

const host = await serveHostSite(site.origin, {
  '/widget.html': `<script type="module" src="${site.origin}/widget.js"></script>`
    + '<effective-batch-calculator lang="en" micro="8" dp="64" accum="4" seq="4096"></effective-batch-calculator>',
  '/iframe.html': `<iframe src="${site.origin}/embed.html?lang=en&micro=8" title="c"></iframe><script type="module" src="${site.origin}/embed.js"></script>`,
});
result.widgetOnHostPage = byteRows(await filesLoadedBy(`${host.origin}/widget.html`)).total;
result.iframeEmbedOnHostPage = byteRows(await filesLoadedBy(`${host.origin}/iframe.html`)).total;
await host.close();
await browser.close();
await site.close();
rmSync(siteDir, { recursive: true, force: true });

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const line = (label, value) => console.log(`  ${label.padEnd(58)}${value}`);
for (const [locale, figures] of Object.entries(result.languages)) {
  console.log(`\n=== ${locale} ===`);
  console.log('First load of a prefilled URL');
  for (const row of figures.firstLoad.prefilled.rows) line(row.file, `${kb(row.raw).padStart(10)}${kb(row.gzip).padStart(10)}`);
  line('total (raw, gzip)', `${kb(figures.firstLoad.prefilled.total.raw).padStart(10)}${kb(figures.firstLoad.prefilled.total.gzip).padStart(10)}   (target ≤ 35 KB gzip)`);
  line('bare page total (raw, gzip)', `${kb(figures.firstLoad.bare.total.raw).padStart(10)}${kb(figures.firstLoad.bare.total.gzip).padStart(10)}`);
  for (const [name, loads] of [['loopback', figures.loopback], [`CPU ×${THROTTLED.cpu}, ${THROTTLED.latency} ms, 1.6 Mb/s`, figures.throttled]]) {
    console.log(`Cold loads, ${name} (${loads.loads} each, medians)`);
    line('text-only floor: first contentful paint', `${loads.floorFirstContentfulPaintMedian} ms`);
    line('prefilled link: first correct result', `${loads.prefilled.firstResultMedian} ms = ${loads.prefilled.ratioToFloor}× floor   (target ≤ 1.2×)`);
    line('bare page: first correct result', `${loads.bare.firstResultMedian} ms = ${loads.bare.ratioToFloor}× floor`);
  }
  for (const [name, keys] of [['', figures.keystrokes], [` at CPU ×${THROTTLED.cpu}`, figures.keystrokesThrottled]]) {
    console.log(`Keystroke → updated result${name} (${keys.count} keystrokes)`);
    line('to DOM', `p50 ${keys.toDomMs.p50} ms, p95 ${keys.toDomMs.p95} ms   (target p95 ≤ 16 ms)`);
    line('to next frame', `p50 ${keys.toNextFrameMs.p50} ms, p95 ${keys.toNextFrameMs.p95} ms`);
  }
  const { onDemand } = figures.planner;
  console.log('Planner (BLOOM-176B link: 116 ramp stages)');
  for (const row of onDemand.rows) line(`  loaded on demand: ${row.file}`, `${kb(row.raw).padStart(10)}${kb(row.gzip).padStart(10)}`);
  line('loaded on demand, total (raw, gzip)', `${kb(onDemand.total.raw).padStart(10)}${kb(onDemand.total.gzip).padStart(10)}`);
  line('ready, from navigation (loopback, median)', `${figures.planner.readyMedian} ms`);
  line(`ready, from navigation (CPU ×${THROTTLED.cpu}, ${THROTTLED.latency} ms, 1.6 Mb/s)`, `${figures.plannerThrottled.readyMedian} ms`);
  for (const [name, keys] of [['', figures.plannerKeystrokes], [` at CPU ×${THROTTLED.cpu}`, figures.plannerKeystrokesThrottled]]) {
    console.log(`Keystroke in the ramp-up → every planner result and the table updated${name} (${keys.count} keystrokes)`);
    line('to DOM', `p50 ${keys.toDomMs.p50} ms, p95 ${keys.toDomMs.p95} ms   (target p95 ≤ 16 ms)`);
    line('to next frame', `p50 ${keys.toNextFrameMs.p50} ms, p95 ${keys.toNextFrameMs.p95} ms`);
  }
  console.log('Lighthouse 12.2.3, mobile defaults, prefilled URL');
  line('page', JSON.stringify(figures.lighthouse.page));
  line('text-only floor', JSON.stringify(figures.lighthouse.floor));
}
for (const [name, figures] of Object.entries(result.calculators)) {
  console.log(`\n=== ${name} ===`);
  for (const row of figures.firstLoad.rows) line(`  ${row.file}`, `${kb(row.raw).padStart(10)}${kb(row.gzip).padStart(10)}`);
  line('first load of its example link (raw, gzip)', `${kb(figures.firstLoad.total.raw).padStart(10)}${kb(figures.firstLoad.total.gzip).padStart(10)}   (target ≤ 35 KB gzip)`);
  for (const [label, keys] of [['', figures.keystrokes], [` at CPU ×${THROTTLED.cpu}`, figures.keystrokesThrottled]]) {
    line(`keystroke → result updated${label}, to DOM`, `p50 ${keys.toDomMs.p50} ms, p95 ${keys.toDomMs.p95} ms   (target p95 ≤ 16 ms)`);
  }
}
console.log('\nEmbeds: bytes fetched from the calculator by a host page on another origin (raw, gzip)');
line('custom element (widget.js and what it loads)', `${kb(result.widgetOnHostPage.raw).padStart(10)}${kb(result.widgetOnHostPage.gzip).padStart(10)}`);
line('iframe (embed.html, embed.js and what they load)', `${kb(result.iframeEmbedOnHostPage.raw).padStart(10)}${kb(result.iframeEmbedOnHostPage.gzip).padStart(10)}`);
console.log('\nLargest assets (raw, gzip)');
const assets = readdirSync(join(root, 'dist', 'assets')).map((name) => {
  const body = readFileSync(join(root, 'dist', 'assets', name));
  return { name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}).sort((a, b) => b.gzip - a.gzip);
for (const { name, raw, gzip } of assets.slice(0, 4)) line(name, `${kb(raw).padStart(10)}${kb(gzip).padStart(10)}`);

const outDir = join(root, 'bench-results');
mkdirSync(outDir, { recursive: true });
const outPath = join(outDir, `bench-${result.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(outPath, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\nJSON written to ${outPath}`);
