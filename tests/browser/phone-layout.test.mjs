// Every calculator's page, in each language, on a 390 × 844 phone, with its
// example link (and, on the home page, the planner and its export shown):
// nothing makes the page wider than the screen (what is wider scrolls inside
// its own box), and code keeps its lines, scrolling sideways rather than
// wrapping mid-token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CALCULATORS, HOME } from '../../web/src/calculators/registry.js';
import { useServedDistAndBrowser, withPage, waitForCalculator } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 } };

const PAGES = (await Promise.all(CALCULATORS.map(async (entry) => {
  const { example } = (await entry.load()).default;
  return Object.entries(entry.paths).map(([locale, path]) => ({ name: `${entry.name} ${locale}`, url: `/${path}${example}`, home: entry === HOME }));
}))).flat();

async function openShown(page, { url, home }) {
  await page.goto(`${site.origin}${url}`);
  await waitForCalculator(page);
  if (home) {
    await page.locator('#planner').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
  }
}

for (const shown of PAGES) {
  test(`${shown.name}: on a phone, nothing is wider than the screen outside a box that scrolls`, () => withPage(browser, async (page) => {
    await openShown(page, shown);
    const layout = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const scrolls = (element) => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(element).overflowX);
      const inScrollingBox = (element) => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) if (scrolls(parent)) return true;
        return false;
      };
      const sticking = [...document.body.querySelectorAll('*')].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5 && !inScrollingBox(element);
      }).map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${element.textContent.trim().slice(0, 40)}"`);
      return { width, scrollWidth: document.documentElement.scrollWidth, sticking };
    });
    assert.deepEqual(layout.sticking, []);
    assert.equal(layout.scrollWidth, layout.width);
  }, PHONE));

  test(`${shown.name}: on a phone, each code block shows its lines unwrapped`, () => withPage(browser, async (page) => {
    await openShown(page, shown);
    const blocks = await page.evaluate(() => [...document.querySelectorAll('pre')].filter((pre) => pre.getClientRects().length > 0).map((pre) => {
      const code = pre.querySelector('code') ?? pre;
      const rects = code.getClientRects();
      const lineHeight = parseFloat(getComputedStyle(pre).lineHeight);
      return {
        id: code.id,
        lines: code.textContent.replace(/\n$/, '').split('\n').length,
        drawn: rects.length === 0 ? 0 : Math.round((rects[rects.length - 1].bottom - rects[0].bottom) / lineHeight) + 1,
      };
    }));
    assert.ok(blocks.length >= 1, 'the page shows its embed code');
    for (const block of blocks) assert.equal(block.drawn, block.lines, `#${block.id} is drawn on ${block.drawn} lines for its ${block.lines}`);
  }, PHONE));
}
