// The parallel-configuration calculator in Node: its words in both
// languages, the worked example's figures as the core gives them, the
// published runs through the same wasm the page uses, and its presentation.
import { test, before } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { PARALLEL_CONFIGURATION } from '../../web/src/calculators/parallel-configuration/schema.js';
import { CALIBRATION_RUNS, H100_CHECKS, runTexts } from '../../web/src/calculators/parallel-configuration/calibration-runs.js';
import { EXPORT_OF_FRAMEWORK, PARTS, presentLayout } from '../../web/src/calculators/parallel-configuration/layout.js';
import { EXPORT_TARGETS } from '../../web/src/planner/export/targets.js';
import { defaultTexts, messagesAt } from '../../web/src/kit/schema.js';
import { textsFromSearch } from '../../web/src/kit/url-state.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import wordsEn from '../../web/src/calculators/parallel-configuration/words.en.js';
import wordsPtBR from '../../web/src/calculators/parallel-configuration/words.pt-BR.js';
import proseEn from '../../web/src/calculators/parallel-configuration/prose.en.mjs';
import prosePtBR from '../../web/src/calculators/parallel-configuration/prose.pt-BR.mjs';
import { claimsAgainstMakersBest, familyErrors, median, publishedErrors } from '../../web/src/calculators/parallel-configuration/prediction-error.js';
import { loadCalculatorCore } from '../support/wasm-core.mjs';

const shape = (value, path = '') => (typeof value === 'function' ? [`${path}: function`]
  : value && typeof value === 'object' ? Object.keys(value).sort().flatMap((key) => shape(value[key], `${path}.${key}`))
    : [`${path}: ${typeof value}`]);

let core;
before(async () => { core = await loadCalculatorCore('parallel-configuration'); });
const evaluate = (texts, syntax = 'en') => core.evaluate(PARALLEL_CONFIGURATION, { ...defaultTexts(PARALLEL_CONFIGURATION), ...texts }, syntax);
// Every published run's error through the page's wasm, computed once for the tests that read it.
let publishedCache = null;
const publishedRows = () => (publishedCache ??= publishedErrors(core, PARALLEL_CONFIGURATION, defaultTexts(PARALLEL_CONFIGURATION)));
// A fraction as the limits prose writes it: its size in percent to one decimal, in the language's mark; signed, with + or −.
const percentIn = (fraction, mark) => (Math.abs(fraction) * 100).toFixed(1).replace('.', mark);
const signedPercentIn = (fraction, mark) => `${fraction < 0 ? '−' : '+'}${percentIn(fraction, mark)}%`;

