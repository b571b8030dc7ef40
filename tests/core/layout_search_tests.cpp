#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "field_texts.hpp"
#include "layout_search.hpp"

using namespace batch_planner;
using namespace batch_planner::layout_search;
using memory_model::Recompute;

namespace {

// An H100 SXM node: 989.5 dense BF16 TFLOPS, 1,979 FP8, 3.35 TB/s of HBM (NVIDIA's datasheet), NCCL's 370 GB/s
// all-reduce bus bandwidth on NVLink (nccl-tests issue #212), 8 NICs of 400 Gb/s.
const step_time::Device h100{989.5e12, 1979e12, 3.35e12, 370e9, 8, 8 * 400e9 / 8};
constexpr std::uint64_t h100_mebibytes = 81559;

// Llama 3.1 8B as Megatron-LM counts it (vocabulary 128,256, padded to 128·t by the layout itself: 128,256 is a
// multiple of 1,024, so every t up to 8 keeps it).
const model_shape::Shape llama_8b{32, 4096, 32, 8, 128, 14336, true, false, 128256, false};

Question llama_8b_on_16(std::uint64_t gib_reserved = 1) {
    // 2 nodes of 8 H100s, 8,192-token sequences, 4M tokens a step (512 sequences).
    const u128 usable = u128{h100_mebibytes} * 1024 * 1024 - u128{gib_reserved} * 1024 * 1024 * 1024;
    return Question{llama_8b, step_time::Run{8192, step_time::Attention::flash, step_time::Precision::bf16, GradientPrecision::fp32}, 16, 512, h100, usable, {}};
}

}  // namespace

TEST_CASE("every layout the search returns multiplies out, keeps the rules, fits and reaches the batch exactly", "[search][rules]") {
    const Question question = llama_8b_on_16();
    const Answer answer = search(question);
    REQUIRE(!answer.fastest.empty());
    for (const Choice& choice : answer.fastest) {
        const Layout& l = choice.layout;
        CHECK(l.tensor * l.pipeline * l.context * l.data == 16);
        CHECK(l.micro_batch * l.data * l.accumulation == 512);
        CHECK(allowed(question.model, question.run, 16, 512, l));
        CHECK(choice.memory <= question.usable_bytes);
        CHECK(choice.memory == busiest_gpu_bytes(question.model, question.run, l));
    }
}

TEST_CASE("the search ranks by predicted step time, fastest first", "[search][rank]") {
    const Answer answer = search(llama_8b_on_16());
    REQUIRE(answer.fastest.size() == kept_choices);
    for (std::size_t i = 1; i < answer.fastest.size(); ++i) CHECK(answer.fastest[i - 1].parts.total <= answer.fastest[i].parts.total);
    CHECK(answer.fitting <= answer.considered);
    CHECK(answer.fitting >= kept_choices);
    CHECK(!answer.smallest);
}

TEST_CASE("a layout that breaks a framework's rule is never considered", "[search][rules]") {
    const Question question = llama_8b_on_16();
    // ZeRO-2 with a pipeline, SP without TP, t not dividing the KV heads, p not dividing the layers, v without p.
    CHECK(!allowed(llama_8b, question.run, 16, 512, Layout{1, 2, 1, 1, 1, 8, 2, Recompute::selective, false, 1, 64}));
    CHECK(!allowed(llama_8b, question.run, 16, 512, Layout{1, 1, 1, 1, 1, 16, 1, Recompute::selective, true, 1, 32}));
    CHECK(!allowed(llama_8b, question.run, 16, 512, Layout{16, 1, 1, 1, 1, 1, 1, Recompute::selective, true, 1, 512}));
    CHECK(!allowed(llama_8b, question.run, 24, 512, Layout{1, 3, 1, 1, 1, 8, 1, Recompute::selective, false, 1, 64}));
    CHECK(!allowed(llama_8b, question.run, 16, 512, Layout{1, 1, 2, 1, 1, 16, 1, Recompute::selective, false, 1, 32}));
    // A batch b·d·a that misses the target by one sequence.
    CHECK(!allowed(llama_8b, question.run, 16, 513, Layout{1, 1, 1, 1, 1, 16, 1, Recompute::selective, false, 1, 32}));
    CHECK(allowed(llama_8b, question.run, 16, 512, Layout{1, 1, 1, 1, 1, 16, 1, Recompute::selective, false, 1, 32}));
    const Answer answer = search(question);
    for (const Choice& choice : answer.fastest) {
        CHECK(!(choice.layout.zero >= 2 && choice.layout.pipeline > 1));
        CHECK(!(choice.layout.sequence_parallel && choice.layout.tensor == 1));
    }
}

