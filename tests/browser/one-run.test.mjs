// One run across the site (issue 29, item 1), in both languages: a run set on
// the compute page goes to the planner by its link, then through the site
// navigation to the memory page, the scaling page and back, and every value
// set stays: the GPUs, the device, the model, the tokens, the sequence length.
// The planner's duration is the compute page's time, and no field shows a
// link's encoding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calculatorNamed } from '../../web/src/calculators/registry.js';
import { LOCALES } from '../../web/src/i18n/catalogs.js';
import { useServedDistAndBrowser, waitForCalculator, watchForProblems, withPage } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();
const pathOf = (name, locale) => `/${calculatorNamed(name).paths[locale]}`;
const value = (page, id) => page.getAttribute(`#${id}`, 'data-value');
const grouped = (locale, digits) => Number(digits).toLocaleString(locale === 'en' ? 'en-US' : 'pt-BR');
const RUN = { model: 'llama-3.1-8b', gpus: '16', device: 'h200', tokens: '100000000000', seq: '8192', price: '2' };

// Every field on the page: none holds an exponent or a percent-encoding a link carried.
async function assertNoLinkEncoding(page) {
  const texts = await page.locator('main input[type="text"]').evaluateAll((inputs) => inputs.map((input) => `${input.id}=${input.value}`));
  for (const text of texts) assert.doesNotMatch(text, /%[0-9A-F]{2}|\de[-+]?\d/i, text);
}

async function followNav(page, name, locale) {
  // By the link's path itself: the home page's (/en/) is a prefix of the others'.
  const links = page.locator('nav.site-nav a[data-carry-run]');
  const index = (await links.evaluateAll((all, path) => all.map((a) => new URL(a.href).pathname), pathOf(name, locale))).indexOf(pathOf(name, locale));
  await links.nth(index).click();
  await page.waitForURL((url) => url.pathname === pathOf(name, locale));
  await waitForCalculator(page);
}

const keeps = (page, keys) => {
  const params = new URL(page.url()).searchParams;
  for (const key of keys) assert.equal(params.get(key), RUN[key], `${key} on ${new URL(page.url()).pathname}`);
};

for (const locale of LOCALES) {
  test(`${locale}: a run set on the compute page is the same run on the planner, the memory page and the scaling page`, () => withPage(browser, async (page) => {
    const problems = watchForProblems(page);
    await page.goto(`${site.origin}${pathOf('training-compute', locale)}?${new URLSearchParams(RUN)}`);
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('model-parameters')?.dataset.value === '8030261248');
    assert.equal(await page.inputValue('#compute-device'), 'h200');
    const seconds = Number(await value(page, 'training-seconds'));
    assert.ok(seconds > 0);

    // The planner, by the page's own link: the same GPUs, tokens and sequence length, the same duration.
    await page.click('#compute-planner-link');
    await page.waitForFunction(() => document.getElementById('plan-duration')?.dataset.value);
    const duration = Number(await page.getAttribute('#plan-duration', 'data-value'));
    assert.ok(Math.abs(duration - seconds) <= seconds * 1e-9, `${duration} s on the planner, ${seconds} s on the compute page`);
    assert.equal(await page.inputValue('#plan-world'), '16');
    assert.equal(await page.inputValue('#plan-budget'), grouped(locale, RUN.tokens));
    assert.equal(await page.inputValue('#sequence-length'), grouped(locale, RUN.seq));
    await assertNoLinkEncoding(page);
    keeps(page, ['model', 'gpus', 'device', 'tokens', 'seq', 'price']);

    // The memory page, by the site navigation: the device, the model, d and L; the rest kept in its address.
    await followNav(page, 'grad-memory', locale);
    await page.waitForFunction(() => document.getElementById('model-preset')?.value === 'llama-3.1-8b');
    assert.equal(await page.inputValue('#mem-device'), 'h200');
    assert.equal(await value(page, 'mem-device-bytes'), String(143771n * 2n ** 20n));
    assert.equal(await page.inputValue('#mem-data-parallel'), '16');
    assert.equal(await page.inputValue('#mem-sequence-length'), grouped(locale, RUN.seq));
    assert.equal(await value(page, 'mem-model-parameters'), '8030261248');
    await assertNoLinkEncoding(page);
    keeps(page, ['model', 'gpus', 'device', 'tokens', 'seq', 'price']);

    // The scaling page: 16 replicas at L; the rest kept.
    await followNav(page, 'dp-scaling', locale);
    assert.equal(await page.inputValue('#scale-replicas'), '16');
    assert.equal(await page.inputValue('#scale-sequence-length'), grouped(locale, RUN.seq));
    await assertNoLinkEncoding(page);
    keeps(page, ['model', 'gpus', 'device', 'tokens', 'seq', 'price']);

    // Back on the compute page by the navigation: the same run, the same time.
    await followNav(page, 'training-compute', locale);
    await page.waitForFunction(() => document.getElementById('model-parameters')?.dataset.value === '8030261248');
    assert.equal(await page.inputValue('#compute-device'), 'h200');
    assert.equal(await page.inputValue('#compute-gpus'), '16');
    assert.equal(Number(await value(page, 'training-seconds')), seconds);
    assert.deepEqual(problems, []);
  }));
}