// CIELAB's ΔE*ab between two sRGB colours (#rrggbb) under D65: how far apart they look.
function colourDistance(left, right) {
  const lab = (hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
    const [x, y, z] = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883].map(f);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const [a, b] = [lab(left), lab(right)];
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

test('the configuration catalogs and page prose have the same keys in both languages, and every field, choice and result its words', () => {
  assert.deepEqual(shape(wordsEn), shape(wordsPtBR));
  assert.deepEqual(shape(proseEn), shape(prosePtBR));
  for (const catalog of [{ ...en, parallelConfiguration: wordsEn }, { ...ptBR, parallelConfiguration: wordsPtBR }]) {
    for (const field of PARALLEL_CONFIGURATION.fields) {
      const words = messagesAt(catalog, field.messages);
      assert.ok(words.label, field.key);
      for (const choice of field.choices ?? []) assert.ok(words.options[choice], `${field.key}: ${choice}`);
      if (field.optional && field.kind === 'choice') assert.ok(words.options[''], `${field.key}: searched`);
    }
    for (const result of PARALLEL_CONFIGURATION.results) assert.ok(messagesAt(catalog, result.messages).label, result.key);
  }
  for (const prose of [proseEn, prosePtBR]) for (const field of PARALLEL_CONFIGURATION.fields) assert.ok(prose.fieldHints[field.key], field.key);
});

test('the worked example says what the core finds for the defaults', () => {
  const { results, extra } = evaluate({});
  const best = extra.fastest[0];
  assert.deepEqual([best.tp, best.pp, best.cp, best.dp, best.zero, best.recompute, best.micro, best.accum], ['1', '1', '2', '8', '1', 'none', '1', '64']);
  // c = 4 with b = 2 and c = 8 with b = 4: the same tokens on each GPU, the same step.
  for (const [i, cp, micro] of [[1, '4', '2'], [2, '8', '4']]) {
    assert.deepEqual([extra.fastest[i].cp, extra.fastest[i].micro, extra.fastest[i].zero], [cp, micro, '1']);
    assert.equal(extra.fastest[i].stepSeconds, best.stepSeconds);
  }
  assert.equal(results.configurationsConsidered.value, '9546');
  assert.equal(results.configurationsFitting.value, '4137');
  // The prose's rounded figures: 24.53 s, 22.26 s of GEMMs at 61%, 2.23 s memory-bound, 0.03 s waiting for the slowest
  // GPU, 0.01 s of optimizer, no context- or data-parallel time left, 10,687 tokens/s, 55.6%, 6.77 days, 70.5 GiB.
  assert.equal(results.bestStepSeconds.value.toFixed(2), '24.53');
  assert.equal(best.parts.compute.toFixed(2), '22.26');
  assert.equal(best.parts.memoryBound.toFixed(2), '2.23');
  assert.equal(best.parts.straggler.toFixed(2), '0.03');
  assert.equal(best.parts.optimizer.toFixed(2), '0.01');
  assert.equal(best.parts.contextParallel, 0);
  assert.equal(best.parts.dataParallel, 0);
  assert.equal(Math.round(best.matmulEfficiency * 100), 61);
  assert.equal(Math.round(results.bestTokensPerSecondPerGpu.value), 10687);
  assert.equal((results.bestMfu.value * 100).toFixed(1), '55.6');
  assert.equal(results.bestDays.value.toFixed(2), '6.77');
  assert.equal((Number(results.bestMemory.value) / 2 ** 30).toFixed(1), '70.5');
  // Whole sequences on each GPU: ZeRO-1 does not fit; ZeRO-2 (Megatron-FSDP) does, reduce-scattering every
  // micro-batch's gradients and waiting for the slowest GPU 32 times: 25.51 s, 1.75 s of it waiting.
  const whole = { tensorParallel: '1', pipelineParallel: '1', contextParallel: '1', recompute: 'none' };
  assert.equal(evaluate({ ...whole, zeroStage: '1' }).extra.refusal, 'nothing_fits');
  const zero2 = evaluate({ ...whole, zeroStage: '2' });
  assert.equal(zero2.results.bestStepSeconds.value.toFixed(2), '25.51');
  assert.equal(zero2.extra.fastest[0].parts.straggler.toFixed(2), '1.75');
  // Two sequences a micro-batch do not fit there: SwiGLU keeps its 2f-wide input (1 GiB is the reserve).
  const two = evaluate({ ...whole, zeroStage: '2', microBatch: '2' });
  assert.equal(two.extra.refusal === '' ? 'fits' : 'refused', 'refused');
  // The same question with torchtitan, which has no ZeRO-2: FSDP2 (ZeRO-3) over the 16 GPUs, 24.73 s, 2.47 s of it
  // waiting for the slowest GPU.
  const titan = evaluate({ framework: 'torchtitan' });
  assert.deepEqual([titan.extra.fastest[0].zero, titan.extra.fastest[0].dp, titan.extra.fastest[0].micro, titan.extra.fastest[0].accum], ['3', '16', '1', '32']);
  assert.equal(titan.results.bestStepSeconds.value.toFixed(2), '24.73');
  assert.equal(titan.extra.fastest[0].parts.straggler.toFixed(2), '2.47');
  for (const prose of [proseEn, prosePtBR]) {
    const decimal = prose === proseEn ? '.' : ',';
    for (const figure of ['24.53', '22.26', '2.23', '0.03', '0.01', '55.6', '6.77', '70.5', '25.51', '1.75', '24.73', '2.47']) {
      assert.ok(prose.sections.example.html.includes(figure.replace('.', decimal)), figure);
    }
  }
});

test('the published H100 runs are each predicted within 20% but three mixtures of experts, median within 10%, through the wasm the page uses, as in the core tests', () => {
  const errors = H100_CHECKS.map((run) => {
    const { results } = evaluate(runTexts(run));
    assert.equal(results.configurationsConsidered.value, '1', run.name);
    return Math.abs(results.bestStepSeconds.value / run.published - 1);
  });
  // Qwen3 30B-A3B on Megatron-Bridge 25.11 is predicted 43% fast and on Megatron-LM's 2026 recipe 22% slow, Qwen3 235B-A22B
  // on 26.04.01 25% slow (step_time_tests.cpp says why).
  assert.deepEqual(H100_CHECKS.filter((run, i) => errors[i] > 0.2).map((run) => `${run.source} ${run.name}`),
    ['bridge2511 Qwen3 30B-A3B', 'bridge2604 Qwen3 235B-A22B', 'megatronmoe Qwen3 30B-A3B']);
  assert.ok([...errors].sort((a, b) => a - b)[Math.floor(errors.length / 2)] <= 0.1);
});

test('every part of where the step goes has a colour of its own in the bar and its swatch', () => {
  // The step's bar tells the parts apart by colour alone: compute takes the page's accent (.step-part), every other part
  // its own .step-<part> rule, fill and background alike. The wait for the slowest GPU had none and showed as compute.
  const css = readFileSync(new URL('../../web/src/calculators/parallel-configuration/styles.css', import.meta.url), 'utf8');
  const colours = PARTS.filter((part) => part !== 'compute').map((part) => {
    const rule = css.match(new RegExp(`\\.step-${part} \\{ fill: (#[0-9a-f]{6}); background: (#[0-9a-f]{6}); \\}`));
    assert.ok(rule, part);
    assert.equal(rule[1], rule[2], part);
    return rule[1];
  });
  assert.equal(new Set(colours).size, PARTS.length - 1);
  // Told apart by eye, too: every two of them, and each against the accent in light and dark mode, at least 25 apart in
  // CIELAB (ΔE*ab, sRGB under D65). The pipeline's sends (#58508d) were 12.5 from the memory-bound kernels' purple.
  const accent = readFileSync(new URL('../../web/styles/calculator.css', import.meta.url), 'utf8').match(/--accent: light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)/);
  assert.ok(accent);
  // The two accents are never shown together: each part against each, and the parts against one another.
  const pairs = [...colours.flatMap((left, i) => colours.slice(i + 1).map((right) => [left, right])), ...colours.flatMap((part) => [[part, accent[1]], [part, accent[2]]])];
  for (const [left, right] of pairs) assert.ok(colourDistance(left, right) >= 25, `${left} and ${right}: ${colourDistance(left, right).toFixed(1)}`);
});

