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
// 4,096-token context, 2T tokens; no N or active N typed; 16 H100s (989.5
// TFLOPS) at 41% MFU, no micro-batch, bf16 gradients, 8 per node at 370 GB/s,
// 8 NICs of 400 Gb/s.
std::vector<std::string> deepseek_7b() {
    return {"30", "4096", "4096", "", "", "2T", "deepseek", "", "16", "", "8", "989.5", "41", "bf16", "370", "", "8", "400"};
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
    const auto evaluation = evaluate_en(with(with(deepseek_7b(), layers, "95"), hidden_size, "8192"));
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
    const auto evaluation = evaluate_en(with(with(with(with(deepseek_7b(), layers, "12"), hidden_size, "768"), sequence_length, "1024"), tokens, "1.6B"));
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
    const auto evaluation = evaluate_en(with(with(deepseek_7b(), non_embedding_parameters, "1B"), tokens, "100B"));
    CHECK_FALSE(evaluation.parameters_estimated);
    // Python: 0.58 * 1e11 ** 0.571 and 1.79 * 1e9 ** -0.713 * 1e11 ** 0.307
    CHECK(decimal_of(evaluation.results[steplaw_batch_tokens]) == Approx(1107714.8899684167).epsilon(1e-12));
    CHECK(decimal_of(evaluation.results[steplaw_learning_rate]) == Approx(0.001632499402447079).epsilon(1e-12));
    CHECK_FALSE(evaluation.steplaw_extrapolated);
}

TEST_CASE("Step Law past its grid's 1.07B parameters is flagged", "[optimal-batch][steplaw][range]") {
    CHECK(evaluate_en(with(with(deepseek_7b(), non_embedding_parameters, "2B"), tokens, "100B")).steplaw_extrapolated);
}

TEST_CASE("Step Law past its grid's 100B tokens is flagged", "[optimal-batch][steplaw][range]") {
    CHECK(evaluate_en(with(with(deepseek_7b(), non_embedding_parameters, "1B"), tokens, "200B")).steplaw_extrapolated);
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

TEST_CASE("within one node the floor per replica is (d-1) g peak MFU / (2 d busbw) tokens: only the last backward hides the all-reduce", "[optimal-batch][floor]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), gpus, "8"));
    CHECK(decimal_of(evaluation.results[bus_bandwidth]) == 370.0);
    // Issue 42, item 13: 4 N T of the backward, not 6 N T. Python: 7 * 2 * 989.5e12 * 0.41 / (2 * 8 * 370e9)
    CHECK(decimal_of(evaluation.results[floor_tokens_per_replica]) == Approx(959.4138513513514).epsilon(1e-12));
    CHECK(exact_of(evaluation.results[floor_sequences_per_replica]) == 1U);
    CHECK(exact_of(evaluation.results[floor_batch_tokens]) == 8U * 4096U);
}

TEST_CASE("across nodes the floor uses the NICs' rail bandwidth", "[optimal-batch][floor]") {
    // One NIC of 100 Gb/s a node: 12.5 GB/s. Python: 15 * 2 * 989.5e12 * 0.41 / (2 * 16 * 12.5e9)
    const auto evaluation = evaluate_en(with(with(deepseek_7b(), nics_per_node, "1"), nic_rate, "100"));
    CHECK(decimal_of(evaluation.results[bus_bandwidth]) == 12.5);
    CHECK(decimal_of(evaluation.results[floor_tokens_per_replica]) == Approx(30427.125).epsilon(1e-12));
    // 30,427.125 tokens: 8 sequences of 4,096 a replica, 128 for 16 replicas.
    CHECK(exact_of(evaluation.results[floor_sequences_per_replica]) == 8U);
    CHECK(exact_of(evaluation.results[floor_batch_tokens]) == 128U * 4096U);
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
    const auto evaluation = evaluate_en(with(with(with(with(deepseek_7b(), layers, "1048576"), hidden_size, "1048576"), sequence_length, "4294967295"), tokens, "1000000000000000000"));
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
    const auto evaluation = evaluate_en(with(deepseek_7b(), non_embedding_parameters, "6.5 billion"));
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[recommended_batch_tokens]));
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[recommended_learning_rate]));
    CHECK(decimal_of(evaluation.results[deepseek_batch_tokens]) == Approx(9222608.174340643).epsilon(1e-12));
}

TEST_CASE("the advised batch moves to the nearest multiple of the data-parallel size, and says how far", "[optimal-batch][split]") {
    // Issue 42, item 8: DeepSeek 7B's 2,252 sequences (2^2 x 563) split over no cluster; over d = 64, 35 x 64 = 2,240,
    // 2,240 / 2,252 - 1 = -0.533%. DeepSeek trained its 7B at 2,304 sequences.
    const auto evaluation = evaluate_en(with(deepseek_7b(), gpus, "64"));
    CHECK(exact_of(evaluation.results[recommended_sequences]) == 2252U);
    CHECK(exact_of(evaluation.results[split_sequences]) == 2240U);
    CHECK(exact_of(evaluation.results[split_batch_tokens]) == 2240U * 4096U);
    CHECK(decimal_of(evaluation.results[split_shift]) == Approx((2240.0 / 2252.0 - 1) * 100).epsilon(1e-12));
}

