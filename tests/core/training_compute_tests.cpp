#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "field_texts.hpp"
#include "training_compute.hpp"

using namespace batch_planner;
using namespace batch_planner::training_compute;

namespace {

Evaluation evaluate_en(std::vector<std::string> texts) {
    return evaluate_texts<FieldTexts>(std::move(texts), NumberSyntax::en, [](const FieldTexts& views, NumberSyntax s) { return evaluate(views, s); });
}

// Llama 3 405B as the Llama 3 paper trained it: 405B parameters, 15.6T tokens, 8,192-token sequences,
// 16,384 H100 GPUs at 989 dense BF16 TFLOPS, 40% MFU, no shape.
std::vector<std::string> llama_3_405b() { return {"405B", "", "15.6T", "8192", "", "", "", "", "16384", "989", "40", ""}; }

std::string digits_of(const Figure& figure) {
    if (const auto* wide = std::get_if<Wide>(&figure)) return to_decimal_128(wide->value);
    return std::to_string(std::get<std::uint64_t>(std::get<Product>(figure)));
}
double decimal_of(const Figure& figure) { return std::get<double>(figure); }

}  // namespace

TEST_CASE("Llama 3 405B on 15.6T tokens takes 3.8e25 FLOPs by 6ND, as the Llama 3 paper states", "[compute][6nd]") {
    // Llama Team 2024, "The Llama 3 Herd of Models", section 3.2.1: "3.8 × 10^25 FLOPs".
    const auto evaluation = evaluate_en(llama_3_405b());
    CHECK(digits_of(evaluation.results[training_flops_6nd]) == "37908000000000000000000000");
    CHECK(static_cast<double>(std::get<Wide>(evaluation.results[training_flops_6nd]).value) == Approx(3.8e25).epsilon(0.005));
}

TEST_CASE("6N FLOPs per token use the active parameters when given", "[compute][6nd][moe]") {
    auto texts = llama_3_405b();
    texts[active_parameters] = "37B";
    CHECK(digits_of(evaluate_en(texts).results[flops_per_token_6n]) == "222000000000");
}

TEST_CASE("the attention term is Megatron-LM's 6sLnd per token", "[compute][attention]") {
    auto texts = llama_3_405b();
    texts[matmul_parameters] = "1000";
    texts[layers] = "2";
    texts[attention_heads] = "3";
    texts[head_dim] = "5";
    // 6·1000 + 6·8192·2·3·5 = 6,000 + 1,474,560.
    CHECK(digits_of(evaluate_en(texts).results[flops_per_token_attention]) == "1480560");
}

TEST_CASE("without the shape the time comes from 6ND, and the attention figures are absent", "[compute][time]") {
    const auto evaluation = evaluate_en(llama_3_405b());
    CHECK_FALSE(evaluation.time_counts_attention);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[training_flops_attention]));
    // 3.7908e25 / (16384 · 989e12 · 0.4) s.
    CHECK(decimal_of(evaluation.results[training_seconds]) == Approx(3.7908e25 / (16384.0 * 989e12 * 0.4)).epsilon(1e-12));
    CHECK(decimal_of(evaluation.results[training_days]) == Approx(3.7908e25 / (16384.0 * 989e12 * 0.4) / 86400).epsilon(1e-12));
}

TEST_CASE("a shape field typed but invalid leaves no time rather than the 6ND one", "[compute][time]") {
    auto texts = llama_3_405b();
    texts[layers] = "0";
    const auto evaluation = evaluate_en(texts);
    CHECK(evaluation.time_counts_attention);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[training_seconds]));
}

TEST_CASE("GPU-hours are the time on every GPU, and the cost their price", "[compute][cost]") {
    auto texts = llama_3_405b();
    texts[price_per_gpu_hour] = "2";
    const auto evaluation = evaluate_en(texts);
    const double seconds = 3.7908e25 / (16384.0 * 989e12 * 0.4);
    CHECK(decimal_of(evaluation.results[gpu_hours]) == Approx(seconds * 16384 / 3600).epsilon(1e-12));
    CHECK(decimal_of(evaluation.results[cost]) == Approx(seconds * 16384 / 3600 * 2).epsilon(1e-12));
}

TEST_CASE("tokens per second per GPU are the sustained FLOP/s over the FLOPs per token", "[compute][rate]") {
    // 989e12 · 0.4 / (6 · 405e9).
    CHECK(decimal_of(evaluate_en(llama_3_405b()).results[tokens_per_second_per_gpu]) == Approx(989e12 * 0.4 / 2.43e12).epsilon(1e-12));
}

TEST_CASE("the compute-optimal tokens are 20 per parameter", "[compute][chinchilla]") {
    // Hoffmann et al. 2022, Table 3: Chinchilla's 70B on 1.4T tokens.
    CHECK(digits_of(evaluate_en({"70B", "", "1.4T", "2048", "", "", "", "", "1", "1", "1", ""}).results[compute_optimal_tokens]) ==
          "1400000000000");
}

TEST_CASE("training FLOPs with attention past 128 bits are reported as overflow", "[compute][overflow]") {
    // 6·10^15 + 6·(2^32-1)·1,048,576³ FLOPs per token over 10^18 tokens is above 2^128.
    const auto evaluation = evaluate_en({"1000T", "", "1000000000000000000", "4294967295", "1000T", "1048576", "1048576", "1048576",
                                         "1", "1", "1", ""});
    CHECK(std::get<Product>(evaluation.results[training_flops_attention]) == Product{Overflow{}});
}

TEST_CASE("active parameters above the total are refused on their field, and no figure uses them", "[compute][errors]") {
    // Issue 28, item 9: ?active=1000000000000000 with N = 405B was accepted.
    auto texts = llama_3_405b();
    texts[active_parameters] = "1000000000000000";
    const Evaluation evaluation = evaluate_en(texts);
    CHECK(evaluation.fields[active_parameters].status == FieldStatus::conflicting);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[training_flops_6nd]));
    texts[active_parameters] = "405B";  // all of them: allowed
    CHECK(evaluate_en(texts).fields[active_parameters].status == FieldStatus::ok);
}

TEST_CASE("a shape given in part is refused on each field it lacks, and no time is given", "[compute][time][shape]") {
    // Issue 28, item 6: layers alone used to blank the time with no field in error.
    auto texts = llama_3_405b();
    texts[layers] = "126";
    const auto evaluation = evaluate_en(texts);
    CHECK(evaluation.fields[layers].status == FieldStatus::ok);
    for (const Field field : {matmul_parameters, attention_heads, head_dim}) CHECK(evaluation.fields[field].status == FieldStatus::conflicting);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[training_days]));
}