test('the colour distance is CIELAB\'s ΔE*ab: 0 for one colour, 100 from black to white, and sRGB red to green as published', () => {
  assert.equal(colourDistance('#123456', '#123456'), 0);
  assert.ok(Math.abs(colourDistance('#000000', '#ffffff') - 100) < 1e-4);
  // sRGB red L* 53.24, a* 80.09, b* 67.20; green L* 87.73, a* -86.18, b* 83.18 (CIE 15:2004's D65 white): ΔE 170.6.
  assert.ok(Math.abs(colourDistance('#ff0000', '#00ff00') - 170.6) < 0.2);
});

test('the free search is also measured against the makers\' fastest run of each model on the same GPUs, batch and precision', () => {
  // h100-checks.tsv: five Qwen3 235B-A22B runs on 256 H100s at 2,048 sequences in BF16 (the ModelZoo's rows a, c, d, e
  // at 19.7, 17.6, 24.2 and 29.0 s, and Megatron-LM's 2026 recipe at 22.6 s) are one run in five layouts; row c is the
  // fastest. Megatron-Bridge's 25.09 and 25.11 rows of Qwen3 30B-A3B on 16 H100s are one run (512 sequences, FP8, the
  // same layout), the 25.09 one twice as fast; NeMo 24.07's Llama 3 8B and Megatron-Bridge 25.09's (8 GPUs, 128
  // sequences of 8,192 tokens, FP8) one run in two layouts, and their Llama 3 70B (64 GPUs, the same batch), 25.09's
  // the faster each time. Every other check is a run of its own: 32 checks, 25 runs.
  assert.equal(H100_CHECKS.length, 32);
  const claims = H100_CHECKS.map(({ name, source, published }) => ({ name, source, published }));
  const best = claimsAgainstMakersBest(claims);
  assert.equal(best.length, 25);
  assert.deepEqual(best.filter(({ name }) => name.startsWith('Qwen3 235B-A22B') && name !== 'Qwen3 235B-A22B').map(({ name }) => name), ['Qwen3 235B-A22B, row c']);
  assert.ok(!best.some(({ source, name }) => source === 'megatronmoe' && name === 'Qwen3 235B-A22B'));
  assert.deepEqual(best.filter(({ name }) => name === 'Qwen3 30B-A3B').map(({ source }) => source), ['bridge2509', 'bridge2606', 'megatronmoe']);
  assert.deepEqual(best.filter(({ name }) => name === 'Llama 3 8B').map(({ source }) => source), ['bridge2509']);
  assert.deepEqual(best.filter(({ name }) => name === 'Llama 3 70B').map(({ source }) => source), ['bridge2509', 'bridge2604']);
});