TEST_CASE("moving the advised batch to one that splits changes the steps the budget takes", "[optimal-batch][split]") {
    // 2T tokens: at 2,252 x 4,096 = 9,224,192 tokens a step, 2e12 / 9,224,192 = 216,821.16, so 216,822 steps;
    // at 2,240 x 4,096 = 9,175,040, 2e12 / 9,175,040 = 217,982.4 (9,175,040 x 217,982 = 1,999,993,569,280), so 217,983.
    const auto evaluation = evaluate_en(with(deepseek_7b(), gpus, "64"));
    CHECK(exact_of(evaluation.results[split_multiple]) == 64U);
    CHECK(exact_of(evaluation.results[recommended_steps]) == 216'822U);
    CHECK(exact_of(evaluation.results[split_steps]) == 217'983U);
}

TEST_CASE("a budget that one step of the batch holds takes one step", "[optimal-batch][split]") {
    // 1,000 tokens: the law's batch is at least one sequence of 4,096 tokens, which holds the whole budget: 1 step, not 0.
    const auto evaluation = evaluate_en(with(deepseek_7b(), tokens, "1000"));
    CHECK(exact_of(evaluation.results[recommended_steps]) == 1U);
}

TEST_CASE("with a micro-batch the advised batch is a multiple of b times d", "[optimal-batch][split]") {
    // b 4 on 64 GPUs: multiples of 256; 2,252 / 256 = 8.80, so 9 x 256 = 2,304, DeepSeek 7B's own batch.
    const auto evaluation = evaluate_en(with(with(deepseek_7b(), gpus, "64"), micro_batch, "4"));
    CHECK(exact_of(evaluation.results[split_sequences]) == 2304U);
    CHECK(exact_of(evaluation.results[split_multiple]) == 256U);
}

TEST_CASE("a batch smaller than one sequence per replica still splits: one each", "[optimal-batch][split]") {
    const auto evaluation = evaluate_en(with(deepseek_7b(), gpus, "16384"));
    CHECK(exact_of(evaluation.results[split_sequences]) == 16384U);
}

TEST_CASE("without GPUs there is no split to offer", "[optimal-batch][split]") {
    CHECK(std::holds_alternative<std::monostate>(evaluate_en(with(deepseek_7b(), gpus, "")).results[split_sequences]));
}

TEST_CASE("a mixture of experts' M counts its active non-embedding parameters: Mixtral 8x7B's 82,147,540,992", "[optimal-batch][deepseek][moe]") {
    // Issue 42, item 9: 6 x 12,617,515,008 + 12 x 32 x 4,096 x 4,096, against 72 x 32 x 4,096^2 + ... = 45,097,156,608.
    const auto dense = evaluate_en(with(with(deepseek_7b(), layers, "32"), active_non_embedding_parameters, ""));
    CHECK(exact_of(dense.results[deepseek_flops_per_token]) == 45'097'156'608ULL);
    const auto evaluation = evaluate_en(with(with(deepseek_7b(), layers, "32"), active_non_embedding_parameters, "12617515008"));
    CHECK(exact_of(evaluation.results[deepseek_flops_per_token]) == 82'147'540'992ULL);
    CHECK(evaluation.active_counted);
}

TEST_CASE("Step Law's grid has at least 18.6 tokens a parameter: 1.07B parameters on 4B tokens is extrapolated", "[optimal-batch][steplaw][range]") {
    // Issue 42, item 10: every run of data/dense_lr_bs_loss.csv (step-law/steplaw at 32a8f4c) has D/N >= 18.626
    // (10e9 / 536,872,960); 4e9 / 1,073,741,824 = 3.7.
    CHECK(evaluate_en(with(with(deepseek_7b(), non_embedding_parameters, "1073741824"), tokens, "4B")).steplaw_extrapolated);
    // The grid's own point (1,073,741,824, 20e9) is inside, and so is 536,872,960 at 10e9.
    CHECK_FALSE(evaluate_en(with(with(deepseek_7b(), non_embedding_parameters, "1073741824"), tokens, "20B")).steplaw_extrapolated);
    CHECK_FALSE(evaluate_en(with(with(deepseek_7b(), non_embedding_parameters, "536872960"), tokens, "10B")).steplaw_extrapolated);
    CHECK(evaluate_en(with(with(deepseek_7b(), non_embedding_parameters, "536872961"), tokens, "10B")).steplaw_extrapolated);
}

TEST_CASE("when only the other law is inside its range, it recommends", "[optimal-batch][recommendation][range]") {
    // Issue 42, item 11: a 1B model (16 layers of 2,048) on 20B tokens: C = M D = 1.29e20, past DeepSeek's 2e19; Step
    // Law's (1,073,741,824, 20e9) is a grid point. Python: 0.58 * 20e9 ** 0.571 = 441,891.98: 107.88, so 108 sequences.
    const auto evaluation = evaluate_en(with(with(with(with(deepseek_7b(), layers, "16"), hidden_size, "2048"), non_embedding_parameters, "1073741824"), tokens, "20B"));
    CHECK(evaluation.deepseek_extrapolated);
    CHECK_FALSE(evaluation.steplaw_extrapolated);
    CHECK(evaluation.law_switched);
    CHECK(evaluation.recommended_law == Law::steplaw);
    CHECK(exact_of(evaluation.results[recommended_sequences]) == 108U);
    // Both outside (DeepSeek 7B, N 6B): the law chosen stays.
    const auto both = evaluate_en(deepseek_7b());
    CHECK_FALSE(both.law_switched);
    CHECK(both.recommended_law == Law::deepseek);
}
