// The planner section in Chromium, in both languages: loaded when needed,
// prefilled from a link, exact figures in data-value with the reason in
// data-error, the ramp table, the URL round trip, the derived d handed to the
// calculator, hostile input, and axe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { LANGUAGES, useServedDistAndBrowser, withPage, waitForCalculator, resultValues } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();

// BLOOM-176B (bigscience tr11-176B-ml): 384 GPUs, TP 4, PP 12, micro-batch 2,
// global batch 2048 of 2048 tokens, --rampup-batch-size 192 16 9765625.
const BLOOM = 'micro=2&dp=8&accum=128&seq=2048&world=384&tp=4&pp=12&target=2048&ramp=192,16,9765625';


const waitForPlanner = (page) => page.waitForFunction(() => ['ready', 'failed'].includes(document.getElementById('planner').dataset.state));
const output = (page, id) => page.evaluate((outputId) => {
  const element = document.getElementById(outputId);
  return { value: element.dataset.value, error: element.dataset.error, text: element.textContent };
}, id);
// Waits until an output shows a value (or a reason), after an edit.
const waitForOutput = (page, id, value) => page.waitForFunction(([outputId, expected]) =>
  document.getElementById(outputId).dataset.value === expected, [id, value]);

for (const { locale, path, format } of LANGUAGES) {
  test(`${locale}: BLOOM's warmup is counted through its ramp, and the link carries the address in neutral form`, () => withPage(browser, async (page) => {
    // Issue 16, item 12: LR_WARMUP_SAMPLES 183,105 takes 910 steps under the ramp, not 90.
    await page.goto(`${site.origin}${path}?${BLOOM}&budget=450560000000&warmup=${183105 * 2048}&junk=${'x'.repeat(3000)}`);
    await waitForPlanner(page);
    assert.equal((await output(page, 'plan-warmup-steps')).value, '910');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('junk'));
    assert.equal(new URL(page.url()).searchParams.get('ramp'), '192,16,9765625');
    assert.equal(new URL(page.url()).searchParams.get('target'), '2048');
  }));

  test(`${locale}: decimals from a link are shown in the page's syntax, every typed digit kept`, () => withPage(browser, async (page) => {
    // Issue 28, items 20 and 21: "3e-4" and "12345678e-3" were shown as the link spells them, and a
    // 16-digit decimal lost its last digit on leaving the field.
    await page.goto(`${site.origin}${path}?${BLOOM}&lr=3e-4&tps=12345678e-3`);
    await waitForPlanner(page);
    const marks = locale === 'en' ? { group: ',', decimal: '.' } : { group: '.', decimal: ',' };
    assert.equal(await page.inputValue('#plan-learning-rate'), `0${marks.decimal}0003`);
    assert.equal(await page.inputValue('#plan-throughput'), `12${marks.group}345${marks.decimal}678`);
    const sixteen = `0${marks.decimal}0001234567890123456`;
    await page.fill('#plan-learning-rate', sixteen);
    await page.locator('#plan-learning-rate').blur();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('lr') === '1234567890123456e-19');
    assert.equal(await page.inputValue('#plan-learning-rate'), sixteen);
  }));

  test(`${locale}: a token target near a power of two offers the power, and one click takes it`, () => withPage(browser, async (page) => {
    // Issue 29: "4M" silently meant 4,000,000 (a = 31 here); published runs mean 2²² = 4,194,304 (a = 32).
    await page.goto(`${site.origin}${path}?micro=1&dp=16&accum=1&seq=8192&unit=tok&target=4M`);
    await waitForPlanner(page);
    await page.waitForSelector('#plan-target-power:not([hidden])');
    assert.equal(await page.textContent('#plan-target-power'), `${locale === 'en' ? 'Use' : 'Usar'} 2²² = ${format(4194304)} tokens`);
    await page.click('#plan-target-power');
    await waitForOutput(page, 'plan-accumulation-steps', '32');
    assert.equal(await page.inputValue('#plan-target'), format(4194304));
    assert.equal(await page.isHidden('#plan-target-power'), true);
    assert.equal(new URL(page.url()).searchParams.get('target'), '4194304');
    // The solve line multiplies out in tokens too.
    assert.match(await page.textContent('#plan-solve-message'), new RegExp(`= 1 × 16 × 32 = 512 .*512 × ${format(8192).replace('.', '\\.')} = ${format(4194304).replace(/\./g, '\\.')} tokens`));
  }));

  test(`${locale}: a link with planner values loads the planner at once and fills every result`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?${BLOOM}`);
    await waitForPlanner(page);
    assert.equal(await page.getAttribute('#planner', 'data-state'), 'ready');
    assert.deepEqual(await output(page, 'plan-data-parallel'), { value: '8', error: '', text: '8' });
    assert.equal((await output(page, 'plan-accumulation-steps')).value, '128');
    assert.equal((await output(page, 'ramp-steps')).value, '12658');
    assert.equal((await output(page, 'ramp-steps')).text, format(12658));
    const rows = await page.$$eval('#ramp-schedule tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset })));
    assert.equal(rows.length, 116);
    assert.deepEqual(rows[0], { batch: '192', microbatches: '12', steps: '439', firstSample: '0' });
    assert.equal(rows.reduce((sum, row) => sum + Number(row.steps), 0), 12658);
    // Issue 29: the 116 rows stay collapsed under a summary of them until asked for.
    assert.equal(await page.evaluate(() => document.getElementById('ramp-details').open), false);
    assert.equal(await page.textContent('#ramp-table-summary'),
      locale === 'en' ? 'The 116 stages, row by row: 12,658 optimizer steps and 9,765,808 samples to the full batch'
        : 'Os 116 estágios, linha a linha: 12.658 passos do otimizador e 9.765.808 amostras até o lote cheio');
    assert.ok(await page.isVisible('#ramp-chart'));
    assert.match(await page.textContent('#ramp-megatron-old'), /--rampup-batch-size 192 16 9765625/);
  }));

  test(`${locale}: without planner values the planner waits until the reader comes near`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    assert.equal(await page.getAttribute('#planner', 'data-state'), 'idle');
    assert.equal(await page.$('#plan-world'), null);
    await page.locator('#planner').scrollIntoViewIfNeeded();
    await waitForPlanner(page);
    // The defaults: 512 GPUs at TP 8 give the calculator's d = 64, and 1024 sequences need a = 2.
    assert.equal((await output(page, 'plan-data-parallel')).value, '64');
    assert.equal((await output(page, 'plan-accumulation-steps')).value, '2');
    // The defaults stay out of the address.
    assert.equal(new URL(page.url()).search, '');
  }));

  test(`${locale}: typing updates the results and the address, and the address reopens the same plan`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?${BLOOM}`);
    await waitForPlanner(page);
    await page.fill('#plan-target', '2050');
    await page.locator('#plan-target').blur();
    await waitForOutput(page, 'plan-batch-below', '2048');
    assert.deepEqual(await output(page, 'plan-accumulation-steps'), { value: '', error: 'not-divisible', text: await page.evaluate(() => document.getElementById('plan-accumulation-steps').textContent) });
    assert.equal((await output(page, 'plan-batch-above')).value, '2064');
    assert.equal(await page.getAttribute('#plan-batch-above', 'data-accumulation-steps'), '129');
    assert.equal(await page.locator('#plan-frameworks-list li').count(), 3);
    await page.fill('#plan-budget', '300B');
    await page.fill('#plan-learning-rate', locale === 'en' ? '0.0003' : '0,0003');
    await page.fill('#plan-reference-batch', '512');
    await page.locator('#plan-reference-batch').blur();
    await waitForOutput(page, 'plan-lr-linear', '0.0012');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('lr') === '3e-4');
    const url = page.url();
    assert.equal(new URL(url).searchParams.get('target'), '2050');
    assert.equal(new URL(url).searchParams.get('tokens'), '300000000000');

    // The same address, in the other language too, gives the same figures.
    for (const other of LANGUAGES) {
      const reopened = await page.context().newPage();
      await reopened.goto(`${site.origin}${other.path}${new URL(url).search}`);
      await waitForPlanner(reopened);
      assert.equal((await output(reopened, 'plan-batch-below')).value, '2048');
      // ceil(300,000,000,000 / (2048 × 2048)) = ceil(71,525.57)
      assert.equal((await output(reopened, 'plan-optimizer-steps')).value, '71526');
      assert.equal((await output(reopened, 'plan-lr-linear')).value, '0.0012');
      await reopened.close();
    }
  }));

  test(`${locale}: a world size TP·PP·CP does not divide is refused with the numbers`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?${BLOOM.replace('world=384', 'world=386')}`);
    await waitForPlanner(page);
    assert.deepEqual((await output(page, 'plan-data-parallel')).value, '');
    assert.equal((await output(page, 'plan-data-parallel')).error, 'not-divisible');
    const message = await page.textContent('#plan-cluster-message');
    assert.match(message, /\(386\)/);
    assert.match(message, /4·12·1 = 48/);
    assert.match(message, new RegExp(`${format(384)}.*${format(432)}`));
  }));

  test(`${locale}: the derived d goes into the calculator with one click, when the reader's d is another`, () => withPage(browser, async (page) => {
    // d set by the link, so it no longer follows the cluster: 1,024 GPUs at TP 8 offer d = 128 instead of 64.
    await page.goto(`${site.origin}${path}?world=1024&tp=8&dp=64`);
    await waitForPlanner(page);
    assert.equal((await output(page, 'plan-data-parallel')).value, '128');
    await page.click('#plan-use-data-parallel');
    await page.waitForFunction(() => document.getElementById('effective-batch').dataset.value === '4096');
    assert.equal(await page.inputValue('#data-parallel'), format(128));
    assert.equal((await resultValues(page)).effectiveBatch, '4096');
    assert.ok(await page.isHidden('#plan-use-data-parallel'));
    await page.waitForFunction(() => new URL(location.href).searchParams.get('dp') === '128');
  }));

  test(`${locale}: a link with GPUs opens as one run on the planner's core: the cluster's d, B and T, no other core fetched`, () => withPage(browser, async (page) => {
    const modules = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop();
      if (file.endsWith('.wasm')) modules.push(file.split('.')[0]);
    });
    // 64 GPUs at TP 8: d = 64 / 8 = 8, B = 1·8·8 = 64 sequences, T = 64 · 4,096 = 262,144 tokens.
    await page.goto(`${site.origin}${path}?gpus=64&tp=8&micro=1&accum=8&seq=4096`);
    await waitForPlanner(page);
    const { effectiveBatch, tokensPerStep } = await resultValues(page);
    assert.deepEqual({ effectiveBatch, tokensPerStep }, { effectiveBatch: '64', tokensPerStep: '262144' });
    assert.equal(await page.inputValue('#data-parallel'), '8');
    assert.equal((await output(page, 'plan-data-parallel')).value, '8');
    assert.ok(await page.isHidden('#plan-use-data-parallel'));
    assert.deepEqual(modules, ['planner']);
  }));

  test(`${locale}: a token target that is no whole number of sequences says so, with the nearest batches`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?micro=1&dp=256&accum=4&seq=4096&target=4M&unit=tok`);
    await waitForPlanner(page);
    assert.equal(await page.inputValue('#plan-unit'), 'tok');
    assert.equal((await output(page, 'plan-accumulation-steps')).error, 'not-whole-sequences');
    assert.equal((await output(page, 'plan-batch-above')).value, '4194304');
    await page.fill('#plan-target', '2^22');
    await waitForOutput(page, 'plan-accumulation-steps', '4');
  }));

  test(`${locale}: changing the calculator above replans at once`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?${BLOOM}`);
    await waitForPlanner(page);
    await page.fill('#micro-batch', '4');
    await waitForOutput(page, 'plan-accumulation-steps', '64');
    await page.fill('#micro-batch', 'x');
    await waitForOutput(page, 'plan-accumulation-steps', '');
    assert.equal((await output(page, 'ramp-steps')).value, '');
    assert.notEqual(await page.textContent('#planner-status'), '');
  }));

  test(`${locale}: hostile text in planner fields is refused, with no stale figure and nothing injected`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?${BLOOM}`);
    await waitForPlanner(page);
    for (const [id, text] of [['plan-world', '<img src=x onerror="window.pwned=1">'], ['plan-ramp-samples', '9'.repeat(100_000)],
      ['plan-learning-rate', 'NaN'], ['plan-throughput', '1e99999'], ['plan-target', '4k']]) {
      await page.fill(`#${id}`, text);
      await page.locator(`#${id}`).blur();
      assert.equal(await page.getAttribute(`#${id}`, 'aria-invalid'), 'true', id);
      assert.notEqual(await page.textContent(`#${id}-error`), '', id);
    }
    assert.equal((await output(page, 'plan-data-parallel')).value, '');
    assert.equal((await output(page, 'ramp-steps')).value, '');
    assert.equal(await page.locator('#ramp-schedule tbody tr').count(), 0);
    assert.match(await page.textContent('#plan-target-error'), new RegExp(`${format(4000)}.*${format(4096)}`));
    const state = await page.evaluate(() => ({ pwned: window.pwned, images: document.querySelectorAll('img').length, length: location.href.length }));
    assert.deepEqual({ pwned: state.pwned, images: state.images }, { pwned: undefined, images: 0 });
    assert.ok(state.length < 2000, `address of ${state.length} characters`);
    assert.doesNotMatch(await page.textContent('#planner'), /\b(NaN|undefined|Infinity|null)\b/);
  }));

  // Typing "0" after "9,765,625" makes a misplaced group: the ramp's table,
  // chart and commands are held (their boxes kept, nothing drawn) until the next key
  // brings them back, and are gone once the field is left with it.
  test(`${locale}: a ramp being typed holds its table, chart and commands in place, drawing no stale figure`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?${BLOOM}`);
    await waitForPlanner(page);
    await page.locator('#ramp-table-summary').click();
    const parts = ['#ramp-schedule', '#ramp-chart', '#ramp-megatron-old'];
    // What is drawn, what assistive technology is given (not inside an
    // aria-hidden part), the rows, and each held part's height.
    const state = () => page.evaluate((selectors) => ({
      drawn: selectors.map((selector) => document.querySelector(selector).checkVisibility({ opacityProperty: true, visibilityProperty: true })),
      reachable: selectors.map((selector) => document.querySelector(selector).closest('[aria-hidden="true"]') === null),
      rows: document.querySelectorAll('#ramp-schedule tbody tr').length,
      heights: ['ramp-schedule', 'ramp-chart', 'ramp-megatron-old'].map((id) => document.getElementById(id).closest('.ramp-details, .ramp-figure, .ramp-commands'))
        .map((part) => Math.round(part.getBoundingClientRect().height)),
    }), parts);
    const before = await state();
    assert.deepEqual(before.drawn, [true, true, true]);
    assert.deepEqual(before.reachable, [true, true, true]);
    await page.focus('#plan-ramp-samples');
    await page.keyboard.press('End');
    await page.keyboard.press('0');
    await page.waitForFunction(() => document.getElementById('ramp-steps').dataset.value === '');
    assert.notEqual(await page.textContent('#plan-ramp-samples-error'), '');
    const held = await state();
    assert.deepEqual(held.drawn, [false, false, false]);
    assert.deepEqual(held.reachable, [false, false, false]);
    assert.deepEqual(held.heights, before.heights);
    await page.keyboard.press('Backspace');
    await waitForOutput(page, 'ramp-steps', '12658');
    assert.deepEqual(await state(), before);
    await page.keyboard.press('0');
    await page.waitForFunction(() => document.getElementById('ramp-steps').dataset.value === '');
    await page.locator('#plan-ramp-samples').blur();
    await page.waitForFunction(() => document.querySelectorAll('#ramp-schedule tbody tr').length === 0);
    assert.equal(await page.locator('#planner [data-held]').count(), 0);
    assert.equal(await page.locator('#planner [aria-hidden="true"]:is(.table-scroll, .ramp-figure, .ramp-commands)').count(), 0);
    assert.ok(await page.isHidden('#ramp-schedule'));
    assert.ok(await page.isHidden('#ramp-chart'));
  }));

  // Leaving a field with the text it had when focused fires no change event;
  // parts held for a text typed in between must be settled all the same.
  test(`${locale}: a ramp field left with the text it was focused with holds nothing`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?${BLOOM}`);
    await waitForPlanner(page);
    const rows = () => page.evaluate(() => document.querySelectorAll('#ramp-schedule tbody tr').length);
    await page.focus('#plan-ramp-samples');
    await page.keyboard.press('End');
    await page.keyboard.press('0');
    await page.locator('#plan-ramp-samples').blur();
    await page.waitForFunction(() => document.querySelectorAll('#ramp-schedule tbody tr').length === 0);
    // Focused on the unfinished text: one key makes it whole, the next unfinished again.
    await page.focus('#plan-ramp-samples');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await waitForOutput(page, 'ramp-steps', '12658');
    assert.ok(await rows() > 100);
    await page.waitForFunction(() => document.getElementById('export-deepspeed')?.textContent !== '');
    await page.keyboard.press('0');
    await page.waitForFunction(() => document.querySelector('#planner [data-held]') !== null);
    await page.locator('#plan-ramp-samples').blur();
    await page.waitForFunction(() => document.querySelectorAll('#ramp-schedule tbody tr').length === 0);
    assert.equal(await page.locator('#planner [data-held]').count(), 0);
    assert.notEqual(await page.textContent('#plan-ramp-samples-error'), '');
    for (const id of ['export-megatron', 'export-deepspeed']) {
      assert.equal(await page.textContent(`#${id}`), '', id);
      assert.ok(await page.isDisabled(`#${id}-copy`), id);
    }
  }));

  test(`${locale}: no axe violations in the planner, with a ramp table and a refusal showing`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?${BLOOM.replace('target=2048', 'target=2050')}`);
    await waitForPlanner(page);
    await page.evaluate(() => { for (const details of document.querySelectorAll('#planner details')) details.open = true; });
    const { violations } = await new AxeBuilder({ page }).include('#planner').analyze();
    assert.deepEqual(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`), []);
  }));
}

test('the language switch carries the planner\'s values', () => withPage(browser, async (page) => {
  await page.goto(`${site.origin}/?${BLOOM}`);
  await waitForPlanner(page);
  await page.fill('#plan-world', '768');
  await page.locator('#plan-world').blur();
  await waitForOutput(page, 'plan-data-parallel', '16');
  await page.click('#language-switch');
  await waitForPlanner(page);
  assert.equal(new URL(page.url()).pathname, '/en/');
  assert.equal(await page.inputValue('#plan-world'), '768');
  assert.equal((await output(page, 'plan-data-parallel')).value, '16');
}));