test('the limits section states the H100 checks\' median error and worst runs as the core predicts them, in both languages', () => {
  const signedErrors = H100_CHECKS.map((run) => evaluate(runTexts(run)).results.bestStepSeconds.value / run.published - 1);
  const sizes = signedErrors.map(Math.abs).sort((a, b) => a - b);
  const worst = [...signedErrors].sort((a, b) => Math.abs(b) - Math.abs(a)).slice(0, 3);
  for (const [prose, mark, says] of [[proseEn, '.', 'median error of'], [prosePtBR, ',', 'erro mediano de']]) {
    const text = JSON.stringify(prose);
    assert.ok(text.includes(`${says} ${percentIn(sizes[Math.floor(sizes.length / 2)], mark)}%`), `${says} ${percentIn(sizes[Math.floor(sizes.length / 2)], mark)}%`);
    for (const error of worst) assert.ok(text.includes(signedPercentIn(error, mark)), `${error}`);
    // The worst run's twin: the same layout in Megatron-Bridge's 25.09 table, which the prose names beside it.
    const twin = signedErrors[H100_CHECKS.findIndex(({ source, name }) => source === 'bridge2509' && name === 'Qwen3 30B-A3B')];
    assert.ok(text.includes(signedPercentIn(twin, mark)), `${twin}`);
  }
});

test('every published H100 run fits an H100 SXM with the gradients its recipe kept and the reserve', () => {
  // Issue 49: a run that ran is not refused. Each run's layout, its gradients' precision as its recipe set it
  // (h100-checks.tsv), nvidia-smi's 81,559 MiB and the page's 1 GiB reserve.
  const defaults = defaultTexts(PARALLEL_CONFIGURATION);
  const device = 81_559n * 2n ** 20n - 2n ** 30n;
  const refused = [];
  for (const run of H100_CHECKS) {
    const { extra } = evaluate({ ...runTexts(run), deviceMemory: defaults.deviceMemory, reservedMemory: defaults.reservedMemory });
    if (extra.refusal === '' && BigInt(extra.fastest[0].memory) <= device) continue;
    refused.push(`${run.name} ${run.precision}`);
  }
  // GPT-OSS 120B at the table's b = 4 would be 110.6 GiB; its recipe runs b = 1, 55.4 GiB (h100-checks.tsv).
  assert.deepEqual(refused, []);
});