TEST_CASE("the search considers exactly the layouts the rules allow: a count over every degree, stage, recomputation, SP and micro-batch agrees",
          "[search][rules]") {
    // The search checks the rules but the ZeRO stage's once for the four stages it tries; counted here the slow way,
    // each layout of the space asked whole.
    const Question question = llama_8b_on_16();
    std::uint64_t allowed_layouts = 0;
    for (std::uint64_t t = 1; t <= 16; ++t)
        for (std::uint64_t p = 1; p <= 16; ++p)
            for (std::uint64_t c = 1; c <= 16; ++c) {
                if (16 % (t * p * c) != 0) continue;
                const std::uint64_t d = 16 / (t * p * c);
                for (std::uint64_t v = 1; v <= 34; ++v)
                    for (std::uint64_t b = 1; b <= 512; ++b) {
                        if (512 % (b * d) != 0) continue;
                        for (unsigned zero = 0; zero <= 3; ++zero)
                            for (const Recompute recompute : {Recompute::none, Recompute::selective, Recompute::full})
                                for (const bool sp : {false, true})
                                    for (const bool ends : {false, true}) {
                                        const Layout layout{t, p, v, c, 1, d, zero, recompute, sp, b, 512 / (b * d), ends};
                                        if (allowed(question.model, question.run, 16, 512, layout)) ++allowed_layouts;
                                    }
                    }
            }
    CHECK(allowed_layouts > 100);
    CHECK(search(question).considered == allowed_layouts);
}

TEST_CASE("a knob the reader sets is kept, and with every knob set one layout is predicted", "[search][knobs]") {
    Question question = llama_8b_on_16();
    question.fixed.tensor = 2;
    question.fixed.recompute = Recompute::full;
    for (const Choice& choice : search(question).fastest) {
        CHECK(choice.layout.tensor == 2);
        CHECK(choice.layout.recompute == Recompute::full);
    }
    question.fixed = Knobs{2, 1, 1, 1, 1, 1, 64, std::nullopt, 1, Recompute::selective, true, std::nullopt};
    const Answer one = search(question);
    CHECK(one.considered == 1);
    REQUIRE(one.fastest.size() == 1);
    CHECK(one.fastest.front().layout.data == 8);
}

TEST_CASE("when nothing fits, none is returned and the one needing the least memory is named", "[search][refusal]") {
    // Llama 3.1 8B on one 24 GB card (an RTX 4090's 24,564 MiB), 8 sequences of 8,192 tokens.
    Question question = llama_8b_on_16();
    question.gpus = 1;
    question.global_batch = 8;
    question.usable_bytes = u128{24564} * 1024 * 1024;
    const Answer answer = search(question);
    CHECK(answer.fitting == 0);
    CHECK(answer.fastest.empty());
    REQUIRE(answer.smallest);
    CHECK(answer.smallest->memory > question.usable_bytes);
    CHECK(answer.smallest->layout.recompute == Recompute::full);
    CHECK(answer.smallest->layout.micro_batch == 1);
}

namespace {

// Llama 3.1 405B (meta-llama/Llama-3.1-405B config.json): 126 layers, h 16,384, 128 heads in 8 groups, SwiGLU 53,248.
const model_shape::Shape llama_405b{126, 16384, 128, 8, 128, 53248, true, false, 128256, false};
// BLOOM (bigscience/bloom config.json): 70 layers, h 14,336, 112 heads, a 4h GELU MLP, LayerNorm, 250,880 tokens, tied.
const model_shape::Shape bloom{70, 14336, 112, 112, 128, 57344, false, true, 250880, true};

Layout pipeline_layout(std::uint64_t t, std::uint64_t p, std::uint64_t v, std::uint64_t d, std::uint64_t a, bool ends) {
    return Layout{t, p, v, 1, 1, d, 1, Recompute::selective, true, 1, a, ends};
}

}  // namespace

