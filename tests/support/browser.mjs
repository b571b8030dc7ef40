// Shared set-up for browser tests: the real dist/ served with netlify.toml's
// headers, and Debian's Chromium driven by playwright-core.
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Serves dist/ on a free loopback port; returns {origin, close}. */
export async function serveDist(options = {}) {
  const server = await startServer({ port: 0, ...options });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}

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

/** Waits until the calculator has rendered from the wasm core (or reported it cannot). */
export async function waitForCalculator(page) {
  await page.waitForFunction(() => {
    const status = document.getElementById('results-status')?.textContent ?? '';
    const output = document.getElementById('effective-batch')?.textContent ?? '—';
    return output !== '—' || (status !== '' && !status.startsWith('Carregando'));
  });
}

export async function resultValues(page) {
  return page.evaluate(() => ({
    effectiveBatch: document.getElementById('effective-batch').dataset.value,
    effectiveBatchText: document.getElementById('effective-batch').textContent,
    tokensPerStep: document.getElementById('tokens-per-step').dataset.value,
    tokensPerStepText: document.getElementById('tokens-per-step').textContent,
    approximation: document.getElementById('tokens-approximation').textContent,
    status: document.getElementById('results-status').textContent,
  }));
}

/**
 * For a test file: serves dist/ and launches Chromium before its tests, closes
 * both after. The returned objects are live handles, filled in by then.
 */
export function useServedDistAndBrowser() {
  const site = { origin: '' };
  const browser = {};
  let server;
  let chromium;
  before(async () => {
    server = await serveDist();
    chromium = await launchChromium();
    site.origin = server.origin;
  });
  after(async () => {
    await chromium?.close();
    await server?.close();
  });
  browser.newContext = (...args) => chromium.newContext(...args);
  return { site, browser };
}
