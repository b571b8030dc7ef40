#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>

#include "batch_arithmetic.hpp"
#include "effective_batch.hpp"

using batch_planner::FieldStatus;
using batch_planner::NumberSyntax;
using batch_planner::overflowed;
using batch_planner::Product;
using batch_planner::effective_batch::compute;
using batch_planner::batch_arithmetic::data_parallel_of;
using batch_planner::effective_batch::evaluate;

TEST_CASE("the seed example gives 2048 sequences and 8388608 tokens", "[effective-batch][example]") {
    const auto results = compute({8, 64, 4, 4096});
    CHECK(results.effective_batch == Product{2048U});
    CHECK(results.tokens_per_step == Product{8388608U});
}

TEST_CASE("doubling accumulation steps doubles the effective batch to 4096", "[effective-batch][example]") {
    CHECK(compute({8, 64, 8, 4096}).effective_batch == Product{4096U});
}

TEST_CASE("BLOOM-176B: TP4 PP12 on 384 GPUs is DP 8, and MBS 2 with GAS 128 gives 2048 x 2048",
          "[effective-batch][recipes]") {
    // bigscience tr11-176B-ml: 384 GPUs, TP=4, PP=12, MICRO_BATCH_SIZE=2, GLOBAL_BATCH_SIZE=2048, SEQ_LEN=2048; its
    // README gives DP=8. The core's d = GPUs ÷ (TP·PP·CP) must say the same.
    const std::optional<std::uint64_t> data_parallel = data_parallel_of(384, 4, 12, 1);
    REQUIRE(data_parallel == std::optional<std::uint64_t>{8U});
    const auto results = compute({2, *data_parallel, 128, 2048});
    CHECK(results.effective_batch == Product{2048U});
    CHECK(results.tokens_per_step == Product{4194304U});
}

TEST_CASE("a single device without accumulation has the micro-batch as its batch", "[effective-batch]") {
    CHECK(compute({1, 1, 1, 1}).effective_batch == Product{1U});
}

TEST_CASE("results just above 2^53 stay exact", "[effective-batch][limits]") {
    // 9007203547611135 is odd and above 2^53, so a double could not hold it.
    CHECK(compute({4294967295U, 2097153U, 1, 1}).effective_batch == Product{9007203547611135ULL});
}

TEST_CASE("(2^32-1)^2, above 2^63, is exact", "[effective-batch][limits]") {
    CHECK(compute({4294967295U, 4294967295U, 1, 1}).effective_batch == Product{18446744065119617025ULL});
}

TEST_CASE("2^64-1 exactly is the largest representable result", "[effective-batch][limits]") {
    // 2^64-1 = (2^32-1) * 641 * 6700417
    CHECK(compute({4294967295U, 641, 6700417, 1}).tokens_per_step == Product{UINT64_MAX});
}

TEST_CASE("a batch of 2^64 overflows, and so do its tokens", "[effective-batch][limits][overflow]") {
    const auto results = compute({2147483648U, 2147483648U, 4, 1});
    CHECK(overflowed(results.effective_batch));
    CHECK(overflowed(results.tokens_per_step));
}

TEST_CASE("tokens overflow is reported, batch stays valid", "[effective-batch][limits][overflow]") {
    const auto results = compute({2147483648U, 2147483648U, 2, 2});
    CHECK(results.effective_batch == Product{9223372036854775808ULL});
    CHECK(overflowed(results.tokens_per_step));
}

TEST_CASE("grouped pt-BR text evaluates to the seed example", "[effective-batch][evaluate][pt-BR]") {
    const auto evaluation = evaluate({"8", "64", "4", "4.096"}, NumberSyntax::pt_BR);
    CHECK(evaluation.effective_batch == Product{2048U});
    CHECK(evaluation.tokens_per_step == Product{8388608U});
}

TEST_CASE("grouped en text evaluates to the seed example", "[effective-batch][evaluate][en]") {
    const auto evaluation = evaluate({"8", "64", "4", "4,096"}, NumberSyntax::en);
    CHECK(evaluation.tokens_per_step == Product{8388608U});
}

TEST_CASE("an invalid sequence length withholds the tokens but not the batch", "[effective-batch][evaluate][partial]") {
    const auto evaluation = evaluate({"8", "64", "4", "abc"}, NumberSyntax::pt_BR);
    CHECK(evaluation.effective_batch == Product{2048U});
    CHECK_FALSE(evaluation.tokens_per_step.has_value());
}

TEST_CASE("an invalid factor of the batch withholds both results", "[effective-batch][evaluate][partial]") {
    const auto evaluation = evaluate({"8", "", "4", "4096"}, NumberSyntax::pt_BR);
    CHECK_FALSE(evaluation.effective_batch.has_value());
    CHECK_FALSE(evaluation.tokens_per_step.has_value());
}

TEST_CASE("an invalid field leaves the other fields' statuses ok", "[effective-batch][evaluate][errors]") {
    const auto evaluation = evaluate({"8", "64", "4,5", "4096"}, NumberSyntax::pt_BR);
    CHECK(evaluation.fields[0].status == FieldStatus::ok);
    CHECK(evaluation.fields[1].status == FieldStatus::ok);
    CHECK(evaluation.fields[2].status == FieldStatus::fractional);
    CHECK(evaluation.fields[3].status == FieldStatus::ok);
}

TEST_CASE("each field reports its own error kind", "[effective-batch][evaluate][errors]") {
    const auto evaluation = evaluate({"0", "-1", "1e3", "40.9600"}, NumberSyntax::pt_BR);
    CHECK(evaluation.fields[0].status == FieldStatus::below_minimum);
    CHECK(evaluation.fields[1].status == FieldStatus::negative);
    CHECK(evaluation.fields[2].status == FieldStatus::not_a_number);
    CHECK(evaluation.fields[3].status == FieldStatus::malformed_grouping);
}