TEST_CASE("126 layers on 16 stages run with the embedding and the loss counted in the split: 7, 8 and 7 layers", "[search][pipeline][uneven]") {
    // Issue 49, item 3: Llama 3.1 405B's layout was refused. Megatron-LM at d98e8a6, transformer_block.py
    // get_num_layers_to_build: (126 + 2) / 16 = 8 places a stage; the first gives one to the embedding, the last one to
    // the loss. Its even split refuses 126 % 16 = 14.
    const step_time::StageLayers layers = step_time::stage_layers(126, pipeline_layout(8, 16, 1, 128, 16, true));
    CHECK(layers.first == 7);
    CHECK(layers.middle == 8);
    CHECK(layers.last == 7);
    CHECK(7 + 14 * 8 + 7 == 126);
    const step_time::Run run{8192, step_time::Attention::flash, step_time::Precision::bf16, GradientPrecision::fp32};
    CHECK(allowed(llama_405b, run, 16384, 2048, pipeline_layout(8, 16, 1, 128, 16, true)));
    CHECK_FALSE(allowed(llama_405b, run, 16384, 2048, pipeline_layout(8, 16, 1, 128, 16, false)));
    // Interleaved: 128 / 16 = 8 places a rank split into v chunks; v must divide 8 (transformer_config.py).
    CHECK(allowed(llama_405b, run, 16384, 2048, pipeline_layout(8, 16, 8, 128, 16, true)));
    CHECK_FALSE(allowed(llama_405b, run, 16384, 2048, pipeline_layout(8, 16, 3, 128, 16, true)));
}

TEST_CASE("BLOOM's 70 layers on 12 stages: 5, 6 and 5 layers, as its own README splits them", "[search][pipeline][uneven]") {
    // bigscience train/tr11-176B-ml README: the first and last stages hold 5 layers and the embedding, the others 6.
    const step_time::StageLayers layers = step_time::stage_layers(70, pipeline_layout(4, 12, 1, 8, 128, true));
    CHECK(layers.first == 5);
    CHECK(layers.middle == 6);
    CHECK(layers.last == 5);
    const step_time::Run run{2048, step_time::Attention::eager, step_time::Precision::bf16, GradientPrecision::fp32};
    CHECK(allowed(bloom, run, 384, 2048, Layout{4, 12, 1, 1, 1, 8, 1, Recompute::none, false, 2, 128, true}));
}

TEST_CASE("an even split never counts the ends: 96 layers on 8 stages of 12 chunks take the even split alone", "[search][pipeline][uneven]") {
    const model_shape::Shape nemotron{96, 18432, 96, 8, 192, 73728, false, true, 256000, false};
    const step_time::Run run{4096, step_time::Attention::flash, step_time::Precision::bf16, GradientPrecision::fp32};
    CHECK(allowed(nemotron, run, 128, 768, pipeline_layout(8, 8, 12, 2, 384, false)));
    CHECK_FALSE(allowed(nemotron, run, 128, 768, pipeline_layout(8, 8, 12, 2, 384, true)));
}

TEST_CASE("a stage of an even split holds what the even split's first stage holds, by the stage formulas too", "[memory][pipeline][uneven]") {
    // The stage formulas reduce to the memory page's (Megatron-LM's estimator's) when the stage holds L/p layers.
    const memory_model::ParameterSplit split = memory_model::parameter_split(llama_8b);
    const memory_model::Parallelism parallel{2, 4, 8, 1, 2};
    const memory_model::DeviceParameters even = memory_model::parameters_on_device(split, false, parallel);
    const memory_model::DeviceParameters stage = memory_model::parameters_on_stage(split, 32, 8, 1, parallel);
    CHECK(even.dense_numerator * stage.dense_denominator == stage.dense_numerator * even.dense_denominator);
    memory_model::ActivationShape shape{32, 4096, 32, 8192, 2, true, Recompute::selective, 4, 8, 14336, 128256, true};
    memory_model::ActivationShape first = shape;
    first.stage_layers = 8;
    CHECK(memory_model::activation_bytes(first, 2) == memory_model::activation_bytes(shape, 2));
}

