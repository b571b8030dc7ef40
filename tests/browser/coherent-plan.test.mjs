// One coherent plan (issue 17), in Chromium and both languages: solved values
// applied in one click, an unset cluster that follows the calculator, a
// summary that names what blocks, the whole run in the exports, import
// provenance, recipes that keep the reader's place, reasons shown as
// messages, and a page bar that reaches every part.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, afterFocusClear, useServedDistAndBrowser, withPage, waitForCalculator } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();
// How each language says that Python reads the number otherwise (planner/words.*.js, errors.notAnInteger and jsonNotAnInteger).
const SAYS_INT_REFUSES = { 'pt-BR': /int\(\) do Python|json do Python/, 'en': /Python’s int\(\)|Python’s json/ };

const waitForPlanner = (page) => page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
const openPlanner = async (page) => {
  await page.locator('#planner').scrollIntoViewIfNeeded();
  await waitForPlanner(page);
};
const valueOf = (page, id) => page.getAttribute(`#${id}`, 'data-value');
const waitForValue = (page, id, value) => page.waitForFunction(([outputId, expected]) =>
  document.getElementById(outputId)?.dataset.value === expected, [id, value]);
const type = async (page, id, text) => {
  await page.fill(`#${id}`, text);
  await page.dispatchEvent(`#${id}`, 'change');
};

