// The hand-offs to the configuration page (issue 40, item 4), in Chromium and
// both languages: the memory page links there with its run, quietly always and
// plainly when nothing fits; the batch-size page hands its advised batch in
// tokens; the planner offers "choose for me" with its run. Each link leaves the
// layout (t, p, ZeRO, recomputation, b, a, d) for the configuration page to
// choose, and the page it opens finds one for the same model, GPUs and batch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calculatorNamed, HOME } from '../../web/src/calculators/registry.js';
import { LOCALES } from '../../web/src/i18n/catalogs.js';
import { useServedDistAndBrowser, waitForCalculator, watchForProblems, withPage } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();
const CONFIGURATION = calculatorNamed('parallel-configuration');
const pathOf = (name, locale) => `/${calculatorNamed(name).paths[locale]}`;
const value = (page, id) => page.getAttribute(`#${id}`, 'data-value');

// The layout is the configuration page's to choose: no link hands it over.
function assertNoLayoutKeys(href) {
  const params = new URL(href).searchParams;
  for (const key of CONFIGURATION.chooses) assert.equal(params.has(key), false, `${key} in ${href}`);
}

for (const locale of LOCALES) {
  test(`${locale}: the memory page, when nothing fits, hands Llama 3.1 8B on 16 GPUs to the configuration page, which finds a layout`, () => withPage(browser, async (page) => {
    const problems = watchForProblems(page);
    // The run: ZeRO-1, selective recomputation, 8K context, d = 16, a batch of 512 sequences.
    await page.goto(`${site.origin}${pathOf('grad-memory', locale)}?model=llama-3.1-8b&seq=8192&dp=16&accum=32&zero=1&recompute=selective&target=512`);
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('mem-layers')?.value === '32');
    assert.equal(await value(page, 'max-micro-batch'), '0');
    const handoff = page.locator('#memory-configuration-handoff');
    await handoff.waitFor({ state: 'visible' });
    assert.equal(await handoff.evaluate((element) => element.classList.contains('configuration-handoff-needed')), true);
    const href = await page.getAttribute('#memory-configuration-link', 'href');
    assertNoLayoutKeys(href);
    const params = new URL(href).searchParams;
    assert.equal(params.get('gpus'), '16');
    assert.equal(params.get('target'), '512');
    assert.equal(params.get('seq'), '8192');
    assert.equal(params.get('layers'), '32');
    assert.equal(params.get('ffn'), '14336');
    await page.click('#memory-configuration-link');
    await page.waitForURL((url) => url.pathname === pathOf('parallel-configuration', locale));
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('best-step-seconds')?.dataset.value);
    const layout = await page.evaluate(() => ({ ...document.getElementById('best-configuration').dataset }));
    assert.equal(layout.error, undefined);
    assert.equal(Number(layout.tp) * Number(layout.pp) * Number(layout.cp) * Number(layout.dp), 16);
    assert.equal(Number(layout.micro) * Number(layout.dp) * Number(layout.accum), 512);
    // The memory it reports fits in the H100's 79.65 GiB less 1 GiB.
    assert.ok(Number(await value(page, 'best-memory')) <= (79.6474609375 - 1) * 2 ** 30);
    assert.equal(await page.inputValue('#conf-sequence-length'), locale === 'en' ? '8,192' : '8.192');
    assert.deepEqual(problems, []);
  }));

  test(`${locale}: when a micro-batch fits, the memory page's hand-off is a quiet line, and it is withheld for LoRA`, () => withPage(browser, async (page) => {
    const problems = watchForProblems(page);
    await page.goto(`${site.origin}${pathOf('grad-memory', locale)}`);
    await waitForCalculator(page);
    const handoff = page.locator('#memory-configuration-handoff');
    await handoff.waitFor({ state: 'visible' });
    assert.notEqual(await value(page, 'max-micro-batch'), '0');
    assert.equal(await handoff.evaluate((element) => element.classList.contains('configuration-handoff-needed')), false);
    // The defaults: d = 64, t = p = 1, b = 1, a = 8: 64 GPUs and 512 sequences... unless a target is given (1,024).
    const params = new URL(await page.getAttribute('#memory-configuration-link', 'href')).searchParams;
    assert.equal(params.get('gpus'), '64');
    assert.equal(params.get('target'), '1024');
    await page.selectOption('#mem-fine-tuning', 'lora');
    await page.waitForFunction(() => document.getElementById('memory-configuration-handoff').hidden);
    assert.deepEqual(problems, []);
  }));

  test(`${locale}: the batch-size page hands its advised batch, in tokens, with the model and GPUs, and the configuration page reaches it exactly`, () => withPage(browser, async (page) => {
    const problems = watchForProblems(page);
    await page.goto(`${site.origin}${pathOf('optimal-batch', locale)}?model=llama-3.1-8b&gpus=16`);
    await waitForCalculator(page);
    const link = page.locator('#ob-configuration-link');
    await link.waitFor({ state: 'visible' });
    const split = await value(page, 'split-batch-tokens');
    const href = await link.getAttribute('href');
    assertNoLayoutKeys(href);
    const params = new URL(href).searchParams;
    assert.equal(params.get('target'), split);
    assert.equal(params.get('unit'), 'tok');
    assert.equal(params.get('model'), 'llama-3.1-8b');
    assert.equal(params.get('gpus'), '16');
    const sequence = Number(params.get('seq'));
    await link.click();
    await page.waitForURL((url) => url.pathname === pathOf('parallel-configuration', locale));
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('best-configuration')?.dataset.micro);
    const layout = await page.evaluate(() => ({ ...document.getElementById('best-configuration').dataset }));
    // b·d·a sequences of s tokens are the batch handed over, to the token.
    assert.equal(BigInt(layout.micro) * BigInt(layout.dp) * BigInt(layout.accum) * BigInt(sequence), BigInt(split));
    assert.equal(Number(layout.tp) * Number(layout.pp) * Number(layout.cp) * Number(layout.dp), 16);
    assert.equal(await page.inputValue('#conf-layers'), '32');
    assert.deepEqual(problems, []);
  }));

  test(`${locale}: the batch-size page offers no configuration link for a model typed by hand, whose whole shape it does not hold`, () => withPage(browser, async (page) => {
    const problems = watchForProblems(page);
    await page.goto(`${site.origin}${pathOf('optimal-batch', locale)}?gpus=16`);
    await waitForCalculator(page);
    await page.locator('#ob-plan-link').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#ob-configuration-link').isHidden(), true);
    assert.deepEqual(problems, []);
  }));
}
