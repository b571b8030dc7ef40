// The gradient-accumulation memory page in Chromium, in both languages: the
// worked example in the HTML, a prefilled link, accumulation that leaves the
// memory alone, choices, the split, the URL and language switch, hostile
// input, axe, the links between the calculators, and its iframe embed on
// another origin under a strict CSP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { useServedDistAndBrowser, waitForCalculator, withPage } from '../support/browser.mjs';
import { GRAD_MEMORY } from '../../web/src/calculators/grad-memory/schema.js';

const PAGES = [
  { locale: 'pt-BR', path: '/memoria-acumulacao/', main: '/', format: (n) => new Intl.NumberFormat('pt-BR').format(BigInt(n)) },
  { locale: 'en', path: '/en/grad-accum-memory/', main: '/en/', format: (n) => new Intl.NumberFormat('en').format(BigInt(n)) },
];
const GIB = 2n ** 30n;
// The worked example, Llama 3.1 8B's shape at s 4,096 (see tests/node/grad-memory.test.mjs for the derivation;
// Table 2 with K and V at their grouped-query width and SwiGLU's input 2f wide): N parameters, a sample's activations
// under selective and under full recomputation, the recomputed layer keeping no s×s scores (FlashAttention, the
// default) or keeping them (eager: 5 × 32 × 4,096² bytes more).
const N = 8_030_261_248n;
const SAMPLE = 21_512_617_984n;
const FULL_SAMPLE = 3_862_986_752n;
const EAGER_FULL_SAMPLE = FULL_SAMPLE + 5n * 32n * 4096n * 4096n;

const { site, host, browser } = useServedDistAndBrowser({
  hostPages: (origin) => ({
    '/memory-frame.html': `<iframe id="frame" src="${origin}/embed.html?calc=grad-memory&amp;lang=en&amp;micro=2&amp;zero=3" title="Memory" width="100%" height="150"></iframe>
      <script type="module" src="${origin}/embed.js"></script>`,
  }),
});


const value = (page, id) => page.getAttribute(`#${id}`, 'data-value');
const waitForValue = (page, id, expected) => page.waitForFunction(([outputId, wanted]) =>
  document.getElementById(outputId)?.dataset.value === wanted, [id, expected]);