for (const { locale, path, format } of LANGUAGES) {
  test(`${locale}: BLOOM typed by hand ends in a Megatron-LM export of the whole run after one click`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?micro=2&dp=8&seq=2048`);
    await waitForCalculator(page);
    await openPlanner(page);
    for (const [id, text] of [['plan-world', '384'], ['plan-tp', '4'], ['plan-pp', '12'], ['plan-target', '2048'], ['plan-budget', '366B']]) {
      await type(page, id, text);
    }
    await waitForValue(page, 'plan-accumulation-steps', '128');
    // 366e9 tokens at a = 4: 2 × 8 × 4 × 2,048 tokens a step.
    assert.equal(await valueOf(page, 'plan-optimizer-steps'), String(Math.ceil(366e9 / (64 * 2048))));
    await page.click('#plan-use-accumulation');
    await page.waitForFunction(() => document.getElementById('accumulation-steps').value.replace(/\D/g, '') === '128');
    // ceil(366 × 10⁹ / (2,048 × 2,048)) = 87,262.
    await waitForValue(page, 'plan-optimizer-steps', '87262');
    assert.equal(await valueOf(page, 'summary-steps'), '87262');
    assert.equal(await page.getAttribute('#plan-use-accumulation', 'aria-disabled'), 'true');
    const megatron = await page.textContent('#export-megatron');
    assert.match(megatron, /--global-batch-size 2048/);
    assert.match(megatron, /--tensor-model-parallel-size 4/);
    assert.match(megatron, /--pipeline-model-parallel-size 12/);
    assert.match(megatron, /--train-iters 87262/);
    assert.match(megatron, /--nnodes 48 --nproc_per_node 8/);
    assert.equal(await page.textContent('#summary-batch'), format(2048));
  }));

  test(`${locale}: with no cluster typed, the plan is d GPUs without model parallelism, and the exports say so`, () => withPage(browser, async (page) => {
    // ZeRO 3, which OLMo runs (torch FSDP has no stage 1).
    await page.goto(`${site.origin}${path}?micro=4&dp=8&accum=2&seq=4096&zero=3`);
    await waitForCalculator(page);
    await openPlanner(page);
    await waitForValue(page, 'plan-data-parallel', '8');
    assert.equal(await page.inputValue('#plan-world'), '');
    assert.equal(await page.getAttribute('#plan-world', 'placeholder'), '8');
    assert.equal(await page.getAttribute('#plan-tp', 'placeholder'), '1');
    const exports = await page.$$eval('.export-target code', (codes) => codes.map((code) => code.textContent).join('\n'));
    assert.doesNotMatch(exports, /\b512\b|tensor-model-parallel-size 8|64 processes/);
    assert.match(await page.textContent('#export-megatron'), /--nnodes 1 --nproc_per_node 8/);
    // Said once above the ten tabs: the GPUs assumed.
    assert.match(await page.textContent('#export-shared-notes'), /8/);
    assert.equal(await page.locator('#export-shared-notes li').count(), 1);
    assert.match(await page.textContent('#export-olmo'), /global_train_batch_size: 64/);
    assert.doesNotMatch(await page.textContent('#export-olmo-notes'), /batch of 0|lote de 0/);
    // The address keeps the cluster out: nothing was typed there.
    assert.equal(new URL(page.url()).searchParams.has('gpus'), false);
  }));

  test(`${locale}: the nearest batch and an exact micro-batch apply in one click; a reason is a message, not a figure`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?micro=2&dp=8&accum=4&seq=2048&target=2004`);
    await waitForPlanner(page);
    // 2,004 is not a multiple of b·d = 16: no a, and why, beside a dash.
    assert.equal(await valueOf(page, 'plan-accumulation-steps'), '');
    assert.equal(await page.textContent('#plan-accumulation-steps'), '—');
    assert.equal(await page.getAttribute('#plan-accumulation-steps-detail', 'data-kind'), 'reason');
    assert.notEqual((await page.textContent('#plan-accumulation-steps-detail')).trim(), '');
    // Nearest below: 2,000 = 16 × 125.
    assert.equal(await valueOf(page, 'plan-batch-below'), '2000');
    await page.click('#plan-use-batch-below');
    await page.waitForFunction(() => document.getElementById('accumulation-steps').value === '125');
    await page.fill('#plan-target', '2048');
    await page.dispatchEvent('#plan-target', 'change');
    await page.waitForSelector('#plan-exact-micro-list button');
    await page.click('#plan-exact-micro-list button >> nth=0');
    await page.waitForFunction(() => {
      const b = Number(document.getElementById('micro-batch').value.replace(/\D/g, ''));
      const a = Number(document.getElementById('accumulation-steps').value.replace(/\D/g, ''));
      return b !== 2 && b * 8 * a === 2048;
    });
  }));

  test(`${locale}: the summary stays in view and names the field that blocks each figure`, () => withPage(browser, async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.origin}${path}?micro=2&dp=8&accum=128&seq=2048&target=2048&tokens=`);
    await waitForPlanner(page);
    assert.equal(await page.getAttribute('#summary-steps', 'data-blocked-by'), 'tokens');
    assert.equal(await page.getAttribute('#summary-steps-blocker', 'href'), '#plan-budget');
    assert.equal(await valueOf(page, 'summary-tokens'), String(2048 * 2048));
    await page.locator('#plan-lr-linear').scrollIntoViewIfNeeded();
    const box = await page.locator('#plan-summary').boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 844 + 1, `summary at ${box.y}`);
    await type(page, 'plan-budget', 'x');
    await page.waitForFunction(() => document.getElementById('summary-steps-blocker').dataset.invalid === 'true');
    await type(page, 'plan-budget', '366B');
    await waitForValue(page, 'summary-steps', '87262');
  }));

  test(`${locale}: an import says where each value came from, and a later paste resets the earlier ramp`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?micro=2&dp=8&accum=128&seq=2048`);
    await openPlanner(page);
    await page.fill('#import-text', 'torchrun --nnodes 48 --nproc_per_node 8 pretrain_gpt.py --micro-batch-size 2 --global-batch-size 2048 --tensor-model-parallel-size 4 --pipeline-model-parallel-size 12 --rampup-batch-size 192 16 9765625 --seq-length 2048 --lr 6e-5');
    await page.click('#import-button');
    await page.waitForSelector('#import-summary li[data-key="rampStart"][data-source="read"]');
    assert.equal(await page.getAttribute('#import-summary li[data-key="sequenceLength"]', 'data-source'), 'read');
    assert.equal(await page.getAttribute('#import-summary li[data-key="tokens"]', 'data-source'), 'reset');
    assert.equal(await page.getAttribute('#import-summary li[data-key="dataset"]', 'data-source'), 'kept');
    assert.equal(await page.inputValue('#plan-ramp-start'), '192');
    await page.fill('#import-text', 'torchrun --nnodes 1 --nproc_per_node 8 train.py --per_device_train_batch_size 4 --gradient_accumulation_steps 2 --max_steps 100');
    await page.click('#import-button');
    await page.waitForSelector('#import-summary li[data-key="rampStart"][data-source="reset"]');
    assert.equal(await page.inputValue('#plan-ramp-start'), '');
    assert.equal(await page.getAttribute('#import-summary li[data-key="sequenceLength"]', 'data-source'), 'kept');
    // 100 steps × B (4 × 8 × 2 = 64) × L (2,048).
    await waitForValue(page, 'plan-optimizer-steps', '100');
    await page.fill('#import-text', 'torchrun $DISTRIBUTED_ARGS pretrain_gpt.py --micro-batch-size 2 --global-batch-size 2048');
    await page.fill('#plan-world', '');
    await page.dispatchEvent('#plan-world', 'change');
    await page.click('#import-button');
    await page.waitForFunction(() => document.getElementById('import-message').dataset.error === 'needsWorldInVariable');
    assert.match(await page.textContent('#import-message'), /\$DISTRIBUTED_ARGS/);
  }));

  test(`${locale}: every importable export of a run with a learning rate and TP 4 imports back on this page, rate in the page's syntax`, () => withPage(browser, async (page) => {
    // Issue 28, items 1 and 3: on / a pasted --lr 0.0003 was refused as "not a whole number", and HF flags
    // with TP 4 came back as d = 256, TP = 1.
    await page.goto(`${site.origin}${path}?micro=1&dp=64&accum=128&seq=4096&world=256&tp=4&pp=1&cp=1&gpn=8&budget=${30 * 8192 * 4096}&lr=3e-4`);
    await openPlanner(page);
    const rate = locale === 'en' ? '0.0003' : '0,0003';
    assert.equal(await page.inputValue('#plan-learning-rate'), rate);
    for (const id of ['export-megatron', 'export-deepspeed', 'export-hf-cli']) {
      await page.waitForFunction((codeId) => document.getElementById(codeId).textContent.includes('0.0003'), id);
      const text = await page.textContent(`#${id}`);
      await page.fill('#import-text', text);
      // The summary of this paste, not the one the previous paste left (the message already said '' then).
      const previous = await page.$('#import-summary li');
      await page.click('#import-button');
      await page.waitForFunction((old) => document.getElementById('import-message').dataset.error === ''
        && document.querySelector('#import-summary li') !== null && !old?.isConnected, previous);
      assert.equal(await page.inputValue('#plan-learning-rate'), rate, id);
      await waitForValue(page, 'effective-batch', '8192');
      assert.equal(await valueOf(page, 'plan-optimizer-steps'), '30', id);
      assert.equal(await page.inputValue('#plan-tp'), '4', id);
      // A value no format here carries is never said to be read from the paste.
      if (id !== 'export-megatron') assert.equal(await page.getAttribute('#import-summary li[data-key="tensorParallel"]', 'data-source'), 'kept', id);
      assert.match(await page.textContent('#export-megatron'), /--lr 0\.0003/);
    }
  }));

  test(`${locale}: numbers the framework would refuse are refused by the import, whatever the page's language`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?micro=2&dp=8&accum=128&seq=2048`);
    await openPlanner(page);
    for (const [text, code] of [['torchrun --nproc_per_node 8 train.py --per_device_train_batch_size 1,024', 'notAnInteger'],
      ['torchrun --nproc_per_node 8 train.py --per_device_train_batch_size 2^3', 'notAnInteger'],
      ['{"train_batch_size": 1.024, "train_micro_batch_size_per_gpu": 1}', 'jsonNotAnInteger']]) {
      await page.fill('#import-text', text);
      await page.click('#import-button');
      await page.waitForFunction((expected) => document.getElementById('import-message').dataset.error === expected, code);
      // Said in the page's language, and nothing taken from the refused paste.
      assert.match(await page.textContent('#import-message'), SAYS_INT_REFUSES[locale], text);
      assert.equal(await page.locator('#import-summary li').count(), 0, text);
      assert.deepEqual([await page.inputValue('#micro-batch'), await page.inputValue('#accumulation-steps')], ['2', '128'], text);
      assert.equal(await valueOf(page, 'effective-batch'), '2048', text);
    }
  }));

  test(`${locale}: a recipe loads where the reader is, keeps the focus, and says what it loaded`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    await openPlanner(page);
    const link = page.locator('a[data-recipe="bloom-176b"]');
    await link.scrollIntoViewIfNeeded();
    await link.focus();
    // The place the reader is at is where the focus's scroll clear of the sticky summary ends.
    await afterFocusClear(page);
    const before = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /BLOOM-176B/.test(document.getElementById('recipe-status').textContent));
    await waitForValue(page, 'ramp-steps', '12658');
    const after = await page.evaluate(() => window.scrollY);
    assert.ok(Math.abs(after - before) <= 2, `scrolled from ${before} to ${after}`);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.recipe), 'bloom-176b');
    assert.equal(await page.getAttribute('#recipe-status', 'aria-live'), 'polite');
    // The budget, warmup and rates the source publishes come with it.
    assert.equal(new URL(page.url()).searchParams.get('tokens'), '450560000000');
    assert.equal(new URL(page.url()).searchParams.get('decay'), '409600000000');
    assert.match(await page.textContent('#export-megatron'), /--lr 0\.00006 \\\n\s+--lr-decay-style cosine \\\n\s+--min-lr 0\.000006/);
    assert.match(await page.textContent('#export-megatron'), /--lr-warmup-samples 183105/);
  }));

  test(`${locale}: the page bar reaches the planner from the top, and the language switch keeps the place`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?micro=2&dp=8&accum=128&seq=2048&target=2048`);
    await waitForCalculator(page);
    await page.click('.page-nav a[href="#planner"]');
    await waitForPlanner(page);
    const top = await page.evaluate(() => document.getElementById('planner-title').getBoundingClientRect().top);
    assert.ok(top >= 0 && top < 200, `planner title at ${top}`);
    assert.ok(await page.isVisible('#language-switch'));
    // A DOM click: Playwright's own scrolls the sticky switch "into view" first, moving the page a user's click would not.
    await page.$eval('#language-switch', (link) => link.click());
    // The fragment the reader came by (#planner) is kept (issue 41, item 6).
    await page.waitForURL((url) => url.hash === '#planner');
    await waitForPlanner(page);
    const after = await page.evaluate(() => document.getElementById('planner-title').getBoundingClientRect().top);
    assert.ok(after >= 0 && after < 200, `planner title at ${after} after the switch`);
    assert.equal(new URL(page.url()).searchParams.get('target'), '2048');
  }));
}
