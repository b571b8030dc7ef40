// The training-compute calculator in Node: every published model through the
// real wasm as the page reads it, pasted configs (real config.json files,
// extra members and all) and hostile ones, the Llama 3 paper's 6ND figure,
// Megatron-LM's own FLOPs, the words in both languages and the links.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { TRAINING_COMPUTE } from '../../web/src/calculators/training-compute/schema.js';
import { MODELS, modelNamed } from '../../web/src/models/models.js';
import { configMembers, modelTexts, presentModel, presetMembers, MAX_CONFIG_LENGTH } from '../../web/src/models/model-config.js';
import { memoryPageHoldsShape, memoryPageKeys, shapeLinkKeys } from '../../web/src/models/shape-links.js';
import { modelOfLinkKeys } from '../../web/src/models/linked-model.js';
import { COMPUTE_DEVICES, DEVICES } from '../../web/src/hardware/devices.js';
import { defaultTexts } from '../../web/src/kit/schema.js';
import { presentEvaluation } from '../../web/src/kit/present.js';
import { scientific } from '../../web/src/kit/number-format.js';
import en from '../../web/src/i18n/en.js';
import ptBR from '../../web/src/i18n/pt-BR.js';
import wordsEn from '../../web/src/calculators/training-compute/words.en.js';
import wordsPtBR from '../../web/src/calculators/training-compute/words.pt-BR.js';
import proseEn from '../../web/src/calculators/training-compute/prose.en.mjs';
import prosePtBR from '../../web/src/calculators/training-compute/prose.pt-BR.mjs';
import { loadTrainingCompute } from '../support/wasm-core.mjs';

const shape = (value, path = '') => (typeof value === 'function' ? [`${path}: function`]
  : value && typeof value === 'object' ? Object.keys(value).sort().flatMap((key) => shape(value[key], `${path}.${key}`))
    : [`${path}: ${typeof value}`]);

let core;
before(async () => { core = await loadTrainingCompute(); });
const evaluate = (texts, syntax = 'en') => core.evaluate(TRAINING_COMPUTE, { ...defaultTexts(TRAINING_COMPUTE), ...texts }, syntax);
const readPaste = (text) => {
  const read = configMembers(text);
  return read.problem ? read : core.readModel(read.members);
};
const preset = (slug) => core.readModel(presetMembers(modelNamed(slug).config));

test('the catalogs and page prose have the same keys in both languages', () => {
  assert.deepEqual(shape(wordsEn), shape(wordsPtBR));
  assert.deepEqual(shape(proseEn), shape(prosePtBR));
});

