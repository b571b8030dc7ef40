// Recipes, export and import in Chromium, in both languages: a published
// recipe's link, with its derived values marked; the ten snippets for a
// BLOOM-176B link, the Megatron-LM version switch, download links, no stale
// snippet while a field is wrong, an export imported back, a contradiction
// explained, and hostile pastes refused with a clear message and no stale figure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EXPORT_TARGETS } from '../../web/src/planner/export/targets.js';
import { RECIPES } from '../../web/src/planner/recipes/recipes.js';
import { LANGUAGES, useServedDistAndBrowser, withPage, waitForCalculator } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();
const BLOOM = '?micro=2&dp=8&accum=128&seq=2048&world=384&tp=4&pp=12&target=2048&ramp=192,16,9765625';

async function openPlanner(page, path, query) {
  await page.goto(`${site.origin}${path}${query}`);
  await waitForCalculator(page);
  // Without a planner key in the link, the planner loads once the reader nears it.
  await page.locator('#planner').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
}

const code = (page, id) => page.evaluate((elementId) => document.getElementById(elementId).textContent, id);
// The frameworks that run the planner's default ZeRO stage, 1; the others refuse it in words (issue 50, item 1).
const RUNNING_STAGE_ONE = EXPORT_TARGETS.filter(({ zeroStages }) => zeroStages.includes(1));

