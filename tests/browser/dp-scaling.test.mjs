// The data-parallel scaling page in Chromium, in both languages: the worked
// example in the HTML, a prefilled link, strong scaling that stops dividing,
// tokens/s in place of a compute time, the curve, the URL and language switch,
// the link to the batch calculator, hostile input, axe, the links between the
// calculators, and its iframe embed on another origin under a strict CSP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { useServedDistAndBrowser, waitForCalculator, withPage } from '../support/browser.mjs';

const PAGES = [
  { locale: 'pt-BR', path: '/escalonamento-paralelismo-dados/', main: '/', decimal: ',' },
  { locale: 'en', path: '/en/data-parallel-scaling/', main: '/en/', decimal: '.' },
];
// The worked example: 7B fp32 gradients (4 bytes each, the memory page's default), 4 s of compute, 64 GPUs,
// half overlapped; across nodes 8 NICs of 400 Gb/s = 400 GB/s, capped at the 370 GB/s inside a node.
const ALLREDUCE_64 = 2 * 63 / 64 * 28e9 / 370e9;
const STEP_64 = 4 + 0.5 * ALLREDUCE_64;

const { site, host, browser } = useServedDistAndBrowser({
  hostPages: (origin) => ({
    '/scaling-frame.html': `<iframe id="frame" src="${origin}/embed.html?calc=dp-scaling&amp;lang=en&amp;n=16&amp;compute=25e-1" title="Scaling" width="100%" height="150"></iframe>
      <script type="module" src="${origin}/embed.js"></script>`,
  }),
});

const value = (page, id) => page.getAttribute(`#${id}`, 'data-value');
const number = async (page, id) => Number(await value(page, id));
const close = (actual, expected) => assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * 1e-11, `${actual} ≉ ${expected}`);
const waitForValue = (page, id, expected) => page.waitForFunction(([outputId, wanted]) =>
  document.getElementById(outputId)?.dataset.value === wanted, [id, expected]);