test('every published model reads, and names its source', () => {
  assert.ok(MODELS.length >= 15);
  for (const model of MODELS) {
    const report = preset(model.slug);
    assert.equal(report.problem, '', model.slug);
    assert.match(model.source, /^https:\/\//, model.slug);
    assert.ok(BigInt(report.active) <= BigInt(report.total), model.slug);
  }
});

test('the required presets are there', () => {
  for (const slug of ['llama-2-7b', 'llama-2-13b', 'llama-2-70b', 'llama-3.1-8b', 'llama-3.1-70b', 'llama-3.1-405b', 'mistral-7b', 'mixtral-8x7b',
    'qwen2.5-7b', 'qwen2.5-72b', 'olmo-2-7b', 'olmo-2-13b', 'deepseek-v3', 'gpt-3-175b', 'bloom-176b']) assert.ok(modelNamed(slug), slug);
});

// Published counts, each with where it is published.
test('presets count the parameters their publishers give', () => {
  const total = (slug) => BigInt(preset(slug).total);
  // bigscience/bloom model card: "176,247,271,424 parameters".
  assert.equal(total('bloom-176b'), 176247271424n);
  // Biderman et al. 2023 (Pythia), Table 1: 11,846,072,320.
  assert.equal(total('pythia-12b'), 11846072320n);
  // openai-community/gpt2 model card: 124M.
  assert.equal(total('gpt-2') / 1000000n, 124n);
  // Brown et al. 2020, Table 2.1: "175.0B" for its shape; counted exactly (vocabulary 50,257, 2,048 positions)
  // that is 174,604,259,328, which is 175B at the paper's name and 0.2% under its table.
  assert.equal((total('gpt-3-175b') + 500000000n) / 1000000000n, 175n);
  // Hugging Face model pages: Llama 2 7B "6.74B", Llama 3.1 8B "8.03B", Llama 3.1 405B "406B".
  assert.equal((total('llama-2-7b') + 5000000n) / 10000000n, 674n);
  assert.equal((total('llama-3.1-8b') + 5000000n) / 10000000n, 803n);
  assert.equal((total('llama-3.1-405b') + 500000000n) / 1000000000n, 406n);
});

test('Mixtral 8x7B: 47B parameters, 13B active, as its paper says', () => {
  // Jiang et al. 2024, section 2.
  const report = preset('mixtral-8x7b');
  assert.equal(report.total, '46702792704');
  assert.equal(report.active, '12879925248');
  assert.equal(modelTexts(report).activeParameters, '12879925248');
});

test('the Qwen3 mixtures of experts count what their publishers give', () => {
  // Qwen/Qwen3-30B-A3B: model.safetensors.index.json's total_size, 61,064,245,248 bytes of bf16, and its model card's
  // "3.3B activated"; Qwen/Qwen3-235B-A22B's model card: "235B in total and 22B activated".
  const small = preset('qwen3-30b-a3b');
  assert.equal(small.total, '30532122624');
  // 3,353,032,704 counted: the card's 3.3B is it to a tenth of a billion, cut rather than rounded.
  assert.equal(BigInt(small.active) / 100000000n, 33n);
  const large = preset('qwen3-235b-a22b');
  assert.equal((BigInt(large.total) + 500000000n) / 1000000000n, 235n);
  assert.equal((BigInt(large.active) + 500000000n) / 1000000000n, 22n);
});

test('a dense model leaves the active parameters empty: they are all of them', () => {
  assert.equal(modelTexts(preset('llama-3.1-8b')).activeParameters, '');
});

test('a pasted config.json, with every member the real file has, reads as the preset does', () => {
  // Qwen/Qwen2.5-7B config.json as published (nested rope_scaling null, strings, floats and all).
  const pasted = JSON.stringify({
    architectures: ['Qwen2ForCausalLM'], attention_dropout: 0.0, bos_token_id: 151643, eos_token_id: 151643, hidden_act: 'silu',
    hidden_size: 3584, initializer_range: 0.02, intermediate_size: 18944, max_position_embeddings: 131072, max_window_layers: 28,
    model_type: 'qwen2', num_attention_heads: 28, num_hidden_layers: 28, num_key_value_heads: 4, rms_norm_eps: 1e-06,
    rope_theta: 1000000.0, sliding_window: 131072, tie_word_embeddings: false, torch_dtype: 'bfloat16', transformers_version: '4.43.1',
    use_cache: true, use_mrope: false, use_sliding_window: false, vocab_size: 152064,
  }, null, 2);
  const report = readPaste(pasted);
  assert.equal(report.problem, '');
  assert.equal(report.total, '7615616512');
  assert.equal(report.total, preset('qwen2.5-7b').total);
});

test('the parts add up to the total', () => {
  for (const model of MODELS) {
    const report = preset(model.slug);
    const sum = Object.values(report.parts).reduce((total, part) => total + BigInt(part), 0n);
    assert.equal(sum, BigInt(report.total), model.slug);
  }
});

test('hostile pastes are refused with a reason, never read into figures', () => {
  const refusal = (text) => readPaste(text).problem;
  assert.equal(refusal('x'.repeat(1024 * 1024)), 'too_long');
  assert.equal(refusal(`{"model_type":"llama",${' '.repeat(MAX_CONFIG_LENGTH)}}`), 'too_long');
  assert.equal(refusal(''), 'empty');
  assert.equal(refusal('{"model_type": "llama",'), 'not_json');
  assert.equal(refusal('[1, 2]'), 'not_an_object');
  assert.equal(refusal('null'), 'not_an_object');
  assert.equal(refusal(`${'['.repeat(20000)}${']'.repeat(20000)}`).length > 0, true);
  const llama = { model_type: 'llama', vocab_size: 32000, hidden_size: 4096, intermediate_size: 11008, num_hidden_layers: 32, num_attention_heads: 32 };
  const with_ = (changes) => refusal(JSON.stringify({ ...llama, ...changes }));
  assert.equal(refusal(JSON.stringify(llama)), '');
  assert.equal(with_({ hidden_size: 1e30 }), 'not_a_count');
  assert.equal(with_({ hidden_size: 9007199254740993 }), 'out_of_range');
  assert.equal(with_({ hidden_size: -4096 }), 'not_a_count');
  assert.equal(with_({ hidden_size: 4096.5 }), 'not_a_count');
  assert.equal(with_({ hidden_size: '4096' }), 'not_a_count');
  assert.equal(with_({ hidden_size: { value: 4096 } }), 'not_a_count');
  assert.equal(with_({ hidden_size: 4097 }), 'not_divisible');
  assert.equal(with_({ model_type: 'mamba' }), 'unknown_model_type');
  assert.equal(with_({ model_type: 7 }), 'no_model_type');
  assert.equal(with_({ num_hidden_layers: null }), 'missing_key');
  assert.equal(refusal(JSON.stringify({ model_type: 'mixtral', vocab_size: 32000, hidden_size: 4096, intermediate_size: 14336,
    num_hidden_layers: 32, num_attention_heads: 32, num_local_experts: 8, num_experts_per_tok: 9 })), 'above_other');
  assert.equal(refusal(`{${Array.from({ length: 1025 }, (_, index) => `"k${index}": 1`).join(',')}}`), 'too_many_members');
  // "__proto__" is an own member like any other: it neither hides nor supplies a key.
  const protoPaste = readPaste(`{"__proto__": {"hidden_size": 5120}, ${JSON.stringify(llama).slice(1).replace('"hidden_size":4096,', '')}`);
  assert.equal(protoPaste.total, readPaste(JSON.stringify(llama)).total);
  assert.equal(({}).hidden_size, undefined);
});

test('a count written as a float (32.0, 3.2e1) is refused, as Python\'s json reads it: the literal reaches the core, not JSON.parse\'s number', () => {
  const llama = '{"model_type": "llama", "vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 11008, "num_hidden_layers": LAYERS, "num_attention_heads": 32}';
  assert.equal(readPaste(llama.replace('LAYERS', '32')).problem, '');
  for (const literal of ['32.0', '3.2e1', '32e0', '3.2E+1']) assert.equal(readPaste(llama.replace('LAYERS', literal)).problem, 'not_a_count', literal);
});

test('a config.json that leaves out a key its config class defaults takes the default: Mistral\'s 8 key-value heads, DeepSeek-V3\'s shared expert, dense layers and query rank', () => {
  // MistralConfig: num_key_value_heads=8 -> Mistral 7B's 7,241,732,096 parameters.
  const mistral = readPaste('{"model_type": "mistral", "vocab_size": 32000, "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32, "num_attention_heads": 32}');
  assert.equal(mistral.total, '7241732096');
  // DeepseekV3Config: n_shared_experts=1, first_k_dense_replace=3, q_lora_rank=1536 -> 671,026,419,200 total, 37,552,297,472 active.
  const config = { ...modelNamed('deepseek-v3').config };
  for (const key of ['n_shared_experts', 'first_k_dense_replace', 'q_lora_rank']) delete config[key];
  const deepseek = readPaste(JSON.stringify(config));
  assert.deepEqual([deepseek.total, deepseek.active], ['671026419200', '37552297472']);
});

test('qwen3_moe and olmoe config.json files read, and the memory page gets their expert width', () => {
  // Issue 42, item 7: both were "not one of the families". Qwen/Qwen3-30B-A3B's and allenai/OLMoE-1B-7B-0924's files
  // (the keys that matter); totals derived by hand in tests/core/model_config_tests.cpp.
  const qwen = readPaste('{"model_type": "qwen3_moe", "vocab_size": 151936, "hidden_size": 2048, "intermediate_size": 6144, "num_hidden_layers": 48, "num_attention_heads": 32, "num_key_value_heads": 4, "head_dim": 128, "moe_intermediate_size": 768, "num_experts": 128, "num_experts_per_tok": 8, "decoder_sparse_step": 1, "mlp_only_layers": [], "tie_word_embeddings": false, "rope_scaling": null}');
  assert.equal(qwen.problem, '');
  assert.equal(qwen.total, '30532122624');
  assert.deepEqual({ ...memoryPageKeys(qwen, '4096') }, { layers: '48', hidden: '2048', heads: '32', kvheads: '4', headdim: '128', ffn: '6144', glu: 'on', norm: 'rmsnorm', qknorm: 'head', vocab: '151936', tied: 'off', experts: '128', topk: '8', moeffn: '768', seq: '4096' });
  const olmoe = readPaste('{"model_type": "olmoe", "vocab_size": 50304, "hidden_size": 2048, "intermediate_size": 1024, "num_hidden_layers": 16, "num_attention_heads": 16, "num_key_value_heads": 16, "num_experts": 64, "num_experts_per_tok": 8, "clip_qkv": null, "tie_word_embeddings": false}');
  assert.equal(olmoe.total, '6919161856');
  assert.equal(memoryPageKeys(olmoe, '4096').moeffn, '1024');
  // Issue 53: OlmoeAttention normalizes q and k over all heads (q_norm of hidden, k_norm of hidden / heads × kv heads).
  assert.equal(memoryPageKeys(olmoe, '4096').qknorm, 'all');
  // A non-empty mlp_only_layers would change which layers are dense: refused by name, in both languages.
  const listed = readPaste('{"model_type": "qwen3_moe", "mlp_only_layers": [0, 47]}');
  assert.equal(listed.problem, 'not_read');
  assert.equal(presentModel(wordsEn.model, listed, { group: ',', decimal: '.' }).error.startsWith('"mlp_only_layers" is set to something'), true);
  assert.equal(presentModel(wordsPtBR.model, listed, { group: '.', decimal: ',' }).error.startsWith('"mlp_only_layers" traz algo'), true);
});

test('a pasted model handed on by its link keys comes back as the shape the reader found, and a bad word is refused', () => {
  // The planner's export reads a model from the keys another page wrote for it (shapeLinkKeys): Qwen3-30B-A3B's
  // file read by the core, its keys, read back.
  const qwen = readPaste('{"model_type": "qwen3_moe", "vocab_size": 151936, "hidden_size": 2048, "intermediate_size": 6144, "num_hidden_layers": 48, "num_attention_heads": 32, "num_key_value_heads": 4, "head_dim": 128, "moe_intermediate_size": 768, "num_experts": 128, "num_experts_per_tok": 8, "decoder_sparse_step": 1, "mlp_only_layers": [], "tie_word_embeddings": false, "rope_scaling": null}');
  const params = new URLSearchParams(shapeLinkKeys(qwen));
  const linked = modelOfLinkKeys(params);
  assert.deepEqual(linked.shape, qwen.shape);
  assert.equal(memoryPageHoldsShape(linked), true);
  // Shared experts the link gives are kept, for the next page; a count with a leading zero is not one a page writes.
  params.set('sharedffn', '1024');
  assert.equal(modelOfLinkKeys(params).shape.sharedExpertFfn, '1024');
  assert.equal(modelOfLinkKeys(new URLSearchParams({ ...Object.fromEntries(params), layers: '048' })), null);
  params.set('qknorm', 'both');
  assert.equal(modelOfLinkKeys(params), null);
  // A dense model's link has no expert keys, and none come back.
  const llama = readPaste(JSON.stringify(modelNamed('llama-3.1-8b').config));
  assert.deepEqual(modelOfLinkKeys(new URLSearchParams(shapeLinkKeys(llama))).shape, llama.shape);
});

test('a paste nested deeper than Python reads is named so, not called invalid JSON', () => {
  // Issue 42, item 20: 30,000 levels of arrays is valid JSON; Python's json stops near 1,000 with a RecursionError.
  const deep = readPaste(`{"model_type": ${'['.repeat(30000)}${']'.repeat(30000)}}`);
  assert.equal(deep.problem, 'too_deep');
  assert.match(presentModel(wordsEn.model, deep, { group: ',', decimal: '.' }).error, /nests more than 1,000 levels deep/);
  assert.match(presentModel(wordsPtBR.model, deep, { group: '.', decimal: ',' }).error, /se aninha em mais de 1\.000 níveis/);
});

test('a refusal names the key in the page\'s language', () => {
  const report = readPaste(JSON.stringify({ model_type: 'llama', vocab_size: null, hidden_size: 4096 }));
  assert.equal(report.problem, 'missing_key');
  assert.equal(presentModel(wordsEn.model, report, { group: ',', decimal: '.' }).error, '"vocab_size" is missing or null, and this family\'s config class gives it no default: the architecture needs a number there.');
  assert.match(presentModel(wordsPtBR.model, report, { group: '.', decimal: ',' }).error, /^Falta "vocab_size"/);
});

test('Llama 3 405B on 15.6T tokens: 3.8e25 FLOPs by 6ND, the Llama 3 paper\'s figure', () => {
  // Llama Team 2024, "The Llama 3 Herd of Models": "3.8 × 10^25 FLOPs".
  const { results } = evaluate({ parameters: '405B', tokens: '15.6T' });
  assert.equal(results.trainingFlops6ND.value, '37908000000000000000000000');
  assert.equal(scientific(results.trainingFlops6ND.value, { decimal: '.' }).startsWith('3.79 × 10²⁵'), true);
  assert.equal(Math.round(Number(results.trainingFlops6ND.value) / 1e24) / 10, 3.8);
});

test('Megatron-LM\'s num_floating_point_operations, run on Llama 3.1 8B, is what the page counts with its shape', () => {
  // megatron/training/training.py at d98e8a6, num_floating_point_operations(args, batch_size=1) with the
  // model's shape and seq_length 8192, run in Python: 421645529382912.0 per sequence.
  const texts = modelTexts(preset('llama-3.1-8b'));
  const { results } = evaluate({ ...texts, sequenceLength: '8192', tokens: '8192' });
  assert.equal(results.trainingFlopsAttention.value, '421645529382912');
});

test('the defaults are the worked example, in both languages', () => {
  for (const syntax of ['en', 'pt_BR']) {
    const evaluation = core.evaluate(TRAINING_COMPUTE, defaultTexts(TRAINING_COMPUTE), syntax);
    assert.ok(Object.values(evaluation.fields).every(({ status }) => status === 'ok' || status === 'empty'), syntax);
    assert.equal(evaluation.fields.peakTflops.value, 989.5);
    assert.equal(evaluation.results.trainingFlops6ND.value, '37908000000000000000000000');
  }
  const shown = presentEvaluation(TRAINING_COMPUTE, { ...ptBR, trainingCompute: wordsPtBR }, core.evaluate(TRAINING_COMPUTE, defaultTexts(TRAINING_COMPUTE), 'pt_BR'));
  assert.equal(shown.results.trainingFlops6ND.note, '≈ 3,79 × 10²⁵');
  // Llama Team 2024, Table 4: 400 TFLOPS a GPU, 41% MFU, on 16,384 H100s with 8,192-token sequences.
  assert.equal(defaultTexts(TRAINING_COMPUTE).utilization, '41');
  assert.equal(shown.results.trainingDays.text, '66,01');
});

test('the worked example\'s figures are the core\'s', () => {
  const { results } = evaluate({ ...modelTexts(preset('llama-3.1-405b')) });
  assert.equal(results.flopsPerTokenAttention.value, '2523955986432');
  assert.equal(results.trainingFlopsAttention.value, '39373713388339200000000000');
  // At the default 41%: the worked example's 68.6 days, 27.0 million GPU-hours, 161 tokens/s per GPU.
  assert.equal(results.trainingDays.value.toFixed(1), '68.6');
  assert.equal((results.gpuHours.value / 1e6).toFixed(1), '27.0');
  assert.equal(Math.round(results.tokensPerSecondPerGpu.value), 161);
  assert.ok(proseEn.sections.example.html.includes('68.6 days and 27.0 million GPU-hours') && proseEn.sections.example.html.includes('161 tokens/s'));
  assert.ok(prosePtBR.sections.example.html.includes('68,6 dias e 27,0 milhões de GPU-horas') && prosePtBR.sections.example.html.includes('161 tokens/s'));
  assert.equal(modelTexts(preset('llama-3.1-405b')).matmulParameters, '403747897344');
  assert.ok(proseEn.sections.example.html.includes('403,747,897,344') && prosePtBR.sections.example.html.includes('403.747.897.344'));
});

test('every compute device has a datasheet peak, and the memory list is the same list', () => {
  assert.ok(COMPUTE_DEVICES.length >= 7);
  for (const name of ['A100 40GB', 'A100 80GB', 'H100 SXM 80GB', 'H100 PCIe 80GB', 'H200', 'B200', 'MI300X']) {
    const device = DEVICES.find((candidate) => candidate.name === name);
    assert.ok(device?.peakTflops && device.peakSource.startsWith('https://'), name);
  }
  // NVIDIA's datasheets: 1,979 TFLOPS with sparsity for the H100 SXM, halved.
  assert.equal(DEVICES.find((device) => device.name === 'H100 SXM 80GB').peakTflops, String(1979 / 2));
});

test('the attention\'s share the FAQ gives is the page\'s own count: 4.0% at 8,192 tokens, 40.1% at 131,072, half near 195,600', () => {
  // Issue 28, item 11: "at 128K attention would dominate" was not what the page's count says.
  const texts = modelTexts(preset('llama-3.1-405b'));
  const share = (sequence) => {
    const { results } = evaluate({ ...texts, sequenceLength: String(sequence) });
    const total = Number(results.flopsPerTokenAttention.value);
    return (total - 6 * Number(texts.matmulParameters)) / total;
  };
  assert.equal((100 * share(8192)).toFixed(1), '4.0');
  assert.equal((100 * share(131072)).toFixed(1), '40.1');
  assert.ok(share(195500) < 0.5 && share(195700) > 0.5);
  assert.ok(proseEn.faq.items[0].html.includes('40.1%') && prosePtBR.faq.items[0].html.includes('40,1%'));
  assert.ok(!proseEn.faq.items[0].html.includes('dominate'));
});

test('DeepSeek-V3\'s multi-token prediction, left out, is the 4.1% a token Megatron-LM\'s count adds at 4,096 tokens', () => {
  // megatron/training/training.py at d98e8a6, num_floating_point_operations with mtp_num_layers = 1 adds, per token:
  // one more MoE layer (the last layer is MoE): MLA projections q_term 1536 × (7168 + 128 × 192 + 1),
  // kv 512 × (7168 + 128 × 256 + 1) + 7168 × 64, o 128 × 128 × 7168; 8 routed and 1 shared expert of 3 × 7168 × 2048;
  // MTP norms 3 × 7168 and projection 2 × 7168²; one more logit layer 7168 × 129,280; all × 6; and the core attention
  // 6 × s × 128 × (192 + 128) / 2. Derived by hand from the formula, not from this page's code.
  const linear = 1536 * (7168 + 128 * 192 + 1) + 512 * (7168 + 128 * 256 + 1) + 7168 * 64 + 128 * 128 * 7168
    + 9 * 3 * 7168 * 2048 + 3 * 7168 + 2 * 7168 * 7168 + 7168 * 129280;
  const extra = 6 * linear + 6 * 4096 * 128 * 160;
  const { results } = evaluate({ ...modelTexts(preset('deepseek-v3')), sequenceLength: '4096' });
  assert.equal((100 * extra / Number(results.flopsPerTokenAttention.value)).toFixed(1), '4.1');
  assert.match(wordsEn.model.mtpLeftOut('1'), /4\.1%/);
});

test('scientific notation rounds the exact digits half up', () => {
  assert.equal(scientific('37987877191680000000000000', { decimal: '.' }), '3.80 × 10²⁵');
  assert.equal(scientific('99960000', { decimal: ',' }), '1,00 × 10⁸');
  assert.equal(scientific('1234', { decimal: '.' }), null);
});

test('an echoed model name or type carries no bidi control and is cut on code points, never inside a character', () => {
  // Issue 28, item 17: a crafted ?model= put right-to-left overrides into the status line.
  const words = wordsEn.model;
  const marks = { group: ',', decimal: '.' };
  const spoof = presentModel(words, { problem: 'unknown_preset', key: 'llama\u202e3.1-8b\u2066x\u2069\u200f' }, marks).error;
  assert.doesNotMatch(spoof, /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
  assert.match(spoof, /"llama3\.1-8bx"/);
  // 70 astral characters (two UTF-16 units each): 64 whole ones are quoted, no lone surrogate.
  const emoji = '😀'.repeat(70);
  const read = readPaste(JSON.stringify({ model_type: emoji }));
  assert.equal(read.problem, 'unknown_model_type');
  const quoted = /: "(.*)" is not/u.exec(presentModel(words, read, marks).error)[1];
  assert.equal(Array.from(quoted).length, 64);
  assert.ok(quoted.isWellFormed());
});

test('an overflow on this page names its own limit, 2^128 - 1, not the 64-bit one', () => {
  // Issue 28, item 18. 6 × 4,294,967,295 × 1,000,000³ FLOPs a token over 10^18 tokens is far past 2^128 - 1.
  const texts = { ...defaultTexts(TRAINING_COMPUTE), matmulParameters: '1000000', sequenceLength: '4294967295', layers: '1000000',
    attentionHeads: '1000000', headDim: '1000000', tokens: '1000000000000000000' };
  const evaluation = core.evaluate(TRAINING_COMPUTE, texts, 'en');
  assert.equal(evaluation.results.trainingFlopsAttention.status, 'overflow');
  const shown = presentEvaluation(TRAINING_COMPUTE, { ...en, trainingCompute: wordsEn }, evaluation);
  assert.match(shown.overflowNote, /340,282,366,920,938,463,463,374,607,431,768,211,455 \(2¹²⁸ − 1\)/);
  assert.doesNotMatch(shown.overflowNote, /2⁶⁴/);
});