TEST_CASE("with the ends in the split the busiest stage is the one holding the most, and 405B on 16,384 H100s fits", "[search][pipeline][uneven]") {
    // Llama 3 paper (Dubey et al. 2024), Table 4: 405B on 16,384 GPUs at TP 8, CP 1, PP 16, DP 128, 8,192 tokens, a
    // batch of 16M tokens (2,048 sequences), on 80 GB H100s.
    const step_time::Run run{8192, step_time::Attention::flash, step_time::Precision::bf16, GradientPrecision::fp32};
    const u128 usable = u128{h100_mebibytes} * 1024 * 1024 - u128{1} * 1024 * 1024 * 1024;
    Question question{llama_405b, run, 16384, 2048, h100, usable, {}};
    question.pad_vocabulary = true;
    question.fixed.tensor = 8;
    question.fixed.pipeline = 16;
    question.fixed.context = 1;
    const Answer answer = search(question);
    REQUIRE(!answer.fastest.empty());
    const Choice& best = answer.fastest.front();
    CHECK(best.layout.ends_in_split);
    CHECK(best.layout.data == 128);
    CHECK(best.memory <= usable);
    CHECK(best.memory == busiest_gpu_bytes(question.model, run, best.layout));
    // Brackets from even splits of the same stages: its first stage is an even 112-layer model's first stage (7
    // layers, the embedding, 16 micro-batches in flight); no stage holds more than an even 128-layer model's first
    // (8 layers and the embedding, 16 in flight).
    Layout even = best.layout;
    even.ends_in_split = false;
    model_shape::Shape even_112 = llama_405b;
    even_112.layers = 112;
    model_shape::Shape even_128 = llama_405b;
    even_128.layers = 128;
    even_112.vocabulary = even_128.vocabulary = *memory_model::pad_vocabulary(128256, 8);
    model_shape::Shape padded = llama_405b;
    padded.vocabulary = even_128.vocabulary;
    CHECK(busiest_gpu_bytes(even_112, run, even) <= busiest_gpu_bytes(padded, run, best.layout));
    CHECK(busiest_gpu_bytes(padded, run, best.layout) < busiest_gpu_bytes(even_128, run, even));
}

TEST_CASE("an uneven split's step lies between the even splits of one layer fewer and one more a stage", "[step][pipeline][uneven]") {
    // The slowest stage sets the pace: 126 layers at 7, 8 and 7 a stage is no faster than 112 at 7 each and no
    // slower than 128 at 8 each (the last stage of which adds the output layer to 8 layers).
    const step_time::Run run{8192, step_time::Attention::flash, step_time::Precision::bf16, GradientPrecision::fp32};
    const Layout uneven = pipeline_layout(8, 16, 1, 128, 16, true);
    Layout even = uneven;
    even.ends_in_split = false;
    model_shape::Shape even_112 = llama_405b;
    even_112.layers = 112;
    model_shape::Shape even_128 = llama_405b;
    even_128.layers = 128;
    const double step = step_time::step_seconds(llama_405b, run, uneven, h100).total;
    CHECK(step_time::step_seconds(even_112, run, even, h100).total <= step);
    CHECK(step < step_time::step_seconds(even_128, run, even, h100).total);
}

