// The memory calculator in Node: its schema against what the wasm registers,
// its words in both languages, the worked example's figures, the split of the
// device's memory, and choices in links.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { DEVICES, GRAD_MEMORY } from '../../web/src/calculators/grad-memory/schema.js';
import { gibibytesOf } from '../../web/src/hardware/devices.js';
import { calculatorTree } from '../../web/src/kit/calculator-markup.js';
import { toHtml } from '../../web/pages/html.mjs';
import { presentSplit } from '../../web/src/calculators/grad-memory/split.js';
import { coreFields, defaultTexts, messagesAt } from '../../web/src/kit/schema.js';
import { presentEvaluation } from '../../web/src/kit/present.js';
import { textsFromSearch, urlWithFields } from '../../web/src/kit/url-state.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import wordsEn from '../../web/src/calculators/grad-memory/words.en.js';
import wordsPtBR from '../../web/src/calculators/grad-memory/words.pt-BR.js';
import proseEn from '../../web/src/calculators/grad-memory/prose.en.mjs';
import prosePtBR from '../../web/src/calculators/grad-memory/prose.pt-BR.mjs';
import { loadCalculatorCore } from '../support/wasm-core.mjs';

const CATALOGS = [{ ...en, gradMemory: wordsEn }, { ...ptBR, gradMemory: wordsPtBR }];
const shape = (value, path = '') => (typeof value === 'function' ? [`${path}: function`]
  : value && typeof value === 'object' ? Object.keys(value).sort().flatMap((key) => shape(value[key], `${path}.${key}`))
    : [`${path}: ${typeof value}`]);

let core;
before(async () => { core = await loadCalculatorCore('grad-memory'); });

test('the memory catalogs and page prose have the same keys in both languages', () => {
  assert.deepEqual(shape(wordsEn), shape(wordsPtBR));
  assert.deepEqual(shape(proseEn), shape(prosePtBR));
});

test('every field, choice, group and result has its words in both languages', () => {
  for (const catalog of CATALOGS) {
    const messages = messagesAt(catalog, GRAD_MEMORY.messages);
    for (const group of GRAD_MEMORY.groups) assert.ok(messages.groups[group], group);
    for (const field of GRAD_MEMORY.fields) {
      const words = messagesAt(catalog, field.messages);
      assert.ok(words.label, field.key);
      for (const choice of field.choices ?? []) assert.ok(words.options[choice], `${field.key}: ${choice}`);
    }
    for (const result of GRAD_MEMORY.results) assert.ok(messagesAt(catalog, result.messages).label, result.key);
  }
});

// The worked example, Llama 3.1 8B's shape (meta-llama/Llama-3.1-8B config.json) at s 4,096, derived by hand from
// the formulas the page states (Megatron-LM's theoretical_memory_usage.py at d98e8a6 prints the same figures):
// N = 32·(2·4096·128·(32 + 8) + 3·4096·14336 + 2·4096) + 4096 + 2·4096·128,256 = 8,030,261,248 parameters;
// ZeRO 1 with fp32 gradients over 64: N·(2 + 4) + 12·N/64 = 49,687,241,472 bytes;
// a sample at s 4,096: 32 layers × 4,096 × (10·4,096 + 4·(4,096 + 1,024) + 6·14,336) (Table 2, K and V 8 heads of 128
// wide, SwiGLU's input 2f wide), 16,809,984 in the embedding (8·4096 + 4096·4096) and 2,168,455,168 in the output
// layer and its fp32 logits (4·4096·4096 + 4·4096·128,256): 21,512,617,984 bytes.
const WORKED = { parameters: '8030261248', states: '49687241472', sample: 32n * 4096n * (10n * 4096n + 4n * (4096n + 1024n) + 6n * 14336n) + 16_809_984n + 2_168_455_168n };

