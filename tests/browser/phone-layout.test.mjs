// Every calculator's page, in each language, with its example link (and, on
// the home page, the planner and its export shown): at every width from a
// small phone to a wide desktop nothing makes the page wider than the screen
// (what is wider scrolls inside its own box) and no figure outgrows its card;
// on a 390 × 844 phone code keeps its lines, scrolling sideways rather than
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
// Issue 41, item 4: the planner's nearest batches (a target of 1,000 over 8 × 48) spilled out of their card
// at 390, 1366 and 1920 px, in both languages.
const NEAREST = Object.entries(HOME.paths).map(([locale, path]) => ({
  name: `${HOME.name} ${locale} with the nearest batches`, url: `/${path}?micro=8&dp=48&accum=4&target=1000`, home: true, nearest: true,
}));

async function openShown(page, { url, home, nearest = false }) {
  await page.goto(`${site.origin}${url}`);
  await waitForCalculator(page);
  if (home) {
    await page.locator('#planner').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
  }
  if (nearest) await page.waitForFunction(() => document.getElementById('plan-batch-below')?.dataset.value && document.getElementById('plan-batch-above')?.dataset.value);
}

// Issue 29, item 3: from a small phone to a wide desktop.
const WIDTHS = [320, 390, 1366, 1920];

for (const shown of [...PAGES, ...NEAREST]) {
  test(`${shown.name}: at ${WIDTHS.join(', ')} px nothing is wider than the screen outside a box that scrolls, and no result outgrows its box`, () => withPage(browser, async (page) => {
    await openShown(page, shown);
    // What lies below the fold is laid out only as the reader nears it (content-visibility: auto, page.css), and a
    // box laid out at one width keeps that geometry until it is shown again: every part rendered at once here, the
    // widths measured are those the reader sees on scrolling there.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll('*')) if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      const layout = await page.evaluate(() => {
        const screen = document.documentElement.clientWidth;
        const scrolls = (element) => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(element).overflowX);
        const inScrollingBox = (element) => {
          for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) if (scrolls(parent)) return true;
          return false;
        };
        const named = (element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${element.textContent.trim().slice(0, 40)}"`;
        const sticking = [...document.body.querySelectorAll('*')].filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.right > screen + 0.5 && !inScrollingBox(element);
        }).map(named);
        // Every figure shown stays inside the card that holds it: a long one wraps there.
        const outgrown = [...document.querySelectorAll('output')].filter((output) => output.getClientRects().length > 0).filter((output) => {
          const card = output.closest('.result, .summary-item, .planner-results, .planner-group, section') ?? document.body;
          const [box, cardBox] = [output.getBoundingClientRect(), card.getBoundingClientRect()];
          return box.right > cardBox.right + 0.5 || box.left < cardBox.left - 0.5 || output.scrollWidth > output.clientWidth + 1;
        }).map(named);
        return { screen, scrollWidth: document.documentElement.scrollWidth, sticking, outgrown };
      });
      assert.deepEqual(layout.sticking, [], `${width} px`);
      assert.equal(layout.scrollWidth, layout.screen, `${width} px`);
      assert.deepEqual(layout.outgrown, [], `${width} px`);
    }
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

for (const shown of PAGES) {
  test(`${shown.name}: on a phone, no table header or cell is cut, and chart labels are at least 10 px tall`, () => withPage(browser, async (page) => {
    // Issue 20, item 2: the ramp table's headers read "Microb", "Optim", "First sampl"; chart labels were about 6 px.
    // The home page with a ramp-up, so its table and chart are shown.
    await openShown(page, shown.home ? { ...shown, url: `${shown.url.split('?')[0]}?micro=2&dp=8&accum=16&ramp=32,32,6103515` } : shown);
    // The ramp table is collapsed under its summary: opened, as a reader would.
    if (shown.home) {
      await page.locator('#ramp-table-summary').click();
      await page.locator('#ramp-schedule tbody tr').first().waitFor();
    }
    const found = await page.evaluate(() => {
      const shownNow = (element) => element.getClientRects().length > 0;
      // A table read as cards keeps its header for screen readers only: its words name each cell instead (widths.test.mjs).
      const cut = [...document.querySelectorAll('th, td')].filter(shownNow).filter((cell) => !cell.closest('table[data-cards] > thead'))
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => cell.textContent.trim().slice(0, 30));
      const small = [...document.querySelectorAll('svg text')].filter(shownNow)
        .filter((label) => label.textContent.trim() !== '' && getComputedStyle(label).opacity !== '0')
        .map((label) => [label.textContent.trim(), label.getBoundingClientRect().height])
        .filter(([, height]) => height < 10);
      return { cut, small };
    });
    assert.deepEqual(found.cut, []);
    assert.deepEqual(found.small, []);
  }, PHONE));
}

for (const shown of PAGES) {
  test(`${shown.name}: on a phone, the figures' bar says what each figure is, with its unit`, () => withPage(browser, async (page) => {
    // Issue 20, item 5: "A = 18.253.611.008 S = … b_max = 2" and "t_AR = 0.5513 … η = 93.55".
    await openShown(page, shown);
    const items = await page.locator('.result-bar .result-bar-item').evaluateAll((spans) => spans.map((span) => span.textContent));
    assert.ok(items.length >= 2);
    for (const item of items) {
      assert.doesNotMatch(item, /=/, item);
      assert.match(item, /^\p{L}|^\d+ND/u, item);
      // No raw byte count: a size reads in binary units.
      assert.doesNotMatch(item, /\d{1,3}([.,]\d{3}){3,} ?$/, item);
    }
  }, PHONE));
}

for (const entry of CALCULATORS) {
  test(`${entry.name} embed at 320 px: every figure on one line, with its unit`, () => withPage(browser, async (page) => {
    // Issue 20, item 4: "1,312,500,00 / 0" in the memory embed; no units in the scaling embed.
    await page.goto(`${site.origin}/embed.html?calc=${entry.name}&lang=en`);
    await waitForCalculator(page);
    const figures = await page.evaluate(() => [...document.querySelectorAll('.result output')].filter((output) => output.textContent.trim() !== '—').map((output) => {
      const range = document.createRange();
      range.selectNodeContents(output);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      const box = output.getBoundingClientRect();
      const unit = output.closest('dd').querySelector('.unit:not([id])');
      return { id: output.id, lines, fits: range.getBoundingClientRect().right <= box.right + 1, unit: unit ? unit.textContent : null };
    }));
    assert.ok(figures.length > 0);
    for (const figure of figures) {
      assert.equal(figure.lines, 1, figure.id);
      assert.ok(figure.fits, `${figure.id} runs past its box`);
    }
    if (entry.name === 'dp-scaling') {
      const unitOf = (id) => figures.find((figure) => figure.id === id)?.unit;
      assert.deepEqual([unitOf('scaling-efficiency'), unitOf('step-seconds'), unitOf('throughput-tokens')], ['%', 's', 'tokens/s']);
    }
  }, { viewport: { width: 320, height: 800 } }));
}
