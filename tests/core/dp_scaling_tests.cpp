#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "dp_scaling.hpp"
#include "field_texts.hpp"

using namespace batch_planner;
using namespace batch_planner::dp_scaling;

namespace {

Evaluation evaluate_in(std::vector<std::string> texts, NumberSyntax syntax) {
    return evaluate_texts<FieldTexts>(std::move(texts), syntax, [](const FieldTexts& views, NumberSyntax s) { return evaluate(views, s); });
}
Evaluation evaluate_en(std::vector<std::string> texts) { return evaluate_in(std::move(texts), NumberSyntax::en); }

// 7B parameters, bf16 gradients (S = 14e9 bytes), 2 s of compute, 8 GPUs per
// node at 370 GB/s, 50 GB/s typed across nodes (8 NICs of 400 Gb/s), half
// overlapped, n = 16, weak, b 1, a 8, L 4096.
std::vector<std::string> defaults() {
    return {"7B", "bf16", "2", "", "8", "370", "50", "8", "400", "50", "16", "weak", "1", "8", "4096"};
}

std::vector<std::string> with(std::vector<std::string> texts, Field field, std::string text) {
    texts[field] = std::move(text);
    return texts;
}

double decimal_of(const Figure& figure) { return std::get<double>(figure); }
std::uint64_t exact_of(const Figure& figure) { return std::get<std::uint64_t>(std::get<Product>(figure)); }

}  // namespace

TEST_CASE("a ring all-reduce over one GPU takes no time", "[scaling][allreduce]") {
    CHECK(ring_allreduce_seconds(14e9, 1, 370e9) == 0.0);
}

TEST_CASE("a ring all-reduce moves 2(n-1)/n of the payload at the bus bandwidth", "[scaling][allreduce]") {
    // 2·7/8 · 14e9 B / 370e9 B/s = 24.5/370 s.
    CHECK(ring_allreduce_seconds(14e9, 8, 370e9) == Approx(24.5 / 370).epsilon(1e-15));
    // 2·1/2 · 14e9 / 50e9 = 0.28 s: two GPUs each send half, receive half, twice.
    CHECK(ring_allreduce_seconds(14e9, 2, 50e9) == Approx(0.28).epsilon(1e-15));
}

TEST_CASE("the gradient payload is parameters times bytes per element, exactly", "[scaling][payload]") {
    CHECK(exact_of(evaluate_en(defaults()).results[gradient_payload]) == 14'000'000'000ULL);
}

TEST_CASE("fp32 gradients, Megatron-LM's reduction for bf16 runs, send four bytes a parameter", "[scaling][payload]") {
    // 7e9 parameters x 4 bytes.
    CHECK(exact_of(evaluate_en(with(defaults(), gradient_precision, "fp32")).results[gradient_payload]) == 28'000'000'000ULL);
}

TEST_CASE("a gradient precision other than fp32 or bf16 is refused", "[scaling][payload][fields]") {
    const auto evaluation = evaluate_en(with(defaults(), gradient_precision, "2"));
    CHECK(evaluation.fields[gradient_precision].status != FieldStatus::ok);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[gradient_payload]));
}

TEST_CASE("past one node the ring runs at the inter-node bandwidth", "[scaling][allreduce]") {
    const auto evaluation = evaluate_en(defaults());
    CHECK(decimal_of(evaluation.results[bus_bandwidth]) == 50.0);
    // 2·15/16 · 14e9 / 50e9 = 0.525 s.
    CHECK(decimal_of(evaluation.results[allreduce_time]) == Approx(0.525).epsilon(1e-15));
}

TEST_CASE("within one node the ring runs at the intra-node bandwidth, and the inter-node one is not needed",
          "[scaling][allreduce]") {
    const auto evaluation = evaluate_en(with(with(defaults(), data_parallel, "8"), inter_bandwidth, ""));
    CHECK(decimal_of(evaluation.results[bus_bandwidth]) == 370.0);
    CHECK(decimal_of(evaluation.results[allreduce_time]) == Approx(24.5 / 370).epsilon(1e-15));
    CHECK(evaluation.curve.size() == 4);
}

TEST_CASE("the step adds the share of the all-reduce not overlapped with compute", "[scaling][step]") {
    // 2 + 0.5 · 0.525 = 2.2625 s.
    CHECK(decimal_of(evaluate_en(defaults()).results[step_time]) == Approx(2.2625).epsilon(1e-15));
}

