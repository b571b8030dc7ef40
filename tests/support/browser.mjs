// Shared set-up for browser tests: the real dist/ served with netlify.toml's
// headers, and Debian's Chromium driven by playwright-core.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CHROMIUM_ARGS, launchChromium as launchWithFlags, serveDist } from '../../scripts/lib/browser.mjs';
import { serveHostSite } from '../../scripts/lib/host-site.mjs';

export { CHROMIUM_ARGS, serveDist };

// Nearly every test opens a context of its own, and its first page there was
// most of the test's time: a new renderer process to start. Holding renderers
// to one per context where site isolation allows (it still splits cross-site
// frames) measured 1.30 -> 0.90 s for a new context's first page and ready
// calculator, and the whole browser suite 1,235 -> 886 s, with every test
// passing as before. Only for the tests: scripts/bench and Lighthouse keep
// Chromium's own process model, as readers have it.
const TEST_ONLY_ARGS = ['--renderer-process-limit=1'];

/** Debian's Chromium as the tests run it. */
export const launchChromium = () => launchWithFlags({ extraArgs: TEST_ONLY_ARGS });

/** The two languages every main flow runs in: where the page is and how it writes numbers. */
export const LANGUAGES = [
  { locale: 'pt-BR', path: '/', format: (n) => new Intl.NumberFormat('pt-BR').format(BigInt(n)) },
  { locale: 'en', path: '/en/', format: (n) => new Intl.NumberFormat('en').format(BigInt(n)) },
];

/**
 * Records everything that would show in the console as a problem: console errors
 * and warnings (CSP violations are reported there), uncaught exceptions and
 * unhandled rejections.
 */
export function watchForProblems(page) {
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Waits until a calculator has rendered from the wasm core, or said it cannot (data-state). */
export async function waitForCalculator(page, root = 'document') {
  await page.waitForFunction((rootExpression) => {
    const scope = rootExpression === 'document' ? document : document.querySelector(rootExpression)?.shadowRoot;
    const state = scope?.querySelector('[data-calculator]')?.dataset.state;
    return state === 'ready' || state === 'failed';
  }, root);
}

/**
 * The home page's figures once its calculator has answered: its core loads when a field is first edited (calculator.js,
 * coreWhenNeeded), and until then the container says "loading".
 */
export async function resultValues(page) {
  await waitForCalculator(page);
  return page.evaluate(() => ({
    effectiveBatch: document.getElementById('effective-batch').dataset.value,
    effectiveBatchText: document.getElementById('effective-batch').textContent,
    tokensPerStep: document.getElementById('tokens-per-step').dataset.value,
    tokensPerStepText: document.getElementById('tokens-per-step').textContent,
    approximation: document.getElementById('tokens-per-step-note').textContent,
    status: document.getElementById('effective-batch-status').textContent,
  }));
}

/**
 * For a test file: serves dist/ and launches Chromium before its tests, closes
 * both after. hostPages(calculatorOrigin), when given, are served on another
 * origin as documentation-like pages (serveHostSite) for embed tests. The
 * returned objects are live handles, filled in by then.
 */
export function useServedDistAndBrowser({ hostPages } = {}) {
  const site = { origin: '' };
  const host = { origin: '' };
  const browser = {};
  let server;
  let hostServer;
  let chromium;
  before(async () => {
    server = await serveDist();
    site.origin = server.origin;
    if (hostPages) {
      hostServer = await serveHostSite(server.origin, hostPages(server.origin));
      host.origin = hostServer.origin;
    }
    chromium = await launchChromium();
  });
  after(async () => {
    await chromium?.close();
    await hostServer?.close();
    await server?.close();
  });
  browser.newContext = (...args) => chromium.newContext(...args);
  return { site, host, browser };
}

/**
 * Runs body(page) in a fresh context of browser (anything with newContext),
 * then checks that nothing showed in the console as a problem.
 */
export async function withPage(browser, body, contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = watchForProblems(page);
  try {
    await body(page);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}

/**
 * Resolves two frames on: a focused control under a sticky bar is scrolled
 * clear in the frame after the focus moves (kit/focus-clear.js), so a place or
 * a cover read before then races that scroll.
 */
export function afterFocusClear(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
