#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "field_texts.hpp"
#include "grad_memory.hpp"

using namespace batch_planner;
using namespace batch_planner::grad_memory;
using namespace batch_planner::memory_model;

namespace {

std::uint64_t value_of(const Product& product) { return std::get<std::uint64_t>(product); }

// Megatron-LM's GPT-3 175B shape in Korthikanti et al. 2022: s 2048, h 12288, a 96, 96 layers, t 8.
ActivationShape gpt3(bool sequence_parallel, Recompute recompute) { return {96, 12288, 96, 2048, 8, sequence_parallel, recompute}; }

Evaluation evaluate_en(std::vector<std::string> texts) {
    return evaluate_texts<FieldTexts>(std::move(texts), NumberSyntax::en,
                                      [](const FieldTexts& views, NumberSyntax syntax) { return evaluate(views, syntax); });
}

// b 1, a 8, d 64, act empty, a GPT-style shape (MLP 4·h, LayerNorm, a 128-token vocabulary, tied), dense, s 4096,
// t 1, p 1, EP 1, sp off, no recompute, eager attention (Table 2's rows as printed), 7.5B parameters typed, ZeRO 0
// with 16-bit gradients (the ZeRO paper's 16 bytes), full training (LoRA's rank 16 on all linear layers, AdamW, when
// chosen), 80 GiB, nothing reserved, no target.
std::vector<std::string> defaults() {
    return {"1", "8", "64", "", "32", "4096", "32", "", "", "", "off", "layernorm", "none", "128", "on", "", "", "", "",
            "4096", "1", "1", "1", "", "off", "none", "eager", "7.5B", "0", "bf16", "full", "16", "all-linear", "adamw", "80", "0", ""};
}

// Beyond the layers, a sample of s 4096, h 4096, V 128 at t = p = 1 keeps its token ids (8·s), the embedding's
// dropout output (s·h), the output layer's input (4·s·h) and its fp32 logits (4·s·V): 86,016,000 bytes.
constexpr std::uint64_t beyond_layers = 8ULL * 4096 + 4096ULL * 4096 + 4ULL * 4096 * 4096 + 4ULL * 4096 * 128;

// GPT-3 175B's shape (s 2048, h 12288, 96 heads, 96 layers) at TP 8, as texts.
std::vector<std::string> gpt3_texts(const char* pipeline, const char* accumulation, const char* sp, const char* recompute) {
    auto texts = defaults();
    texts[layers] = "96";
    texts[hidden_size] = "12288";
    texts[attention_heads] = "96";
    texts[sequence_length] = "2048";
    texts[tensor_parallel] = "8";
    texts[pipeline_parallel] = pipeline;
    texts[accumulation_steps] = accumulation;
    texts[sequence_parallel] = sp;
    texts[grad_memory::recompute] = recompute;
    return texts;
}

// The page's worked example: 7B parameters, 32 layers, h 4096, 32 heads, s 4096, t 1, d 64, a 8, ZeRO 1, 80 GiB.
std::vector<std::string> worked_example(const char* recompute) {
    auto texts = defaults();
    texts[parameters] = "7B";
    texts[zero_stage] = "1";
    texts[grad_memory::recompute] = recompute;
    return texts;
}

}  // namespace

TEST_CASE("without parallelism a layer holds s·b·h·(34 + 5·a·s/h) bytes", "[memory][activations]") {
    // 4·8·(34 + 5·2·4/8) = 32·39 = 1248.
    CHECK(value_of(activation_bytes({1, 8, 2, 4, 1, false, Recompute::none}, 1)) == 1248U);
}

TEST_CASE("GPT-3 175B at TP 8: 23·s·h bytes per layer and sample, as Korthikanti et al. compute", "[memory][activations][paper]") {
    // 10 + 24/8 + 5·96·2048/(12288·8) = 23; s·h = 25,165,824.
    CHECK(value_of(activation_bytes(gpt3(false, Recompute::none), 1)) == 96ULL * 25'165'824 * 23);
}

TEST_CASE("sequence parallelism splits the remaining 10·s·b·h over t", "[memory][activations][paper]") {
    // 34/8 + 10 = 14.25.
    CHECK(value_of(activation_bytes(gpt3(true, Recompute::none), 1)) == 96ULL * 25'165'824 * 57 / 4);
}

TEST_CASE("selective recomputation drops the attention term", "[memory][activations][paper]") {
    CHECK(value_of(activation_bytes(gpt3(false, Recompute::selective), 1)) == 96ULL * 25'165'824 * 13);
    CHECK(value_of(activation_bytes(gpt3(true, Recompute::selective), 1)) == 96ULL * 25'165'824 * 34 / 8);
}

TEST_CASE("full recomputation keeps 2·s·b·h per layer, plus one layer re-materialised whole", "[memory][activations][paper]") {
    // No SP: 96 layers · 2·s·h, plus one layer of the TP row, 23·s·h (see above).
    CHECK(value_of(activation_bytes(gpt3(false, Recompute::full), 3)) == 3ULL * 25'165'824 * (96 * 2 + 23));
}

TEST_CASE("with sequence parallelism, full recomputation keeps 2·s·b·h/t per layer", "[memory][activations][paper]") {
    // Issue 16, item 2: with SP a layer's input is Megatron's scattered [s/t, b, h] tensor (Korthikanti
    // et al. 2022, section 4.2.2), and that input is what full recomputation keeps. 96 · 2/8 = 24 layers' s·h,
    // plus one layer of the SP row, (34/8 + 10)·s·h = 14.25·s·h.
    CHECK(value_of(activation_bytes(gpt3(true, Recompute::full), 1)) == 25'165'824ULL * 24 + 25'165'824ULL * 57 / 4);
    CHECK(value_of(activation_bytes(gpt3(true, Recompute::full), 1)) == 962'592'768U);
}

TEST_CASE("FlashAttention keeps no attention scores: no recomputation holds what selective recomputation holds", "[memory][activations][flash]") {
    ActivationShape eager = gpt3(true, Recompute::none);
    ActivationShape flash = eager;
    flash.flash = true;
    // Table 2 with sequence parallelism, per layer and sample: s·h·(34/t + 5·n·s/(h·t)); FlashAttention keeps the 34/t.
    CHECK(value_of(activation_bytes(flash, 1)) == 96ULL * 2048 * 12288 * 34 / 8);
    CHECK(value_of(activation_bytes(flash, 1)) == value_of(activation_bytes(gpt3(true, Recompute::selective), 1)));
    CHECK(value_of(activation_bytes(eager, 1)) - value_of(activation_bytes(flash, 1)) == 96ULL * 5 * 96 * 2048 * 2048 / 8);
}

TEST_CASE("under full recomputation FlashAttention's re-materialised layer keeps no scores either", "[memory][activations][flash]") {
    ActivationShape flash = gpt3(true, Recompute::full);
    flash.flash = true;
    // 96 layer inputs of 2·s·h/t, and one layer whole without its 5·n·s²/t: s·h·34/t.
    CHECK(value_of(activation_bytes(flash, 1)) == (96ULL * 2 * 2048 * 12288 + 34ULL * 2048 * 12288) / 8);
}