// What each framework runs (layout_search.cpp, framework_runs, gives the code each rule is read from).
TEST_CASE("PyTorch FSDP runs data parallelism alone: no tensor, pipeline or context parallelism, no ZeRO-1",
          "[search][framework]") {
    using step_time::Framework;
    CHECK(framework_runs(Framework::fsdp, llama_8b, Layout{1, 1, 1, 1, 1, 16, 3, Recompute::full, false, 1, 1}));
    CHECK(framework_runs(Framework::fsdp, llama_8b, Layout{1, 1, 1, 1, 1, 16, 2, Recompute::none, false, 1, 1}));
    CHECK_FALSE(framework_runs(Framework::fsdp, llama_8b, Layout{2, 1, 1, 1, 1, 8, 3, Recompute::full, true, 1, 1}));
    CHECK_FALSE(framework_runs(Framework::fsdp, llama_8b, Layout{1, 2, 1, 1, 1, 8, 0, Recompute::full, false, 1, 1}));
    CHECK_FALSE(framework_runs(Framework::fsdp, llama_8b, Layout{1, 1, 1, 2, 1, 8, 3, Recompute::full, false, 1, 1}));
    CHECK_FALSE(framework_runs(Framework::fsdp, llama_8b, Layout{1, 1, 1, 1, 1, 16, 1, Recompute::full, false, 1, 1}));
}

TEST_CASE("PyTorch FSDP checkpoints whole blocks or none: selective recomputation is not offered", "[search][framework]") {
    CHECK_FALSE(framework_runs(step_time::Framework::fsdp, llama_8b, Layout{1, 1, 1, 1, 1, 16, 3, Recompute::selective, false, 1, 1}));
}

TEST_CASE("torchtitan shards the parameters under a pipeline, where Megatron-LM and DeepSpeed refuse ZeRO-3", "[search][framework]") {
    using step_time::Framework;
    const Layout sharded_pipeline{1, 2, 1, 1, 1, 8, 3, Recompute::none, false, 1, 1};
    CHECK(framework_runs(Framework::torchtitan, llama_8b, sharded_pipeline));
    CHECK_FALSE(framework_runs(Framework::megatron, llama_8b, sharded_pipeline));
    CHECK_FALSE(framework_runs(Framework::deepspeed, llama_8b, sharded_pipeline));
}

TEST_CASE("torchtitan's tensor parallelism always shards the sequence, and it has no ZeRO-1 or -2", "[search][framework]") {
    using step_time::Framework;
    CHECK_FALSE(framework_runs(Framework::torchtitan, llama_8b, Layout{2, 1, 1, 1, 1, 8, 3, Recompute::none, false, 1, 1}));
    CHECK(framework_runs(Framework::torchtitan, llama_8b, Layout{2, 1, 1, 1, 1, 8, 3, Recompute::none, true, 1, 1}));
    CHECK_FALSE(framework_runs(Framework::torchtitan, llama_8b, Layout{1, 1, 1, 1, 1, 16, 1, Recompute::none, false, 1, 1}));
}

TEST_CASE("DeepSpeed's pipeline has no interleaved schedule and it has no ring attention", "[search][framework]") {
    using step_time::Framework;
    CHECK_FALSE(framework_runs(Framework::deepspeed, llama_8b, Layout{1, 4, 2, 1, 1, 4, 1, Recompute::none, false, 1, 1}));
    CHECK_FALSE(framework_runs(Framework::deepspeed, llama_8b, Layout{1, 1, 1, 2, 1, 8, 1, Recompute::none, false, 1, 1}));
    CHECK(framework_runs(Framework::megatron, llama_8b, Layout{1, 4, 2, 1, 1, 4, 1, Recompute::none, false, 1, 1}));
}

TEST_CASE("with PyTorch FSDP the search returns only data-parallel layouts", "[search][framework]") {
    Question question = llama_8b_on_16();
    question.run.framework = step_time::Framework::fsdp;
    const Answer answer = search(question);
    REQUIRE(!answer.fastest.empty());
    for (const Choice& choice : answer.fastest) {
        CHECK(choice.layout.tensor * choice.layout.pipeline * choice.layout.context == 1);
        CHECK(choice.layout.data == 16);
    }
}