test('every published run is predicted within 10% through the wasm the page uses, as in the core tests', () => {
  for (const run of CALIBRATION_RUNS) {
    const { results } = evaluate(runTexts(run));
    assert.equal(results.configurationsConsidered.value, '1', run.name);
    const predicted = results.bestStepSeconds.value;
    assert.ok(Math.abs(predicted / run.published - 1) <= 0.1, `${run.name}: ${predicted} s against ${run.published} s`);
  }
});

test('with nothing that fits, the page names the closest layout and how much it needs', () => {
  const evaluation = evaluate({ gpus: '1', deviceMemory: '24' });
  const shown = presentLayout(wordsEn, evaluation);
  assert.equal(shown.refusalCode, 'nothing-fits');
  assert.equal(shown.layout, null);
  assert.ok(shown.closest);
  assert.match(shown.refusal, /^No layout fits in 24\.00 GiB: the one needing the least memory still needs [\d.]+ GiB\./);
  assert.deepEqual(shown.rows, []);
});

// Issue 50, item 6: a full fine-tune of a 70B on 8 H100s (148.92 GiB on the busiest GPU at best) was told to shorten
// its sequence. Llama 3 70B's shape, s = 4,096, 256 sequences.
const SEVENTY_B_ON_8 = { gpus: '8', target: '256', sequenceLength: '4096', layers: '80', hiddenSize: '8192', attentionHeads: '64', kvHeads: '8', ffnHidden: '28672' };

test('when nothing fits, the page offers the closest layout with its optimizer states in CPU memory, timed over PCIe, and in 8 bits', () => {
  // Without a pipeline every GPU holds the same, so what leaves is exactly the states: 12 bytes a parameter the GPU
  // updates, 6 with 8-bit moments.
  const flat = evaluate({ ...SEVENTY_B_ON_8, pipelineParallel: '1' }).extra;
  const leaving = BigInt(flat.smallest.memory) - BigInt(flat.remedies.offloaded);
  assert.equal(BigInt(flat.smallest.memory) - BigInt(flat.remedies.eightBit), leaving / 2n);
  assert.equal(leaving % 12n, 0n);
  // Each updated parameter's fp32 gradient down and 16-bit value up at 64 GB/s: 6 bytes for each 12 that left.
  assert.ok(Math.abs(flat.remedies.pcieSeconds - Number(leaving / 12n) * 6 / 64e9) < 1e-12);
  const evaluation = evaluate(SEVENTY_B_ON_8);
  const { remedies } = evaluation.extra;
  assert.equal(evaluation.extra.refusal, 'nothing_fits');
  assert.deepEqual([remedies.offloadedFits, remedies.eightBitFits], [true, false]);
  const seconds = remedies.pcieSeconds.toFixed(4);
  for (const [words, syntax, fits, pcie] of [[wordsEn, 'en', 'which fits', `${seconds} s`], [wordsPtBR, 'pt_BR', 'o que cabe', `${seconds.replace('.', ',')} s`]]) {
    const shown = presentLayout(words, evaluate(SEVENTY_B_ON_8, syntax));
    assert.ok(shown.remedies.offload.text.includes(fits), shown.remedies.offload.text);
    assert.ok(shown.remedies.offload.text.includes(pcie), shown.remedies.offload.text);
    assert.ok(shown.remedies.offload.text.includes('--optimizer-cpu-offload'));
    assert.ok(shown.remedies.eightBit.text.includes('--exp-avg-dtype fp8'));
    assert.equal(shown.remedies.offload.data.bytes, remedies.offloaded);
  }
  // Without the PCIe rate the states are offered untimed, and the page asks for the rate.
  const untimed = presentLayout(wordsEn, evaluate({ ...SEVENTY_B_ON_8, pcieBandwidth: '' }));
  assert.equal(untimed.remedies.offload.data.pcieSeconds, '');
  assert.match(untimed.remedies.offload.text, /type the PCIe rate/);
  // A layout that fits offers none.
  assert.equal(presentLayout(wordsEn, evaluate({})).remedies, null);
});

