// Links keep their meaning (issue 41, item 5): a link written by an earlier
// version of each page opens, in both languages, on the figures that link
// meant. Each fixture names the commit its keys held until; each expected
// figure is re-derived here, not read from the page's code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CALCULATORS } from '../../web/src/calculators/registry.js';
import { LOCALES } from '../../web/src/i18n/catalogs.js';
import { useServedDistAndBrowser, waitForCalculator, watchForProblems, withPage } from '../support/browser.mjs';

const { site, browser } = useServedDistAndBrowser();

// The memory page until bf104ff gave the shape as layers, hidden and heads alone, and counted Korthikanti
// et al.'s layer (FFN 4h, a KV head per head, no gated MLP): 34·s·h per layer under selective recomputation
// at t = 1, plus what the page counts today beyond the layers (the embedding's ids and output, 8s + sh; the
// output layer's input and logits, 4sh + 4sV; V = 128,256 by default). s = 4,096, b = 1.
const [s, h, layers, vocabulary] = [4096n, 12288n, 96n, 128256n];
const GPT3_ACTIVATIONS = 34n * s * h * layers + 8n * s + s * h + 4n * s * h + 4n * s * vocabulary;

// Per calculator (the registry's names): a link of an earlier version, the commit its keys held until, and
// what it must show: fields by their values (data-value for results).
const FIXTURES = {
  'effective-batch': [{
    // The seed page's worked example: B = 8 · 64 · 4, T = B · 4,096.
    query: '?micro=8&dp=64&accum=4&seq=4096', until: 'seed',
    results: { 'effective-batch': '2048', 'tokens-per-step': String(2048 * 4096) },
  }, {
    // world= named the planner's GPUs until 4d86630.
    query: '?world=512', until: '4d86630', fields: { 'plan-world': '512' },
  }],
  'grad-memory': [{
    query: '?layers=96&hidden=12288&heads=96', until: 'bf104ff',
    fields: { 'mem-ffn': '49152', 'mem-kv-heads': '96', 'mem-gated-mlp': 'off' },
    results: { 'activation-memory': String(GPT3_ACTIVATIONS) },
  }],
  'training-compute': [{
    // Llama 3.1 70B: 70,553,706,496 parameters (its safetensors index); 6·N·D for 15T tokens.
    query: '?model=llama-3.1-70b&tokens=15T&gpus=2048', until: 'f4b0065',
    fields: { 'compute-parameters': '70553706496', 'compute-gpus': '2048' },
    results: { 'training-flops-6nd': String(6n * 70553706496n * 15n * 10n ** 12n) },
  }],
  'optimal-batch': [{
    // gradbytes=4 was fp32 gradients until 1e749e5. DeepSeek LLM's M = 72·L·h² + 12·L·h·s.
    query: '?layers=95&hidden=8192&seq=4096&tokens=2T&gpus=512&bnoise=8M&gradbytes=4', until: '1e749e5',
    fields: { 'ob-gradient-precision': 'fp32' },
    results: { 'deepseek-flops-per-token': String(72n * 95n * 8192n ** 2n + 12n * 95n * 8192n * 4096n) },
  }],
  'dp-scaling': [{
    // n= named the replicas until 4d86630, gradbytes=2 bf16 gradients until 1e749e5: 7e9 · 2 bytes.
    // Strong scaling shares b·a = 256 sequences over 256 replicas: one each.
    query: '?n=256&mode=strong&accum=256&gradbytes=2', until: '1e749e5',
    fields: { 'scale-replicas': '256', 'scale-gradient-precision': 'bf16' },
    results: { 'scale-gradient-payload': '14000000000', 'scale-global-batch': '256', 'scale-accumulation-at-n': '1' },
  }],
  // No earlier version: the page first ships with these keys (issue 40).
  'parallel-configuration': [],
};

test('every calculator has its earlier-link fixtures, none for a page that has had no earlier version', () => {
  assert.deepEqual(Object.keys(FIXTURES).sort(), CALCULATORS.map(({ name }) => name).sort());
});

for (const calculator of CALCULATORS) {
  for (const locale of LOCALES) {
    for (const { query, until, fields = {}, results = {} } of FIXTURES[calculator.name] ?? []) {
      test(`${locale}: ${calculator.name} opens a link of its version until ${until} (${query}) on that link's figures`, () => withPage(browser, async (page) => {
        const problems = watchForProblems(page);
        await page.goto(`${site.origin}/${calculator.paths[locale]}${query}`);
        await waitForCalculator(page);
        // A field's value as the core reads it: digits without the page's grouping.
        for (const [id, expected] of Object.entries(fields)) {
          await page.waitForFunction(([fieldId, want]) => document.getElementById(fieldId)?.value.replace(/[.,\s]/g, '') === want, [id, expected]);
        }
        for (const [id, expected] of Object.entries(results)) {
          await page.waitForFunction(([resultId, want]) => document.getElementById(resultId)?.dataset.value === want, [id, expected])
            .catch(async () => assert.equal(await page.getAttribute(`#${id}`, 'data-value'), expected, id));
        }
        assert.deepEqual(problems, []);
      }));
    }
  }
}