TEST_CASE("weak scaling keeps the accumulation, so the global batch grows with n", "[scaling][weak]") {
    const auto evaluation = evaluate_en(defaults());
    CHECK(exact_of(evaluation.results[global_batch]) == 128U);
    CHECK(exact_of(evaluation.results[accumulation_at_n]) == 8U);
    CHECK(decimal_of(evaluation.results[compute_at_n]) == 2.0);
    // 128 sequences / 2.2625 s, 4096 tokens each.
    CHECK(decimal_of(evaluation.results[throughput_samples]) == Approx(128 / 2.2625).epsilon(1e-15));
    CHECK(decimal_of(evaluation.results[throughput_tokens]) == Approx(128 * 4096 / 2.2625).epsilon(1e-15));
}

TEST_CASE("scaling efficiency is the compute share of the step", "[scaling][efficiency]") {
    CHECK(decimal_of(evaluate_en(defaults()).results[scaling_efficiency]) == Approx(2 / 2.2625).epsilon(1e-15));
}

TEST_CASE("one replica scales perfectly", "[scaling][efficiency]") {
    const auto evaluation = evaluate_en(with(defaults(), data_parallel, "1"));
    CHECK(decimal_of(evaluation.results[allreduce_time]) == 0.0);
    CHECK(decimal_of(evaluation.results[scaling_efficiency]) == 1.0);
}

TEST_CASE("fully overlapped communication shorter than the compute costs no step time", "[scaling][efficiency]") {
    const auto evaluation = evaluate_en(with(defaults(), overlap, "100"));
    CHECK(decimal_of(evaluation.results[step_time]) == 2.0);
    CHECK(decimal_of(evaluation.results[scaling_efficiency]) == 1.0);
}

TEST_CASE("a step never ends before its own all-reduce, whatever the overlap", "[scaling][step][overlap]") {
    // Issue 16, item 9: communication hides only behind computation (the backward pass, where DDP
    // launches its bucket all-reduces: Li et al. 2020, "PyTorch Distributed", section 3.2.3).
    // 0.1 s of compute against a 0.525 s all-reduce, 100% overlapped: max(0.1, 0.525).
    const auto evaluation = evaluate_en(with(with(defaults(), overlap, "100"), compute_seconds, "0.1"));
    CHECK(decimal_of(evaluation.results[step_time]) == Approx(0.525).epsilon(1e-15));
    CHECK(decimal_of(evaluation.results[scaling_efficiency]) == Approx(0.1 / 0.525).epsilon(1e-15));
    CHECK(evaluation.curve.back().step_seconds == Approx(0.525).epsilon(1e-15));
}

TEST_CASE("an empty inter-node bandwidth is NICs times their rate, capped by the node's own", "[scaling][allreduce][nics]") {
    // Issue 16, item 8: NCCL's rings cross nodes on every rail at once. NVIDIA/nccl#812: 8 x 200 Gb/s
    // per node = 200 GB/s of line rate, 192 GB/s measured all-reduce busbw.
    const auto rails = [](const char* nics, const char* rate) {
        return evaluate_en(with(with(with(defaults(), inter_bandwidth, ""), nics_per_node, nics), nic_rate, rate));
    };
    CHECK(decimal_of(rails("8", "200").results[bus_bandwidth]) == 200.0);
    CHECK(decimal_of(rails("8", "400").results[bus_bandwidth]) == 370.0);  // 400 GB/s of NICs, capped at 370
    CHECK(decimal_of(rails("1", "400").results[bus_bandwidth]) == 50.0);   // one NIC a node: the old default
    CHECK(rail_bandwidth(8, 200, 370) == 200.0);
}

TEST_CASE("a typed inter-node bandwidth is used as given, whatever the NICs", "[scaling][allreduce][nics]") {
    const auto evaluation = evaluate_en(with(defaults(), nic_rate, "1"));
    CHECK(decimal_of(evaluation.results[bus_bandwidth]) == 50.0);
}

TEST_CASE("strong scaling keeps the global batch and divides the accumulation among replicas", "[scaling][strong]") {
    const auto evaluation = evaluate_en(with(with(defaults(), mode, "strong"), data_parallel, "4"));
    CHECK(exact_of(evaluation.results[global_batch]) == 8U);
    CHECK(exact_of(evaluation.results[accumulation_at_n]) == 2U);
    CHECK(decimal_of(evaluation.results[compute_at_n]) == 0.5);
    // 0.5 + 0.5 · (2·3/4 · 14e9 / 370e9) s for 8 sequences.
    const double step = 0.5 + 0.5 * (1.5 * 14e9 / 370e9);
    CHECK(decimal_of(evaluation.results[step_time]) == Approx(step).epsilon(1e-15));
    CHECK(decimal_of(evaluation.results[throughput_samples]) == Approx(8 / step).epsilon(1e-15));
    CHECK(decimal_of(evaluation.results[scaling_efficiency]) == Approx(0.5 / step).epsilon(1e-15));
}