for (const { locale, path, main, decimal } of PAGES) {
  test(`${locale}: the worked example is in the HTML and the core agrees`, () => withPage(browser, async (page) => {
    const html = await (await page.request.get(`${site.origin}${path}`)).text();
    assert.match(html, /id="step-seconds"[^>]*data-value="4\.0744932432/);
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'ready');
    close(await number(page, 'allreduce-seconds'), ALLREDUCE_64);
    close(await number(page, 'step-seconds'), STEP_64);
    close(await number(page, 'throughput-tokens'), 512 * 4096 / STEP_64);
    close(await number(page, 'scaling-efficiency'), 4 / STEP_64);
    assert.equal(await page.textContent('#allreduce-seconds'), `0${decimal}149`);
    assert.equal(await page.locator('#scaling-curve-table tbody tr').count(), 7);
    assert.ok(await page.isVisible('#scaling-curve-chart'));
  }));

  test(`${locale}: a bandwidth of 5e-324 is refused by its field, and nothing infinite is drawn`, () => withPage(browser, async (page) => {
    // Issue 16, item 11.
    const errors = [];
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.origin}${path}?inter=5e-324`);
    await waitForCalculator(page);
    assert.match(await page.textContent('#scale-inter-error'), locale === 'en' ? /at least 0\.001/ : /pelo menos 0,001/);
    assert.equal(await value(page, 'allreduce-seconds'), '');
    const points = await page.locator('#scaling-curve-chart polyline').evaluateAll((lines) => lines.map((line) => line.getAttribute('points') ?? ''));
    assert.ok(points.every((text) => !/NaN|Infinity/.test(text)), points.join(' | '));
    assert.deepEqual(errors, []);
  }));

  test(`${locale}: a decimal with a mark in a link reads the same after the language switch`, () => withPage(browser, async (page) => {
    // Issue 16, item 23: ?compute=1.500 read 1,500 s in pt-BR and 1.5 s after switching to English.
    await page.goto(`${site.origin}${path}?compute=1.500&junk=${'x'.repeat(2000)}`);
    await waitForCalculator(page);
    const read = await number(page, 'scale-compute-at-n');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('junk'));
    const compute = new URL(page.url()).searchParams.get('compute');
    assert.equal(Number(compute.replace(/e(-?\d+)$/, 'e$1')), read, 'the address holds the value read, in neutral form');
    assert.doesNotMatch(compute, /[.,]/);
    await Promise.all([page.waitForURL((url) => url.pathname !== path), page.click('#language-switch')]);
    await waitForCalculator(page);
    assert.equal(await number(page, 'scale-compute-at-n'), read);
  }));

  test(`${locale}: an empty inter-node bandwidth comes from the NICs, capped by the node's own`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?nics=8&nicgbps=200`);
    await waitForCalculator(page);
    assert.equal(await number(page, 'scale-bus-bandwidth'), 200);
    await page.goto(`${site.origin}${path}?nics=8&nicgbps=400`);
    await waitForCalculator(page);
    assert.equal(await number(page, 'scale-bus-bandwidth'), 370);
  }));

  test(`${locale}: with the inter-node bandwidth typed, empty NIC fields are not read and ask for nothing`, () => withPage(browser, async (page) => {
    // Issue 42, item 21: they said "Enter a value." and the copy link was disabled.
    await page.goto(`${site.origin}${path}?nics=&nicgbps=`);
    await waitForCalculator(page);
    await page.fill('#scale-inter', '25');
    await page.locator('#scale-inter').blur();
    await page.waitForFunction(() => document.getElementById('scale-bus-bandwidth')?.dataset.value === '25');
    assert.equal(await page.textContent('#scale-nics-error'), '');
    assert.equal(await page.textContent('#scale-nic-rate-error'), '');
    assert.equal(await page.isDisabled('#copy-link'), false);
    // Without it, the NICs are read again, and an empty one asks for a value.
    await page.fill('#scale-inter', '');
    await page.locator('#scale-inter').blur();
    await page.waitForFunction(() => document.getElementById('scale-nics-error')?.textContent !== '');
    assert.equal(await page.isDisabled('#copy-link'), true);
  }));

  test(`${locale}: strong scaling splits the micro-batch when the accumulation cannot be split`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?mode=strong&micro=4&accum=2&n=4`);
    await waitForCalculator(page);
    assert.equal(await value(page, 'scale-micro-batch-at-n'), '2');
    assert.equal(await value(page, 'scale-accumulation-at-n'), '1');
    assert.equal(await page.getAttribute('#step-seconds', 'data-error'), null);
  }));

  test(`${locale}: a link sets every field, and the curve follows it`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?params=70B&gradbytes=4&compute=12e-1&gpn=4&intra=2e2&inter=25&overlap=0&n=12&micro=2&accum=16&seq=8192`);
    await waitForCalculator(page);
    assert.equal(await page.inputValue('#scale-compute'), `1${decimal}2`);
    // 2·11/12 · 280e9 B / 25e9 B/s, not overlapped.
    const allreduce = 2 * 11 / 12 * 280e9 / 25e9;
    close(await number(page, 'allreduce-seconds'), allreduce);
    close(await number(page, 'step-seconds'), 1.2 + allreduce);
    assert.equal(await value(page, 'scale-global-batch'), String(2 * 16 * 12));
    const rows = await page.locator('#scaling-curve-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.replicas));
    assert.deepEqual(rows, ['1', '2', '4', '8', '12']);
  }));

  test(`${locale}: strong scaling keeps the batch and says where it stops dividing`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    await page.selectOption('#scale-mode', 'strong');
    await page.waitForFunction(() => document.getElementById('step-seconds').dataset.error === 'not-divisible');
    assert.equal(await value(page, 'scale-global-batch'), '8');
    assert.equal(await value(page, 'step-seconds'), '');
    assert.equal(await page.getAttribute('#scale-accumulation-at-n', 'data-error'), 'not-divisible');
    const refused = await page.locator('#scaling-curve-table tbody tr[data-error="not-divisible"]').evaluateAll((trs) => trs.map((tr) => tr.dataset.replicas));
    assert.deepEqual(refused, ['16', '32', '64']);
    await page.fill('#scale-replicas', '4');
    await waitForValue(page, 'scale-accumulation-at-n', '2');
    assert.equal(await page.getAttribute('#step-seconds', 'data-error'), null);
    close(await number(page, 'scale-compute-at-n'), 1);
  }));

  test(`${locale}: tokens per second stand in for the compute time, and neither asks for one`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    await page.fill('#scale-compute', '');
    await page.waitForFunction(() => document.getElementById('step-seconds').dataset.value === '');
    assert.notEqual(await page.textContent('.results-status'), '');
    assert.equal(await page.getAttribute('#scale-compute', 'aria-invalid'), 'false');
    assert.ok(await page.isHidden('#scaling-curve'));
    await page.fill('#scale-tokens-per-second', '16384');
    await waitForValue(page, 'scale-compute-at-n', '2');
    assert.equal(await page.textContent('.results-status'), '');
    assert.ok(await page.isVisible('#scaling-curve'));
  }));

  test(`${locale}: editing updates the address, which reopens the same figures in the other language`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    await page.fill('#scale-compute', `2${decimal}75`);
    await page.locator('#scale-compute').blur();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('compute') === '275e-2');
    const search = new URL(page.url()).search;
    const step = await value(page, 'step-seconds');
    close(Number(step), 2.75 + 0.5 * ALLREDUCE_64);
    const other = PAGES.find((candidate) => candidate.locale !== locale);
    assert.equal(new URL(await page.getAttribute('#language-switch', 'href'), site.origin).search, search);
    await page.goto(`${site.origin}${other.path}${search}`);
    await waitForCalculator(page);
    assert.equal(await value(page, 'step-seconds'), step);
    assert.equal(await page.inputValue('#scale-compute'), `2${other.decimal}75`);
  }));

  test(`${locale}: the batch at n opens in the effective batch calculator`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?n=32&accum=4`);
    await waitForCalculator(page);
    await page.click('#scale-batch-link');
    await waitForCalculator(page);
    assert.equal(new URL(page.url()).pathname, main);
    assert.equal(await page.getAttribute('#effective-batch', 'data-value'), String(1 * 32 * 4));
  }));

  test(`${locale}: hostile input is refused with a message and leaves no stale figure`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    for (const [id, text] of [['scale-compute', '<img src=x onerror="window.pwned=1">'], ['scale-parameters', '9'.repeat(100_000)],
      ['scale-intra', 'Infinity'], ['scale-inter', '-50'], ['scale-overlap', '50.5'], ['scale-replicas', '0']]) {
      await page.fill(`#${id}`, text);
      await page.locator(`#${id}`).blur();
      assert.equal(await page.getAttribute(`#${id}`, 'aria-invalid'), 'true', id);
      assert.notEqual(await page.textContent(`#${id}-error`), '', id);
    }
    for (const id of ['allreduce-seconds', 'step-seconds', 'throughput-tokens', 'scaling-efficiency']) assert.equal(await value(page, id), '', id);
    assert.ok(await page.isHidden('#scaling-curve'));
    assert.ok(await page.isHidden('#scale-batch-link'));
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.equal(await page.locator('main img').count(), 0);
    assert.ok(page.url().length < 2000);
  }));

  test(`${locale}: no axe violations, with an error and a refusal on screen`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?mode=strong&inter=x`);
    await waitForCalculator(page);
    await page.evaluate(() => { for (const details of document.querySelectorAll('details')) details.open = true; });
    const { violations } = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`), []);
  }));

  test(`${locale}: the scaling page and the other calculators link to each other`, () => withPage(browser, async (page) => {
    const slug = path.split('/').at(-2);
    for (const from of [main, PAGES.find((candidate) => candidate.locale === locale).path.replace(slug, locale === 'en' ? 'grad-accum-memory' : 'memoria-acumulacao')]) {
      await page.goto(`${site.origin}${from}`);
      await page.click(`.related-card a[href*="/${slug}/"]`);
      await waitForCalculator(page);
      assert.equal(new URL(page.url()).pathname, path);
    }
    const targets = await page.locator('.related-card a').evaluateAll((links) => links.map((link) => new URL(link.href).pathname));
    assert.deepEqual(targets, [main, locale === 'en' ? '/en/grad-accum-memory/' : '/memoria-acumulacao/', locale === 'en' ? '/en/training-compute/' : '/computo-treinamento/',
      locale === 'en' ? '/en/optimal-batch-size/' : '/tamanho-de-lote-ideal/', locale === 'en' ? '/en/parallel-configuration/' : '/configuracao-paralela/']);
  }));
}

