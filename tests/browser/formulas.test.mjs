// Every calculator's page, in each language: its block formulas are laid out
// as math. Heights alone cannot tell a formula from a column of letters (a
// block box around stacked tokens is tall enough), so each relation sign is
// checked against its neighbours: right of its left side, left of its right
// side, on one line with both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { useServedDistAndBrowser, withPage, waitForCalculator } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();

const PAGES = CALCULATORS.flatMap((entry) => Object.entries(entry.paths).map(([locale, path]) => ({ name: `${entry.name} ${locale}`, path: `/${path}` })));
const RELATIONS = ['=', '≈', '≤', '≥', '<', '>', '≠'];

for (const { name, path } of PAGES) {
  test(`${name}: each relation sign in a block formula sits between its two sides, on one line`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    const relations = await page.evaluate((signs) => {
      const box = (element) => {
        const { left, right, top, bottom } = element.getBoundingClientRect();
        return { left, right, top, bottom };
      };
      return [...document.querySelectorAll('.formula math[display="block"] mo')]
        .filter((mo) => signs.includes(mo.textContent.trim()) && mo.previousElementSibling && mo.nextElementSibling)
        .map((mo) => ({
          formula: mo.closest('math').textContent.slice(0, 60),
          left: box(mo.previousElementSibling), sign: box(mo), right: box(mo.nextElementSibling),
        }));
    }, RELATIONS);
    assert.ok(relations.length >= 1, 'the page has block formulas with relation signs');
    for (const { formula, left, sign, right } of relations) {
      const where = `in "${formula}": ${JSON.stringify({ left, sign, right })}`;
      assert.ok(left.right <= sign.left + 0.5, `left side ends after the sign starts ${where}`);
      assert.ok(sign.right <= right.left + 0.5, `right side starts before the sign ends ${where}`);
      const middle = (sign.top + sign.bottom) / 2;
      assert.ok(left.top <= middle && middle <= left.bottom, `sign not on the left side's line ${where}`);
      assert.ok(right.top <= middle && middle <= right.bottom, `sign not on the right side's line ${where}`);
    }
  }));

  test(`${name}: block formulas have plausible heights and never overlap`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    const formulas = await page.evaluate(() => [...document.querySelectorAll('.formula')].map((formula) =>
      [...formula.querySelectorAll('math[display="block"]')].map((math) => {
        const { top, bottom, height } = math.getBoundingClientRect();
        return { top, bottom, height, fontSize: parseFloat(getComputedStyle(math).fontSize) };
      })));
    assert.ok(formulas.length >= 1);
    for (const boxes of formulas) {
      assert.ok(boxes.length >= 1);
      for (const box of boxes) assert.ok(box.height >= box.fontSize * 1.2, `a formula box ${box.height}px tall at ${box.fontSize}px type`);
      for (let i = 1; i < boxes.length; i += 1) {
        assert.ok(boxes[i].top >= boxes[i - 1].bottom - 0.5, `formulas overlap: ${JSON.stringify(boxes)}`);
      }
    }
  }));
}
