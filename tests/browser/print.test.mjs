// Printing the batch page's plan in Chromium, both languages: a plan with a
// 116-stage ramp-up and one chosen export fits six A4 pages (issue 20, item 8:
// it ran to 18), carries the values, results, summary, the ramp's results and
// chart and the chosen framework's config, and its address on every page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, useServedDistAndBrowser, waitForCalculator, withPage } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();
const PLAN = '?micro=2&dp=8&accum=16&ramp=32,32,6103515&tokens=366B&warmup=375M&tps=3500';
const pagesOf = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

for (const { locale, path } of LANGUAGES) {
  test(`${locale}: a printed plan fits six A4 pages, with the chosen export and the address on every page`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}${PLAN}`);
    await waitForCalculator(page);
    await page.locator('#planner').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
    await page.click('#export-megatron-tab');
    await page.locator('#export-megatron').waitFor();
    // The address is stamped on the root only when printing starts (a root
    // custom property restyles the whole page, so typing never writes it).
    const rootAddress = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--page-address'));
    assert.equal(await rootAddress(), '');
    await page.emulateMedia({ media: 'print' });
    // Media query changes are reported at a rendering step.
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue('--page-address') !== '', null, { polling: 'raf' });
    const shown = await page.evaluate(() => {
      const visible = (selector) => [...document.querySelectorAll(selector)].filter((element) => element.getClientRects().length > 0).length;
      return {
        exports: [...document.querySelectorAll('.export-target')].filter((block) => block.getClientRects().length > 0).map((block) => block.dataset.target),
        rampRows: visible('#ramp-schedule tbody tr'),
        chart: visible('#ramp-chart'),
        summary: visible('#plan-summary'),
        importBox: visible('.config-import'),
        // An empty cluster field prints its assumed value as its placeholder, without the reading that says so.
        assumedReadings: visible('.planner .field-reading[data-assumed]'),
        tensorPlaceholder: document.getElementById('plan-tp').placeholder,
        address: getComputedStyle(document.documentElement).getPropertyValue('--page-address'),
      };
    });
    assert.deepEqual(shown.exports, ['megatron']);
    assert.equal(shown.rampRows, 0);
    assert.equal(shown.chart, 1);
    assert.equal(shown.summary, 1);
    assert.equal(shown.importBox, 0);
    assert.equal(shown.assumedReadings, 0);
    assert.equal(shown.tensorPlaceholder, '1');
    assert.equal(JSON.parse(shown.address), page.url());
    // Printing itself (beforeprint) stamps the address too, without the print media emulated first.
    await page.emulateMedia({ media: null });
    await page.evaluate(() => document.documentElement.style.removeProperty('--page-address'));
    const pdf = await page.pdf({ format: 'A4' });
    assert.equal(JSON.parse(await rootAddress()), page.url());
    assert.ok(pagesOf(pdf) <= 6, `${pagesOf(pdf)} pages`);
    // The address is a margin box of every page (page.css), so each page draws the text of its glyphs once more.
    const pageRule = await page.evaluate(() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
      .find((rule) => rule instanceof CSSPageRule)?.cssText ?? '');
    assert.match(pageRule, /@bottom-left\s*\{[^}]*var\(--page-address/);
  }));
}
