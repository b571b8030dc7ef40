// Results for every width (issue 50, item 8): each calculator's page with its example link, at 360, 768, 1366
// and 1920 px, light and dark, screenshot by screenshot (written to build/screenshots for a reader to look at):
// nothing is clipped, and no table needs sideways scrolling (on a phone and a tablet its rows are cards, each
// cell named by its column); from 1366 px the results stay in sight while the form's last field is edited; a bar
// pinned to the bottom never covers a heading. Every page once, in alternating languages, and the configuration
// page, with the most tables, in both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { useServedDistAndBrowser, withPage, waitForCalculator } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();
const WIDTHS = [360, 768, 1366, 1920];
const SCHEMES = ['light', 'dark'];
const SHOTS = new URL('../../build/screenshots/', import.meta.url);

const PAGES = (await Promise.all(CALCULATORS.map(async (entry, index) => {
  const { example } = (await entry.load()).default;
  const locales = entry.name === 'parallel-configuration' ? Object.keys(entry.paths) : [Object.keys(entry.paths)[index % 2]];
  return locales.map((locale) => ({ name: `${entry.name} ${locale}`, url: `/${entry.paths[locale]}${example}` }));
}))).flat();

const frames = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** What a reader would find cut or pushed sideways at this width. */
const layoutProblems = (page) => page.evaluate(() => {
  const shown = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const named = (element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`;
  const sideways = [...document.querySelectorAll('.table-scroll')].filter(shown)
    .filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => `${named(box.querySelector('table') ?? box)} ${box.scrollWidth} > ${box.clientWidth}`);
  // Text cut by a box that hides what overflows it.
  const clipped = [...document.querySelectorAll('main *, .page-header *')].filter(shown).filter((element) => {
    const style = getComputedStyle(element);
    return ['hidden', 'clip'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1 && element.textContent.trim() !== ''
      && !element.closest('.visually-hidden, table[data-cards] > thead');
  }).map(named);
  const unnamed = [...document.querySelectorAll('table[data-cards] td')].filter(shown)
    .filter((cell) => getComputedStyle(cell).display !== 'table-cell' && !cell.dataset.label).map((cell) => `${named(cell.closest('table'))}: ${cell.textContent.trim().slice(0, 20)}`);
  return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, sideways, clipped, unnamed };
});

for (const shown of PAGES) {
  test(`${shown.name}: at ${WIDTHS.join(', ')} px, light and dark, nothing is clipped and no table scrolls sideways`, () => withPage(browser, async (page) => {
    await mkdir(SHOTS, { recursive: true });
    await page.goto(`${site.origin}${shown.url}`);
    await waitForCalculator(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        await frames(page);
        const found = await layoutProblems(page);
        const at = `${width} px, ${colorScheme}`;
        assert.equal(found.page, 0, `${at}: the page is wider than the screen`);
        assert.deepEqual(found.sideways, [], at);
        assert.deepEqual(found.clipped, [], at);
        assert.deepEqual(found.unnamed, [], at);
        await page.screenshot({ path: new URL(`${shown.name.replace(' ', '-')}-${width}-${colorScheme}.png`, SHOTS).pathname });
      }
    }
  }));

  test(`${shown.name}: from 1366 px the results stay in sight while the form's last field is edited`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${shown.url}`);
    await waitForCalculator(page);
    for (const width of [1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('form.inputs :is(input, select, textarea)').last().focus();
      await frames(page);
      const inSight = await page.evaluate(() => {
        const first = document.querySelector('.calculator .results .result-list dd');
        const box = first.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight;
      });
      assert.ok(inSight, `${width} px: the first result is out of sight`);
    }
  }));

  test(`${shown.name}: at 360 and 768 px the bar pinned to the bottom never covers a heading of its part`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${shown.url}`);
    await waitForCalculator(page);
    for (const width of [360, 768]) {
      await page.setViewportSize({ width, height: 900 });
      const headings = await page.locator('[data-sticky-bar="bottom"]').evaluateAll((bars) => bars.flatMap((bar, barIndex) =>
        [...bar.parentElement.querySelectorAll('h2, h3, h4, legend, caption')].filter((heading) => !bar.contains(heading) && heading.getClientRects().length > 0)
          .map((heading, headingIndex) => ({ barIndex, headingIndex }))));
      assert.ok(headings.length > 0, `${width} px: a bar with headings to keep clear`);
      for (const { barIndex, headingIndex } of headings) {
        // The heading brought to where the bar sits when pinned: the middle of its band at the bottom of the screen.
        await page.evaluate(({ barIndex, headingIndex }) => {
          const bar = document.querySelectorAll('[data-sticky-bar="bottom"]')[barIndex];
          const heading = [...bar.parentElement.querySelectorAll('h2, h3, h4, legend, caption')].filter((element) => !bar.contains(element) && element.getClientRects().length > 0)[headingIndex];
          const band = bar.getBoundingClientRect().height;
          window.scrollBy(0, heading.getBoundingClientRect().top - (innerHeight - band / 2));
        }, { barIndex, headingIndex });
        await frames(page);
        const covered = await page.evaluate(({ barIndex, headingIndex }) => {
          const bar = document.querySelectorAll('[data-sticky-bar="bottom"]')[barIndex];
          const heading = [...bar.parentElement.querySelectorAll('h2, h3, h4, legend, caption')].filter((element) => !bar.contains(element) && element.getClientRects().length > 0)[headingIndex];
          if (!bar.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return null;
          const [a, b] = [bar.getBoundingClientRect(), heading.getBoundingClientRect()];
          return a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right ? heading.textContent.trim().slice(0, 40) : null;
        }, { barIndex, headingIndex });
        assert.equal(covered, null, `${width} px: the bar covers "${covered}"`);
      }
    }
  }));
}