test('the defaults give the worked example: Llama 3.1 8B on an H100 SXM, 20.04 GiB a sample, 46.27 GiB of states, 1 sample fits, 16 steps for 1,024', () => {
  const { fields, results } = core.evaluate(GRAD_MEMORY, defaultTexts(GRAD_MEMORY), 'en');
  assert.ok(Object.entries(fields).every(([key, { status }]) => status === 'ok' || GRAD_MEMORY.fields.find((field) => field.key === key).optional));
  assert.equal(results.effectiveBatch.value, '512');
  assert.equal(results.modelParameters.value, WORKED.parameters);
  assert.equal(results.activationPerSample.value, String(WORKED.sample));
  assert.equal(results.modelStateMemory.value, WORKED.states);
  // 81,559 MiB (85,520,809,984 bytes) - 1 GiB - states = 34,759,826,688 bytes: 1.616 samples.
  assert.equal(results.deviceMemory.value, String(81559n * 2n ** 20n));
  assert.equal(results.maxMicroBatch.value, '1');
  assert.equal(results.accumulationForTarget.value, '16');  // ceil(1,024 / 64)
});

test('an empty optional field is not an error, an empty required one is', () => {
  const presented = presentEvaluation(GRAD_MEMORY, CATALOGS[0], core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), layers: '' }, 'en'));
  assert.equal(presented.fields.activationPerSample.error, '');
  assert.equal(presented.fields.target.error, '');
  assert.notEqual(presented.fields.layers.error, '');
});

test('byte figures read in binary units first, the exact bytes beside them and in data-value', () => {
  // Issue 20, item 6: 29,312,500,000 bytes are 27.2990... GiB (29,312,500,000 / 2^30).
  const presented = presentEvaluation(GRAD_MEMORY, CATALOGS[1], core.evaluate(GRAD_MEMORY, defaultTexts(GRAD_MEMORY), 'pt_BR'));
  // 49,687,241,472 / 2^30 = 46.2748...
  assert.equal(presented.results.modelStateMemory.text, '46,27 GiB');
  assert.equal(presented.results.modelStateMemory.note, '= 49.687.241.472 bytes');
  assert.equal(presented.results.modelStateMemory.value, WORKED.states);
});

test('the answers come first: the largest micro-batch, the accumulation for the target, its activations', () => {
  assert.deepEqual(GRAD_MEMORY.results.slice(0, 3).map(({ key }) => key), ['maxMicroBatch', 'accumulationForTarget', 'maxActivationMemory']);
  const { results } = core.evaluate(GRAD_MEMORY, defaultTexts(GRAD_MEMORY), 'en');
  // The worked example: 1 sample fits.
  assert.equal(results.maxMicroBatch.value, '1');
  assert.equal(results.maxActivationMemory.value, String(WORKED.sample));
});

test('the split adds up to the device, with the free part last', () => {
  const evaluation = core.evaluate(GRAD_MEMORY, defaultTexts(GRAD_MEMORY), 'en');
  const split = presentSplit(wordsEn.split, evaluation);
  assert.deepEqual(split.rows.map((row) => row.name), ['parameters', 'gradients', 'optimizer', 'activations', 'reserved', 'free']);
  assert.equal(split.rows.find((row) => row.name === 'reserved').bytes, String(2 ** 30));
  assert.equal(split.rows.reduce((sum, row) => sum + BigInt(row.bytes), 0n), 81559n * 2n ** 20n);
  assert.equal(split.over, '');
  // At the answer: the largest micro-batch that fits, 1 sample of activations, 21,512,617,984 / 2^30 = 20.035 GiB.
  assert.equal(split.at, 'At the largest micro-batch that fits, b = 1.');
  assert.equal(split.rows.find((row) => row.name === 'activations').bytes, String(WORKED.sample));
  assert.equal(split.rows.find((row) => row.name === 'activations').text, '20.04 GiB (21,512,617,984 B)');
});

