// The optimal batch size page in Chromium, in both languages: the worked
// example (DeepSeek LLM 7B) in the HTML and from the core, the 67B by link,
// a run inside both fitted ranges, a published model by link, the hand-off
// to the planner, McCandlish et al.'s chart, hostile input, axe, the links
// from the home page, and its iframe embed on another origin. Expected values
// are the papers' formulas worked out here again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { calculatorNamed } from '../../web/src/calculators/registry.js';
import { LOCALES } from '../../web/src/i18n/catalogs.js';
import { useServedDistAndBrowser, waitForCalculator, withPage } from '../support/browser.mjs';

const { site, host, browser } = useServedDistAndBrowser({
  hostPages: (origin) => ({
    '/optimal-frame.html': `<iframe id="frame" src="${origin}/embed.html?calc=optimal-batch&amp;lang=en&amp;layers=95&amp;hidden=8192" title="Batch size" width="100%" height="150"></iframe>
      <script type="module" src="${origin}/embed.js"></script>`,
  }),
});

const pathOf = (name, locale) => `/${calculatorNamed(name).paths[locale]}`;
const value = (page, id) => page.getAttribute(`#${id}`, 'data-value');
const number = async (page, id) => Number(await value(page, id));
const close = (actual, expected) => assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * 1e-9, `${actual} ≉ ${expected}`);
const grouped = (locale, digits) => BigInt(digits).toLocaleString(locale === 'en' ? 'en-US' : 'pt-BR');

// The papers' formulas.
const deepseekM = (layers, width, sequence) => 72n * layers * width * width + 12n * layers * width * sequence;
const deepseekBatch = (compute) => 0.2920 * compute ** 0.3271;
const deepseekRate = (compute) => 0.3118 * compute ** -0.1250;
const steplawBatch = (tokens) => 0.58 * tokens ** 0.571;
const steplawRate = (parameters, tokens) => 1.79 * parameters ** -0.713 * tokens ** 0.307;
const C_7B = deepseekM(30n, 4096n, 4096n) * 2_000_000_000_000n;