for (const locale of LOCALES) {
  test(`${locale}: the navigation carries the run as the page shows it, a value equal to its default included`, () => withPage(browser, async (page) => {
    // Issue 41, item 1: b = 1 is the memory page's default, a = 32 typed; the planner got accum=32 alone and showed
    // B = 8 × 64 × 32 = 16,384 with its own b = 8. As shown: 1 × 64 × 32 = 2,048.
    await page.goto(`${site.origin}${pathOf('grad-memory', locale)}?accum=32`);
    await waitForCalculator(page);
    const link = new URL(await page.evaluate((path) => [...document.querySelectorAll('nav.site-nav a[data-carry-run]')].find((a) => new URL(a.href).pathname === path).href,
      pathOf('effective-batch', locale)));
    assert.deepEqual(['micro', 'accum', 'dp', 'seq'].map((key) => link.searchParams.get(key)), ['1', '32', '64', '4096']);
    await page.goto(link.href);
    await waitForCalculator(page);
    assert.equal(await value(page, 'effective-batch'), '2048');
    // The compute page's 8,192-token default reaches the memory page, which then counts 8,192-token samples.
    await page.goto(`${site.origin}${pathOf('training-compute', locale)}`);
    await waitForCalculator(page);
    await followNav(page, 'grad-memory', locale);
    assert.equal(await page.inputValue('#mem-sequence-length'), grouped(locale, '8192'));
  }));
}

for (const locale of LOCALES) {
  test(`${locale}: d follows the GPUs that arrive or are typed, until the reader sets it`, () => withPage(browser, async (page) => {
    // Issue 41, item 2: /en/?gpus=16 opened with d = 64 until "Use d = 16" was pressed.
    await page.goto(`${site.origin}${pathOf('effective-batch', locale)}?gpus=16`);
    await waitForCalculator(page);
    assert.equal(await page.inputValue('#data-parallel'), '16');
    assert.equal(await value(page, 'effective-batch'), String(8 * 16 * 4));
    await page.locator('#planner').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
    await page.fill('#plan-tp', '2');
    await page.locator('#plan-tp').blur();
    await page.waitForFunction(() => document.getElementById('data-parallel').value === '8');
    // Typed by the reader, d stays as typed.
    await page.fill('#data-parallel', '4');
    await page.locator('#data-parallel').blur();
    await page.fill('#plan-world', '64');
    await page.locator('#plan-world').blur();
    await page.waitForFunction(() => document.getElementById('plan-data-parallel').dataset.value === '32');
    assert.equal(await page.inputValue('#data-parallel'), '4');
    // The memory page and the scaling page take d from the GPUs a link brings too.
    await page.goto(`${site.origin}${pathOf('grad-memory', locale)}?gpus=16&tp=2`);
    await waitForCalculator(page);
    assert.equal(await page.inputValue('#mem-data-parallel'), '8');
    await page.goto(`${site.origin}${pathOf('dp-scaling', locale)}?gpus=16`);
    await waitForCalculator(page);
    assert.equal(await page.inputValue('#scale-replicas'), '16');
  }));
}

for (const locale of LOCALES) {
  const path = pathOf('effective-batch', locale);
  test(`${locale}: a planner loaded late takes d from the GPUs typed there, unless the reader typed d before it loaded`, () => withPage(browser, async (page) => {
    const reach = async () => {
      await page.locator('#planner').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
    };
    // d left alone: 16 GPUs give d = 16, so B = 8·16·4 = 512.
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    await reach();
    await page.fill('#plan-world', '16');
    await page.locator('#plan-world').blur();
    await page.waitForFunction(() => document.getElementById('effective-batch').dataset.value === '512');
    assert.equal(await page.inputValue('#data-parallel'), '16');
    // d typed before the planner loaded: it stays, B = 8·32·4 = 1,024, and the planner offers the cluster's 16.
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    await page.fill('#data-parallel', '32');
    await page.locator('#data-parallel').blur();
    await page.waitForFunction(() => document.getElementById('effective-batch').dataset.value === '1024');
    await reach();
    await page.fill('#plan-world', '16');
    await page.locator('#plan-world').blur();
    await page.waitForFunction(() => document.getElementById('plan-data-parallel').dataset.value === '16');
    assert.equal(await page.inputValue('#data-parallel'), '32');
    assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '1024');
    assert.ok(await page.isVisible('#plan-use-data-parallel'));
  }));
}

test('links made before one key per quantity still open the same run: world=, budget= and n=', () => withPage(browser, async (page) => {
  await page.goto(`${site.origin}/en/?world=384&tp=4&pp=12&budget=2T#planner`);
  await page.waitForFunction(() => document.getElementById('plan-world')?.value === '384');
  assert.equal(await page.inputValue('#plan-budget'), '2T');
  // Written back under the one key.
  await page.waitForFunction(() => new URLSearchParams(location.search).get('gpus') === '384' && !new URLSearchParams(location.search).has('world'));
  await page.goto(`${site.origin}${pathOf('dp-scaling', 'en')}?n=12`);
  await waitForCalculator(page);
  assert.equal(await page.inputValue('#scale-replicas'), '12');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('dp') === '12' && !new URLSearchParams(location.search).has('n'));
}));

