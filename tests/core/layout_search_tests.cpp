#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "field_texts.hpp"
#include "layout_search.hpp"

using namespace batch_planner;
using namespace batch_planner::layout_search;
using grad_memory::Recompute;

namespace {

// An H100 SXM node: 989.5 dense BF16 TFLOPS, 1,979 FP8, 3.35 TB/s of HBM (NVIDIA's datasheet), NCCL's 370 GB/s
// all-reduce bus bandwidth on NVLink (nccl-tests issue #212), 8 NICs of 400 Gb/s.
const step_time::Device h100{989.5e12, 1979e12, 3.35e12, 370e9, 8, 8 * 400e9 / 8};
constexpr std::uint64_t h100_mebibytes = 81559;

// Llama 3.1 8B as Megatron-LM counts it (vocabulary 128,256, padded to 128·t by the layout itself: 128,256 is a
// multiple of 1,024, so every t up to 8 keeps it).
const step_time::Model llama_8b{32, 4096, 32, 8, 128, 14336, true, false, 128256, false};

Question llama_8b_on_16(std::uint64_t gib_reserved = 1) {
    // 2 nodes of 8 H100s, 8,192-token sequences, 4M tokens a step (512 sequences).
    const u128 usable = u128{h100_mebibytes} * 1024 * 1024 - u128{gib_reserved} * 1024 * 1024 * 1024;
    return Question{llama_8b, step_time::Run{8192, true, step_time::Precision::bf16, GradientPrecision::fp32}, 16, 512, h100, usable, {}};
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

TEST_CASE("a knob the reader sets is kept, and with every knob set one layout is predicted", "[search][knobs]") {
    Question question = llama_8b_on_16();
    question.fixed.tensor = 2;
    question.fixed.recompute = Recompute::full;
    for (const Choice& choice : search(question).fastest) {
        CHECK(choice.layout.tensor == 2);
        CHECK(choice.layout.recompute == Recompute::full);
    }
    question.fixed = Knobs{2, 1, 1, 1, 1, 1, 64, std::nullopt, 1, Recompute::selective, true};
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