test('the iframe embed shows the scaling calculator on another origin, and links to its full page', () => withPage(browser, async (page) => {
  await page.goto(`${host.origin}/scaling-frame.html`);
  const frame = page.frameLocator('#frame');
  await frame.locator('[data-calculator][data-state="ready"]').waitFor();
  const allreduce = 2 * 15 / 16 * 28e9 / 370e9;  // fp32 gradients; 8 NICs of 400 Gb/s, capped at 370 GB/s
  close(Number(await frame.locator('#step-seconds').getAttribute('data-value')), 2.5 + 0.5 * allreduce);
  assert.equal(await frame.locator('#scale-compute').inputValue(), '2.5');
  const href = await frame.locator('#full-calculator-link').getAttribute('href');
  assert.equal(new URL(href).pathname, '/en/data-parallel-scaling/');
  assert.equal(new URL(href).searchParams.get('compute'), '25e-1');
  await page.waitForFunction(() => document.getElementById('frame').getBoundingClientRect().height > 300);
}));

test('the scaling chart reads on a phone: labels keep their size, and a point shows its values on focus', () => withPage(browser, async (page) => {
  // Issue 20, items 2 and 7: labels were about 6 px at 390 px wide; no values on hover or focus.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${site.origin}/en/data-parallel-scaling/?nics=2&nicgbps=200&grads=bf16`);
  await waitForCalculator(page);
  await page.locator('#scaling-curve-chart').scrollIntoViewIfNeeded();
  const heights = await page.locator('#scaling-curve-chart text.curve-tick, #scaling-curve-chart text.curve-axis')
    .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
  assert.ok(heights.length > 5 && heights.every((height) => height >= 11), heights.join(', '));
  assert.match(await page.textContent('#scaling-curve-chart .curve-boundary-label'), /node boundary \(8 GPUs\)/);
  const last = page.locator('#scaling-curve-chart .curve-point').last();
  assert.equal(await last.locator('.curve-readout').evaluate((text) => getComputedStyle(text).opacity), '0');
  await last.focus();
  assert.equal(await last.locator('.curve-readout').evaluate((text) => getComputedStyle(text).opacity), '1');
  assert.equal(await last.getAttribute('aria-label'), 'n = 64: 490,490 tokens/s, 93.6%');
}));