test('a configuration that does not fit says by how much', () => {
  const evaluation = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), parameters: '70B', zeroStage: '0' }, 'en');
  assert.equal(evaluation.results.maxMicroBatch.value, '0');
  // The states alone, 18 bytes for each of 70 billion parameters, are over the device: nothing fits at any micro-batch.
  assert.match(presentSplit(wordsEn.split, evaluation).over, /^Does not fit at any micro-batch: the reserve and the model states alone take 1\.1 TiB/);
});

test('a reserve and states that fill the device by themselves are named as the reason nothing fits', () => {
  // Issue 28, item 22: a reserve of 100 GiB on an 80 GiB device gave "0" with no reason. 100 GiB + 49,687,241,472 bytes
  // of states = 157,061,091,328 bytes = 146.28 GiB, against 80 GiB.
  const evaluation = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), deviceMemory: '80', reservedMemory: '100' }, 'en');
  assert.equal(evaluation.results.maxMicroBatch.value, '0');
  assert.equal(presentSplit(wordsEn.split, evaluation).over,
    'Does not fit at any micro-batch: the reserve and the model states alone take 146.3 GiB of the device\'s 80 GiB.');
  // With room for the states but not for one sample, the shortfall is what is said.
  const tight = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), deviceMemory: '80', reservedMemory: '30' }, 'en');
  assert.match(presentSplit(wordsEn.split, tight).over, /^Does not fit: /);
});

test('ZeRO stage 3 splits out what it gathers, and names it when it alone leaves no room, in both languages', () => {
  // Issue 42, item 3. The default shape is Llama 3.1 8B's: its embedding, 128,256 × 4,096 parameters, is the largest
  // module, 4 bytes each as DeepSpeed's estimate_zero3_model_states_mem_needs counts it (edaa722).
  const stage3 = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), zeroStage: '3' }, 'en');
  assert.equal(stage3.results.zero3WorkingMemory.value, String(4 * 128256 * 4096));
  const rows = presentSplit(wordsEn.split, stage3).rows;
  assert.deepEqual(rows.find((row) => row.name === 'gathered'), { ...rows.find((row) => row.name === 'gathered'), bytes: '2101346304', label: 'Gathered by ZeRO-3' });
  const stage1 = core.evaluate(GRAD_MEMORY, defaultTexts(GRAD_MEMORY), 'en');
  assert.equal(presentSplit(wordsEn.split, stage1).rows.some((row) => row.name === 'gathered'), false);
  // 1 GiB of device and no reserve: the states and the gathered module alone are over it.
  const tiny = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), zeroStage: '3', deviceMemory: '1', reservedMemory: '0' }, 'pt_BR');
  assert.match(presentSplit(wordsPtBR.split, tiny).over, /os estados do modelo, com o que o ZeRO-3 reúne, ocupam/);
  assert.match(presentSplit(wordsEn.split, tiny).over, /the model states, with what ZeRO-3 gathers, alone take/);
});

test('the device options are nvidia-smi\'s MiB in exact GiB, named, each with a source, read back exactly', () => {
  // Issue 16, item 6: H200 143,771 MiB, not 141 GiB; B200 183,359 MiB, not 192 GiB (nvidia-smi's totals).
  const byName = Object.fromEntries(DEVICES.map((device) => [device.name, device]));
  assert.equal(byName.H200.mebibytes, '143771');
  assert.equal(byName.B200.mebibytes, '183359');
  assert.equal(byName['H100 SXM 80GB'].mebibytes, '81559');
  const { options } = GRAD_MEMORY.fields.find((field) => field.key === 'device');
  assert.deepEqual(options.map(({ name }) => name), DEVICES.map(({ name }) => name));
  for (const option of options) {
    assert.equal(Number(option.value) * 1024, Number(option.figure), option.name);
    assert.ok(byName[option.name].memorySource, option.name);
    // Chosen, the device's memory is read back as exactly that many MiB, and the device stays chosen.
    const { fields, results } = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), device: option.slug, deviceMemory: option.value }, 'en');
    assert.equal(results.deviceMemory.value, String(BigInt(option.figure) * 2n ** 20n), option.name);
    assert.equal(fields.device.value, option.slug);
  }
  assert.equal(gibibytesOf('143771'), '140.4013671875');
});