for (const locale of LOCALES) {
  const path = pathOf('optimal-batch', locale);

  test(`${locale}: DeepSeek LLM 7B is in the HTML, the core agrees, and both laws say they extrapolate`, () => withPage(browser, async (page) => {
    const html = await (await page.request.get(`${site.origin}${path}`)).text();
    assert.match(html, /id="recommended-batch-tokens"[^>]*data-value="9224192"/);
    assert.match(html, /id="deepseek-batch-tokens"[^>]*data-value="9222608\.17/);
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    assert.equal(await value(page, 'deepseek-flops-per-token'), String(deepseekM(30n, 4096n, 4096n)));
    assert.equal(await value(page, 'deepseek-compute'), String(C_7B));
    close(await number(page, 'deepseek-batch-tokens'), deepseekBatch(Number(C_7B)));
    close(await number(page, 'deepseek-lr'), deepseekRate(Number(C_7B)));
    close(await number(page, 'steplaw-batch-tokens'), steplawBatch(2e12));
    close(await number(page, 'steplaw-lr'), steplawRate(12 * 30 * 4096 ** 2, 2e12));
    assert.equal(await value(page, 'recommended-sequences'), '2252');
    for (const id of ['deepseek-batch-tokens', 'deepseek-lr', 'steplaw-batch-tokens', 'steplaw-lr', 'recommended-batch-tokens', 'ob-deepseek-range', 'ob-steplaw-range']) {
      assert.equal(await page.getAttribute(`#${id}`, 'data-extrapolated'), '', id);
    }
    assert.match(await page.textContent('#ob-deepseek-range'), locale === 'en' ? /Extrapolated/ : /Extrapolação/);
  }));

  test(`${locale}: the 67B by link, to 1e-9`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?layers=95&hidden=8192`);
    await waitForCalculator(page);
    const c = deepseekM(95n, 8192n, 4096n) * 2_000_000_000_000n;
    assert.equal(await value(page, 'deepseek-compute'), String(c));
    close(await number(page, 'deepseek-batch-tokens'), deepseekBatch(Number(c)));
    close(await number(page, 'recommended-lr'), deepseekRate(Number(c)));
    assert.equal(await value(page, 'recommended-batch-tokens'), String(Math.round(deepseekBatch(Number(c)) / 4096) * 4096));
  }));

  test(`${locale}: a run inside both fitted ranges is not marked, and Step Law can be chosen`, () => withPage(browser, async (page) => {
    // 12 layers of 2,048 at 1,024 tokens, 250M parameters, 5B tokens: C = M·D ≈ 1.96e19, N and D inside Step Law's grid
    // with 20 tokens a parameter (its runs all have at least 18.6).
    await page.goto(`${site.origin}${path}?layers=12&hidden=2048&seq=1024&nonemb=250000000&tokens=5000000000&law=steplaw`);
    await waitForCalculator(page);
    const c = deepseekM(12n, 2048n, 1024n) * 5_000_000_000n;
    assert.ok(Number(c) <= 2e19 && Number(c) >= 1e17);
    for (const id of ['deepseek-batch-tokens', 'steplaw-lr', 'recommended-lr', 'ob-deepseek-range', 'ob-steplaw-range']) {
      assert.equal(await page.getAttribute(`#${id}`, 'data-extrapolated'), null, id);
    }
    close(await number(page, 'recommended-lr'), steplawRate(250e6, 5e9));
    assert.equal(await value(page, 'recommended-sequences'), String(Math.round(steplawBatch(5e9) / 1024)));
  }));

  test(`${locale}: the batch that splits over the GPUs stands beside the law's, with the tokens a step and the steps it changes`, () => withPage(browser, async (page) => {
    // Issue 52, item 2: DeepSeek 7B's shape on 64 GPUs. The law's 2,252 sequences are no multiple of 64; 35 × 64 = 2,240.
    // 2e12 tokens take ceil(2e12 / (2,252 × 4,096)) = 216,822 steps at the law's batch, ceil(2e12 / (2,240 × 4,096)) = 217,983
    // at the one that splits; 2,240 / 2,252 − 1 = −0.5329%.
    await page.goto(`${site.origin}${path}?layers=30&hidden=4096&seq=4096&tokens=2T&gpus=64`);
    await waitForCalculator(page);
    assert.equal(await value(page, 'recommended-sequences'), '2252');
    assert.equal(await value(page, 'split-multiple'), '64');
    assert.equal(await value(page, 'split-sequences'), '2240');
    assert.equal(await value(page, 'split-batch-tokens'), String(2240 * 4096));
    assert.equal(await value(page, 'recommended-steps'), '216822');
    assert.equal(await value(page, 'split-steps'), '217983');
    assert.equal(await value(page, 'split-shift'), '-0.532859680284');
    assert.equal((await page.textContent('#split-shift')).trim(), locale === 'en' ? '−0.5329' : '−0,5329');
    assert.match(await page.textContent('#ob-split-verdict'), locale === 'en'
      ? /2,252 sequences split over no 64 \(GPUs\); the nearest batch that does is 2,240 sequences, 0\.53% fewer: 9,175,040 tokens a step instead of 9,224,192, so the budget takes 217,983 optimizer steps instead of 216,822\./
      : /2\.252 sequências não se dividem por 64 \(GPUs\); o lote mais próximo que se divide é de 2\.240 sequências, 0,53% a menos: 9\.175\.040 tokens por passo em vez de 9\.224\.192, e o orçamento leva 217\.983 passos do otimizador em vez de 216\.822\./);
  }));

  test(`${locale}: a published model by link fills the layers, the width and N, and the batch goes to the planner`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?model=llama-3.1-8b&tokens=100000000000&seq=8192&gpus=16`);
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('steplaw-parameters')?.dataset.value === '6979321856');
    assert.equal(await page.inputValue('#ob-layers'), '32');
    assert.equal(await page.inputValue('#ob-hidden'), grouped(locale, 4096));
    const c = deepseekM(32n, 4096n, 8192n) * 100_000_000_000n;
    const sequences = Math.round(deepseekBatch(Number(c)) / 8192);
    assert.equal(await value(page, 'recommended-batch-tokens'), String(sequences * 8192));
    // Issue 42, item 8: 451 sequences split over no 16 GPUs; the planner gets the nearest that does, 448.
    const batch = String(Math.round(sequences / 16) * 16 * 8192);
    assert.equal(await value(page, 'split-batch-tokens'), batch);
    assert.match(await page.textContent('#ob-split-verdict'), locale === 'en' ? /451 sequences split over no 16 \(GPUs\); the nearest batch that does is 448 sequences, 0\.67% fewer:/ : /451 sequências não se dividem por 16 \(GPUs\); o lote mais próximo que se divide é de 448 sequências, 0,67% a menos:/);
    const rate = await number(page, 'recommended-lr');
    close(rate, deepseekRate(Number(c)));
    const link = new URL(await page.getAttribute('#ob-plan-link', 'href'));
    assert.equal(link.pathname, pathOf('effective-batch', locale));
    assert.deepEqual(['target', 'unit', 'seq', 'tokens', 'gpus', 'model'].map((key) => link.searchParams.get(key)), [batch, 'tok', '8192', '100000000000', '16', 'llama-3.1-8b']);
    close(Number(link.searchParams.get('lr')), deepseekRate(Number(c)));
    await page.click('#ob-plan-link');
    await page.waitForFunction(() => document.getElementById('plan-target')?.value);
    assert.equal(await page.inputValue('#plan-target'), grouped(locale, batch));
    assert.equal(await page.inputValue('#plan-unit'), 'tok');
    close(Number((await page.inputValue('#plan-learning-rate')).replace(',', '.')), deepseekRate(Number(c)));
  }));

  test(`${locale}: when only Step Law is inside its range it recommends, and the bar and the plan link keep the extrapolation mark`, () => withPage(browser, async (page) => {
    // Issue 42, items 11 and 12: a 1B model (16 × 2,048) on 20B tokens, C ≈ 1.29e20 past DeepSeek's 2e19, while
    // (1,073,741,824, 20B) is a point of Step Law's grid.
    await page.goto(`${site.origin}${path}?layers=16&hidden=2048&params=1073741824&tokens=20000000000`);
    await waitForCalculator(page);
    assert.equal(await page.inputValue('#ob-law'), 'deepseek');
    assert.equal(await value(page, 'recommended-sequences'), String(Math.round(steplawBatch(20e9) / 4096)));
    assert.match(await page.textContent('#ob-law-verdict'), locale === 'en' ? /Step Law .*the law inside its range/ : /Step Law .*a lei dentro do seu intervalo/);
    assert.equal(await page.getAttribute('#recommended-batch-tokens-bar', 'data-extrapolated'), null);
    // Both outside (the default 7B): the bar's figures carry the mark, and so does the link to the planner.
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    assert.equal(await page.getAttribute('#recommended-batch-tokens-bar', 'data-extrapolated'), '');
    assert.match(await page.textContent('#ob-plan-link'), locale === 'en' ? /\(extrapolated\)/ : /\(extrapolada\)/);
    // C = 84,000,000 × 1.19e9 = 9.996e16, just under the range: three figures would read "1.00 × 10¹⁷", the edge itself.
    await page.goto(`${site.origin}${path}?layers=1&hidden=1000&seq=1000&tokens=1190000000`);
    await waitForCalculator(page);
    assert.equal(await value(page, 'deepseek-compute'), '99960000000000000');
    assert.match(await page.textContent('#ob-deepseek-range'), new RegExp(`C = ${grouped(locale, '99960000000000000').replace(/\./g, '\\.')} FLOPs`));
  }));

  test(`${locale}: the noise-scale chart passes 2× steps and 2× data at B = B_noise`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    assert.ok(await page.isHidden('#noise-curve'));
    await page.goto(`${site.origin}${path}?bnoise=4194304`);
    await waitForCalculator(page);
    await page.locator('#noise-curve').waitFor();
    const row = page.locator('#noise-curve-table tr[data-batch="4194304"]');
    assert.deepEqual([await row.getAttribute('data-steps'), await row.getAttribute('data-data')], ['2', '2']);
    close(await number(page, 'noise-steps'), 1 + 4194304 / 9224192);
    close(await number(page, 'noise-tokens'), 1 + 9224192 / 4194304);
    const middle = page.locator('#noise-curve-chart .curve-point').nth(4);
    await middle.focus();
    assert.equal(await middle.locator('.curve-readout').evaluate((text) => getComputedStyle(text).opacity), '1');
  }));

  test(`${locale}: hostile input is refused with a message and leaves no stale figure or link`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    for (const [id, text] of [['ob-hidden', '<img src=x onerror="window.pwned=1">'], ['ob-tokens', '9'.repeat(100_000)], ['ob-parameters', '-5']]) {
      await page.fill(`#${id}`, text);
      await page.locator(`#${id}`).blur();
      assert.equal(await page.getAttribute(`#${id}`, 'aria-invalid'), 'true', id);
      assert.notEqual(await page.textContent(`#${id}-error`), '', id);
    }
    for (const id of ['recommended-batch-tokens', 'recommended-lr', 'deepseek-batch-tokens', 'steplaw-batch-tokens']) assert.equal(await value(page, id), '', id);
    assert.ok(await page.isHidden('#ob-plan-link'));
    assert.ok(await page.isHidden('#ob-deepseek-range'));
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.ok(page.url().length < 2000);
  }));

  test(`${locale}: no axe violations, with an error and the chart on screen`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?bnoise=4M&gpus=x`);
    await waitForCalculator(page);
    await page.evaluate(() => { for (const details of document.querySelectorAll('details')) details.open = true; });
    const { violations } = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`), []);
  }));

  test(`${locale}: the home page's navigation and related card lead here`, () => withPage(browser, async (page) => {
    for (const selector of [`nav.site-nav a[href*="${path}"]`, `.related-card a[href*="${path}"]`]) {
      await page.goto(`${site.origin}${pathOf('effective-batch', locale)}`);
      await page.click(selector);
      await page.waitForURL((url) => url.pathname === path);
      await waitForCalculator(page);
      assert.equal(await page.getAttribute('[data-calculator]', 'data-calculator'), 'optimal-batch', selector);
      assert.equal(await page.getAttribute('html', 'lang'), locale, selector);
      assert.notEqual(await value(page, 'recommended-batch-tokens'), '', selector);
    }
  }));
}

