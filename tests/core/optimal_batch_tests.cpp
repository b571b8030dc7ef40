#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "field_texts.hpp"
#include "optimal_batch.hpp"

using namespace batch_planner;
using namespace batch_planner::optimal_batch;

// Expected values are the papers' own numbers, or the papers' formulas
// worked out again in Python (float64, as written in each test) outside this
// code.
namespace {

Evaluation evaluate_in(std::vector<std::string> texts, NumberSyntax syntax) {
    return evaluate_texts<FieldTexts>(std::move(texts), syntax, [](const FieldTexts& views, NumberSyntax s) { return evaluate(views, s); });
}
Evaluation evaluate_en(std::vector<std::string> texts) { return evaluate_in(std::move(texts), NumberSyntax::en); }

// DeepSeek LLM 7B as its Table 2 gives it: 30 layers, d_model 4,096, a
// 4,096-token context, 2T tokens; no N typed; 16 H100s (989.5 TFLOPS) at 41%
// MFU, bf16 gradients, 8 per node at 370 GB/s, 8 NICs of 400 Gb/s.
std::vector<std::string> deepseek_7b() {
    return {"30", "4096", "4096", "", "2T", "deepseek", "", "16", "8", "989.5", "41", "2", "370", "", "8", "400"};
}

std::vector<std::string> with(std::vector<std::string> texts, Field field, std::string text) {
    texts[field] = std::move(text);
    return texts;
}

double decimal_of(const Figure& figure) { return std::get<double>(figure); }
std::uint64_t exact_of(const Figure& figure) { return std::get<std::uint64_t>(std::get<Product>(figure)); }
std::string wide_of(const Figure& figure) { return to_decimal_128(std::get<Wide>(figure).value); }

}  // namespace