test('the calibration tables print each run\'s data-parallel size, GPUs ÷ (t·p·c), not "und,efi,ned"', async () => {
  // Issue 49, item 6: the runs no longer carry d (the core finds it), and the column printed undefined digit-grouped.
  const { calibrationRows } = await import('../../web/src/calculators/parallel-configuration/layout.js');
  const marks = { group: ',', decimal: '.' };
  for (const runs of [CALIBRATION_RUNS, H100_CHECKS]) {
    const rows = calibrationRows(core, PARALLEL_CONFIGURATION, runs, runTexts, defaultTexts(PARALLEL_CONFIGURATION), marks, 'en');
    rows.forEach((row, index) => {
      const { gpus, layout: { tp, pp, vpp, cp, ep, micro } } = runs[index];
      const d = new Intl.NumberFormat('en').format(gpus / (tp * pp * cp));
      assert.equal(row.layout, `${tp} · ${pp} · ${vpp} · ${cp} · ${ep} · ${d}, ${micro}`, row.name);
    });
  }
});

test('a device sets its usual node\'s NICs: a DGX A100\'s 8 × 200 Gb/s HDR, a DGX H100\'s and H200\'s 8 × 400 Gb/s (issue 50)', () => {
  // NVIDIA's DGX A100 datasheet: "8x Single-Port Mellanox ConnectX-6 VPI 200Gb/s HDR InfiniBand"; DGX H100 and H200:
  // "8x single-port NVIDIA ConnectX-7 VPI, up to 400Gb/s". The A100 preset kept the page's 400 Gb/s before.
  const device = PARALLEL_CONFIGURATION.fields.find((field) => field.key === 'device');
  const node = (slug) => {
    const { also } = device.options.find((option) => option.slug === slug);
    return [also.nicsPerNode, also.nicRate];
  };
  assert.deepEqual(node('a100-80gb'), ['8', '200']);
  assert.deepEqual(node('a100-40gb'), ['8', '200']);
  assert.deepEqual(node('h100-sxm'), ['8', '400']);
  assert.deepEqual(node('h200'), ['8', '400']);
  // Chosen by link, the A100 puts its own rate in the run the core evaluates.
  const texts = textsFromSearch(PARALLEL_CONFIGURATION, '?device=a100-80gb');
  assert.deepEqual([texts.nicsPerNode, texts.nicRate], ['8', '200']);
  assert.equal(evaluate(texts).fields.device.value, 'a100-80gb');
  // A rate typed over it is a node of the reader's own: no device is held.
  assert.equal(evaluate({ ...texts, nicRate: '400' }).fields.device.value, '');
});

test('each framework\'s plan opens an export that runs every ZeRO stage its search offers, and no other framework\'s layout', () => {
  const frameworks = PARALLEL_CONFIGURATION.fields.find(({ key }) => key === 'framework').choices;
  assert.deepEqual(Object.keys(EXPORT_OF_FRAMEWORK), frameworks);
  for (const framework of frameworks) {
    const target = EXPORT_TARGETS.find(({ slug }) => slug === EXPORT_OF_FRAMEWORK[framework]);
    assert.ok(target, framework);
    for (const stage of ['0', '1', '2', '3']) {
      const { results } = evaluate({ framework, zeroStage: stage });
      if (results.configurationsConsidered.value !== '0') assert.ok(target.zeroStages.includes(Number(stage)), `${framework} ZeRO ${stage}`);
    }
  }
  // PyTorch FSDP runs data parallelism alone; torchtitan has no ZeRO-1.
  assert.equal(evaluate({ framework: 'fsdp', tensorParallel: '2' }).results.configurationsConsidered.value, '0');
  assert.equal(evaluate({ framework: 'torchtitan', zeroStage: '1' }).results.configurationsConsidered.value, '0');
});