TEST_CASE("strong scaling past what divides is refused, not rounded", "[scaling][strong]") {
    const auto evaluation = evaluate_en(with(defaults(), mode, "strong"));  // a = 8 over 16 replicas
    CHECK(std::holds_alternative<NotDivisible>(evaluation.results[accumulation_at_n]));
    CHECK(std::holds_alternative<NotDivisible>(evaluation.results[step_time]));
    CHECK(std::holds_alternative<NotDivisible>(evaluation.results[scaling_efficiency]));
    CHECK(exact_of(evaluation.results[global_batch]) == 8U);
    CHECK(decimal_of(evaluation.results[allreduce_time]) == Approx(0.525).epsilon(1e-15));
}

TEST_CASE("the curve marks where strong scaling stops dividing", "[scaling][strong][curve]") {
    const auto evaluation = evaluate_en(with(with(defaults(), mode, "strong"), accumulation_steps, "12"));
    std::vector<bool> divides;
    for (const Point& point : evaluation.curve) divides.push_back(point.split.has_value());
    CHECK(divides == std::vector<bool>{true, true, true, false, false});  // 1, 2, 4 divide b·a = 12; 8 and 16 do not
}

TEST_CASE("strong scaling splits the micro-batch when the accumulation cannot be split", "[scaling][strong][split]") {
    // Issue 16, item 10: b 4, a 2 over n 4 is 2 samples a replica: b' = 2, a' = 1.
    auto texts = with(with(with(with(defaults(), mode, "strong"), micro_batch, "4"), accumulation_steps, "2"), data_parallel, "4");
    const auto evaluation = evaluate_en(texts);
    CHECK(exact_of(evaluation.results[micro_batch_at_n]) == 2U);
    CHECK(exact_of(evaluation.results[accumulation_at_n]) == 1U);
    CHECK(exact_of(evaluation.results[global_batch]) == 8U);
    CHECK(decimal_of(evaluation.results[compute_at_n]) == 0.5);  // a quarter of the samples
    CHECK(evaluation.curve.back().split->micro_batch == 2U);
}

TEST_CASE("strong scaling keeps the micro-batch when n divides the accumulation", "[scaling][strong][split]") {
    const auto split = strong_split(4, 8, 4);
    REQUIRE(split);
    CHECK(split->micro_batch == 4U);
    CHECK(split->accumulation_steps == 2U);
}

TEST_CASE("strong scaling takes the largest micro-batch up to b that divides a replica's samples", "[scaling][strong][split]") {
    // b 6, a 2 over 3: 4 samples each; b' = 4 (not gcd(6, 4) = 2), a' = 1.
    CHECK(strong_split(6, 2, 3)->micro_batch == 4U);
    CHECK(strong_split(6, 2, 3)->accumulation_steps == 1U);
    CHECK_FALSE(strong_split(3, 1, 2));  // 3 samples over 2 replicas
}

TEST_CASE("compute per step comes from tokens per second when left empty", "[scaling][compute]") {
    // 1 · 8 · 4096 tokens at 16,384 tokens/s = 2 s.
    const auto evaluation = evaluate_en(with(with(defaults(), compute_seconds, ""), tokens_per_second, "16384"));
    CHECK(decimal_of(evaluation.results[compute_at_n]) == 2.0);
    CHECK(decimal_of(evaluation.results[step_time]) == Approx(2.2625).epsilon(1e-15));
}

TEST_CASE("a typed compute time wins over tokens per second", "[scaling][compute]") {
    const auto evaluation = evaluate_en(with(defaults(), tokens_per_second, "1"));
    CHECK(decimal_of(evaluation.results[compute_at_n]) == 2.0);
}

TEST_CASE("a wrong compute time is not replaced by tokens per second", "[scaling][compute]") {
    const auto evaluation = evaluate_en(with(with(defaults(), compute_seconds, "2s"), tokens_per_second, "16384"));
    CHECK(evaluation.fields[compute_seconds].status == FieldStatus::not_a_number);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[step_time]));
    CHECK(evaluation.curve.empty());
}

TEST_CASE("the curve runs through powers of two, the node size and n", "[scaling][curve]") {
    CHECK(curve_replicas(24, 8) == std::vector<std::uint64_t>{1, 2, 4, 8, 16, 24});
    CHECK(curve_replicas(100, 6) == std::vector<std::uint64_t>{1, 2, 4, 6, 8, 16, 32, 64, 100});
    CHECK(curve_replicas(1, 8) == std::vector<std::uint64_t>{1});
    CHECK(curve_replicas(max_replicas, 8).size() == 21);
}