for (const [pageIndex, { locale, path, main, format }] of PAGES.entries()) {
  test(`${locale}: the worked example is in the HTML and the core agrees`, () => withPage(browser, async (page) => {
    // 6N + 12N/64 of states with fp32 gradients and ZeRO 1 over 64.
    const response = await page.request.get(`${site.origin}${path}`);
    const html = await response.text();
    assert.match(html, new RegExp(`id="activation-memory"[^>]*data-value="${SAMPLE}"`));
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    assert.equal(await page.getAttribute('[data-calculator]', 'data-state'), 'ready');
    assert.equal(await value(page, 'mem-model-parameters'), String(N));
    assert.equal(await value(page, 'activation-per-sample'), String(SAMPLE));
    // Issue 42, item 5: at t = 1 Megatron-LM prints compute_activation_memory_without_sp (d98e8a6, run outside the
    // project: 20322381004.8), shown beside the page's figure.
    assert.equal(await value(page, 'megatron-activation-memory'), '20322381005');
    assert.equal(await value(page, 'model-state-memory'), String(6n * N + 12n * N / 64n));
    assert.equal(await value(page, 'max-micro-batch'), '1');
    assert.equal(await value(page, 'mem-accumulation-for-target'), '16');
    // Issue 20, item 6: binary units first, the exact bytes beside them.
    assert.equal(await page.textContent('#model-state-memory'), locale === 'en' ? '46.27 GiB' : '46,27 GiB');
    assert.equal(await page.textContent('#model-state-memory-note'), `= ${format(49687241472)} bytes`);
    assert.equal(await page.locator('#memory-split-table tbody tr').count(), 6);
    assert.equal(await value(page, 'zero3-working-memory'), '0');  // stage 1 gathers nothing: no row for it
    assert.ok(await page.isVisible('#memory-split-chart'));
  }));

  test(`${locale}: a link sets every field, choices included`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?micro=2&recompute=full&zero=3&gpu=48`);
    await waitForCalculator(page);
    assert.equal(await page.inputValue('#mem-recompute'), 'full');
    assert.equal(await page.inputValue('#mem-zero-stage'), '3');
    // Full recomputation keeps 2·s·h per layer, plus one layer recomputed whole, and the embedding and output layer.
    assert.equal(await value(page, 'activation-memory'), String(2n * FULL_SAMPLE));
    // ZeRO 3 shards all 18 bytes of a parameter over the 64 replicas.
    const states = 18n * N / 64n;
    assert.equal(await value(page, 'model-state-memory'), String(states));
    // Issue 42, item 3: and gathers its largest module, the embedding, 4 bytes a parameter as DeepSpeed's
    // estimate_zero3_model_states_mem_needs counts it (runtime/zero/stage3.py at edaa722): a part of the split and of the fit.
    const gathered = 4n * 128_256n * 4_096n;
    assert.equal(await value(page, 'zero3-working-memory'), String(gathered));
    assert.equal(await page.getAttribute('#memory-split-table tr[data-part="gathered"]', 'data-bytes'), String(gathered));
    assert.equal(await value(page, 'max-micro-batch'), String((47n * GIB - states - gathered) / FULL_SAMPLE));
    // Issue 42, item 1: eager attention stores the recomputed layer's scores, and the link carries it.
    await page.selectOption('#mem-attention', 'eager');
    await waitForValue(page, 'activation-memory', String(2n * EAGER_FULL_SAMPLE));
    await page.waitForFunction(() => new URLSearchParams(location.search).get('attention') === 'eager');
    await page.reload();
    await waitForCalculator(page);
    assert.equal(await page.inputValue('#mem-attention'), 'eager');
    assert.equal(await value(page, 'activation-memory'), String(2n * EAGER_FULL_SAMPLE));
  }));

  test(`${locale}: a result is named by its label, full recomputation is named as checkpointing, and the 24 GB cards are offered`, () => withPage(browser, async (page) => {
    // Issue 41, item 6.
    await page.goto(`${site.origin}${path}?device=rtx-4090`);
    await waitForCalculator(page);
    const label = locale === 'en' ? 'Largest micro-batch that fits' : await page.textContent('#max-micro-batch-label');
    assert.equal(await page.getByRole('status', { name: label, exact: true }).getAttribute('id'), 'max-micro-batch');
    assert.match(await page.textContent('#mem-recompute option[value="full"]'), /gradient checkpointing/);
    assert.match(await page.textContent('#mem-recompute option[value="full"]'), /activation checkpointing/);
    // nvidia-smi's 24,564 MiB for an RTX 4090, 24,576 for an RTX 3090, in exact GiB.
    assert.equal(await page.inputValue('#mem-device-memory'), locale === 'en' ? '23.98828125' : '23,98828125');
    assert.match(await page.textContent('#mem-device option[value="rtx-3090"]'), /RTX 3090 \(24[.,]?576 MiB\)/);
  }));

  test(`${locale}: ZeRO stage 3 with two pipeline stages is refused on its field, in the page's language, with nothing stale`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?zero=3`);
    await waitForCalculator(page);
    assert.notEqual(await value(page, 'model-state-memory'), '');
    await page.fill('#mem-pipeline-parallel', '2');
    await page.locator('#mem-pipeline-parallel').blur();
    await page.waitForFunction(() => document.querySelector('#mem-zero-stage')?.getAttribute('aria-invalid') === 'true');
    assert.match(await page.textContent('#mem-zero-stage-error'), locale === 'en' ? /Stages 2 and 3 do not run with pipeline parallelism/ : /Os estágios 2 e 3 não rodam com paralelismo de pipeline/);
    assert.equal(await value(page, 'model-state-memory'), '');
  }));

  test(`${locale}: under pipeline parallelism the first stage holds min(p, a) micro-batches: GPT-3 at p 16`, () => withPage(browser, async (page) => {
    // Issue 16, item 1, and issue 27: 96 × 34 × 2,048 × 12,288 ÷ 8 bytes of layers once a >= p, and 16 embeddings;
    // 1,437,894,144 parameters on the busiest GPU. Megatron-LM's estimator at d98e8a6 prints 10,318,020,608 bytes of
    // activations and 10,784,206,080 of weights and optimizer states for this run.
    const gpt3 = '?layers=96&hidden=12288&heads=96&kvheads=&ffn=&glu=off&norm=layernorm&vocab=50257&tied=on&seq=2048&tp=8&sp=on&recompute=selective&pp=16&dp=8';
    await page.goto(`${site.origin}${path}${gpt3}&accum=16`);
    await waitForCalculator(page);
    assert.equal(await value(page, 'activation-memory'), '10318020608');
    assert.equal(await value(page, 'mem-device-parameters'), '1437894144');
    assert.equal(await value(page, 'model-state-memory'), '10784206080');
    assert.equal(await value(page, 'mem-padded-vocabulary'), '51200');
    await page.fill('#mem-accumulation-steps', '4');
    await waitForValue(page, 'activation-memory', String(24n * 106_954_752n + 4n * 3_147_776n));
  }));

  test(`${locale}: the device is chosen by name, sets nvidia-smi's memory, travels as device=, and a memory typed by hand leaves it`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?recompute=full&overhead=0&device=a100-80gb`);
    await waitForCalculator(page);
    // Issue 16, item 3: one layer recomputed whole counts; on an A100 80GB (81,920 MiB) 36,212,104,448 bytes left hold 5 samples.
    assert.equal(await page.inputValue('#mem-device'), 'a100-80gb');
    assert.equal(await page.inputValue('#mem-device-memory'), '80');
    assert.equal(await value(page, 'max-micro-batch'), String((80n * GIB - (6n * N + 12n * N / 64n)) / FULL_SAMPLE));
    assert.equal(await value(page, 'mem-reserved-bytes'), '0');
    const labels = await page.locator('#mem-device option').evaluateAll((options) => options.map((option) => option.textContent));
    assert.ok(labels.includes(`H200 (${format(143771)} MiB)`), labels.join(' | '));
    assert.ok(labels.includes(`B200 (${format(183359)} MiB)`), labels.join(' | '));
    // Issue 29, item 1: one device field; choosing one writes its memory in the page's marks, and the address names it alone.
    await page.selectOption('#mem-device', 'h200');
    await waitForValue(page, 'mem-device-bytes', String(143771n * 2n ** 20n));
    assert.equal(await page.inputValue('#mem-device-memory'), locale === 'en' ? '140.4013671875' : '140,4013671875');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('device') === 'h200' && !new URLSearchParams(location.search).has('gpu'));
    await page.fill('#mem-device-memory', '100');
    await page.locator('#mem-device-memory').blur();
    await waitForValue(page, 'mem-device-bytes', String(100n * GIB));
    assert.equal(await page.inputValue('#mem-device'), '');
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('device') && new URLSearchParams(location.search).get('gpu') === '100');
  }));

  test(`${locale}: without a pipeline, accumulation changes the batch, never the memory`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    const before = await value(page, 'mem-total-memory');
    await page.fill('#mem-accumulation-steps', '64');
    await waitForValue(page, 'mem-effective-batch', String(64 * 64));
    assert.equal(await value(page, 'mem-total-memory'), before);
    await page.fill('#mem-micro-batch', '2');
    await waitForValue(page, 'activation-memory', String(2n * SAMPLE));
    assert.notEqual(await value(page, 'mem-total-memory'), before);
  }));

  test(`${locale}: editing updates the address, which reopens the same figures in the other language`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    await page.selectOption('#mem-zero-stage', '2');
    await page.fill('#mem-parameters', '70B');
    await page.locator('#mem-parameters').blur();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('params') === '70000000000');
    const search = new URL(page.url()).search;
    assert.equal(new URL(page.url()).searchParams.get('zero'), '2');
    const states = await value(page, 'model-state-memory');
    // 2 bytes of weights, and 4 of fp32 gradients and 12 of optimizer state sharded over 64.
    assert.equal(states, String(2n * 70_000_000_000n + 16n * 70_000_000_000n / 64n));
    const other = PAGES.find((candidate) => candidate.locale !== locale);
    assert.equal(new URL(await page.getAttribute('#language-switch', 'href'), site.origin).search, search);
    await page.goto(`${site.origin}${other.path}${search}`);
    await waitForCalculator(page);
    assert.equal(await value(page, 'model-state-memory'), states);
  }));

  test(`${locale}: hostile input is refused with a message and leaves no stale figure`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    for (const [id, text] of [['mem-layers', '<img src=x onerror="window.pwned=1">'], ['mem-parameters', '9'.repeat(100_000)],
      ['mem-activation-per-sample', 'NaN'], ['mem-device-memory', '-80']]) {
      await page.fill(`#${id}`, text);
      await page.locator(`#${id}`).blur();
      assert.equal(await page.getAttribute(`#${id}`, 'aria-invalid'), 'true', id);
      assert.notEqual(await page.textContent(`#${id}-error`), '', id);
    }
    for (const id of ['activation-memory', 'model-state-memory', 'max-micro-batch']) assert.equal(await value(page, id), '', id);
    assert.ok(await page.isHidden('#memory-split'));
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.equal(await page.locator('main img').count(), 0);
    assert.ok(page.url().length < 2000);
  }));

  test(`${locale}: DeepSeek-V3, whose shape the fields cannot hold, is refused with the reason and shows no figure of another model`, () => withPage(browser, async (page) => {
    // Issue 42, item 6: it went in as its total over an invented dense shape (52,001,338,368 "counted from the shape").
    // Issue 52, item 1: refused, it still showed the default shape's 8,030,261,248 parameters beside its name.
    const shown = [];
    await page.exposeFunction('recordFigure', (value) => shown.push(value));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        for (const id of ['mem-model-parameters', 'model-state-memory', 'max-micro-batch']) {
          const output = document.getElementById(id);
          if (output?.dataset.value && output.checkVisibility({ visibilityProperty: true })) window.recordFigure(`${id}=${output.dataset.value}`);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.goto(`${site.origin}${path}?model=deepseek-v3`);
    await waitForCalculator(page);
    await page.waitForFunction(() => document.getElementById('model-status')?.classList.contains('error'));
    assert.match(await page.textContent('#model-status'), locale === 'en' ? /DeepSeek-V3 is not counted on this page: its multi-head latent attention/ : /DeepSeek-V3 não é contado nesta página: a sua atenção latente multicabeça/);
    assert.equal(await page.inputValue('#mem-parameters'), '');
    for (const id of ['mem-model-parameters', 'mem-active-parameters', 'model-state-memory', 'activation-memory', 'max-micro-batch']) {
      assert.equal(await value(page, id), '', id);
    }
    assert.ok(await page.isHidden('#memory-split'));
    assert.ok(await page.isHidden('#memory-configuration-handoff'));
    assert.match(await page.textContent('#grad-memory-status'), locale === 'en' ? /No figures: the model chosen is not counted on this page/ : /Sem valores: o modelo escolhido não é contado nesta página/);
    assert.deepEqual(shown, []);
    assert.equal(new URL(page.url()).searchParams.get('model'), null);
    // Editing a field answers for the fields as they stand again: the default shape, Llama 3.1 8B.
    await page.fill('#mem-micro-batch', '2');
    await page.locator('#mem-micro-batch').blur();
    await waitForValue(page, 'mem-model-parameters', String(N));
    assert.doesNotMatch(await page.textContent('#grad-memory-status'), /No figures|Sem valores/);
  }));

  test(`${locale}: Qwen3 and OLMo 2 count their query and key norms, as their checkpoints and the compute page do`, () => withPage(browser, async (page) => {
    // Issue 53. Qwen/Qwen3-8B's model.safetensors.index.json: total_size 16,381,470,720 bf16 bytes, 8,190,735,360
    // parameters, q_norm and k_norm of 128 a layer among them. OLMo-2-1124-7B: 7,298,617,344 (derived by hand in
    // tests/core/model_config_tests.cpp), q_norm and k_norm of 4,096 a layer among them.
    for (const [slug, norm, total] of [['qwen3-8b', 'head', String(16_381_470_720n / 2n)], ['olmo-2-7b', 'all', '7298617344']]) {
      await page.goto(`${site.origin}${path}?model=${slug}`);
      await waitForCalculator(page);
      await waitForValue(page, 'mem-model-parameters', total);
      assert.equal(await page.inputValue('#mem-qk-norm'), norm, slug);
      // The configuration page gets the norms with the rest of the shape.
      const link = new URL(await page.getAttribute('#memory-configuration-link', 'href'));
      assert.equal(link.searchParams.get('qknorm'), norm, slug);
    }
  }));

  test(`${locale}: choosing DeepSeek-V3 from the list takes away the figures of the model before`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?model=llama-3.1-70b&tp=8&dp=8`);
    await waitForCalculator(page);
    await waitForValue(page, 'mem-model-parameters', '70566289408');
    await page.selectOption('#model-preset', 'deepseek-v3');
    await page.waitForFunction(() => document.getElementById('model-status')?.classList.contains('error'));
    await waitForValue(page, 'mem-model-parameters', '');
    assert.equal(await value(page, 'max-micro-batch'), '');
    assert.ok(await page.isHidden('#memory-split'));
  }));

  test(`${locale}: a published model by link fills the shape, shows no default figure first, and stays in the address`, () => withPage(browser, async (page) => {
    // Llama 3.1 70B (meta-llama/Llama-3.1-70B config.json) at TP 8: its 128,256-token vocabulary padded to 129,024,
    // 70,566,289,408 parameters, what Megatron-LM's estimator at d98e8a6 prints for it (70,553,706,496 unpadded).
    const shown = [];
    await page.exposeFunction('recordFigure', (value) => shown.push(value));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const output = document.getElementById('mem-model-parameters');
        if (output?.dataset.value && output.checkVisibility({ visibilityProperty: true })) window.recordFigure(output.dataset.value);
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.goto(`${site.origin}${path}?model=llama-3.1-70b&tp=8&dp=8`);
    await waitForCalculator(page);
    await waitForValue(page, 'mem-model-parameters', '70566289408');
    assert.deepEqual([...new Set(shown)], ['70566289408']);
    assert.equal(await page.inputValue('#mem-kv-heads'), '8');
    assert.equal(await page.inputValue('#model-preset'), 'llama-3.1-70b');
    assert.equal(await value(page, 'mem-padded-vocabulary'), '129024');  // 128,256 up to a multiple of 128 × 8
    assert.match(await page.textContent('#model-status'), /Llama 3.1 70B/);
    assert.equal(new URL(page.url()).searchParams.get('model'), 'llama-3.1-70b');
    // Editing the shape leaves the model behind, and the address says so.
    await page.fill('#mem-layers', '40');
    await page.locator('#mem-layers').blur();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('model'));
    // ...and the model section stops saying the fields hold it (issue 28, item 8).
    assert.equal(await page.inputValue('#model-preset'), '');
    assert.doesNotMatch(await page.textContent('#model-status'), /is in the fields|está nos campos/);
    assert.match(await page.textContent('#model-status'), /Llama 3.1 70B/);
  }));

  test(`${locale}: choosing a mixture of experts, then pasting a config.json, replaces the whole shape`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    await page.selectOption('#model-preset', 'mixtral-8x7b');
    // Mixtral 8x7B: 46,702,792,704 parameters, 12,879,925,248 a token uses (Megatron-LM's estimator prints both).
    await waitForValue(page, 'mem-model-parameters', '46702792704');
    assert.equal(await value(page, 'mem-active-parameters'), '12879925248');
    assert.equal(await page.inputValue('#mem-experts'), '8');
    // Qwen2.5 7B's config.json: its experts are gone, its shape counted without the q, k, v biases Megatron-LM's
    // estimator leaves out: 7,615,616,512 - 28 × (3,584 + 512 + 512) = 7,615,487,488.
    await page.fill('#model-config', JSON.stringify({ model_type: 'qwen2', vocab_size: 152064, hidden_size: 3584, intermediate_size: 18944,
      num_hidden_layers: 28, num_attention_heads: 28, num_key_value_heads: 4, tie_word_embeddings: false, rope_theta: 1000000.0 }));
    await page.locator('#model-config').blur();
    await waitForValue(page, 'mem-model-parameters', '7615487488');
    assert.equal(await page.inputValue('#mem-experts'), '');
    assert.equal(await page.inputValue('#model-preset'), '');
    assert.match(await page.textContent('#model-status'), /qwen2/);
    // A paste the reader refuses is named in the page's language; the fields keep the model they had, but no figure
    // of it stands beside the refused paste (issues 50, item 5, and 52, item 1) until a field is edited.
    await page.fill('#model-config', '{"model_type": "qwen2", "vocab_size": null}');
    await page.locator('#model-config').blur();
    await page.waitForFunction(() => document.getElementById('model-status').classList.contains('error'));
    assert.match(await page.textContent('#model-status'), locale === 'en' ? /is missing/ : /Falta/);
    await waitForValue(page, 'mem-model-parameters', '');
    assert.equal(await page.inputValue('#mem-layers'), '28');
    await page.fill('#mem-micro-batch', '2');
    await page.locator('#mem-micro-batch').blur();
    await waitForValue(page, 'mem-model-parameters', '7615487488');
  }));

  test(`${locale}: LoRA and QLoRA count PEFT's adapters and hold less than full training`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?model=llama-3.1-8b&finetune=lora&dp=1&zero=0`);
    await waitForCalculator(page);
    // PEFT's print_trainable_parameters for Llama 3 8B, r 16, all linear layers: 41,943,040.
    await waitForValue(page, 'trainable-parameters', '41943040');
    const lora = BigInt(await value(page, 'model-state-memory'));
    assert.equal(lora, 16_731_611_136n);  // 2 · 8,030,261,248 + 16 · 41,943,040
    await page.selectOption('#mem-fine-tuning', 'qlora');
    await waitForValue(page, 'model-state-memory', '6373384192');
    await page.selectOption('#mem-fine-tuning', 'full');
    await waitForValue(page, 'trainable-parameters', '8030261248');
    assert.ok(BigInt(await value(page, 'model-state-memory')) > lora);
  }));

  test(`${locale}: every field of the model, the experts and fine-tuning refuses bad input with a message and no figure, half the fields in each language`, () => withPage(browser, async (page) => {
    const fresh = ['kvHeads', 'headDim', 'ffnHidden', 'gatedMlp', 'normalization', 'vocabulary', 'tiedEmbeddings', 'experts', 'expertsPerToken',
      'expertFfn', 'sharedExpertFfn', 'expertParallel', 'expertTensorParallel', 'gradientPrecision', 'fineTuning', 'loraRank', 'loraTargets', 'optimizer'];
    // The fields dealt to the languages in turn: the refusal is the field's, the same code in both.
    for (const key of fresh.filter((_, index) => index % PAGES.length === pageIndex)) {
      const field = GRAD_MEMORY.fields.find((candidate) => candidate.key === key);
      await page.goto(`${site.origin}${path}?${field.param}=${encodeURIComponent('-1e3')}`);
      await waitForCalculator(page);
      assert.equal(await page.getAttribute(`#${field.id}`, 'aria-invalid'), 'true', key);
      assert.notEqual((await page.textContent(`#${field.id}-error`)).trim(), '', key);
      for (const result of GRAD_MEMORY.results.filter(({ dependsOn }) => dependsOn.includes(key))) {
        assert.equal(await value(page, result.id), '', `${key}: ${result.key}`);
      }
    }
  }));

  test(`${locale}: a shape Megatron-LM would refuse is named on its field, in the page's language, with no figure left`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}`);
    await waitForCalculator(page);
    const cases = [
      ['mem-kv-heads', '5', locale === 'en' ? /multiple of the key-value heads/ : /múltiplo das cabeças de chave e valor/],
      ['mem-pipeline-parallel', '3', locale === 'en' ? /divide evenly into the stages/ : /dividir igualmente entre os estágios/],
      ['mem-expert-parallel', '2', locale === 'en' ? /needs experts/ : /Precisa de especialistas/],
    ];
    for (const [id, text, message] of cases) {
      await page.fill(`#${id}`, text);
      await page.locator(`#${id}`).blur();
      await page.waitForFunction((fieldId) => document.getElementById(fieldId).getAttribute('aria-invalid') === 'true', id);
      assert.match(await page.textContent(`#${id}-error`), message, id);
      for (const result of ['model-state-memory', 'max-micro-batch']) assert.equal(await value(page, result), '', `${id}: ${result}`);
      await page.fill(`#${id}`, id === 'mem-kv-heads' ? '8' : '1');
      await page.locator(`#${id}`).blur();
      await waitForValue(page, 'max-micro-batch', '1');
    }
  }));

  test(`${locale}: no axe violations, with an error and a configuration that does not fit`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${path}?params=700B&zero=0&layers=x`);
    await waitForCalculator(page);
    await page.evaluate(() => { for (const details of document.querySelectorAll('details')) details.open = true; });
    const { violations } = await new AxeBuilder({ page }).analyze();
    assert.deepEqual(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`), []);
  }));

  test(`${locale}: the calculators link to each other`, () => withPage(browser, async (page) => {
    await page.goto(`${site.origin}${main}`);
    await page.click(`.related-card a[href*="/${path.split('/').at(-2)}/"]`);
    await waitForCalculator(page);
    assert.equal(new URL(page.url()).pathname, path);
    await page.click(`.related-card a`);
    await waitForCalculator(page);
    assert.equal(new URL(page.url()).pathname, main);
  }));
}