test('the slowest GPU\'s spread, 6.3%, is the one LLM Foundry\'s 28 A100 pairs with the same work on each GPU give', async () => {
  // docs/step-time-calibration.md, "Waiting for the slowest GPU": pairs of calibration rows that differ only in their
  // GPUs (16 to 128) and whose step without the wait is predicted within 1%; the spread is where the median log error
  // of their step ratios (published ÷ predicted) is nil. The core's wait is linear in the spread, so a spread σ is
  // the step without the wait plus σ ÷ 0.063 of the core's wait.
  const { FRAMEWORK_RUNS, frameworkRunTexts } = await import('../../web/src/calculators/parallel-configuration/framework-runs.js');
  const rows = FRAMEWORK_RUNS.filter(({ role }) => role === 'calibration').map((run) => {
    const texts = frameworkRunTexts(run);
    const { parts, stepSeconds } = evaluate(texts).extra.fastest[0];
    return { run, work: JSON.stringify({ ...texts, gpus: '', target: '' }), gpus: Number(texts.gpus), wait: parts.straggler, without: stepSeconds - parts.straggler };
  });
  const pairs = rows.flatMap((a) => rows.filter((b) => a.run.source === b.run.source && a.work === b.work && a.gpus < b.gpus
    && Math.abs(b.without / a.without - 1) <= 0.01).map((b) => [a, b]));
  assert.equal(pairs.length, 28);
  for (const { run } of pairs.flat()) assert.ok(run.framework === 'fsdp' && run.device.startsWith('a100'), run.name);
  const residual = (spread) => median(pairs.map(([a, b]) => Math.log((b.run.published / a.run.published)
    / ((b.without + spread / 0.063 * b.wait) / (a.without + spread / 0.063 * a.wait)))));
  // Without the wait the published steps grow faster with the GPUs than the predicted ones: about 2% a pair.
  assert.ok(residual(0) > 0.015, `${residual(0)}`);
  let [low, high] = [0, 0.2];
  for (let i = 0; i < 60; i += 1) [low, high] = residual((low + high) / 2) > 0 ? [(low + high) / 2, high] : [low, (low + high) / 2];
  assert.equal(low.toFixed(3), '0.063');
});

test('each framework\'s kernel share is the one its own published A100 runs give: their median signed error is nil', async () => {
  const families = familyErrors(publishedRows());
  const of = (key) => families.find(({ family }) => family === key);
  // torchtitan's 8 rows of docs/performance.md (at 3faaa1a) and LLM Foundry's 139 A100 rows (at 8c8dd48) fitted them.
  assert.deepEqual([of('torchtitan.zero3.a100.dense').runs, of('torchtitan.zero3.a100.dense').fitted], [8, 8]);
  assert.deepEqual([of('fsdp.zero3.a100.dense').runs, of('fsdp.zero3.a100.dense').fitted], [139, 139]);
  for (const key of ['torchtitan.zero3.a100.dense', 'fsdp.zero3.a100.dense']) assert.ok(Math.abs(of(key).median) <= 0.005, `${key}: ${of(key).median}`);
  // The checks set nothing: none of their runs is counted as fitted.
  for (const key of ['megatron.unsharded.h100.dense', 'megatron.unsharded.h100.moe', 'fsdp.zero3.h100.dense', 'torchtitan.zero3.h100.dense']) assert.equal(of(key).fitted, 0, key);
});

