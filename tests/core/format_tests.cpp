#include <catch2/catch.hpp>

#include <cstdint>

#include "effective_batch.hpp"

using effective_batch::to_decimal;
using effective_batch::to_grouped;

TEST_CASE("decimal strings are plain ASCII digits", "[format]") {
    CHECK(to_decimal(0) == "0");
    CHECK(to_decimal(8388608) == "8388608");
    CHECK(to_decimal(UINT64_MAX) == "18446744073709551615");
}

TEST_CASE("grouped strings use pt-BR thousands dots", "[format]") {
    CHECK(to_grouped(999) == "999");
    CHECK(to_grouped(1000) == "1.000");
    CHECK(to_grouped(8388608) == "8.388.608");
    CHECK(to_grouped(UINT64_MAX) == "18.446.744.073.709.551.615");
}

TEST_CASE("grouped inputs parse back to the same value", "[format][parse]") {
    for (std::uint32_t value : {1U, 999U, 1000U, 4096U, 1000000U, 4294967295U}) {
        const auto parsed = effective_batch::parse_field(to_grouped(value));
        CHECK(parsed.status == effective_batch::FieldStatus::ok);
        CHECK(parsed.value == value);
    }
}