TEST_CASE("DeepSeek's M counts 72 n_layer d^2 plus 12 n_layer d l_seq FLOPs per token, exactly", "[optimal-batch][deepseek]") {
    // 72·30·4096² + 12·30·4096·4096 = 2520·16,777,216.
    CHECK(exact_of(evaluate_en(deepseek_7b()).results[deepseek_flops_per_token]) == 42'278'584'320ULL);
}

TEST_CASE("DeepSeek's compute C = M D is exact past 64 bits", "[optimal-batch][deepseek]") {
    CHECK(wide_of(evaluate_en(deepseek_7b()).results[deepseek_compute]) == "84557168640000000000000");
}

TEST_CASE("DeepSeek 7B's fitted batch is the 9.22M tokens beside the 9.44M its Table 2 chose", "[optimal-batch][deepseek]") {
    // Python: 0.2920 * 84557168640000000000000 ** 0.3271
    CHECK(decimal_of(evaluate_en(deepseek_7b()).results[deepseek_batch_tokens]) == Approx(9222608.174340643).epsilon(1e-12));
}

TEST_CASE("DeepSeek 7B's fitted learning rate is 4.25e-4 beside the 4.2e-4 its Table 2 chose", "[optimal-batch][deepseek]") {
    // Python: 0.3118 * 84557168640000000000000 ** -0.125
    CHECK(decimal_of(evaluate_en(deepseek_7b()).results[deepseek_learning_rate]) == Approx(0.0004246022652608745).epsilon(1e-12));
}

TEST_CASE("DeepSeek 67B's row of Table 2 gives 20.65M tokens and 3.12e-4", "[optimal-batch][deepseek]") {
    const auto evaluation = evaluate_en(with(with(deepseek_7b(), layers, "95"), hidden, "8192"));
    CHECK(exact_of(evaluation.results[deepseek_flops_per_token]) == 497'276'682'240ULL);
    CHECK(decimal_of(evaluation.results[deepseek_batch_tokens]) == Approx(20654134.45997818).epsilon(1e-12));
    CHECK(decimal_of(evaluation.results[deepseek_learning_rate]) == Approx(0.00031201293551645).epsilon(1e-12));
}

TEST_CASE("the recommended batch is the law's batch in whole sequences, nearest", "[optimal-batch][recommendation]") {
    const auto evaluation = evaluate_en(deepseek_7b());
    // 9,222,608.17 / 4,096 = 2,251.6: 2,252 sequences.
    CHECK(exact_of(evaluation.results[recommended_sequences]) == 2252U);
    CHECK(exact_of(evaluation.results[recommended_batch_tokens]) == 9'224'192U);
    CHECK(decimal_of(evaluation.results[recommended_learning_rate]) == Approx(0.0004246022652608745).epsilon(1e-12));
}

TEST_CASE("a batch smaller than half a sequence still recommends one sequence", "[optimal-batch][recommendation]") {
    CHECK(nearest_sequences(100, 4096) == 1U);
    CHECK(nearest_sequences(6144, 4096) == 2U);
}

TEST_CASE("DeepSeek 7B's compute lies past the fitted 1e17 to 2e19 FLOPs, so it is flagged", "[optimal-batch][range]") {
    CHECK(evaluate_en(deepseek_7b()).deepseek_extrapolated);
}

TEST_CASE("a run of 1e18 FLOPs lies within DeepSeek's fitted compute", "[optimal-batch][range]") {
    // 12 layers, d 768, L 1,024: M = 72·12·768² + 12·12·768·1024 = 622,854,144; D = 1.6B: C ≈ 9.97e17.
    const auto evaluation = evaluate_en(with(with(with(with(deepseek_7b(), layers, "12"), hidden, "768"), sequence_length, "1024"), tokens, "1.6B"));
    CHECK(exact_of(evaluation.results[deepseek_flops_per_token]) == 622'854'144ULL);
    CHECK_FALSE(evaluation.deepseek_extrapolated);
}

TEST_CASE("without a typed N, Step Law uses 12 n_layer d_model^2", "[optimal-batch][steplaw]") {
    const auto evaluation = evaluate_en(deepseek_7b());
    CHECK(evaluation.parameters_estimated);
    CHECK(exact_of(evaluation.results[steplaw_parameters]) == 6'039'797'760ULL);
}

TEST_CASE("Step Law's batch grows as 0.58 D^0.571 tokens", "[optimal-batch][steplaw]") {
    // Python: 0.58 * (2 * 10**12) ** 0.571
    CHECK(decimal_of(evaluate_en(deepseek_7b()).results[steplaw_batch_tokens]) == Approx(6127962.81204268).epsilon(1e-12));
}

TEST_CASE("Step Law's learning rate at N 6,039,797,760 and D 2T", "[optimal-batch][steplaw]") {
    // Python: 1.79 * 6039797760 ** -0.713 * (2 * 10**12) ** 0.307
    CHECK(decimal_of(evaluate_en(deepseek_7b()).results[steplaw_learning_rate]) == Approx(0.001136057389206949).epsilon(1e-12));
}

TEST_CASE("Step Law at its grid's corner, 1B parameters and 100B tokens, is no extrapolation", "[optimal-batch][steplaw][range]") {
    const auto evaluation = evaluate_en(with(with(deepseek_7b(), parameters, "1B"), tokens, "100B"));
    CHECK_FALSE(evaluation.parameters_estimated);
    // Python: 0.58 * 1e11 ** 0.571 and 1.79 * 1e9 ** -0.713 * 1e11 ** 0.307
    CHECK(decimal_of(evaluation.results[steplaw_batch_tokens]) == Approx(1107714.8899684167).epsilon(1e-12));
    CHECK(decimal_of(evaluation.results[steplaw_learning_rate]) == Approx(0.001632499402447079).epsilon(1e-12));
    CHECK_FALSE(evaluation.steplaw_extrapolated);
}

TEST_CASE("Step Law past its grid's 1.07B parameters is flagged", "[optimal-batch][steplaw][range]") {
    CHECK(evaluate_en(with(with(deepseek_7b(), parameters, "2B"), tokens, "100B")).steplaw_extrapolated);
}

TEST_CASE("Step Law past its grid's 100B tokens is flagged", "[optimal-batch][steplaw][range]") {
    CHECK(evaluate_en(with(with(deepseek_7b(), parameters, "1B"), tokens, "200B")).steplaw_extrapolated);
}

TEST_CASE("choosing Step Law recommends its batch and learning rate", "[optimal-batch][recommendation]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), law, "steplaw"));
    // 6,127,962.8 / 4,096 = 1,496.08: 1,496 sequences.
    CHECK(exact_of(evaluation.results[recommended_sequences]) == 1496U);
    CHECK(decimal_of(evaluation.results[recommended_learning_rate]) == Approx(0.001136057389206949).epsilon(1e-12));
}

TEST_CASE("at B = B_noise a run takes twice the minimum steps and twice the minimum data", "[optimal-batch][noise]") {
    const NoisePoint point = noise_point(4'194'304, 4'194'304);
    CHECK(point.steps_multiple == 2.0);
    CHECK(point.tokens_multiple == 2.0);
}

TEST_CASE("the noise-scale curve runs from B_noise/16 to 16 B_noise with B_noise in the middle", "[optimal-batch][noise]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), noise_scale, "4194304"));
    REQUIRE(evaluation.noise_curve.size() == 9);
    CHECK(evaluation.noise_curve.front().batch_tokens == 262'144.0);
    CHECK(evaluation.noise_curve[4].steps_multiple == 2.0);
    // B = 16 B_noise: 1 + 1/16 steps, 17 times the data.
    CHECK(evaluation.noise_curve.back().steps_multiple == 1.0625);
    CHECK(evaluation.noise_curve.back().tokens_multiple == 17.0);
}

TEST_CASE("the recommended batch is weighed against the measured noise scale", "[optimal-batch][noise]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), noise_scale, "4611072"));
    // 9,224,192 = 2 × 4,612,096... against B_noise 4,611,072: 1 + 4611072/9224192 and 1 + 9224192/4611072.
    CHECK(decimal_of(evaluation.results[noise_steps]) == Approx(1.0 + 4611072.0 / 9224192.0).epsilon(1e-15));
    CHECK(decimal_of(evaluation.results[noise_tokens]) == Approx(1.0 + 9224192.0 / 4611072.0).epsilon(1e-15));
}

TEST_CASE("within one node the floor per replica is (d-1) g peak MFU / (3 d busbw) tokens", "[optimal-batch][floor]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), gpus, "8"));
    CHECK(decimal_of(evaluation.results[bus_bandwidth]) == 370.0);
    // Python: 7 * 2 * 989.5e12 * 0.41 / (3 * 8 * 370e9)
    CHECK(decimal_of(evaluation.results[floor_tokens_per_replica]) == Approx(639.6092342342342).epsilon(1e-12));
    CHECK(exact_of(evaluation.results[floor_sequences_per_replica]) == 1U);
    CHECK(exact_of(evaluation.results[floor_batch_tokens]) == 8U * 4096U);
}

TEST_CASE("across nodes the floor uses the NICs' rail bandwidth", "[optimal-batch][floor]") {
    // One NIC of 100 Gb/s a node: 12.5 GB/s. Python: 15 * 2 * 989.5e12 * 0.41 / (3 * 16 * 12.5e9)
    const auto evaluation = evaluate_en(with(with(deepseek_7b(), nics_per_node, "1"), nic_rate, "100"));
    CHECK(decimal_of(evaluation.results[bus_bandwidth]) == 12.5);
    CHECK(decimal_of(evaluation.results[floor_tokens_per_replica]) == Approx(20284.75).epsilon(1e-12));
    // 20,284.75 tokens: 5 sequences of 4,096 a replica, 80 for 16 replicas.
    CHECK(exact_of(evaluation.results[floor_sequences_per_replica]) == 5U);
    CHECK(exact_of(evaluation.results[floor_batch_tokens]) == 80U * 4096U);
}

TEST_CASE("a recommended batch under the cluster's floor is said to be so", "[optimal-batch][floor]") {
    // 16,384 GPUs on one 100 Gb/s NIC a node need 6 sequences each: 98,304 sequences, past 2,252.
    const auto evaluation = evaluate_en(with(with(with(deepseek_7b(), gpus, "16384"), nics_per_node, "1"), nic_rate, "100"));
    CHECK(evaluation.below_floor);
    CHECK_FALSE(evaluate_en(deepseek_7b()).below_floor);
}

TEST_CASE("one GPU has no all-reduce, so any batch clears the floor", "[optimal-batch][floor]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), gpus, "1"));
    CHECK(decimal_of(evaluation.results[floor_tokens_per_replica]) == 0.0);
    CHECK(exact_of(evaluation.results[floor_sequences_per_replica]) == 1U);
}

TEST_CASE("without GPUs there is no floor, and the laws still answer", "[optimal-batch][floor]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), gpus, ""));
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[floor_batch_tokens]));
    CHECK(exact_of(evaluation.results[recommended_sequences]) == 2252U);
}

TEST_CASE("a compute past 128 bits is refused as too large, not wrapped", "[optimal-batch][limits]") {
    const auto evaluation = evaluate_en(with(with(with(with(deepseek_7b(), layers, "1048576"), hidden, "1048576"), sequence_length, "4294967295"), tokens, "1000000000000000000"));
    CHECK(std::holds_alternative<Overflow>(std::get<Product>(evaluation.results[deepseek_compute])));
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[deepseek_batch_tokens]));
}

TEST_CASE("an unknown law is refused on its field", "[optimal-batch][fields]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), law, "kaplan"));
    CHECK_FALSE(evaluation.fields[law].ok());
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[recommended_sequences]));
}

TEST_CASE("fields are read in the page's number syntax", "[optimal-batch][fields]") {
    const auto evaluation = evaluate_in(with(deepseek_7b(), tokens, "2.000.000.000.000"), NumberSyntax::pt_BR);
    CHECK(wide_of(evaluation.results[deepseek_compute]) == "84557168640000000000000");
}

TEST_CASE("an invalid N holds the recommendation back, whichever law is chosen", "[optimal-batch][recommendation]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), parameters, "6.5 billion"));
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[recommended_batch_tokens]));
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[recommended_learning_rate]));
    CHECK(decimal_of(evaluation.results[deepseek_batch_tokens]) == Approx(9222608.174340643).epsilon(1e-12));
}