test('a memory typed by hand leaves no device chosen, and the device is the one the link names', () => {
  const typed = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), deviceMemory: '70' }, 'en');
  assert.equal(typed.fields.device.value, '');
  // device=h200 alone sets the memory to its 143,771 MiB, in a form every number syntax reads.
  const linked = textsFromSearch(GRAD_MEMORY, '?device=h200');
  assert.equal(linked.deviceMemory, '1404013671875e-10');
  const evaluation = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), ...linked }, 'pt_BR');
  assert.equal(evaluation.results.deviceMemory.value, String(143771n * 2n ** 20n));
  // Written back, the link names the device alone; the memory it sets is not repeated.
  const url = new URL(urlWithFields(GRAD_MEMORY, 'https://example.test/', evaluation, { ...defaultTexts(GRAD_MEMORY), ...linked }, { onlyChanged: true }));
  assert.equal(url.search, '?device=h200');
  // A memory the link gives itself wins over its device.
  assert.equal(textsFromSearch(GRAD_MEMORY, '?device=h200&gpu=48').deviceMemory, '48');
});

test('the device list is offered in the page\'s syntax, labelled with the MiB, the default chosen', () => {
  const html = toHtml(calculatorTree(GRAD_MEMORY, CATALOGS[1], { layout: 'full', texts: defaultTexts(GRAD_MEMORY) }));
  assert.match(html, /<option value="h200">H200 \(143\.771 MiB\)<\/option>/);
  assert.match(html, /<option value="h100-sxm" selected>H100 SXM 80GB \(81\.559 MiB\)<\/option>/);
});

test('a reserve of 0 gives exactly the formulas, and the default reserve is set aside before fitting', () => {
  const zero = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), deviceMemory: '80', reservedMemory: '0' }, 'en').results;
  assert.equal(BigInt(zero.totalMemory.value), BigInt(zero.modelStateMemory.value) + BigInt(zero.activationMemory.value));
  // Full recomputation: 32·2·s·h of checkpoints, one layer whole, s·(10·h + 4·(h + 1,024) + 6·f) + 5·n·s², and the 2,185,265,152
  // bytes beyond the layers: 6,547,341,312 a sample. 80 GiB - states = 36,212,104,448: 5.53 samples.
  // (eager attention: Table 2's rows as printed).
  const full = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), deviceMemory: '80', reservedMemory: '0', recompute: 'full', attention: 'eager' }, 'en').results;
  assert.equal(full.activationPerSample.value, '6547341312');
  assert.equal(full.maxMicroBatch.value, '5');
  // On 83 GiB (89,120,571,392 bytes) 6 samples take 39,284,047,872 of the 39,433,329,920 left: the default
  // reserve of 1 GiB, set aside first, leaves room for 5.
  const bigger = { ...defaultTexts(GRAD_MEMORY), recompute: 'full', attention: 'eager', deviceMemory: '83' };
  assert.equal(core.evaluate(GRAD_MEMORY, { ...bigger, reservedMemory: '0' }, 'en').results.maxMicroBatch.value, '6');
  assert.equal(core.evaluate(GRAD_MEMORY, bigger, 'en').results.maxMicroBatch.value, '5');
});

