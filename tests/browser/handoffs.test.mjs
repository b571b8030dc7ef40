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
const close = (actual, expected, relative) => assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * relative, `${actual} against ${expected}`);

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

  test(`${locale}: with no throughput typed, the planner's time uses the configuration page's prediction for its layout, labelled as predicted`, () => withPage(browser, async (page) => {
    const problems = watchForProblems(page);
    const run = 'model=llama-3.1-8b&seq=8192&gpus=16&tokens=100000000000';
    await page.goto(`${site.origin}/${HOME.paths[locale]}?${run}&micro=1&dp=16&accum=32#planner`);
    await page.waitForFunction(() => document.getElementById('plan-duration')?.dataset.predicted === 'true');
    const seconds = Number(await value(page, 'plan-duration'));
    assert.match(await page.textContent('#plan-duration-detail'), /10[.,]274/);
    // The same layout on the configuration page (every knob the planner has, fixed): its days are the planner's time.
    await page.goto(`${site.origin}${pathOf('parallel-configuration', locale)}?${run}&target=512&tp=1&pp=1&cp=1&dp=16&micro=1&accum=32`);
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('best-days')?.dataset.value);
    const days = Number(await value(page, 'best-days'));
    assert.ok(Math.abs(seconds / 86400 - days) <= days * 1e-8, `${seconds / 86400} against ${days}`);
    // A typed throughput is the reader's: nothing is predicted.
    await page.goto(`${site.origin}/${HOME.paths[locale]}?${run}&micro=1&dp=16&accum=32&tps=10000#planner`);
    await page.waitForFunction(() => document.getElementById('plan-duration')?.dataset.value);
    assert.equal(await page.getAttribute('#plan-duration', 'data-predicted'), '');
    close(Number(await value(page, 'plan-duration')), 1e11 / (10000 * 16), 1e-9);
    assert.deepEqual(problems, []);
  }));

  test(`${locale}: the planner's "choose for me" opens the configuration page on its GPUs, batch and sequence, leaving the layout to it`, () => withPage(browser, async (page) => {
    const problems = watchForProblems(page);
    await page.goto(`${site.origin}/${HOME.paths[locale]}?model=llama-3.1-8b&seq=8192&gpus=16&micro=2&dp=16&accum=16&target=512&zero=1#planner`);
    const link = page.locator('#plan-choose-link');
    await link.waitFor({ state: 'visible' });
    const href = await link.getAttribute('href');
    assertNoLayoutKeys(href);
    const params = new URL(href).searchParams;
    assert.deepEqual([params.get('gpus'), params.get('seq'), params.get('target'), params.get('unit'), params.get('model')], ['16', '8192', '512', 'seq', 'llama-3.1-8b']);
    // The planner's token budget (its 2T when none is typed) goes too, so the days there are for this run.
    assert.equal(params.get('tokens'), '2000000000000');
    await link.click();
    await page.waitForURL((url) => url.pathname === pathOf('parallel-configuration', locale));
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('best-configuration')?.dataset.micro);
    const layout = await page.evaluate(() => ({ ...document.getElementById('best-configuration').dataset }));
    assert.equal(Number(layout.micro) * Number(layout.dp) * Number(layout.accum), 512);
    assert.deepEqual(problems, []);
  }));
}