test('the limits section states torchtitan\'s FP8 error on its four compiled Float8 runs as the core predicts them, in both languages', async () => {
  // framework-runs.js, COMPILED_FP8_RUNS: torchtitan's published Float8 steps (its H100 benchmark file's Tables 1, 3
  // and 4, and docs/performance.md's 405B row), in no table of the page as they ran compiled.
  const { COMPILED_FP8_RUNS, frameworkRunTexts } = await import('../../web/src/calculators/parallel-configuration/framework-runs.js');
  assert.equal(COMPILED_FP8_RUNS.length, 4);
  const errors = COMPILED_FP8_RUNS.map((run) => evaluate(frameworkRunTexts(run)).results.bestStepSeconds.value / run.published - 1)
    .sort((a, b) => a - b);
  for (const [prose, mark, between] of [[proseEn, '.', 'to'], [prosePtBR, ',', 'a']]) {
    const range = `${signedPercentIn(errors[0], mark)} ${between} ${signedPercentIn(errors.at(-1), mark)}`;
    assert.ok(JSON.stringify(prose).includes(range), range);
  }
});

test('the limits section states LLM Foundry\'s BF16 and FP8 H100 FULL_SHARD figures as the core predicts them, in both languages', async () => {
  const rows = publishedRows().filter(({ family, source }) => family === 'fsdp.zero3.h100.dense' && source.startsWith('llmFoundryH100'));
  const [bf16Rows, fp8Rows] = ['bf16', 'fp8'].map((precision) => rows.filter((row) => row.precision === precision));
  assert.deepEqual([bf16Rows.length, fp8Rows.length], [64, 7]);
  const within = (list) => list.filter(({ error }) => Math.abs(error) <= 0.2).length;
  // The prose calls both medians too slow.
  const [bf16Median, fp8Median] = [bf16Rows, fp8Rows].map((list) => median(list.map(({ error }) => error)));
  assert.ok(bf16Median > 0 && fp8Median > 0, `${bf16Median} ${fp8Median}`);
  for (const [prose, mark, bf16Words, fp8Words] of [
    [proseEn, '.', (m, n) => `64 BF16 FULL_SHARD runs are predicted a median ${m}% too slow (${n} of 64 within 20%)`, (m, n) => `a median ${m}% too slow (all ${n} within 20%)`],
    [prosePtBR, ',', (m, n) => `64 execuções BF16 FULL_SHARD do LLM Foundry são previstas com uma mediana de ${m}% lenta demais (${n} de 64 dentro de 20%)`, (m, n) => `${m}% lentas demais (as ${n} dentro de 20%)`],
  ]) {
    const text = JSON.stringify(prose);
    const bf16 = bf16Words(percentIn(bf16Median, mark), within(bf16Rows));
    assert.ok(text.includes(bf16), bf16);
    assert.equal(within(fp8Rows), 7);
    const fp8Said = fp8Words(percentIn(fp8Median, mark), within(fp8Rows));
    assert.ok(text.includes(fp8Said), fp8Said);
  }
});

test('the limits section states how the step grows from 128 to 512 GPUs, published and predicted, on LLM Foundry\'s H100 runs, in both languages', async () => {
  // llmFoundryH100Large: six models, each with the same work on each GPU at 128 and 512 GPUs.
  const rows = publishedRows().filter(({ source }) => source === 'llmFoundryH100Large');
  const at = (model, gpus) => rows.find(({ name }) => name === `${model}, ${gpus} GPUs`);
  const models = [...new Set(rows.map(({ name }) => name.split(',')[0]))];
  assert.equal(models.length, 6);
  const growth = (key) => models.map((model) => at(model, 512)[key] / at(model, 128)[key] - 1).sort((a, b) => a - b);
  const [published, predicted] = [growth('published'), growth('predicted')];
  // The largest published growth is more than twice the model's largest: what the sentence warns of.
  assert.ok(published.at(-1) > 2 * predicted.at(-1));
  for (const [prose, mark, between] of [[proseEn, '.', 'to'], [prosePtBR, ',', 'a']]) {
    const text = JSON.stringify(prose);
    for (const range of [published, predicted]) {
      const said = `${signedPercentIn(range[0], mark)} ${between} ${signedPercentIn(range.at(-1), mark)}`;
      assert.ok(text.includes(said), said);
    }
  }
});