test('FlashAttention, the default, keeps no s×s scores: the worked example\'s full recomputation is 3,862,986,752 bytes a sample, 9 fit in 80 GiB with no reserve', () => {
  // Issue 42, item 1. The recomputed layer without its 5·n·s² scores: 4,096 × (10 × 4,096 + 4 × (4,096 + 1,024) +
  // 6 × 14,336) = 603,979,776; with 32·2·s·h = 1,073,741,824 of checkpoints and 2,185,265,152 beyond the layers,
  // 3,862,986,752 bytes. 80 GiB - states = 36,212,104,448 bytes: 9.37 samples.
  const texts = { ...defaultTexts(GRAD_MEMORY), deviceMemory: '80', reservedMemory: '0', recompute: 'full' };
  assert.equal(texts.attention, 'flash');
  const full = core.evaluate(GRAD_MEMORY, texts, 'en').results;
  assert.equal(full.activationPerSample.value, String(32n * 2n * 4096n * 4096n + 4096n * (10n * 4096n + 4n * (4096n + 1024n) + 6n * 14336n) + 2185265152n));
  assert.equal(full.activationPerSample.value, '3862986752');
  assert.equal(full.maxMicroBatch.value, '9');
  // Without recomputation the whole 5·n·s²·b per layer goes: 32 × 5 × 32 × 4,096² bytes fewer than eager.
  const none = (attention) => BigInt(core.evaluate(GRAD_MEMORY, { ...texts, recompute: 'none', attention }, 'en').results.activationPerSample.value);
  assert.equal(none('eager') - none('flash'), 32n * 5n * 32n * 4096n * 4096n);
  // Selective recomputation drops the scores either way, so the attention setting changes nothing there.
  const selective = (attention) => core.evaluate(GRAD_MEMORY, { ...texts, recompute: 'selective', attention }, 'en').results.activationPerSample.value;
  assert.equal(selective('flash'), selective('eager'));
});

test('the worked example\'s full recomputation on the defaults: 8 samples fit with FlashAttention, 5 with eager attention, as the prose says', () => {
  // 34,759,826,688 bytes left after the reserve and the states: 8.998 samples of 3,862,986,752, 5.31 of 6,547,341,312.
  const fitting = (attention) => core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), recompute: 'full', attention }, 'en').results.maxMicroBatch.value;
  assert.equal(fitting('flash'), '8');
  assert.equal(fitting('eager'), '5');
  assert.ok(proseEn.sections.example.html.includes('3,862,986,752 bytes, so 8 samples fit'));
  assert.ok(proseEn.sections.example.html.includes('6,547,341,312 bytes a sample, and 5 fit'));
  assert.ok(prosePtBR.sections.example.html.includes('3.862.986.752 bytes, e cabem 8 amostras'));
  assert.ok(prosePtBR.sections.example.html.includes('6.547.341.312 bytes por amostra, e cabem 5'));
});

test('ZeRO stage 2 or 3 with pipeline parallelism is refused on the ZeRO field, naming DeepSpeed\'s assertion, in both languages', () => {
  // Issue 42, item 2: deepspeed/runtime/pipe/engine.py at edaa722 asserts zero stage < 2 in PipelineEngine.__init__.
  for (const zeroStage of ['2', '3']) {
    const evaluation = core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), zeroStage, pipelineParallel: '2' }, 'en');
    assert.equal(evaluation.fields.zeroStage.status, 'conflicting', zeroStage);
    assert.equal(evaluation.results.modelStateMemory.value, '');
  }
  for (const zeroStage of ['0', '1']) {
    assert.equal(core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), zeroStage, pipelineParallel: '2' }, 'en').fields.zeroStage.status, 'ok');
  }
  assert.equal(core.evaluate(GRAD_MEMORY, { ...defaultTexts(GRAD_MEMORY), zeroStage: '3', pipelineParallel: '1' }, 'en').fields.zeroStage.status, 'ok');
  for (const catalog of CATALOGS) {
    assert.match(catalog.gradMemory.fields.zeroStage.errors.conflicting(), /ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism/);
  }
});

test('a link carries a choice as its word, and opens with it', () => {
  const texts = { ...defaultTexts(GRAD_MEMORY), recompute: 'full', zeroStage: '3' };
  const url = urlWithFields(GRAD_MEMORY, 'https://example.test/en/grad-accum-memory/', core.evaluate(GRAD_MEMORY, texts, 'en'), texts);
  assert.equal(new URL(url).searchParams.get('recompute'), 'full');
  assert.equal(new URL(url).searchParams.get('zero'), '3');
  assert.deepEqual(textsFromSearch(GRAD_MEMORY, new URL(url).search).recompute, 'full');
});
