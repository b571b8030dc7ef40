// Lighthouse on every calculator's page, both languages in turn, on a prefilled URL. Accessibility, best
// practices and SEO must score 1: they do not move with the machine's load.
// Performance does (a busy machine stretches total blocking time), so it is
// judged against the text-only floor page, measured in the same run when it can
// decide the verdict: the page may lose at most a tenth of the floor's score, in the best of five runs. scripts/bench prints the
// absolute figures.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { serveDist } from '../support/browser.mjs';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { distWithTextOnlyFloors, runLighthouse } from '../../scripts/lib/lighthouse.mjs';

const EXACT_SCORES = { 'accessibility': 1, 'best-practices': 1, 'seo': 1 };
// Performance is simulated from the tasks this machine actually ran, so it moves
// with the machine's load: a CI run here scored a page 0.87 beside a floor of
// 0.99 (total blocking time alone fell to 0.59), and the same page 1 in the
// run before. Load only ever lowers a score, so the best of up to five runs
// is judged: noise has to strike five times to fail it, and a page that got
// heavier fails every time. scripts/bench prints the figures.
// Three attempts were not enough on an idle machine: the same build of the
// optimal-batch page scored 0.79 and then 0.97 back to back (total blocking
// time alone moving), and a CI run got 0.78, 0.79 and 0.80 against a floor of
// 0.89. The bound stays; the attempts go to five.
const PERFORMANCE_SHARE_OF_FLOOR = 0.9;
const PERFORMANCE_ATTEMPTS = 5;
// One page per calculator, with its example link (values other than its
// defaults), the languages taken in turn so both are audited: the two
// languages' pages share every file but their words, which the browser tests
// check in both.
const PAGES = await Promise.all(CALCULATORS.map(async (entry, index) => {
  const { example } = (await entry.load()).default;
  const [locale, path] = Object.entries(entry.paths)[index % 2];
  return { name: `${entry.name} ${locale}`, path: `/${path}`, query: example };
}));

let site;
let siteDir;
before(async () => {
  siteDir = distWithTextOnlyFloors(PAGES.map(({ path }) => path));
  site = await serveDist({ dir: siteDir });
});
after(async () => {
  await site?.close();
  rmSync(siteDir, { recursive: true, force: true });
});

const log = (line) => console.log(line);
const below = (report, id) => report.categories[id].auditRefs
  .filter((ref) => ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 1)
  .map((ref) => `${ref.id}=${report.audits[ref.id].score}`);

for (const { name, path, query } of PAGES) {
  const file = name.replace(/ /g, '-');
  test(`${name}: Lighthouse gives 1 for accessibility, best practices and SEO, and performance near the floor`, { timeout: 480_000 }, async () => {
    const page = await runLighthouse(`${site.origin}${path}${query}`, join(siteDir, `page-${file}.json`), log);
    console.log(`# Lighthouse ${page.report.lighthouseVersion} ${name}: page ${JSON.stringify(page.scores)}`);
    for (const [id, expected] of Object.entries(EXACT_SCORES)) {
      assert.equal(page.scores[id], expected, `${id}: audits below 1: ${below(page.report, id).join(', ')}`);
    }
    // A floor scores at most 1, so a page at or above a tenth below 1 passes whatever the floor scores: the floor is
    // measured only when it can decide the verdict, which saves a Lighthouse run a page on CI.
    if (page.scores.performance >= PERFORMANCE_SHARE_OF_FLOOR) return;
    const floor = await runLighthouse(`${site.origin}${path}text-only.html${query}`, join(siteDir, `floor-${file}.json`), log, { categories: ['performance'] });
    console.log(`# Lighthouse ${name}: text-only floor performance ${floor.scores.performance}`);
    const minimum = floor.scores.performance * PERFORMANCE_SHARE_OF_FLOOR;
    let best = page;
    for (let attempt = 2; attempt <= PERFORMANCE_ATTEMPTS && best.scores.performance < minimum; attempt += 1) {
      const again = await runLighthouse(`${site.origin}${path}${query}`, join(siteDir, `page-${file}-${attempt}.json`), log);
      console.log(`# Lighthouse ${name}: attempt ${attempt}, performance ${again.scores.performance}`);
      if (again.scores.performance > best.scores.performance) best = again;
    }
    assert.ok(best.scores.performance >= minimum,
      `performance ${best.scores.performance} (best of ${PERFORMANCE_ATTEMPTS}) < ${minimum.toFixed(2)} (floor ${floor.scores.performance}); audits below 1: ${below(best.report, 'performance').join(', ')}`);
  });
}