for (const { locale, path } of LANGUAGES) {
  test(`${locale}: a published recipe is one link that fills in the calculator and the planner`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, '');
    assert.equal(await page.locator('[data-recipe]').count(), RECIPES.length);
    // Pythia 12B states b, a, the GPUs and TP; d is derived from them and marked so.
    const pythia = page.locator('.recipe', { has: page.locator('[data-recipe="pythia-12b"]') });
    assert.deepEqual(await pythia.locator('.recipe-value.derived').allTextContents(), ['d = 64*', 'B = 1024*', 'CP = 1*', 'GPUs/node = 8*'].map((text) =>
      text.replace('GPUs/node', locale === 'en' ? 'GPUs/node' : 'GPUs/nó')));
    await page.click('[data-recipe="bloom-176b"]');
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
    await page.waitForFunction(() => document.getElementById('ramp-steps').dataset.value !== '');
    assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '2048');
    assert.equal(await page.getAttribute('#plan-data-parallel', 'data-value'), '8');
    assert.equal(await page.getAttribute('#ramp-steps', 'data-value'), '12658');
  }));

  test(`${locale}: every framework's snippet is there, and the DeepSpeed one is valid JSON with B`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, BLOOM);
    for (const { id, zeroStages } of EXPORT_TARGETS) {
      if (zeroStages.includes(1)) assert.notEqual(await code(page, id), '', id);
      else assert.match(await page.textContent(`#${id}-unavailable`), locale === 'en' ? /has no ZeRO stage 1: it would run another layout/ : /não tem o estágio 1 do ZeRO: rodaria outro layout/, id);
    }
    // The batch, and the engine around it at the planner's defaults: ZeRO-1, bf16 (issue 30).
    assert.deepEqual(JSON.parse(await code(page, 'export-deepspeed')), {
      train_batch_size: 2048, train_micro_batch_size_per_gpu: 2, gradient_accumulation_steps: 128, gradient_clipping: 1,
      zero_optimization: { stage: 1 }, bf16: { enabled: true },
    });
    assert.match(await code(page, 'export-megatron'), /--rampup-batch-size 192 16 9765625/);
    // A download carries the snippet itself, named for its framework.
    const href = await page.getAttribute('#export-deepspeed-download', 'href');
    assert.equal(decodeURIComponent(href.slice(href.indexOf(',') + 1)), await code(page, 'export-deepspeed'));
    assert.equal(await page.getAttribute('#export-deepspeed-download', 'download'), 'ds_config.json');
  }));

  test(`${locale}: each download label sits level with the copy label beside it`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, BLOOM);
    for (const { id } of RUNNING_STAGE_ONE) {
      await page.click(`#${id}-tab`);
      const offset = await page.evaluate((elementId) => {
        const middle = (element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const { top, bottom } = range.getBoundingClientRect();
          return bottom > top ? (top + bottom) / 2 : NaN;
        };
        return middle(document.getElementById(`${elementId}-download`)) - middle(document.getElementById(`${elementId}-copy`));
      }, id);
      assert.ok(Math.abs(offset) <= 1, `${id}: the download label is ${offset}px off the copy label`);
    }
  }));

  test(`${locale}: one framework is shown at a time, chosen by its tab or the arrow keys, and the choice travels in the link`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, BLOOM);
    const shown = () => page.evaluate(() => [...document.querySelectorAll('.export-target')].filter((block) => block.getClientRects().length > 0)
      .map((block) => block.dataset.target));
    assert.deepEqual(await shown(), ['deepspeed']);
    assert.equal(await page.getAttribute('#export-deepspeed-tab', 'aria-selected'), 'true');
    await page.click('#export-megatron-tab');
    assert.deepEqual(await shown(), ['megatron']);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('export') === 'megatron');
    // The keyboard: the right arrow moves to the next tab and shows it; End to the last.
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'export-slurm-tab');
    assert.deepEqual(await shown(), ['slurm']);
    await page.keyboard.press('End');
    assert.deepEqual(await shown(), [EXPORT_TARGETS.at(-1).key]);
    // Opened from the link, the page shows the framework it names; every snippet is still written, to copy or download.
    await page.goto(page.url().replace(/export=[a-z-]+/, 'export=hf-cli'));
    await page.waitForFunction(() => document.getElementById('export-hf-cli')?.textContent !== '');
    // A CI run under load (54dee86) found no panel laid out at this point, just after the hf-cli snippet was written;
    // not reproduced on an idle machine, cause not found. The settled page must show hf-cli alone: wait for it.
    await page.waitForFunction(() => [...document.querySelectorAll('.export-target')].filter((block) => block.getClientRects().length > 0)
      .map((block) => block.dataset.target).join() === 'hfCli');
    assert.deepEqual(await shown(), ['hfCli']);
    // The snippets are rewritten with each render while the reopened page settles; a CI run once read the DeepSpeed
    // one empty just after the hf-cli one was written. Wait (up to 5 s) for the settled page; then every one is written.
    await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id).textContent !== ''), RUNNING_STAGE_ONE.map(({ id }) => id), { timeout: 5000 }).catch(() => {});
    for (const { id } of RUNNING_STAGE_ONE) assert.notEqual(await code(page, id), '', id);
  }));

  test(`${locale}: the Megatron-LM version switch writes the core 0.18 schedule instead`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, BLOOM);
    await page.click('#export-megatron-tab');
    await page.selectOption('#export-megatron-version', 'core-0.18');
    await page.waitForFunction(() => document.getElementById('export-megatron').textContent.includes('--step-batch-size-schedule "0:192 '));
    assert.doesNotMatch(await code(page, 'export-megatron'), /--global-batch-size/);
    // The choice travels in the link.
    await page.waitForFunction(() => new URL(location.href).searchParams.get('megatron') === 'core-0.18');
    await page.goto(page.url());
    await page.waitForFunction(() => document.getElementById('export-megatron')?.textContent.includes('--step-batch-size-schedule'));
    assert.equal(await page.inputValue('#export-megatron-version'), 'core-0.18');
  }));

  // While the key is pressed the snippets are held (drawn as nothing, in their
  // place: view.js); once the field is left they are gone.
  test(`${locale}: a wrong field leaves no snippet behind, and fixing it brings them back`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, BLOOM);
    const drawn = (id) => page.evaluate((elementId) => {
      const element = document.getElementById(elementId);
      // Drawn, and given to assistive technology (not inside an aria-hidden
      // part), for the snippet, its copy button and its download link.
      return ['', '-copy', '-download'].map((suffix) => document.getElementById(`${elementId}${suffix}`))
        .map((part) => part.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && part.closest('[aria-hidden="true"]') === null)
        .concat(element.getClientRects().length > 0);
    }, id);
    await page.fill('#plan-tp', 'x');
    await page.waitForFunction(() => document.getElementById('export-message').textContent !== '');
    // The framework shown is held: nothing drawn, nothing to copy (the others are in their hidden panels).
    assert.deepEqual((await drawn('export-deepspeed')).slice(0, 3), [false, false, false]);
    await page.locator('#plan-tp').blur();
    await page.waitForFunction(() => document.getElementById('export-deepspeed').textContent === '');
    for (const { id } of EXPORT_TARGETS) {
      assert.equal(await code(page, id), '', id);
      assert.equal(await page.locator(`#${id}-block [data-held]`).count(), 0, id);
      assert.equal(await page.locator(`#${id}-block [aria-hidden="true"]`).count(), 0, id);
      assert.ok(await page.isHidden(`#${id}-download`), id);
      assert.ok(await page.isDisabled(`#${id}-copy`), id);
    }
    await page.fill('#plan-tp', '4');
    await page.waitForFunction(() => document.getElementById('export-deepspeed').textContent !== '');
    assert.equal(await page.textContent('#export-message'), '');
    for (const { id } of RUNNING_STAGE_ONE) {
      await page.click(`#${id}-tab`);
      assert.deepEqual(await drawn(id), [true, true, true, true], id);
    }
  }));

  test(`${locale}: an exported Megatron-LM line imports back into the calculator and the planner`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, BLOOM);
    const megatron = await code(page, 'export-megatron');
    await page.fill('#micro-batch', '1');
    await page.fill('#plan-world', '512');
    await page.fill('#import-text', megatron);
    await page.click('#import-button');
    await page.waitForFunction(() => document.getElementById('effective-batch').dataset.value === '2048'
      && document.getElementById('plan-data-parallel').dataset.value === '8');
    assert.equal(await page.getAttribute('#import-message', 'data-error'), '');
    assert.match(await page.textContent('#import-message'), /b = 2, d = 8, a = 128/);
    assert.equal(await page.inputValue('#plan-ramp-increment'), '16');
    assert.equal(new URL(page.url()).searchParams.get('micro'), '2');
  }));

  test(`${locale}: a fresh page takes the site's own Trainer, SLURM and accelerate exports: the target follows the batch, and a kept length is said`, () => withPage(browser, async (page) => {
    // Issue 42, item 19.
    await openPlanner(page, path, `${BLOOM}&tokens=366B`);
    await page.click('#export-hf-cli-tab');
    const exports = {};
    for (const id of ['export-hf-cli', 'export-slurm', 'export-accelerate']) exports[id] = await code(page, id);
    // A page whose target is in tokens: after the import the target is the pasted batch, in sequences.
    await openPlanner(page, path, '?unit=tok&target=4194304');
    await page.fill('#import-text', exports['export-hf-cli']);
    await page.click('#import-button');
    await page.waitForFunction(() => document.getElementById('import-message').dataset.error === '' && document.getElementById('plan-unit').value === 'seq');
    // 2 per device × 128 × 384 processes (TP 1 on this page): the batch the Trainer runs.
    assert.equal(await page.inputValue('#plan-target'), (98304).toLocaleString(locale === 'en' ? 'en-US' : 'pt-BR'));
    // max_steps × B × L with L kept from the page: the summary says which L.
    assert.match(await page.textContent('#import-summary li[data-key="tokens"]'), locale === 'en' ? /sequence length kept from before \(4,096\)/ : /comprimento de sequência mantido de antes \(4\.096\)/);
    for (const [id, format] of [['export-slurm', /Megatron-LM/], ['export-accelerate', /accelerate/]]) {
      await page.evaluate(() => { document.getElementById('import-message').dataset.error = 'pending'; });
      await page.fill('#import-text', exports[id]);
      await page.click('#import-button');
      await page.waitForFunction(() => document.getElementById('import-message').dataset.error !== 'pending');
      assert.equal(await page.getAttribute('#import-message', 'data-error'), '', id);
      assert.match(await page.textContent('#import-message'), format, id);
    }
    // The SLURM script is BLOOM's whole plan again: b 2, d 8, a 128 on 384 GPUs.
    await page.fill('#import-text', exports['export-slurm']);
    await page.click('#import-button');
    await page.waitForFunction(() => document.getElementById('plan-data-parallel')?.dataset.value === '8');
    assert.equal(await page.inputValue('#plan-target'), (2048).toLocaleString(locale === 'en' ? 'en-US' : 'pt-BR'));
  }));

  test(`${locale}: the run's model and activation settings reach Megatron-LM's arguments, and travel as the memory page's keys`, () => withPage(browser, async (page) => {
    // Issue 42, item 15: a model in the address (model=) gives its shape; recompute= and sp= are the memory page's keys.
    await openPlanner(page, path, `${BLOOM}&model=llama-3.1-8b&export=megatron`);
    await page.waitForFunction(() => document.getElementById('export-megatron').textContent.includes('--num-layers 32'));
    const megatron = await code(page, 'export-megatron');
    for (const flag of ['--hidden-size 4096', '--ffn-hidden-size 14336', '--num-query-groups 8', '--swiglu', '--normalization RMSNorm', '--recompute-activations']) {
      assert.ok(megatron.includes(flag), flag);
    }
    await page.selectOption('#export-recompute', 'full');
    await page.selectOption('#export-sequence-parallel', 'on');
    await page.waitForFunction(() => document.getElementById('export-megatron').textContent.includes('--recompute-granularity full'));
    assert.ok((await code(page, 'export-megatron')).includes('--sequence-parallel'));
    await page.waitForFunction(() => new URL(location.href).searchParams.get('recompute') === 'full' && new URL(location.href).searchParams.get('sp') === 'on');
    // Reopened, the choices stay.
    await page.goto(page.url());
    await page.locator('#planner').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('export-recompute')?.value === 'full');
  }));

  test(`${locale}: the engine round-trips: ZeRO 3, fp16 and a cosine decay chosen, exported to DeepSpeed, and imported back`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, `${BLOOM}&tokens=366B&lr=6e-5&minlr=6e-6`);
    await page.selectOption('#plan-zero', '3');
    await page.selectOption('#plan-precision', 'fp16');
    await page.selectOption('#plan-decay-style', 'cosine');
    await page.waitForFunction(() => document.getElementById('export-deepspeed').textContent.includes('WarmupCosineLR'));
    const config = JSON.parse(await code(page, 'export-deepspeed'));
    assert.deepEqual([config.zero_optimization.stage, config.fp16.enabled, config.scheduler.params.cos_min_ratio], [3, true, 0.1]);
    // The choices travel in the address under the run's keys.
    await page.waitForFunction(() => ['zero', 'precision', 'decaystyle'].map((key) => new URL(location.href).searchParams.get(key)).join() === '3,fp16,cosine');
    // Back to the defaults, then the config pasted: the selects follow it.
    for (const [id, value] of [['#plan-zero', '1'], ['#plan-precision', 'bf16'], ['#plan-decay-style', 'linear']]) await page.selectOption(id, value);
    await page.fill('#import-text', JSON.stringify(config));
    await page.click('#import-button');
    await page.waitForFunction(() => document.getElementById('plan-zero').value === '3');
    assert.deepEqual(await Promise.all(['#plan-zero', '#plan-precision', '#plan-decay-style'].map((id) => page.inputValue(id))), ['3', 'fp16', 'cosine']);
    assert.equal(await page.inputValue('#plan-min-learning-rate'), locale === 'en' ? '0.000006' : '0,000006');
  }));

  test(`${locale}: a DeepSpeed config that contradicts itself is explained, and nothing changes`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, BLOOM);
    await page.fill('#import-text', '{"train_batch_size": 1000, "train_micro_batch_size_per_gpu": 8, "gradient_accumulation_steps": 4}');
    await page.click('#import-button');
    await page.waitForFunction(() => document.getElementById('import-message').dataset.error === 'deepspeedContradiction');
    assert.match(await page.textContent('#import-message'), /1[.,]000/);
    assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '2048');
  }));

  test(`${locale}: hostile pastes get a clear message, no markup and no stale figure`, () => withPage(browser, async (page) => {
    await openPlanner(page, path, BLOOM);
    const pastes = [
      ['tooLong', `{"train_batch_size": ${'9'.repeat(30_000)}}`],
      ['tooDeep', `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`],  // valid JSON, deeper than Python reads (issue 42, item 20)
      ['notANumber', '{"train_batch_size": "<img src=x onerror=window.pwned=1>", "gradient_accumulation_steps": 4}'],
      ['repeatedUnknownFlag', `--per_device_train_batch_size 8 --${'x'.repeat(9000)} 1 --${'x'.repeat(9000)} 2`],
      ['notAnInteger', '--micro-batch-size $(touch /tmp/pwned) --global-batch-size 8'],
      ['unknownFormat', '<script>window.pwned=1</script>'],
    ];
    for (const [expected, text] of pastes) {
      await page.evaluate(() => { document.getElementById('import-message').dataset.error = 'pending'; });
      await page.fill('#import-text', text);
      await page.click('#import-button');
      await page.waitForFunction((code) => document.getElementById('import-message').dataset.error === code, expected);
      const message = await page.textContent('#import-message');
      assert.notEqual(message, '');
      assert.doesNotMatch(message, /<|pwned|xxx/);
    }
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.equal(await page.locator('#planner img, #planner script').count(), 0);
    assert.equal(await page.getAttribute('#effective-batch', 'data-value'), '2048');
    assert.notEqual(await code(page, 'export-deepspeed'), '');
  }));
}

test('each export\'s copy and download labels sit on one line', () => withPage(browser, async (page) => {
  // Issue 20, item 9: the download label sat higher than the copy button's.
  await page.goto(`${site.origin}/en/?micro=2`);
  await waitForCalculator(page);
  await page.locator('#planner').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('planner').dataset.state === 'ready');
  const offsets = [];
  for (const { id } of RUNNING_STAGE_ONE) {
    await page.click(`#${id}-tab`);
    offsets.push(await page.evaluate((elementId) => {
      const textTop = (element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const { top, height } = range.getBoundingClientRect();
        return height > 0 ? top : NaN;
      };
      return Math.abs(textTop(document.getElementById(`${elementId}-copy`)) - textTop(document.getElementById(`${elementId}-download`)));
    }, id));
  }
  assert.ok(offsets.every((offset) => offset < 0.5), offsets.join(', '));
}));
