// Lighthouse 12.2.3 (pinned), mobile defaults, with Debian's Chromium; and the
// text-only floor page both the gate and the benchmark compare against.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS } from './browser.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const lighthouseBin = join(root, 'node_modules', '.bin', 'lighthouse');

// Lighthouse sometimes fails to record the trace with this Chromium
// ("NO_NAVSTART"): a crash of the tool, not a score. Those runs are repeated,
// visibly; a low score never is.
const ATTEMPTS = 3;

/**
 * Runs Lighthouse on url; returns {scores: {performance, ...}, report}.
 * categories: only these (a floor page is judged by its performance alone).
 */
export async function runLighthouse(url, reportPath, log = console.log, { categories = [] } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await promisify(execFile)(lighthouseBin, [
        url, '--quiet', '--output=json', `--output-path=${reportPath}`, `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
        ...(categories.length ? [`--only-categories=${categories.join(',')}`] : []),
      ], { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, timeout: 110_000 });
      const report = JSON.parse(readFileSync(reportPath, 'utf8'));
      const scores = Object.fromEntries(Object.entries(report.categories).map(([id, category]) => [id, category.score]));
      return { scores, report };
    } catch (error) {
      const output = `${error.stderr ?? ''}\n${error.message}`;
      const runtimeError = output.match(/Runtime error encountered: .*/);
      if (!runtimeError || attempt === ATTEMPTS) throw error;
      log(`# Lighthouse attempt ${attempt} did not run (${runtimeError[0]}); running it again`);
    }
  }
}

/**
 * A copy of dist/ in a temporary folder where each page also exists as
 * text-only.html: the same HTML without its scripts, the floor that page
 * speed is judged against. Returns the folder.
 */
export function distWithTextOnlyFloors(pagePaths) {
  const dir = mkdtempSync(join(tmpdir(), 'dist-floor-'));
  cpSync(join(root, 'dist'), dir, { recursive: true });
  for (const path of pagePaths) {
    const html = readFileSync(join(dir, path, 'index.html'), 'utf8');
    writeFileSync(join(dir, path, 'text-only.html'), html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, ''));
  }
  return dir;
}