TEST_CASE("the interleaved schedule takes a multiple of p micro-batches, as Megatron-LM's groups of p require", "[search][rules]") {
    // Megatron-LM at d98e8a6, schedules.py lines 1160-1180: groups of p micro-batches (the default), none smaller at the end.
    const step_time::Run run{8192, step_time::Attention::flash, step_time::Precision::bf16, GradientPrecision::fp32};
    const auto interleaved = [&](std::uint64_t accumulation) {
        return allowed(llama_8b, run, 16, 4 * accumulation, Layout{1, 4, 2, 1, 1, 4, 1, Recompute::none, false, 1, accumulation});
    };
    CHECK(interleaved(8));
    CHECK(interleaved(4));
    CHECK_FALSE(interleaved(6));
    CHECK_FALSE(interleaved(2));
    // Without interleaving any number runs, the bubble aside.
    CHECK(allowed(llama_8b, run, 16, 8, Layout{1, 4, 1, 1, 1, 4, 1, Recompute::none, false, 1, 2}));
}

namespace {
// Llama 3.1 8B's layers as a mixture of 8 experts, 2 a token (Mixtral's routing).
model_shape::Shape eight_experts() {
    model_shape::Shape model = llama_8b;
    model.experts = 8;
    model.experts_per_token = 2;
    model.expert_ffn = 14336;
    return model;
}
}  // namespace

TEST_CASE("DeepSpeed's own mixture of experts refuses ZeRO-3, and runs ZeRO-1", "[search][framework]") {
    // deepspeed/runtime/engine.py at edaa722, lines 1872-1891.
    const model_shape::Shape mixtral = eight_experts();
    CHECK_FALSE(framework_runs(step_time::Framework::deepspeed, mixtral, Layout{1, 1, 1, 1, 8, 16, 3, Recompute::none, false, 1, 1}));
    CHECK(framework_runs(step_time::Framework::deepspeed, mixtral, Layout{1, 1, 1, 1, 8, 16, 1, Recompute::none, false, 1, 1}));
    CHECK(framework_runs(step_time::Framework::deepspeed, llama_8b, Layout{1, 1, 1, 1, 1, 16, 3, Recompute::none, false, 1, 1}));
}

TEST_CASE("torchtitan's experts take their ranks from the sharded ones: EP is offered under FSDP2 without TP, not under DDP",
          "[search][framework]") {
    // pytorch/torchtitan at 73a0e69 and b5bcd76, parallel_dims.py: EP divides dp_shard·cp·tp, and the experts are not
    // split by TP (their tensor parallelism is 1 unless set).
    const model_shape::Shape mixtral = eight_experts();
    CHECK(framework_runs(step_time::Framework::torchtitan, mixtral, Layout{1, 1, 1, 1, 8, 16, 3, Recompute::none, false, 1, 1}));
    CHECK_FALSE(framework_runs(step_time::Framework::torchtitan, mixtral, Layout{1, 1, 1, 1, 8, 16, 0, Recompute::none, false, 1, 1}));
    CHECK_FALSE(framework_runs(step_time::Framework::torchtitan, mixtral, Layout{2, 1, 1, 1, 8, 8, 3, Recompute::none, true, 1, 1}));
}

TEST_CASE("torchtitan makes more than two stages a rank only where some layers a stage give exactly p·v of them",
          "[search][framework]") {
    // pipeline_parallel.py at 73a0e69: ⌈(L + 2) ÷ x⌉ stages. 32 layers: ⌈34 ÷ 6⌉ = 6 = 2 · 3; no x gives 4 · 4 = 16
    // (⌈34 ÷ 3⌉ = 12, ⌈34 ÷ 2⌉ = 17); two a rank need no x.
    CHECK(framework_runs(step_time::Framework::torchtitan, llama_8b, Layout{1, 2, 3, 1, 1, 8, 3, Recompute::none, false, 1, 2}));
    CHECK_FALSE(framework_runs(step_time::Framework::torchtitan, llama_8b, Layout{1, 4, 4, 1, 1, 4, 3, Recompute::none, false, 1, 4}));
    CHECK(framework_runs(step_time::Framework::torchtitan, llama_8b, Layout{1, 4, 2, 1, 1, 4, 3, Recompute::none, false, 1, 4}));
}
