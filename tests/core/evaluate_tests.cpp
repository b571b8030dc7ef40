#include <catch2/catch.hpp>

#include "effective_batch.hpp"

using effective_batch::evaluate;
using effective_batch::FieldStatus;

TEST_CASE("grouped text from the page evaluates to the seed example", "[evaluate]") {
    const auto evaluation = evaluate({"8", "64", "4", "4.096"});
    REQUIRE(evaluation.has_result);
    CHECK(evaluation.result.effective_batch.value == 2048U);
    CHECK(evaluation.result.tokens_per_step.value == 8388608U);
}

TEST_CASE("one invalid field withholds the results", "[evaluate][errors]") {
    const auto evaluation = evaluate({"8", "", "4", "4096"});
    CHECK_FALSE(evaluation.has_result);
    CHECK(evaluation.data_parallel.status == FieldStatus::empty);
}

TEST_CASE("an invalid field leaves the other fields' statuses ok", "[evaluate][errors]") {
    const auto evaluation = evaluate({"8", "64", "4,5", "4096"});
    CHECK(evaluation.micro_batch.status == FieldStatus::ok);
    CHECK(evaluation.data_parallel.status == FieldStatus::ok);
    CHECK(evaluation.accumulation_steps.status == FieldStatus::fractional);
    CHECK(evaluation.sequence_length.status == FieldStatus::ok);
}

TEST_CASE("each field reports its own error kind", "[evaluate][errors]") {
    const auto evaluation = evaluate({"0", "-1", "1e3", "40.96"});
    CHECK(evaluation.micro_batch.status == FieldStatus::zero);
    CHECK(evaluation.data_parallel.status == FieldStatus::negative);
    CHECK(evaluation.accumulation_steps.status == FieldStatus::not_a_number);
    CHECK(evaluation.sequence_length.status == FieldStatus::malformed_grouping);
}
