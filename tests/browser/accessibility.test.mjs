// axe-core finds no violations (default, field error, dark scheme), and the page
// works from the keyboard alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { EXPORT_TARGETS } from '../../web/src/planner/export/targets.js';
import { RECIPES } from '../../web/src/planner/recipes/recipes.js';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { LANGUAGES, useServedDistAndBrowser, withPage, waitForCalculator, resultValues } from '../support/browser.mjs';

// dist/ served with the production headers, and one Chromium, for the whole file.
const { site, browser } = useServedDistAndBrowser();


async function violations(page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const { locale, path } of LANGUAGES) {
  test(`${locale}: no axe violations in the default state`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    assert.deepEqual(await violations(page), []);
  }));

  test(`${locale}: no axe violations with field errors and a partial result showing`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?micro=8,5&seq=`);
    await waitForCalculator(page);
    assert.equal(await page.getAttribute('#micro-batch', 'aria-invalid'), 'true');
    assert.deepEqual(await violations(page), []);
  }));

  test(`${locale}: no axe violations in the dark color scheme`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?dp=-1`);
    await waitForCalculator(page);
    assert.ok(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches));
    assert.deepEqual(await violations(page), []);
  }, { colorScheme: 'dark' }));

  test(`${locale}: no axe violations with the FAQ open and a result too large to represent`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?micro=4294967295&dp=4294967295&accum=4294967295`);
    await waitForCalculator(page);
    await page.evaluate(() => { for (const details of document.querySelectorAll('details')) details.open = true; });
    assert.deepEqual(await violations(page), []);
  }));
}

test('the keyboard alone reaches every control in order and can use them', () => withPage(browser, async (page) => {
  await page.goto(`${site.origin}/`);
  await waitForCalculator(page);
  // The planner loads once the reader nears it; then its fields join the order.
  await page.locator('#planner').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
  await page.evaluate(() => { window.scrollTo(0, 0); document.activeElement?.blur(); });
  // The framework tabs (one stop: the chosen tab), then the chosen framework's code block (it scrolls sideways, so
  // it takes focus), copy and download; the other nine are in hidden panels, their versions with them.
  const exportOrder = [`${EXPORT_TARGETS[0].id}-tab`, 'pre', `${EXPORT_TARGETS[0].id}-copy`, `${EXPORT_TARGETS[0].id}-download`];
  // Each published recipe: its link, then its source's.
  const recipeOrder = RECIPES.flatMap(() => ['a', 'a']);
  // The defaults solve the target 1,024 three ways (a, d, b), each with its button, and list the other exact
  // micro-batch sizes as buttons; the summary links the field each blocked figure needs (the warmup, the throughput).
  // The cluster's fields end with the link that hands the run to the configuration page ("choose for me").
  const plannerOrder = [...recipeOrder, 'plan-world', 'plan-tp', 'plan-pp', 'plan-cp', 'plan-ep', 'plan-vpp', 'plan-gpus-per-node', 'plan-etp', 'plan-zero', 'plan-precision', 'plan-choose-link',
    'plan-target', 'plan-unit',
    'plan-use-accumulation', 'plan-use-data-parallel-needed', 'plan-use-micro-batch-needed', 'button', 'button', 'button', 'button',
    'plan-budget', 'plan-dataset', 'plan-warmup', 'plan-throughput', 'plan-reference-batch', 'plan-learning-rate', 'plan-min-learning-rate', 'plan-decay', 'plan-decay-style',
    'summary', 'plan-ramp-start', 'plan-ramp-increment', 'plan-ramp-samples',
    'import-text', 'import-button', 'export-recompute', 'export-sequence-parallel', 'export-dispatcher', 'export-tensor-overlap', ...exportOrder, 'summary-warmup-blocker', 'summary-duration-blocker'];
  const focusOrder = [];
  // The skip link, the site's name, every calculator in the navigation and the page bar's four links; the related cards are the other calculators.
  const headOrder = Array(2 + CALCULATORS.length + 4).fill('a');
  const relatedOrder = Array(CALCULATORS.length - 1).fill('a');
  for (let i = 0; i < headOrder.length + 16 + relatedOrder.length + plannerOrder.length; i += 1) {
    await page.keyboard.press('Tab');
    focusOrder.push(await page.evaluate(() => document.activeElement.id || document.activeElement.tagName.toLowerCase()));
  }
  // The skip link (an <a> without id), the site navigation (its name and every calculator page), the page bar's
  // four links and the language switch, the four fields, the results (a region that scrolls beside the form on a wide
  // screen, so it takes focus), the copy button, the link to the planner, the three FAQ summaries, the related
  // calculators, the planner's recipes, fields (its caveats are a summary too)
  // and export (the import field and button, the framework tabs, then the chosen
  // framework's code, copy and download), the two embed codes and their buttons, then back to the document.
  assert.deepEqual(focusOrder, [...headOrder, 'language-switch', 'micro-batch', 'data-parallel', 'accumulation-steps', 'sequence-length',
    'section', 'copy-link', 'a', 'summary', 'summary', 'summary', ...relatedOrder, ...plannerOrder, 'pre', 'copy-iframe-snippet', 'pre', 'copy-element-snippet', 'body']);

  // Type into a field with the keyboard and see the result change.
  await page.focus('#accumulation-steps');
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('8');
  assert.equal((await resultValues(page)).effectiveBatch, '4096');

  // Enter in a field does not submit or reload.
  await page.evaluate(() => { window.sameDocument = true; });
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.sameDocument), true);
  assert.equal((await resultValues(page)).effectiveBatch, '4096');

  // Space opens an FAQ entry.
  await page.focus('.faq summary');
  await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => document.querySelector('.faq details').open), true);
}));

// The plan's summary, pinned to the bottom, steps aside while a heading passes under it; its links must not
// leave the tab order then (they once did, so a keyboard reader's path depended on where the page was scrolled).
test('the plan summary\'s links stay in the tab order, and are drawn when focused, while the summary steps aside for a heading', () => withPage(browser, async (page) => {
  await page.goto(`${site.origin}/`);
  await waitForCalculator(page);
  await page.locator('#planner').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
  // The planner's first heading brought under the bar, as the reader scrolls past it.
  await page.evaluate(() => {
    const bar = document.querySelector('#planner [data-sticky-bar="bottom"]');
    const heading = [...bar.parentElement.querySelectorAll('h2, h3')].find((element) => !bar.contains(element) && element.getClientRects().length > 0);
    window.scrollBy(0, heading.getBoundingClientRect().top - (innerHeight - bar.getBoundingClientRect().height / 2));
  });
  await page.waitForFunction(() => document.querySelector('#planner [data-sticky-bar="bottom"]').hasAttribute('data-over-heading'));
  const drawn = () => page.evaluate(() => document.querySelector('#planner [data-sticky-bar="bottom"]').checkVisibility({ opacityProperty: true, visibilityProperty: true }));
  assert.equal(await drawn(), false, 'the summary steps aside');
  // From the control before it in the order (the chosen framework's download), without scrolling there.
  await page.evaluate((id) => document.getElementById(id).focus({ preventScroll: true }), `${EXPORT_TARGETS[0].id}-download`);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'summary-warmup-blocker');
  assert.equal(await drawn(), true, 'the focused link is drawn');
}));

test('the skip link moves focus to the calculator', () => withPage(browser, async (page) => {
  await page.goto(`${site.origin}/`);
  await waitForCalculator(page);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Ir para a calculadora');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'micro-batch');
}));

// WCAG 1.4.11: a text field's edge has 3:1 against its own background and the one around it.
function contrastOfBorders(page) {
  return page.evaluate(() => {
    const rgb = (color) => color.match(/[\d.]+/g).slice(0, 4).map(Number);
    const luminance = ([r, g, b]) => {
      const linear = (c) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const backgroundOf = (element) => {
      for (let node = element; node; node = node.parentElement) {
        const color = rgb(getComputedStyle(node).backgroundColor);
        if (color.length < 4 || color[3] > 0) return color;
      }
      return [255, 255, 255];
    };
    return [...document.querySelectorAll('input')].map((input) => {
      const border = rgb(getComputedStyle(input).borderTopColor);
      return { id: input.id, inside: ratio(border, backgroundOf(input)), around: ratio(border, backgroundOf(input.parentElement)) };
    });
  });
}

for (const { locale, path } of LANGUAGES) {
  for (const colorScheme of ['light', 'dark']) {
    test(`${locale}: text fields have a 3:1 edge in the ${colorScheme} scheme`, () => withPage(browser, async (page) => {
      await page.goto(`${site.origin}${path}`);
      await waitForCalculator(page);
      for (const field of await contrastOfBorders(page)) {
        assert.ok(field.inside >= 3 && field.around >= 3, `${field.id}: ${field.inside.toFixed(2)}:1 inside, ${field.around.toFixed(2)}:1 around`);
      }
    }, { colorScheme }));
  }
}
