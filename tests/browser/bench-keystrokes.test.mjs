// The benchmark (scripts/bench.mjs) times each page's keystrokes as its
// descriptor names them (calculator.js, keystrokes). Each pair must move the
// watched figure between two valid values, as its comment says: a key that
// made a field invalid would time an error message, not a recomputation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { useServedDistAndBrowser, withPage, waitForCalculator } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();

const PAGES = (await Promise.all(CALCULATORS.map(async (entry) => {
  const { keystrokes } = (await entry.load()).default;
  return Object.entries(entry.paths).map(([locale, path]) => ({ name: `${entry.name} ${locale}`, path: `/${path}`, keystrokes }));
}))).flat();

for (const { name, path, keystrokes: { query, field, keys, watch } } of PAGES) {
  test(`${name}: the benchmark's keystrokes change the watched figure and leave every field valid`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}${query}`);
    await waitForCalculator(page);
    const state = () => page.evaluate((id) => ({
      value: document.getElementById(id).dataset.value,
      invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((input) => input.id),
    }), watch);
    const start = await state();
    assert.notEqual(start.value, '');
    assert.deepEqual(start.invalid, []);
    await page.focus(field);
    await page.keyboard.press('End');
    await page.keyboard.press(keys[0]);
    await page.waitForFunction(([id, before]) => document.getElementById(id).dataset.value !== before, [watch, start.value]);
    const typed = await state();
    assert.notEqual(typed.value, '');
    assert.deepEqual(typed.invalid, []);
    await page.keyboard.press(keys[1]);
    await page.waitForFunction(([id, before]) => document.getElementById(id).dataset.value === before, [watch, start.value]);
    assert.deepEqual((await state()).invalid, []);
  }));
}