test('the iframe embed shows the optimal batch calculator on another origin, and links to its full page', () => withPage(browser, async (page) => {
  await page.goto(`${host.origin}/optimal-frame.html`);
  const frame = page.frameLocator('#frame');
  await frame.locator('[data-calculator][data-state="ready"]').waitFor();
  const c = deepseekM(95n, 8192n, 4096n) * 2_000_000_000_000n;
  close(Number(await frame.locator('#deepseek-batch-tokens').getAttribute('data-value')), deepseekBatch(Number(c)));
  const href = await frame.locator('#full-calculator-link').getAttribute('href');
  assert.equal(new URL(href).pathname, '/en/optimal-batch-size/');
  assert.equal(new URL(href).searchParams.get('layers'), '95');
}));

test('the noise-scale chart reads on a phone: labels keep their size and no two tick labels overlap', () => withPage(browser, async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.origin}${pathOf('optimal-batch', 'pt-BR')}?bnoise=4M`);
  await waitForCalculator(page);
  await page.locator('#noise-curve-chart').scrollIntoViewIfNeeded();
  const boxes = await page.locator('#noise-curve-chart text.curve-tick').evaluateAll((labels) => labels.map((label) => {
    const { left, right, height } = label.getBoundingClientRect();
    return { left, right, height };
  }));
  assert.ok(boxes.length >= 3);
  for (const [index, box] of boxes.entries()) {
    assert.ok(box.height >= 11, `${box.height} px`);
    if (index > 0) assert.ok(box.left >= boxes[index - 1].right, `tick ${index} overlaps the one before`);
  }
}));