TEST_CASE("the curve's last point is the result at n", "[scaling][curve]") {
    const auto evaluation = evaluate_en(with(defaults(), data_parallel, "24"));
    const Point& last = evaluation.curve.back();
    CHECK(last.replicas == 24U);
    CHECK(last.across_nodes);
    CHECK(last.step_seconds == decimal_of(evaluation.results[step_time]));
    CHECK(last.tokens_per_second == decimal_of(evaluation.results[throughput_tokens]));
    CHECK(last.efficiency == decimal_of(evaluation.results[scaling_efficiency]));
}

TEST_CASE("a decimal field takes the language's decimal mark and an exponent", "[scaling][fields]") {
    CHECK(*evaluate_in(with(defaults(), compute_seconds, "0,5"), NumberSyntax::pt_BR).fields[compute_seconds].decimal == 0.5);
    CHECK(*evaluate_en(with(defaults(), intra_bandwidth, "3.7e2")).fields[intra_bandwidth].decimal == 370.0);
}

TEST_CASE("a bandwidth of 5e-324 is refused, so no time is infinite", "[scaling][fields][limits]") {
    // Issue 16, item 11: ?inter=5e-324 drew NaN polylines.
    const auto evaluation = evaluate_en(with(defaults(), inter_bandwidth, "5e-324"));
    CHECK(evaluation.fields[inter_bandwidth].status == FieldStatus::below_minimum);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[allreduce_time]));
    CHECK(evaluation.curve.empty());
}

TEST_CASE("every decimal field has a positive minimum", "[scaling][fields][limits]") {
    for (const FieldSpec& spec : field_specs) {
        if (spec.kind == FieldKind::decimal) CHECK(spec.decimals.minimum > 0);
    }
}

TEST_CASE("the smallest accepted values give finite figures everywhere", "[scaling][fields][limits]") {
    auto texts = with(with(with(defaults(), inter_bandwidth, "0.001"), intra_bandwidth, "0.001"), compute_seconds, "");
    texts = with(with(texts, tokens_per_second, "0.001"), parameters, "1000000000000000");
    texts = with(with(with(texts, gradient_precision, "fp32"), micro_batch, "4294967295"), accumulation_steps, "4294967295");
    const auto evaluation = evaluate_en(with(with(texts, sequence_length, "4294967295"), data_parallel, "1048576"));
    for (const Result result : {allreduce_time, step_time, throughput_samples, throughput_tokens, scaling_efficiency}) {
        CHECK(std::isfinite(decimal_of(evaluation.results[result])));
    }
    for (const Point& point : evaluation.curve) CHECK(std::isfinite(point.tokens_per_second));
}

TEST_CASE("zero bandwidth is refused, not divided by", "[scaling][fields]") {
    const auto evaluation = evaluate_en(with(defaults(), inter_bandwidth, "0"));
    CHECK(evaluation.fields[inter_bandwidth].status == FieldStatus::below_minimum);
    CHECK(std::holds_alternative<std::monostate>(evaluation.results[allreduce_time]));
}

TEST_CASE("overlap is a whole percentage from 0 to 100", "[scaling][fields]") {
    CHECK(evaluate_en(with(defaults(), overlap, "0")).fields[overlap].ok());
    CHECK(evaluate_en(with(defaults(), overlap, "101")).fields[overlap].status == FieldStatus::above_maximum);
}

TEST_CASE("the mode is one of its words, exactly", "[scaling][fields]") {
    CHECK(*evaluate_en(with(defaults(), mode, " strong ")).fields[mode].count == 1U);
    CHECK(evaluate_en(with(defaults(), mode, "Strong")).fields[mode].status == FieldStatus::not_a_number);
}

TEST_CASE("a weak-scaling global batch above 2^64 - 1 is reported as overflow", "[scaling][overflow]") {
    auto texts = with(with(defaults(), micro_batch, "4294967295"), accumulation_steps, "4294967295");
    const auto evaluation = evaluate_en(with(texts, data_parallel, "1048576"));
    CHECK(overflowed(std::get<Product>(evaluation.results[global_batch])));
    CHECK(decimal_of(evaluation.results[throughput_samples]) > 0);
}

TEST_CASE("with the inter-node bandwidth typed, the unused NIC fields are not read, so their text is no error", "[scaling][fields]") {
    // Issue 28, item 23: an error in a field the page does not use held the copy-link button back.
    const auto evaluation = evaluate_en(with(with(defaults(), nics_per_node, "abc"), nic_rate, "-4"));
    CHECK(evaluation.fields[nics_per_node].status == FieldStatus::empty);
    CHECK(evaluation.fields[nic_rate].status == FieldStatus::empty);
    CHECK(decimal_of(evaluation.results[bus_bandwidth]) == 50.0);
    // With the inter-node bandwidth empty they are read, and refused.
    const auto read = evaluate_en(with(with(defaults(), inter_bandwidth, ""), nics_per_node, "abc"));
    CHECK(read.fields[nics_per_node].status == FieldStatus::not_a_number);
}
