// Tabbing never leaves the focused control under a sticky bar (WCAG 2.2,
// 2.4.11): every calculator page in both languages (from the registry), on a
// phone and on a laptop screen, with the home page's planner loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { LOCALES } from '../../web/src/i18n/catalogs.js';
import { afterFocusClear, useServedDistAndBrowser, waitForCalculator, withPage } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();
const SIZES = [{ width: 390, height: 664 }, { width: 1366, height: 768 }];

// The focused control against every pinned bar that does not contain it: a
// control that fits between the bars must be wholly clear of them; a taller one
// (a long code block) must show its top.
const obscured = (page) => page.evaluate(() => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return null;
  const box = focused.getBoundingClientRect();
  if (box.height === 0) return null;
  const bars = [...document.querySelectorAll('body *')].filter((element) => {
    const { position } = getComputedStyle(element);
    return (position === 'sticky' || position === 'fixed') && !element.contains(focused);
  }).map((element) => ({ element, rect: element.getBoundingClientRect() }))
    // A sticky element only covers others while it is pinned at the edge of the screen.
    .filter(({ rect }) => rect.height > 0 && rect.width > 0 && (rect.top <= 0.5 || rect.bottom >= innerHeight - 0.5)
      && Math.min(box.right, rect.right) - Math.max(box.left, rect.left) > 1);
  const top = Math.max(0, ...bars.filter(({ rect }) => rect.top <= 0.5).map(({ rect }) => rect.bottom));
  const bottom = Math.min(innerHeight, ...bars.filter(({ rect }) => rect.top > 0.5).map(({ rect }) => rect.top));
  const fits = box.height <= bottom - top;
  const covered = box.top < top - 1 || (fits && box.bottom > bottom + 1);
  return covered ? { id: focused.id || focused.tagName, top: box.top, bottom: box.bottom, room: [top, bottom] } : null;
});

// The home page (calculator, planner with its sticky summary, exports) at both sizes; the others, whose only
// sticky bars are the page bar and the phone's result bar, on a phone.
for (const calculator of CALCULATORS) {
  const home = calculator === CALCULATORS[0];
  for (const locale of LOCALES) {
    for (const size of home ? SIZES : SIZES.slice(0, 1)) {
      test(`${locale} ${calculator.name} at ${size.width} px: no control tabbed to is under a sticky bar`, () => withPage(browser, async (page) => {
        await page.setViewportSize(size);
        await page.goto(`${site.origin}/${calculator.paths[locale]}`);
        await waitForCalculator(page);
        if (home) {
          await page.locator('#planner').scrollIntoViewIfNeeded();
          await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        const found = [];
        for (let step = 0; step < (home ? 80 : 30); step += 1) {
          await page.keyboard.press('Tab');
          await afterFocusClear(page);
          const problem = await obscured(page);
          if (problem) found.push(problem);
        }
        assert.deepEqual(found, []);
      }));
    }
  }
}
