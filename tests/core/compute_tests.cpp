#include <catch2/catch.hpp>

#include <cstdint>

#include "effective_batch.hpp"

using effective_batch::BatchInputs;
using effective_batch::compute;

TEST_CASE("the seed example gives 2048 sequences and 8388608 tokens", "[core][example]") {
    const auto result = compute({8, 64, 4, 4096});
    CHECK_FALSE(result.effective_batch.overflow);
    CHECK(result.effective_batch.value == 2048U);
    CHECK_FALSE(result.tokens_per_step.overflow);
    CHECK(result.tokens_per_step.value == 8388608U);
}

TEST_CASE("doubling accumulation steps doubles the effective batch to 4096", "[core][example]") {
    CHECK(compute({8, 64, 8, 4096}).effective_batch.value == 4096U);
}

TEST_CASE("BLOOM-176B: TP4 PP12 on 384 GPUs is DP 8, MBS 2, GAS 128 gives 2048 x 2048",
          "[core][recipes]") {
    const std::uint32_t gpus = 384;
    const std::uint32_t tensor_parallel = 4;
    const std::uint32_t pipeline_parallel = 12;
    const std::uint32_t data_parallel = gpus / (tensor_parallel * pipeline_parallel);
    REQUIRE(data_parallel == 8U);
    const auto result = compute({2, data_parallel, 128, 2048});
    CHECK(result.effective_batch.value == 2048U);
    CHECK(result.tokens_per_step.value == 4194304U);
}

TEST_CASE("a single device without accumulation has the micro-batch as its batch", "[core]") {
    const auto result = compute({1, 1, 1, 1});
    CHECK(result.effective_batch.value == 1U);
    CHECK(result.tokens_per_step.value == 1U);
}

TEST_CASE("results just above 2^53 stay exact", "[core][limits]") {
    // 9007203547611135 is odd and above 2^53, so a double could not hold it.
    const auto result = compute({4294967295U, 2097153U, 1, 1});
    CHECK(result.effective_batch.value == 9007203547611135ULL);
    CHECK(result.tokens_per_step.value == 9007203547611135ULL);
}

TEST_CASE("2^63 is representable", "[core][limits]") {
    const auto result = compute({2147483648U, 2147483648U, 2, 1});
    CHECK_FALSE(result.effective_batch.overflow);
    CHECK(result.effective_batch.value == 9223372036854775808ULL);
}

TEST_CASE("(2^32-1)^2, above 2^63, is exact", "[core][limits]") {
    const auto result = compute({4294967295U, 4294967295U, 1, 1});
    CHECK(result.effective_batch.value == 18446744065119617025ULL);
    CHECK(result.tokens_per_step.value == 18446744065119617025ULL);
}

TEST_CASE("2^64-1 exactly is the largest representable result", "[core][limits]") {
    // 2^64-1 = (2^32-1) * 641 * 6700417
    const auto result = compute({4294967295U, 641, 6700417, 1});
    CHECK_FALSE(result.effective_batch.overflow);
    CHECK(result.effective_batch.value == 18446744073709551615ULL);
    CHECK_FALSE(result.tokens_per_step.overflow);
}

TEST_CASE("a batch of 2^64 overflows, and so do its tokens", "[core][limits][overflow]") {
    const auto result = compute({2147483648U, 2147483648U, 4, 1});
    CHECK(result.effective_batch.overflow);
    CHECK(result.tokens_per_step.overflow);
}

TEST_CASE("tokens overflow is reported, batch stays valid", "[core][limits][overflow]") {
    const auto result = compute({2147483648U, 2147483648U, 2, 2});
    CHECK_FALSE(result.effective_batch.overflow);
    CHECK(result.effective_batch.value == 9223372036854775808ULL);
    CHECK(result.tokens_per_step.overflow);
}

TEST_CASE("all four factors at the maximum overflow both results", "[core][limits][overflow]") {
    const auto result = compute({4294967295U, 4294967295U, 4294967295U, 4294967295U});
    CHECK(result.effective_batch.overflow);
    CHECK(result.tokens_per_step.overflow);
}

TEST_CASE("an overflowed product times zero is exactly zero", "[core][overflow]") {
    // The parser never yields 0, but compute() is exact over its whole domain.
    const auto result = compute({2147483648U, 2147483648U, 4, 0});
    CHECK(result.effective_batch.overflow);
    CHECK_FALSE(result.tokens_per_step.overflow);
    CHECK(result.tokens_per_step.value == 0U);
}
