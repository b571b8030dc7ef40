#include <catch2/catch.hpp>

#include <cstdint>

#include "checked_math.hpp"

using batch_planner::checked_multiply;
using batch_planner::Overflow;
using batch_planner::overflowed;
using batch_planner::Product;

TEST_CASE("a product that fits is exact", "[checked]") {
    CHECK(checked_multiply(Product{2048U}, 4096) == Product{8388608U});
}

TEST_CASE("2^64-1 exactly fits", "[checked][limits]") {
    CHECK(checked_multiply(Product{4294967295ULL}, 4294967297ULL) == Product{UINT64_MAX});
}

TEST_CASE("one past 2^64-1 overflows", "[checked][limits][overflow]") {
    CHECK(overflowed(checked_multiply(Product{1ULL << 32}, 1ULL << 32)));
}

TEST_CASE("an overflow stays an overflow", "[checked][overflow]") {
    CHECK(overflowed(checked_multiply(Product{Overflow{}}, 1)));
}

TEST_CASE("an overflowed product times zero is exactly zero", "[checked][overflow]") {
    CHECK(checked_multiply(Product{Overflow{}}, 0) == Product{0U});
}
