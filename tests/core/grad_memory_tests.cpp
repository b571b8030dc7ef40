#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "field_texts.hpp"
#include "grad_memory.hpp"

using namespace batch_planner;
using namespace batch_planner::grad_memory;

namespace {

std::uint64_t value_of(const Product& product) { return std::get<std::uint64_t>(product); }

// Megatron-LM's GPT-3 175B shape in Korthikanti et al. 2022: s 2048, h 12288, a 96, 96 layers, t 8.
Shape gpt3(bool sequence_parallel, Recompute recompute) { return {96, 12288, 96, 2048, 8, sequence_parallel, recompute}; }

Evaluation evaluate_en(std::vector<std::string> texts) {
    return evaluate_texts<FieldTexts>(std::move(texts), NumberSyntax::en,
                                      [](const FieldTexts& views, NumberSyntax syntax) { return evaluate(views, syntax); });
}

// b 1, a 8, d 64, act empty, a small shape, t 1, sp off, no recompute, 7.5B parameters, ZeRO 0, 80 GiB.
std::vector<std::string> defaults() {
    return {"1", "8", "64", "", "32", "4096", "32", "4096", "1", "off", "none", "7.5B", "0", "80", ""};
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

TEST_CASE("full recomputation keeps 2·s·b·h per layer", "[memory][activations][paper]") {
    CHECK(value_of(activation_bytes(gpt3(true, Recompute::full), 3)) == 96ULL * 3 * 2 * 25'165'824);
}

TEST_CASE("a fraction of a byte is rounded up", "[memory][activations]") {
    // (1·1·(10·3 + 24) + 5·1·1)/3 = 59/3.
    CHECK(value_of(activation_bytes({1, 1, 1, 1, 3, false, Recompute::none}, 1)) == 20U);
}

TEST_CASE("activations grow linearly with the micro-batch", "[memory][activations]") {
    const Shape shape{32, 4096, 32, 4096, 2, true, Recompute::none};
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

TEST_CASE("the largest micro-batch fills what the model states leave", "[memory][fit]") {
    // 80 GiB - 1.875e9 bytes of states (7.5B parameters, ZeRO 3 over 64), 1e9 bytes per sample: 84 samples.
    auto texts = defaults();
    texts[activation_per_sample] = "1G";
    texts[parameters] = "7.5B";
    texts[zero_stage] = "3";
    CHECK(value_of(*evaluate_en(texts).results[9]) == 84U);
}

TEST_CASE("a micro-batch's activations are rounded up once, not once per sample", "[memory][activations]") {
    // t = 3: a sample costs 59/3 bytes in one layer of s = h = a = 1, so 4 samples take
    // ceil(236/3) = 79 bytes, not 4 · ceil(59/3) = 80; the largest micro-batch that fits is found the same way.
    const Shape shape{1, 1, 1, 1, 3, false, Recompute::none};
    CHECK(value_of(activation_bytes(shape, 4)) == 79U);
    CHECK(value_of(activation_bytes(shape, 5)) == 99U);
}

TEST_CASE("no micro-batch fits when the states alone fill the device", "[memory][fit]") {
    auto texts = defaults();
    texts[parameters] = "70B";  // 16 bytes each, unsharded: 1.12e12 bytes
    CHECK(value_of(*evaluate_en(texts).results[9]) == 0U);
    CHECK_FALSE(evaluate_en(texts).results[10]);
}

TEST_CASE("accumulation does not change the activation memory", "[memory][evaluate]") {
    auto one = defaults();
    auto many = defaults();
    many[accumulation_steps] = "64";
    CHECK(value_of(*evaluate_en(one).results[2]) == value_of(*evaluate_en(many).results[2]));
    CHECK(value_of(*evaluate_en(many).results[0]) == 64U * 64);
}

TEST_CASE("a typed activation cost per sample replaces the model's shape", "[memory][evaluate]") {
    auto texts = defaults();
    texts[activation_per_sample] = "2G";
    texts[micro_batch] = "3";
    CHECK(value_of(*evaluate_en(texts).results[1]) == 2'000'000'000U);
    CHECK(value_of(*evaluate_en(texts).results[2]) == 6'000'000'000U);
}

TEST_CASE("an invalid activation cost withholds the activations instead of falling back to the shape", "[memory][evaluate][errors]") {
    auto texts = defaults();
    texts[activation_per_sample] = "lots";
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(evaluation.fields[activation_per_sample].status() == FieldStatus::not_a_number);
    CHECK_FALSE(evaluation.results[1]);
    CHECK_FALSE(evaluation.results[9]);
}

TEST_CASE("choices are read by name", "[memory][evaluate][choices]") {
    auto texts = defaults();
    texts[recompute] = "selective";
    texts[zero_stage] = "3";
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(evaluation.fields[recompute].value() == 1U);
    CHECK(evaluation.fields[zero_stage].value() == 3U);
    texts[recompute] = "some";
    CHECK(evaluate_en(texts).fields[recompute].status() == FieldStatus::not_a_number);
}

TEST_CASE("the accumulation for a target batch uses the largest micro-batch that fits", "[memory][evaluate][fit]") {
    auto texts = defaults();
    texts[activation_per_sample] = "1G";
    texts[parameters] = "7.5B";
    texts[zero_stage] = "3";
    texts[target_batch] = "2048";
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(value_of(*evaluation.results[9]) == 84U);
    CHECK(value_of(*evaluation.results[10]) == 1U);  // ceil(2048 / (84 · 64))
}

TEST_CASE("an empty target leaves the accumulation unasked, not an error", "[memory][evaluate]") {
    const Evaluation evaluation = evaluate_en(defaults());
    CHECK(evaluation.fields[target_batch].status() == FieldStatus::empty);
    CHECK_FALSE(evaluation.results[10]);
}