TEST_CASE("a gated MLP keeps its up-projection's output 2f wide: 6·s·f a layer where GeLU keeps 4·s·f", "[memory][activations][gated]") {
    ActivationShape gelu = gpt3(true, Recompute::selective);
    ActivationShape swiglu = gelu;
    swiglu.gated = true;
    // GPT-3's f = 4h = 49,152: 2·s·f more a layer, over t = 8 with sequence parallelism, for 96 layers.
    CHECK(value_of(activation_bytes(swiglu, 1)) - value_of(activation_bytes(gelu, 1)) == 96ULL * 2048 * 2 * 49'152 / 8);
}

TEST_CASE("with FlashAttention, Transformer Engine's FP8 keeps 29 of Table 2's 34 bytes a token per h/t: 27 and the two dropout masks", "[memory][activations][fp8]") {
    // Per token and layer, over t with sequence parallelism: the two LayerNorm outputs in 1 byte rather than 2 (2·h less),
    // the down-projection's input too (f = 4h less), an FP8 copy of the attention's output (h more): 34·h → 29·h, which is
    // TE 1.8's 27·h without the two dropout masks Table 2 counts.
    ActivationShape bf16 = gpt3(true, Recompute::selective);
    bf16.flash = true;
    ActivationShape fp8 = bf16;
    fp8.fp8_gemm_inputs = true;
    CHECK(value_of(activation_bytes(bf16, 1)) == 96ULL * 2048 * 12288 * 34 / 8);
    CHECK(value_of(activation_bytes(fp8, 1)) == 96ULL * 2048 * 12288 * 29 / 8);
}

TEST_CASE("with eager attention the output projection's FP8 input is the attention output's only copy: 27 of 34", "[memory][activations][fp8]") {
    // Table 2's layer without its 5·n·s² scores (selective recomputation): 2·h and 4·h fewer, as with FlashAttention, and
    // the projection's 2·h input now 1 byte, h fewer rather than h more.
    ActivationShape bf16 = gpt3(true, Recompute::selective);
    ActivationShape fp8 = bf16;
    fp8.fp8_gemm_inputs = true;
    CHECK(value_of(activation_bytes(fp8, 1)) == 96ULL * 2048 * 12288 * 27 / 8);
}

TEST_CASE("a mixture of experts in FP8 keeps its MLP's inputs at 16 bits: only the attention's norm output and the down-projection's inputs halve", "[memory][activations][fp8][moe]") {
    // Mixtral's layer (h 4,096, 32 heads of 128 with 8 KV heads, 2 of 8 experts of 14,336, gated), s 4,096, t 2 with SP,
    // FlashAttention: per token, h fewer (the attention's LayerNorm output), k·f_e = 28,672 fewer (the experts'
    // down-projection inputs), q = 4,096 more (the attention output's FP8 copy), over t, for 32 layers.
    ActivationShape bf16{32, 4096, 32, 4096, 2, true, Recompute::selective};
    bf16.flash = true;
    bf16.gated = true;
    bf16.experts_per_token = 2;
    bf16.expert_ffn = 14336;
    bf16.query_width = 4096;
    bf16.kv_width = 1024;
    ActivationShape fp8 = bf16;
    fp8.fp8_gemm_inputs = true;
    CHECK(value_of(activation_bytes(bf16, 1)) - value_of(activation_bytes(fp8, 1)) == 32ULL * 4096 * (4096 + 28'672 - 4096) / 2);
}

TEST_CASE("without sequence parallelism the FP8 LayerNorm outputs are whole on every rank: 2·h·t less, not 2·h", "[memory][activations][fp8]") {
    ActivationShape bf16 = gpt3(false, Recompute::selective);
    bf16.flash = true;
    ActivationShape fp8 = bf16;
    fp8.fp8_gemm_inputs = true;
    // Per token and layer, times t = 8: (2·h·8 + 4·h − h) less with FlashAttention, for 2,048 tokens and 96 layers, over t.
    CHECK(value_of(activation_bytes(bf16, 1)) - value_of(activation_bytes(fp8, 1)) == 96ULL * 2048 * 12288 * (2 * 8 + 4 - 1) / 8);
}

TEST_CASE("a fraction of a byte is rounded up", "[memory][activations]") {
    // (1·1·(10·3 + 24) + 5·1·1)/3 = 59/3.
    CHECK(value_of(activation_bytes({1, 1, 1, 1, 3, false, Recompute::none}, 1)) == 20U);
}

TEST_CASE("activations grow linearly with the micro-batch", "[memory][activations]") {
    const ActivationShape shape{32, 4096, 32, 4096, 2, true, Recompute::none};
    CHECK(value_of(activation_bytes(shape, 4)) == 4 * value_of(activation_bytes(shape, 1)));
}

TEST_CASE("activations too large for 64 bits are reported, not wrapped", "[memory][activations][overflow]") {
    CHECK(overflowed(activation_bytes({1'048'576, 1'048'576, 1'048'576, 4'294'967'295, 1, false, Recompute::none}, 4'294'967'295)));
}

TEST_CASE("ZeRO's 7.5B-parameter example on 64 GPUs: 120, 31.4, 16.6 and 1.9 GB", "[memory][zero][paper]") {
    CHECK(value_of(model_states(7'500'000'000, 1, 64, 0).total) == 120'000'000'000ULL);
    CHECK(value_of(model_states(7'500'000'000, 1, 64, 1).total) == 31'406'250'000ULL);
    CHECK(value_of(model_states(7'500'000'000, 1, 64, 2).total) == 16'640'625'000ULL);
    CHECK(value_of(model_states(7'500'000'000, 1, 64, 3).total) == 1'875'000'000ULL);
}

TEST_CASE("model states split into 2 bytes of parameters, 2 of gradients and 12 of optimizer state", "[memory][zero]") {
    const ModelStates states = model_states(1'000, 1, 4, 0);
    CHECK(value_of(states.parameters) == 2'000U);
    CHECK(value_of(states.gradients) == 2'000U);
    CHECK(value_of(states.optimizer) == 12'000U);
}

TEST_CASE("tensor parallelism splits every parameter before ZeRO shards it", "[memory][zero]") {
    CHECK(value_of(model_states(8'000, 8, 4, 3).total) == 16U * 8'000 / 32);
}

TEST_CASE("a higher ZeRO stage never holds more", "[memory][zero]") {
    for (const std::uint64_t d : {1ULL, 2ULL, 7ULL, 64ULL}) {
        for (unsigned stage = 0; stage < 3; ++stage) {
            CHECK(value_of(model_states(7'000'000'001, 3, d, stage + 1).total) <= value_of(model_states(7'000'000'001, 3, d, stage).total));
        }
    }
}

// The defaults' largest module is an MLP Linear, h × 4h = 67,108,864 parameters: ZeRO 3 gathers 268,435,456 bytes of it.
constexpr std::uint64_t defaults_gathered = 4ULL * 4096 * 16384;

TEST_CASE("the largest micro-batch fills what the model states leave", "[memory][fit]") {
    // 80 GiB - 1.875e9 bytes of states (7.5B parameters, ZeRO 3 over 64) - 268,435,456 gathered = 83,755,910,464
    // bytes, 1e9 bytes per sample: 83 samples.
    auto texts = defaults();
    texts[activation_per_sample] = "1G";
    texts[parameters] = "7.5B";
    texts[zero_stage] = "3";
    CHECK(value_of(*evaluate_en(texts).results[max_micro_batch]) == 83U);
}

TEST_CASE("reserved memory is set aside before the micro-batch is fitted", "[memory][fit][reserved]") {
    // Issue 16, item 7. 80 GiB - 1 GiB - 1.875e9 - 268,435,456 gathered = 82,682,168,640 bytes: 82 samples of 1e9.
    auto texts = defaults();
    texts[activation_per_sample] = "1G";
    texts[parameters] = "7.5B";
    texts[zero_stage] = "3";
    texts[reserved_memory] = "1";
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(value_of(*evaluation.results[reserved]) == 1'073'741'824U);
    CHECK(value_of(*evaluation.results[max_micro_batch]) == 82U);
    CHECK(value_of(*evaluation.results[total]) == 1'000'000'000ULL + 1'875'000'000ULL + 1'073'741'824ULL + defaults_gathered);
}

TEST_CASE("nothing reserved gives exactly what the formulas give", "[memory][fit][reserved]") {
    auto texts = defaults();
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(value_of(*evaluation.results[reserved]) == 0U);
    CHECK(value_of(*evaluation.results[total]) == value_of(*evaluation.results[state_bytes]) + value_of(*evaluation.results[activations]));
}

TEST_CASE("reserved memory takes a fraction of a GiB and refuses a negative one", "[memory][reserved]") {
    auto texts = defaults();
    texts[reserved_memory] = "0.5";
    CHECK(value_of(*evaluate_en(texts).results[reserved]) == 536'870'912U);
    texts[reserved_memory] = "-1";
    CHECK(evaluate_en(texts).fields[reserved_memory].status == FieldStatus::negative);
    CHECK_FALSE(evaluate_en(texts).results[max_micro_batch]);
}

TEST_CASE("device memory is what nvidia-smi reports: an H100's 81,559 MiB", "[memory][device]") {
    // Issue 16, item 6: 81,559 MiB (nvidia-smi, "NVIDIA H100 80GB HBM3", NVIDIA/nccl#1264) = 79.6474609375 GiB.
    auto texts = defaults();
    texts[device_memory] = "79.6474609375";
    CHECK(value_of(*evaluate_en(texts).results[device]) == 81'559ULL * 1'048'576);
    texts[device_memory] = "79,6474609375";
    CHECK(value_of(*evaluate_texts<FieldTexts>(texts, NumberSyntax::pt_BR, [](const FieldTexts& views, NumberSyntax syntax) {
        return evaluate(views, syntax);
    }).results[device]) == 81'559ULL * 1'048'576);
}

TEST_CASE("under pipeline parallelism the first stage holds all L layers once a >= p", "[memory][pipeline][paper]") {
    // Issue 16, item 1; Megatron-LM megatron/training/theoretical_memory_usage.py at 00caa53,
    // compute_activation_memory: num_layers layers, times min(1, num_microbatches / pp). SP + selective:
    // 34·s·h/t per layer and sample = 34 · 25,165,824 / 8 = 106,954,752; 96 layers: 10,267,656,192; and the
    // embedding's ids and dropout for 16 micro-batches, 16 · (8·s + s·h)/t = 16 · 3,147,776 = 50,364,416.
    // 10,318,020,608 in all, what compute_activation_memory returns for it at d98e8a6 (issue 27's oracle run).
    CHECK(value_of(*evaluate_en(gpt3_texts("16", "16", "on", "selective")).results[activations]) == 10'318'020'608ULL);
    CHECK(value_of(*evaluate_en(gpt3_texts("16", "64", "on", "selective")).results[activations]) == 10'318'020'608ULL);
}

TEST_CASE("under pipeline parallelism fewer micro-batches than stages keep fewer in flight", "[memory][pipeline][paper]") {
    // min(1, 4/16) of the 96 layers: 24 layers' worth, 24 · 106,954,752, and 4 micro-batches' embedding, 4 · 3,147,776.
    CHECK(value_of(*evaluate_en(gpt3_texts("16", "4", "on", "selective")).results[activations]) == 24ULL * 106'954'752 + 4 * 3'147'776);
    // One micro-batch: the stage's own 6 layers and one embedding.
    CHECK(value_of(*evaluate_en(gpt3_texts("16", "1", "on", "selective")).results[activations]) == 641'728'512ULL + 3'147'776);
}

TEST_CASE("without pipeline parallelism accumulation does not change the activations", "[memory][pipeline]") {
    CHECK(value_of(*evaluate_en(gpt3_texts("1", "1", "on", "selective")).results[activations]) ==
          value_of(*evaluate_en(gpt3_texts("1", "64", "on", "selective")).results[activations]));
}

TEST_CASE("under full recomputation one layer recomputed whole counts: 12 samples fit, not 52", "[memory][fit][recompute]") {
    // Issue 16, item 3. A sample: 32 · 2·s·h checkpoints + one layer whole, (34 + 5·32·4096/4096)·s·h,
    // = 258 · 16,777,216 = 4,328,521,728 bytes, and the 86,016,000 beyond the layers: 4,414,537,728.
    // Room: 80 GiB - 29,312,500,000 = 56,586,845,920: 12.8 samples (52.7 for the checkpoints alone).
    const Evaluation evaluation = evaluate_en(worked_example("full"));
    CHECK(value_of(*evaluation.results[per_sample]) == 4'328'521'728ULL + beyond_layers);
    CHECK(value_of(*evaluation.results[max_micro_batch]) == 12U);
}

TEST_CASE("the worked example with selective recomputation fits 3 samples and needs 6 steps for 1,024", "[memory][fit]") {
    auto texts = worked_example("selective");
    texts[target] = "1024";
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(value_of(*evaluation.results[per_sample]) == 18'253'611'008ULL + beyond_layers);  // 18,339,627,008: 3.09 fit
    CHECK(value_of(*evaluation.results[max_micro_batch]) == 3U);
    CHECK(value_of(*evaluation.results[accumulation_for_target]) == 6U);  // ceil(1024 / (3 · 64))
}

TEST_CASE("with a pipeline, the accumulation for a target counts the micro-batches in flight", "[memory][fit][pipeline]") {
    // L 4, p 4, s = h = 1, selective, t 1: 34 bytes per layer and sample, and 8·s + s·h = 9 for the embedding,
    // for each of min(4, a) micro-batches in flight: 43·min(4, a) bytes a sample (no output layer: p > 1).
    // 16 bytes of states (4 parameters over 4 stages), d 1, 0.001 GiB = 1,073,741 bytes: room 1,073,725.
    // b_max: 24,970 at a = 1, 12,485 at 2, 8,323 at 3, 6,242 from 4 on; b_max·a: 24,970, 24,970, 24,969, 6,242·a.
    auto texts = defaults();
    texts[layers] = "4";
    texts[hidden_size] = "1";
    texts[attention_heads] = "1";
    texts[sequence_length] = "1";
    texts[pipeline_parallel] = "4";
    texts[grad_memory::recompute] = "selective";
    texts[parameters] = "4";
    texts[data_parallel] = "1";
    texts[device_memory] = "0.001";
    texts[accumulation_steps] = "1";
    texts[target] = "24000";
    CHECK(value_of(*evaluate_en(texts).results[max_micro_batch]) == 24'970U);
    CHECK(value_of(*evaluate_en(texts).results[accumulation_for_target]) == 1U);
    texts[target] = "24971";
    CHECK(value_of(*evaluate_en(texts).results[accumulation_for_target]) == 5U);  // 6,242 · 4 = 24,968 falls short
    texts[accumulation_steps] = "4";
    CHECK(value_of(*evaluate_en(texts).results[max_micro_batch]) == 6'242U);
}

TEST_CASE("a micro-batch's activations are rounded up once, not once per sample", "[memory][activations]") {
    // t = 3: a sample costs 59/3 bytes in one layer of s = h = a = 1, so 4 samples take
    // ceil(236/3) = 79 bytes, not 4 · ceil(59/3) = 80; the largest micro-batch that fits is found the same way.
    const ActivationShape shape{1, 1, 1, 1, 3, false, Recompute::none};
    CHECK(value_of(activation_bytes(shape, 4)) == 79U);
    CHECK(value_of(activation_bytes(shape, 5)) == 99U);
}

TEST_CASE("no micro-batch fits when the states alone fill the device", "[memory][fit]") {
    auto texts = defaults();
    texts[parameters] = "70B";  // 16 bytes each, unsharded: 1.12e12 bytes
    CHECK(value_of(*evaluate_en(texts).results[max_micro_batch]) == 0U);
    CHECK_FALSE(evaluate_en(texts).results[accumulation_for_target]);
}

TEST_CASE("without a pipeline, accumulation does not change the activation memory", "[memory][evaluate]") {
    auto one = defaults();
    auto many = defaults();
    many[accumulation_steps] = "64";
    CHECK(value_of(*evaluate_en(one).results[activations]) == value_of(*evaluate_en(many).results[activations]));
    CHECK(value_of(*evaluate_en(many).results[batch]) == 64U * 64);
}

TEST_CASE("a typed activation cost per sample replaces the model's shape", "[memory][evaluate]") {
    auto texts = defaults();
    texts[activation_per_sample] = "2G";
    texts[micro_batch] = "3";
    CHECK(value_of(*evaluate_en(texts).results[per_sample]) == 2'000'000'000U);
    CHECK(value_of(*evaluate_en(texts).results[activations]) == 6'000'000'000U);
}

TEST_CASE("an invalid activation cost withholds the activations instead of falling back to the shape", "[memory][evaluate][errors]") {
    auto texts = defaults();
    texts[activation_per_sample] = "lots";
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(evaluation.fields[activation_per_sample].status == FieldStatus::not_a_number);
    CHECK_FALSE(evaluation.results[per_sample]);
    CHECK_FALSE(evaluation.results[max_micro_batch]);
}

TEST_CASE("choices are read by name", "[memory][evaluate][choices]") {
    auto texts = defaults();
    texts[recompute] = "selective";
    texts[zero_stage] = "3";
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(evaluation.fields[recompute].count == 1U);
    CHECK(evaluation.fields[zero_stage].count == 3U);
    texts[recompute] = "some";
    CHECK(evaluate_en(texts).fields[recompute].status == FieldStatus::not_a_number);
}

TEST_CASE("the accumulation for a target batch uses the largest micro-batch that fits", "[memory][evaluate][fit]") {
    auto texts = defaults();
    texts[activation_per_sample] = "1G";
    texts[parameters] = "7.5B";
    texts[zero_stage] = "3";
    texts[target] = "2048";
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(value_of(*evaluation.results[max_micro_batch]) == 83U);
    CHECK(value_of(*evaluation.results[accumulation_for_target]) == 1U);  // ceil(2048 / (83 · 64))
}

TEST_CASE("an empty target leaves the accumulation unasked, not an error", "[memory][evaluate]") {
    const Evaluation evaluation = evaluate_en(defaults());
    CHECK(evaluation.fields[target].status == FieldStatus::empty);
    CHECK_FALSE(evaluation.results[accumulation_for_target]);
}

TEST_CASE("the activations at the largest micro-batch are that many samples' worth, and they fit", "[memory][fit]") {
    // The worked example: 18,253,611,008 bytes a sample, 3 samples fit.
    const auto evaluation = evaluate_en(worked_example("selective"));
    REQUIRE(value_of(*evaluation.results[max_micro_batch]) == 3U);
    CHECK(value_of(*evaluation.results[max_activations]) == 3 * value_of(*evaluation.results[per_sample]));
    CHECK(value_of(*evaluation.results[max_activations]) + value_of(*evaluation.results[state_bytes]) +
              value_of(*evaluation.results[reserved]) <= value_of(*evaluation.results[device]));
}

TEST_CASE("when no micro-batch fits there are no activations at the largest one", "[memory][fit]") {
    auto texts = defaults();
    texts[device_memory] = "1";
    CHECK_FALSE(evaluate_en(texts).results[max_activations]);
}

// Megatron-LM's own estimator as the oracle (issue 27): compute_weight_and_optimizer_memory and
// compute_activation_memory of megatron/training/theoretical_memory_usage.py at d98e8a6 (2026-08-22), run outside
// this project on the same arguments (a SimpleNamespace; --normalization, --swiglu, --untie..., the distributed
// optimizer for ZeRO 1, add_bias_linear false, padded_vocab_size padded to 128·t), printed:
namespace {

struct Run {
    std::vector<std::pair<Field, const char*>> texts;
};

Evaluation evaluate_run(const Run& run) {
    auto texts = defaults();
    texts[zero_stage] = "1";
    texts[gradient_precision] = "fp32";
    texts[parameters] = "";
    texts[grad_memory::recompute] = "selective";
    texts[accumulation_steps] = "1";
    for (const auto& [field, text] : run.texts) texts[field] = text;
    return evaluate_en(texts);
}

const Run llama_31_8b{{{layers, "32"}, {hidden_size, "4096"}, {attention_heads, "32"}, {kv_heads, "8"}, {ffn_hidden, "14336"},
                       {gated_mlp, "on"}, {normalization, "rmsnorm"}, {vocabulary, "128256"}, {tied_embeddings, "off"},
                       {sequence_length, "8192"}, {data_parallel, "8"}}};
const Run llama_31_70b{{{layers, "80"}, {hidden_size, "8192"}, {attention_heads, "64"}, {kv_heads, "8"}, {ffn_hidden, "28672"},
                        {gated_mlp, "on"}, {normalization, "rmsnorm"}, {vocabulary, "128256"}, {tied_embeddings, "off"},
                        {sequence_length, "8192"}, {tensor_parallel, "8"}, {pipeline_parallel, "4"}, {data_parallel, "4"},
                        {sequence_parallel, "on"}, {accumulation_steps, "8"}}};
const Run gpt3_175b{{{layers, "96"}, {hidden_size, "12288"}, {attention_heads, "96"}, {vocabulary, "50257"},
                     {sequence_length, "2048"}, {tensor_parallel, "8"}, {pipeline_parallel, "16"}, {data_parallel, "8"},
                     {sequence_parallel, "on"}, {accumulation_steps, "16"}}};
const Run mixtral_8x7b{{{layers, "32"}, {hidden_size, "4096"}, {attention_heads, "32"}, {kv_heads, "8"}, {ffn_hidden, "14336"},
                        {gated_mlp, "on"}, {normalization, "rmsnorm"}, {vocabulary, "32000"}, {tied_embeddings, "off"},
                        {experts, "8"}, {experts_per_token, "2"}, {sequence_length, "4096"}, {tensor_parallel, "2"},
                        {expert_parallel, "8"}, {expert_tensor_parallel, "1"}, {data_parallel, "8"}, {sequence_parallel, "on"}}};
const Run qwen2_57b_a14b{{{layers, "28"}, {hidden_size, "3584"}, {attention_heads, "28"}, {kv_heads, "4"}, {ffn_hidden, "18944"},
                          {gated_mlp, "on"}, {normalization, "rmsnorm"}, {vocabulary, "151936"}, {tied_embeddings, "off"},
                          {experts, "64"}, {experts_per_token, "8"}, {expert_ffn, "2560"}, {shared_expert_ffn, "20480"},
                          {sequence_length, "4096"}, {pipeline_parallel, "4"}, {expert_parallel, "8"}, {data_parallel, "16"},
                          {micro_batch, "2"}, {accumulation_steps, "2"}}};
const Run llama_2_7b{{{layers, "32"}, {hidden_size, "4096"}, {attention_heads, "32"}, {ffn_hidden, "11008"}, {gated_mlp, "on"},
                      {normalization, "rmsnorm"}, {vocabulary, "32000"}, {tied_embeddings, "off"}, {sequence_length, "4096"},
                      {tensor_parallel, "2"}, {pipeline_parallel, "2"}, {data_parallel, "4"}, {zero_stage, "0"},
                      {sequence_parallel, "on"}}};

}  // namespace

TEST_CASE("Llama 3.1 8B with GQA and SwiGLU at TP 1, DP 8, ZeRO 1: Megatron-LM's 60,226,959,360 bytes of states, its K and V kept 1,024 wide", "[memory][megatron][dense]") {
    const Evaluation evaluation = evaluate_run(llama_31_8b);
    CHECK(value_of(*evaluation.results[model_parameters]) == 8'030'261'248ULL);
    CHECK(value_of(*evaluation.results[state_bytes]) == 60'226'959'360ULL);
    // Table 2's count with K and V h wide is 38,730,268,672 bytes; grouped-query attention keeps them 8 heads of 128
    // wide: 4·(4,096 − 1,024) bytes less a token and layer, for 8,192 tokens and 32 layers; SwiGLU keeps its input
    // 2f wide (fused_bias_swiglu.py): 2·14,336 bytes more a token and layer.
    CHECK(value_of(*evaluation.results[activations]) == 38'730'268'672ULL - 32ULL * 8'192 * 4 * (4'096 - 1'024) + 32ULL * 8'192 * 2 * 14'336);
}

TEST_CASE("Llama 3.1 70B at TP 8, PP 4, DP 4: the busiest stage's 2,271,545,344 parameters, as Megatron-LM counts them", "[memory][megatron][pipeline]") {
    const Evaluation evaluation = evaluate_run(llama_31_70b);
    CHECK(value_of(*evaluation.results[padded_vocabulary]) == 129'024U);  // 128,256 up to a multiple of 128·8
    CHECK(value_of(*evaluation.results[model_parameters]) == 70'566'289'408ULL);
    CHECK(value_of(*evaluation.results[device_parameters]) == 2'271'545'344ULL);
    CHECK(value_of(*evaluation.results[state_bytes]) == 20'443'908'096ULL);
    // Table 2's 21,508,423,680 bytes less K and V at 8 heads of 128 rather than h = 8,192: 4·(8,192 − 1,024) bytes a
    // token and layer over t = 8, for 8,192 tokens, 20 layers and the 4 micro-batches in flight on the first stage;
    // and SwiGLU's input kept 2f wide, 2·28,672 bytes a token and layer more over t.
    CHECK(value_of(*evaluation.results[activations]) == 21'508'423'680ULL - 20ULL * 4 * 8'192 * 4 * (8'192 - 1'024) / 8
                                                           + 20ULL * 4 * 8'192 * 2 * 28'672 / 8);
}

TEST_CASE("GPT-3 175B at TP 8, PP 16, ZeRO 1 over 8 holds 1,437,894,144 parameters per GPU, not 175 billion / 8", "[memory][megatron][pipeline]") {
    const Evaluation evaluation = evaluate_run(gpt3_175b);
    CHECK(value_of(*evaluation.results[padded_vocabulary]) == 51'200U);
    CHECK(value_of(*evaluation.results[model_parameters]) == 174'580'064'256ULL);
    CHECK(value_of(*evaluation.results[device_parameters]) == 1'437'894'144ULL);
    CHECK(value_of(*evaluation.results[state_bytes]) == 10'784'206'080ULL);
    CHECK(value_of(*evaluation.results[activations]) == 10'318'020'608ULL);
}

TEST_CASE("Mixtral 8x7B at TP 2, EP 8, ETP 1: experts sharded over their own data-parallel group of 2", "[memory][megatron][moe]") {
    const Evaluation evaluation = evaluate_run(mixtral_8x7b);
    CHECK(value_of(*evaluation.results[model_parameters]) == 46'702'792'704ULL);
    CHECK(value_of(*evaluation.results[active_parameters]) == 12'879'925'248ULL);
    CHECK(value_of(*evaluation.results[device_parameters]) == 6'440'620'032ULL);
    CHECK(value_of(*evaluation.results[state_bytes]) == 73'671'800'832ULL);
    // Megatron-LM prints compute_activation_memory's 8,894,038,016 (SP and selective recomputation at t = 2); the page
    // also counts the second expert each token goes to (issue 42, item 4): per layer and sample, over t = 2,
    // s·(4·(2·14,336 - 14,336) + 2·4,096) / 2 = 134,217,728 bytes, 4,294,967,296 over 32 layers.
    CHECK(value_of(*evaluation.results[megatron_activations]) == 8'894'038'016ULL);
    // Both experts' SwiGLU inputs 2f wide: 2·(2·14,336) bytes a token and layer more, over t = 2.
    CHECK(value_of(*evaluation.results[activations]) == 8'894'038'016ULL + 4'294'967'296ULL - 32ULL * 4'096 * 4 * (4'096 - 1'024) / 2
                                                           + 32ULL * 4'096 * 2 * (2 * 14'336) / 2);
}

TEST_CASE("Qwen2 57B-A14B with shared experts at PP 4, EP 8, b 2 with 2 micro-batches in flight", "[memory][megatron][moe][pipeline]") {
    const Evaluation evaluation = evaluate_run(qwen2_57b_a14b);
    CHECK(value_of(*evaluation.results[model_parameters]) == 57'408'429'568ULL);
    CHECK(value_of(*evaluation.results[active_parameters]) == 14'249'041'408ULL);
    CHECK(value_of(*evaluation.results[device_parameters]) == 3'834'529'664ULL);
    CHECK(value_of(*evaluation.results[state_bytes]) == 33'975'460'512ULL);
    // compute_activation_memory gives 16,148,201,472 (the dense 18,944-wide MLP); each token goes to 8 experts of 2,560
    // and the shared 20,480 (issue 42, item 4): s·(4·(40,960 - 18,944) + 2·3,584·7) = 566,231,040 bytes a layer and
    // sample, for 7 layers × 2 micro-batches in flight × b 2: 15,854,469,120 more.
    // The experts' and the shared MLP's SwiGLU inputs 2f wide: 2·40,960 bytes a token and layer more.
    CHECK(value_of(*evaluation.results[activations]) == 16'148'201'472ULL + 15'854'469'120ULL - 7ULL * 2 * 2 * 4'096 * 4 * (3'584 - 512)
                                                           + 7ULL * 2 * 2 * 4'096 * 2 * 40'960);
}

TEST_CASE("without the distributed optimizer a parameter costs Megatron-LM's 18 bytes: Llama 2 7B at TP 2, PP 2", "[memory][megatron][precision]") {
    const Evaluation evaluation = evaluate_run(llama_2_7b);
    CHECK(value_of(*evaluation.results[device_parameters]) == 1'684'670'464ULL);
    CHECK(value_of(*evaluation.results[state_bytes]) == 30'324'068'352ULL);  // 18 · 1,684,670,464
    // 3,867,164,672 bytes with a GeLU-wide MLP, and SwiGLU's input 2f wide: 2·11,008 bytes a token over t = 2, for
    // 4,096 tokens on the first stage's 16 layers.
    CHECK(value_of(*evaluation.results[activations]) == 3'867'164'672ULL + 16ULL * 4'096 * 2 * 11'008 / 2);
}

TEST_CASE("16-bit gradients give the ZeRO paper's 16 bytes, 4 + 12/d with ZeRO 1", "[memory][precision][zero]") {
    Run run = llama_31_8b;
    run.texts.push_back({gradient_precision, "bf16"});
    // 8,030,261,248 · (4 + 12/8) = 44,166,436,864.
    CHECK(value_of(*evaluate_run(run).results[state_bytes]) == 44'166'436'864ULL);
}

TEST_CASE("a typed parameter count replaces the shape's and is spread evenly over t·p", "[memory][parameters]") {
    Run run = llama_31_70b;
    run.texts.push_back({parameters, "70B"});
    // 70e9 / 32 = 2,187,500,000 per GPU.
    CHECK(value_of(*evaluate_run(run).results[device_parameters]) == 2'187'500'000ULL);
}

TEST_CASE("a relation Megatron-LM refuses is the field's error, and withholds what depends on it", "[memory][errors]") {
    const auto status_of = [](Run run, Field field) { return evaluate_run(run).fields[field].status; };
    Run run = llama_31_8b;
    run.texts.push_back({kv_heads, "5"});  // 32 heads in 5 groups
    CHECK(status_of(run, kv_heads) == FieldStatus::conflicting);
    CHECK_FALSE(evaluate_run(run).results[state_bytes]);
    run = llama_31_70b;
    run.texts.push_back({pipeline_parallel, "3"});  // 80 layers over 3 stages
    CHECK(status_of(run, pipeline_parallel) == FieldStatus::conflicting);
    CHECK_FALSE(evaluate_run(run).results[activations]);
    run = llama_31_70b;
    run.texts.push_back({tensor_parallel, "16"});  // 8 query groups, a divisor of 16: allowed
    CHECK(status_of(run, tensor_parallel) == FieldStatus::ok);
    run.texts.push_back({head_dim, "128"});
    run.texts.push_back({attention_heads, "40"});  // 40 heads over 16 GPUs
    CHECK(status_of(run, tensor_parallel) == FieldStatus::conflicting);
    run = mixtral_8x7b;
    run.texts.push_back({expert_parallel, "3"});  // 8 experts over 3
    CHECK(status_of(run, expert_parallel) == FieldStatus::conflicting);
    run = mixtral_8x7b;
    run.texts.push_back({data_parallel, "3"});  // d·t = 6 GPUs cannot hold groups of ETP·EP = 8
    CHECK(status_of(run, expert_parallel) == FieldStatus::conflicting);
    run = mixtral_8x7b;
    run.texts.push_back({experts_per_token, "9"});
    CHECK(status_of(run, experts_per_token) == FieldStatus::conflicting);
    run = mixtral_8x7b;
    run.texts.push_back({experts_per_token, ""});  // experts need their top-k
    CHECK(status_of(run, experts_per_token) == FieldStatus::conflicting);
    run = llama_31_8b;
    run.texts.push_back({expert_ffn, "2048"});  // an expert width with no experts
    CHECK(status_of(run, expert_ffn) == FieldStatus::conflicting);
    run = llama_31_70b;
    run.texts.push_back({zero_stage, "2"});  // DeepSpeed's PipelineEngine asserts stage < 2 with a pipeline
    CHECK(status_of(run, zero_stage) == FieldStatus::conflicting);
    CHECK_FALSE(evaluate_run(run).results[state_bytes]);
    run.texts.push_back({pipeline_parallel, "1"});
    CHECK(status_of(run, zero_stage) == FieldStatus::ok);
    run = llama_31_8b;
    run.texts.push_back({attention_heads, "30"});  // 4,096 / 30 is no head dimension...
    CHECK(status_of(run, attention_heads) == FieldStatus::conflicting);
    run.texts.push_back({kv_heads, "6"});
    run.texts.push_back({head_dim, "128"});  // ...unless it is given
    CHECK(status_of(run, attention_heads) == FieldStatus::ok);
}

TEST_CASE("the vocabulary is padded to a multiple of 128·t, as Megatron-LM pads it", "[memory][vocabulary]") {
    CHECK(*pad_vocabulary(50257, 1) == 50'304U);
    CHECK(*pad_vocabulary(50257, 8) == 51'200U);
    CHECK(*pad_vocabulary(128256, 1) == 128'256U);
    CHECK(*pad_vocabulary(1, 1) == 128U);
}

// Fine-tuning with adapters (issue 27, item 5). PEFT at 5d602fd builds lora_A (r × in) and lora_B (out × r) for each
// adapted Linear (src/peft/tuners/lora/layer.py:263); its print_trainable_parameters prints their sum.
TEST_CASE("LoRA r 16 on all linear layers of Llama 3 8B trains 41,943,040 parameters, as PEFT prints", "[memory][lora]") {
    // Per layer: q 16·(4096 + 4096), k and v 16·(4096 + 1024), o 16·(4096 + 4096), gate and up 16·(4096 + 14336),
    // down 16·(14336 + 4096): 1,310,720; 32 layers.
    Run run = llama_31_8b;
    run.texts.push_back({fine_tuning, "lora"});
    CHECK(value_of(*evaluate_run(run).results[trainable_parameters]) == 41'943'040ULL);
}

TEST_CASE("LoRA r 16 on all linear layers of Qwen2.5 7B trains 40,370,176 parameters", "[memory][lora]") {
    // Qwen/Qwen2.5-7B config.json: 28 layers, h 3584, 28 heads in 4 groups of 128, gated MLP 18,944. Per layer:
    // q and o 16·7168, k and v 16·(3584 + 512), gate, up and down 16·(3584 + 18944): 1,441,792.
    Run run{{{layers, "28"}, {hidden_size, "3584"}, {attention_heads, "28"}, {kv_heads, "4"}, {ffn_hidden, "18944"},
             {gated_mlp, "on"}, {normalization, "rmsnorm"}, {vocabulary, "152064"}, {tied_embeddings, "off"},
             {fine_tuning, "lora"}}};
    CHECK(value_of(*evaluate_run(run).results[trainable_parameters]) == 40'370'176ULL);
    run.texts.push_back({lora_targets, "attention"});  // q, k, v and o alone: 16·(2·7168 + 2·4096) · 28
    CHECK(value_of(*evaluate_run(run).results[trainable_parameters]) == 10'092'544ULL);
}

TEST_CASE("LoRA holds the frozen base in 16 bits and fp32 adapters with their gradients and AdamW moments", "[memory][lora]") {
    // 2 · 8,030,261,248 frozen, and 41,943,040 adapters at 4 + 4 + 8 bytes (PEFT upcasts adapters to fp32).
    Run run = llama_31_8b;
    run.texts.push_back({fine_tuning, "lora"});
    run.texts.push_back({data_parallel, "1"});
    run.texts.push_back({zero_stage, "0"});
    const Evaluation evaluation = evaluate_run(run);
    CHECK(value_of(*evaluation.results[parameter_bytes]) == 16'060'522'496ULL + 167'772'160ULL);
    CHECK(value_of(*evaluation.results[gradient_bytes]) == 167'772'160ULL);
    CHECK(value_of(*evaluation.results[optimizer_bytes]) == 335'544'320ULL);
    CHECK(value_of(*evaluation.results[state_bytes]) == 16'731'611'136ULL);
}

TEST_CASE("QLoRA holds the layers' Linear weights in NF4 with double quantization, 2113/4096 bytes each", "[memory][qlora]") {
    // The layers' Linear weights: 32 · (41,943,040 + 176,160,768) = 6,979,321,856, at 1/2 + 1/64 + 1/4096 bytes:
    // 3,600,416,768; embeddings, norms and output layer, 1,050,939,392, at 2 bytes: 2,101,878,784.
    Run run = llama_31_8b;
    run.texts.push_back({fine_tuning, "qlora"});
    run.texts.push_back({data_parallel, "1"});
    run.texts.push_back({zero_stage, "0"});
    const Evaluation evaluation = evaluate_run(run);
    CHECK(value_of(*evaluation.results[parameter_bytes]) == 3'600'416'768ULL + 2'101'878'784ULL + 167'772'160ULL);
    CHECK(value_of(*evaluation.results[state_bytes]) == 6'373'384'192ULL);
}

TEST_CASE("QLoRA holds less than LoRA, which holds less than full training", "[memory][qlora][lora]") {
    Run run = llama_31_8b;
    run.texts.push_back({zero_stage, "0"});
    const auto states = [&](const char* mode) {
        Run with = run;
        with.texts.push_back({fine_tuning, mode});
        return value_of(*evaluate_run(with).results[state_bytes]);
    };
    CHECK(states("qlora") < states("lora"));
    CHECK(states("lora") < states("full"));
}

TEST_CASE("8-bit AdamW keeps two bytes and two fp32 maxima per 256 elements, fp32 states under 4,096 elements", "[memory][adamw8bit]") {
    // bitsandbytes at 95f9af3, optim/optimizer.py Optimizer2State.init_state: min_8bit_size 4096, blocksize 256.
    Run run = llama_31_8b;
    run.texts.push_back({fine_tuning, "lora"});
    run.texts.push_back({optimizer, "adamw8bit"});
    run.texts.push_back({data_parallel, "1"});
    // r 16: every adapter tensor has 16,384 elements or more, a multiple of 256: 41,943,040 · (2 + 8/256).
    CHECK(value_of(*evaluate_run(run).results[optimizer_bytes]) == 85'196'800ULL);
    // r 1 on attention: k's and v's lora_B have 1,024 elements (fp32, 8 bytes each); the other six tensors of
    // 4,096 take 2 · 4,096 + 8 · 16 bytes: 32 · (6 · 8,320 + 2 · 8,192).
    run.texts.push_back({lora_rank, "1"});
    run.texts.push_back({lora_targets, "attention"});
    CHECK(value_of(*evaluate_run(run).results[optimizer_bytes]) == 2'121'728ULL);
}

TEST_CASE("adapters are counted for a dense model under data parallelism, 8-bit AdamW for adapters only", "[memory][lora][errors]") {
    Run run = mixtral_8x7b;  // experts, TP 2
    run.texts.push_back({fine_tuning, "lora"});
    CHECK(evaluate_run(run).fields[fine_tuning].status == FieldStatus::conflicting);
    run = llama_31_70b;  // TP 8, PP 4
    run.texts.push_back({fine_tuning, "qlora"});
    CHECK(evaluate_run(run).fields[fine_tuning].status == FieldStatus::conflicting);
    CHECK_FALSE(evaluate_run(run).results[state_bytes]);
    run = llama_31_8b;
    run.texts.push_back({optimizer, "adamw8bit"});  // full training
    CHECK(evaluate_run(run).fields[optimizer].status == FieldStatus::conflicting);
}

// DeepSpeed's estimate_zero3_model_states_mem_needs (runtime/zero/stage3.py at edaa722), run outside this project for
// Llama 3.1 8B (total_params 8,030,261,248; largest_layer_params 525,336,576, the embedding) on 8 nodes of 8 GPUs
// without offload, returned gpu_mem 4,359,857,280 and largest_layer_memory 2,101,346,304.
TEST_CASE("ZeRO stage 3 holds DeepSpeed's estimate: 18 bytes a parameter over d, plus 4 bytes a parameter of the largest module", "[memory][zero][deepspeed]") {
    Run run = llama_31_8b;
    run.texts.push_back({zero_stage, "3"});
    run.texts.push_back({data_parallel, "64"});
    const Evaluation evaluation = evaluate_run(run);
    CHECK(value_of(*evaluation.results[gathered_bytes]) == 2'101'346'304ULL);
    CHECK(value_of(*evaluation.results[state_bytes]) + value_of(*evaluation.results[gathered_bytes]) == 4'359'857'280ULL);
}

TEST_CASE("stages 0 to 2 gather nothing beyond the states they hold", "[memory][zero]") {
    for (const char* stage : {"0", "1", "2"}) {
        Run run = llama_31_8b;
        run.texts.push_back({zero_stage, stage});
        CHECK(value_of(*evaluate_run(run).results[gathered_bytes]) == 0U);
    }
}

TEST_CASE("what stage 3 gathers counts in the total and in the fit", "[memory][zero][fit]") {
    Run run = llama_31_8b;
    run.texts.push_back({zero_stage, "3"});
    const Evaluation evaluation = evaluate_run(run);
    const std::uint64_t held = value_of(*evaluation.results[state_bytes]) + value_of(*evaluation.results[gathered_bytes]);
    CHECK(value_of(*evaluation.results[total]) == held + value_of(*evaluation.results[activations]) + value_of(*evaluation.results[reserved]));
    const std::uint64_t fits = value_of(*evaluation.results[max_micro_batch]);
    const std::uint64_t room = value_of(*evaluation.results[device]) - value_of(*evaluation.results[reserved]) - held;
    CHECK(fits * value_of(*evaluation.results[per_sample]) <= room);
    CHECK((fits + 1) * value_of(*evaluation.results[per_sample]) > room);
}

TEST_CASE("under tensor parallelism the gathered module is the GPU's slice of it", "[memory][zero]") {
    // The embedding, 128,256 × 4,096 parameters, split over t = 2 (the vocabulary is already a multiple of 256).
    Run run = llama_31_8b;
    run.texts.push_back({zero_stage, "3"});
    run.texts.push_back({tensor_parallel, "2"});
    CHECK(value_of(*evaluate_run(run).results[gathered_bytes]) == 4ULL * 128'256 * 4'096 / 2);
}

TEST_CASE("a mixture of experts gathers its largest module: Mixtral's embedding before any expert's Linear", "[memory][zero]") {
    // 32,000 × 4,096 = 131,072,000 against an expert's 4,096 × 14,336 = 58,720,256 (t = 1, EP 1).
    Run run = mixtral_8x7b;
    run.texts.push_back({zero_stage, "3"});
    run.texts.push_back({tensor_parallel, "1"});
    run.texts.push_back({expert_parallel, "1"});
    run.texts.push_back({sequence_parallel, "off"});
    CHECK(value_of(*evaluate_run(run).results[gathered_bytes]) == 4ULL * 32'000 * 4'096);
}

// Megatron-LM's compute_activation_memory_without_sp (megatron/training/theoretical_memory_usage.py at d98e8a6), run
// outside this project (a SimpleNamespace of the same arguments, virtual pipeline None), returned 20322381004.8 for the
// worked example (Llama 3.1 8B, s 4,096, b 1, t 1, p 1), 26012408217.600002 at t 2 and b 2, and 33400356864.0 and
// 8350089216.0 for GPT-3 175B at t 8, p 16 with 16 and 4 micro-batches.
TEST_CASE("at t = 1 the page shows what Megatron-LM prints: compute_activation_memory_without_sp, 20,322,381,005 bytes", "[memory][megatron][activations]") {
    Run run = llama_31_8b;
    run.texts.push_back({sequence_length, "4096"});
    const Evaluation evaluation = evaluate_run(run);
    // The page's own figure: Table 2's 19,365,134,336 bytes less K and V at 1,024 wide rather than 4,096, and SwiGLU's
    // input kept 2f wide (2·14,336 bytes a token and layer more).
    CHECK(value_of(*evaluation.results[activations]) == 19'365'134'336ULL - 32ULL * 4'096 * 4 * (4'096 - 1'024) + 32ULL * 4'096 * 2 * 14'336);
    CHECK(value_of(*evaluation.results[megatron_activations]) == 20'322'381'005ULL);
}

TEST_CASE("without sequence parallelism Megatron-LM's figure splits the layers' 24·s·b·h over t and the logits", "[memory][megatron][activations]") {
    Run run = llama_31_8b;
    run.texts.push_back({sequence_length, "4096"});
    run.texts.push_back({tensor_parallel, "2"});
    run.texts.push_back({micro_batch, "2"});
    CHECK(value_of(*evaluate_run(run).results[megatron_activations]) == 26'012'408'218ULL);
}

TEST_CASE("Megatron-LM's figure without sequence parallelism keeps min(1, a/p) of its micro-batches in flight", "[memory][megatron][pipeline]") {
    Run run = gpt3_175b;
    run.texts.push_back({sequence_parallel, "off"});
    CHECK(value_of(*evaluate_run(run).results[megatron_activations]) == 33'400'356'864ULL);
    run.texts.push_back({accumulation_steps, "4"});
    CHECK(value_of(*evaluate_run(run).results[megatron_activations]) == 8'350'089'216ULL);
}

TEST_CASE("with sequence parallelism and selective recomputation Megatron-LM prints the page's own figure", "[memory][megatron][activations]") {
    const Evaluation evaluation = evaluate_run(gpt3_175b);
    CHECK(evaluation.results[megatron_activations] == evaluation.results[activations]);
}

TEST_CASE("a mixture of experts keeps the routed MLP's activations for each of the k experts a token goes to", "[memory][moe][activations]") {
    // OLMoE-1B-7B's shape (16 layers, h 2,048, 16 heads, 64 experts of 1,024, s 4,096): from k = 1 to k = 8 a layer
    // and sample keep s·(6·7·1,024 + 2·2,048·7) = 4,096·71,680 bytes more (t = 1, no SP; SwiGLU keeps each expert's
    // input 2f wide, 6·f in all), 16 layers of them.
    Run run{{{layers, "16"}, {hidden_size, "2048"}, {attention_heads, "16"}, {ffn_hidden, "1024"}, {gated_mlp, "on"},
             {normalization, "rmsnorm"}, {vocabulary, "50304"}, {experts, "64"}, {experts_per_token, "1"},
             {sequence_length, "4096"}}};
    const std::uint64_t one = value_of(*evaluate_run(run).results[activations]);
    run.texts.push_back({experts_per_token, "8"});
    const Evaluation eight = evaluate_run(run);
    CHECK(value_of(*eight.results[activations]) - one == 16ULL * 4'096 * 71'680);
    CHECK(eight.results[megatron_activations] == evaluate_run(Run{{run.texts.begin(), run.texts.end() - 1}}).results[megatron_activations]);
}

TEST_CASE("Q, K, V and the attention's output are kept at their own widths, wider or narrower than h", "[memory][activations]") {
    // Qwen3-30B-A3B: h 2,048, 32 heads of 128 (queries 4,096 wide), 4 key-value heads (512): Q, K, V and the
    // attention's output keep 2·(4,096 + 512 + 512 + 4,096) = 18,432 bytes a token; with heads of 64 (queries 2,048,
    // keys 256) 9,216, so a layer and sample keep 4,096·9,216 bytes more.
    Run wide{{{layers, "48"}, {hidden_size, "2048"}, {attention_heads, "32"}, {kv_heads, "4"}, {head_dim, "128"},
              {ffn_hidden, "6144"}, {gated_mlp, "on"}, {normalization, "rmsnorm"}, {vocabulary, "151936"},
              {sequence_length, "4096"}}};
    Run narrow = wide;
    narrow.texts.push_back({head_dim, "64"});
    const std::uint64_t difference = value_of(*evaluate_run(wide).results[activations]) - value_of(*evaluate_run(narrow).results[activations]);
    CHECK(difference == 48ULL * 4'096 * 9'216);
}

TEST_CASE("the GPUs a layout spans are its replicas times each replica's t·p GPUs", "[memory][evaluate]") {
    auto texts = defaults();
    texts[data_parallel] = "16";
    texts[tensor_parallel] = "4";
    texts[pipeline_parallel] = "2";
    CHECK(value_of(*evaluate_en(texts).results[gpus]) == 16U * 4 * 2);
    texts[tensor_parallel] = "";
    CHECK_FALSE(evaluate_en(texts).results[gpus]);
}

namespace {

// Qwen/Qwen3-8B config.json: 36 layers, h 4,096, 32 heads of 128, 8 key-value heads, SwiGLU of 12,288, RMSNorm,
// 151,936 tokens (a multiple of 128, so Megatron-LM's padding adds none at t 1), untied; q_norm and k_norm per head.
const Run qwen3_8b{{{layers, "36"}, {hidden_size, "4096"}, {attention_heads, "32"}, {kv_heads, "8"}, {head_dim, "128"},
                    {ffn_hidden, "12288"}, {gated_mlp, "on"}, {normalization, "rmsnorm"}, {qk_norm, "head"},
                    {vocabulary, "151936"}, {tied_embeddings, "off"}, {sequence_length, "4096"}}};

}  // namespace

TEST_CASE("Qwen3-8B's per-head q and k norms count: its checkpoint's 16,381,470,720 bf16 bytes are 8,190,735,360 parameters", "[memory][qk-norm]") {
    // Issue 53. The total_size of Qwen/Qwen3-8B's model.safetensors.index.json is 16,381,470,720 bytes, every tensor
    // bf16. By hand: a layer's q, k, v, o 2·4,096·128·(32 + 8) = 41,943,040, q_norm and k_norm 2·128, the MLP
    // 3·4,096·12,288 = 150,994,944, two norms 2·4,096: 192,946,432; 36 of them, two 151,936 × 4,096 embeddings and
    // the final norm: 8,190,735,360. Without the q and k norms, 36·256 = 9,216 fewer.
    CHECK(value_of(*evaluate_run(qwen3_8b).results[model_parameters]) == 16'381'470'720ULL / 2);
    Run without = qwen3_8b;
    without.texts.push_back({qk_norm, "none"});
    CHECK(value_of(*evaluate_run(without).results[model_parameters]) == 16'381'470'720ULL / 2 - 36 * 256);
}

TEST_CASE("Qwen3-30B-A3B's q and k norms count: its checkpoint's 61,064,245,248 bf16 bytes are 30,532,122,624 parameters", "[memory][qk-norm][moe]") {
    // Issue 53. The total_size of Qwen/Qwen3-30B-A3B's model.safetensors.index.json is 61,064,245,248 bytes, all bf16.
    // A layer: attention 2,048·(4,096 + 512 + 512) + 4,096·2,048 + 2·128 = 18,874,624, 128 experts of 3·2,048·768,
    // a router of 2,048·128, two norms of 2,048; 48 layers, two embeddings of 151,936 × 2,048 and the final norm.
    Run run{{{layers, "48"}, {hidden_size, "2048"}, {attention_heads, "32"}, {kv_heads, "4"}, {head_dim, "128"},
             {ffn_hidden, "6144"}, {gated_mlp, "on"}, {normalization, "rmsnorm"}, {qk_norm, "head"}, {vocabulary, "151936"},
             {tied_embeddings, "off"}, {experts, "128"}, {experts_per_token, "8"}, {expert_ffn, "768"}, {sequence_length, "4096"}}};
    const Evaluation evaluation = evaluate_run(run);
    CHECK(value_of(*evaluation.results[model_parameters]) == 61'064'245'248ULL / 2);
    // A token uses 8 of the 128 experts: 3,353,032,704, Qwen's "3.3B activated".
    CHECK(value_of(*evaluation.results[active_parameters]) == 3'353'032'704ULL);
}

TEST_CASE("norms over all heads, as OLMo 2 has them, count n·d_h for the queries and g·d_h for the keys", "[memory][qk-norm]") {
    // allenai/OLMo-2-1124-7B: 32 layers, h 4,096, 32 heads and key-value heads of 128, SwiGLU of 11,008, 100,352
    // tokens (784 × 128), untied. transformers' modeling_olmo2.py gives q_norm 4,096 and k_norm 4,096 a layer; its
    // two norms a layer (after attention and after the MLP) are as many as Megatron-LM's two: 7,298,617,344 in all.
    Run run{{{layers, "32"}, {hidden_size, "4096"}, {attention_heads, "32"}, {ffn_hidden, "11008"}, {gated_mlp, "on"},
             {normalization, "rmsnorm"}, {qk_norm, "all"}, {vocabulary, "100352"}, {tied_embeddings, "off"}, {sequence_length, "4096"}}};
    CHECK(value_of(*evaluate_run(run).results[model_parameters]) == 7'298'617'344ULL);
}

TEST_CASE("under LayerNorm the q and k norms carry a bias each, as Megatron-LM's --qk-layernorm builds them", "[memory][qk-norm]") {
    Run run = qwen3_8b;
    run.texts.push_back({normalization, "layernorm"});
    Run none = run;
    none.texts.push_back({qk_norm, "none"});
    CHECK(value_of(*evaluate_run(run).results[model_parameters]) - value_of(*evaluate_run(none).results[model_parameters]) == 36ULL * 2 * 2 * 128);
}