test('the iframe embed shows the memory calculator on another origin, and links to its full page', () => withPage(browser, async (page) => {
  await page.goto(`${host.origin}/memory-frame.html`);
  const frame = page.frameLocator('#frame');
  await frame.locator('[data-calculator][data-state="ready"]').waitFor();
  assert.equal(await frame.locator('#max-micro-batch').getAttribute('data-value'), String((79n * GIB - 18n * N / 64n) / SAMPLE));
  assert.equal(await frame.locator('#mem-micro-batch').inputValue(), '2');
  const href = await frame.locator('#full-calculator-link').getAttribute('href');
  assert.equal(new URL(href).pathname, '/en/grad-accum-memory/');
  assert.equal(new URL(href).searchParams.get('zero'), '3');
  // embed.js sized the frame to its content.
  await page.waitForFunction(() => document.getElementById('frame').getBoundingClientRect().height > 300);
}));

test('on a desktop the answers stay in view beside the long form, in binary units', () => withPage(browser, async (page) => {
  // Issue 20, item 6: the largest micro-batch and the accumulation came last of 12 results, in raw bytes.
  // Two columns narrower than 1,200 px: the figures' bar at the bottom of the form.
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto(`${site.origin}/en/grad-accum-memory/`);
  await waitForCalculator(page);
  await page.locator('#mem-target-batch').focus();
  const bar = await page.evaluate(() => {
    const element = document.querySelector('.result-bar');
    const box = element.getBoundingClientRect();
    return { text: element.textContent, inView: box.top >= 0 && box.bottom <= innerHeight };
  });
  assert.ok(bar.inView);
  // From 1,200 px (issue 50, item 8) the results themselves stay beside the form, and the bar is not needed.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => document.getElementById('mem-target-batch').scrollIntoView({ block: 'center' }));
  const wide = await page.evaluate(() => {
    const first = document.getElementById('max-micro-batch').getBoundingClientRect();
    return { shown: first.top >= 0 && first.bottom <= innerHeight, bar: getComputedStyle(document.querySelector('.result-bar')).display };
  });
  assert.deepEqual(wide, { shown: true, bar: 'none' });
  assert.match(bar.text, /Largest micro-batch 1 sequences/);
  assert.match(bar.text, /Activations 20.04 GiB/);
  const order = await page.locator('.results output').evaluateAll((outputs) => outputs.slice(0, 2).map((output) => output.id));
  assert.deepEqual(order, ['max-micro-batch', 'mem-accumulation-for-target']);
}));
