// Debian's Chromium driven by playwright-core, and dist/ served with the
// headers of netlify.toml: shared by the browser tests and scripts/bench.
import { chromium } from 'playwright-core';
import { startServer } from '../static-server.mjs';

export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

/** extraArgs: flags on top of CHROMIUM_ARGS, for this launch only. */
export function launchChromium({ extraArgs = [] } = {}) {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Serves dist/ (or options.dir) on a free loopback port; returns {origin, close}. */
export async function serveDist(options = {}) {
  const server = await startServer({ port: 0, ...options });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}