for (const locale of LOCALES) {
  test(`${locale}: a run typed on the memory page goes through the planner, compute and scaling pages and comes back whole`, () => withPage(browser, async (page) => {
    // Issue 41's journey: b = 1 (the memory page's default, typed anyway), a = 32, d = 16, L = 8,192, full recomputation.
    const problems = watchForProblems(page);
    await page.goto(`${site.origin}${pathOf('grad-memory', locale)}`);
    await waitForCalculator(page);
    for (const [id, text] of [['mem-micro-batch', '1'], ['mem-accumulation-steps', '32'], ['mem-data-parallel', '16'], ['mem-sequence-length', '8192']]) {
      await page.fill(`#${id}`, text);
      await page.locator(`#${id}`).blur();
    }
    await page.selectOption('#mem-recompute', 'full');
    await page.waitForFunction(() => document.getElementById('mem-effective-batch')?.dataset.value === '512');
    const shownOnMemory = { b: '1', a: '32', d: '16', seq: grouped(locale, '8192') };

    // The planner's calculator: the same b, d, a and L, so the same B = 1 · 16 · 32.
    await followNav(page, 'effective-batch', locale);
    assert.deepEqual(await Promise.all(['micro-batch', 'accumulation-steps', 'data-parallel', 'sequence-length'].map((id) => page.inputValue(`#${id}`))),
      [shownOnMemory.b, shownOnMemory.a, shownOnMemory.d, shownOnMemory.seq]);
    assert.equal(await value(page, 'effective-batch'), '512');
    assert.equal(await value(page, 'tokens-per-step'), String(512 * 8192));

    // The compute page: the same sequence length.
    await followNav(page, 'training-compute', locale);
    assert.equal(await page.inputValue('#compute-sequence-length'), shownOnMemory.seq);

    // The scaling page: 16 replicas of b = 1, a = 32 at L, fp32 gradients as the memory page counts them.
    await followNav(page, 'dp-scaling', locale);
    assert.deepEqual(await Promise.all(['scale-micro-batch', 'scale-accumulation-steps', 'scale-replicas', 'scale-sequence-length'].map((id) => page.inputValue(`#${id}`))),
      [shownOnMemory.b, shownOnMemory.a, shownOnMemory.d, shownOnMemory.seq]);
    assert.equal(await page.inputValue('#scale-gradient-precision'), 'fp32');
    assert.equal(await value(page, 'scale-global-batch'), '512');

    // Back on the memory page: every value typed there, and the same B.
    await followNav(page, 'grad-memory', locale);
    assert.deepEqual(await Promise.all(['mem-micro-batch', 'mem-accumulation-steps', 'mem-data-parallel', 'mem-sequence-length'].map((id) => page.inputValue(`#${id}`))),
      [shownOnMemory.b, shownOnMemory.a, shownOnMemory.d, shownOnMemory.seq]);
    assert.equal(await page.inputValue('#mem-recompute'), 'full');
    assert.equal(await value(page, 'mem-effective-batch'), '512');
    assert.deepEqual(problems, []);
  }));
}

for (const locale of LOCALES) {
  test(`${locale}: the scaling page reads the run: the model's parameters, a carried tokens/s, the gradients' precision`, () => withPage(browser, async (page) => {
    // Issue 41, item 3: model=llama-3.1-8b left Ψ at 7,000,000,000; the 4 s example beat a carried tokens/s.
    const problems = watchForProblems(page);
    await page.goto(`${site.origin}${pathOf('dp-scaling', locale)}?model=llama-3.1-8b&tps=3000&grads=bf16&micro=1&accum=8&seq=4096`);
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('scale-parameters')?.value.replace(/\D/g, '') === '8030261248');
    assert.equal(await page.inputValue('#model-preset'), 'llama-3.1-8b');
    assert.equal(await page.inputValue('#scale-compute'), '');
    assert.equal(await value(page, 'scale-gradient-payload'), String(8030261248 * 2));
    // One replica's compute: b · a · L ÷ tokens/s = 8 · 4,096 ÷ 3,000 s.
    assert.ok(Math.abs(Number(await value(page, 'scale-compute-at-n')) - 8 * 4096 / 3000) < 1e-9);
    // With nothing carried, the 4 s example stands, and fp32 gradients are the memory page's default.
    await page.goto(`${site.origin}${pathOf('dp-scaling', locale)}`);
    await waitForCalculator(page);
    assert.equal(Number(await value(page, 'scale-compute-at-n')), 4);
    assert.equal(await value(page, 'scale-gradient-payload'), String(7e9 * 4));
    assert.deepEqual(problems, []);
  }));
}
