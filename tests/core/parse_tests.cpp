#include <catch2/catch.hpp>

#include <string>

#include "effective_batch.hpp"

using effective_batch::FieldStatus;
using effective_batch::parse_field;

namespace {
FieldStatus status_of(const std::string& text) { return parse_field(text).status; }
}  // namespace

TEST_CASE("plain digits parse to their value", "[parse]") {
    const auto parsed = parse_field("4096");
    CHECK(parsed.status == FieldStatus::ok);
    CHECK(parsed.value == 4096U);
}

TEST_CASE("pt-BR thousands grouping is accepted", "[parse][grouping]") {
    CHECK(parse_field("4.096").value == 4096U);
    CHECK(parse_field("1.000.000").value == 1000000U);
    CHECK(parse_field("4.294.967.295").value == 4294967295U);
    CHECK(parse_field("4.096").status == FieldStatus::ok);
}

TEST_CASE("surrounding ASCII whitespace is ignored", "[parse]") {
    const auto parsed = parse_field("  \t8 \n");
    CHECK(parsed.status == FieldStatus::ok);
    CHECK(parsed.value == 8U);
}

TEST_CASE("leading zeros without grouping are accepted", "[parse]") {
    CHECK(parse_field("008").value == 8U);
}

TEST_CASE("empty or blank text is reported as empty", "[parse][errors]") {
    CHECK(status_of("") == FieldStatus::empty);
    CHECK(status_of("   ") == FieldStatus::empty);
}

TEST_CASE("zero is reported as zero", "[parse][errors]") {
    CHECK(status_of("0") == FieldStatus::zero);
    CHECK(status_of("000") == FieldStatus::zero);
}

TEST_CASE("a minus sign is reported as negative", "[parse][errors]") {
    CHECK(status_of("-8") == FieldStatus::negative);
    CHECK(status_of("-0") == FieldStatus::negative);
    CHECK(status_of("-4.096") == FieldStatus::negative);
}

TEST_CASE("a decimal comma is reported as fractional", "[parse][errors]") {
    CHECK(status_of("8,5") == FieldStatus::fractional);
    CHECK(status_of("8,0") == FieldStatus::fractional);
    CHECK(status_of("4.096,25") == FieldStatus::fractional);
}

TEST_CASE("the maximum is 2^32-1 and one more is above it", "[parse][errors][limits]") {
    CHECK(parse_field("4294967295").value == 4294967295U);
    CHECK(status_of("4294967296") == FieldStatus::above_maximum);
    CHECK(status_of("4.294.967.296") == FieldStatus::above_maximum);
    CHECK(status_of("18446744073709551616") == FieldStatus::above_maximum);
}

TEST_CASE("a 100000-digit number is above the maximum, not wrapped", "[parse][errors][limits]") {
    CHECK(status_of(std::string(100000, '9')) == FieldStatus::above_maximum);
}

TEST_CASE("misplaced thousands separators are malformed grouping", "[parse][errors][grouping]") {
    CHECK(status_of("40.96") == FieldStatus::malformed_grouping);
    CHECK(status_of("4.09") == FieldStatus::malformed_grouping);
    CHECK(status_of("4096.000") == FieldStatus::malformed_grouping);
    CHECK(status_of("4..096") == FieldStatus::malformed_grouping);
    CHECK(status_of(".096") == FieldStatus::malformed_grouping);
    CHECK(status_of("4.096.") == FieldStatus::malformed_grouping);
    CHECK(status_of("0.008") == FieldStatus::malformed_grouping);
    CHECK(status_of("40.96,5") == FieldStatus::malformed_grouping);
}

TEST_CASE("exponents, hex, plus signs and words are not numbers", "[parse][errors]") {
    CHECK(status_of("1e3") == FieldStatus::not_a_number);
    CHECK(status_of("0x10") == FieldStatus::not_a_number);
    CHECK(status_of("+8") == FieldStatus::not_a_number);
    CHECK(status_of("NaN") == FieldStatus::not_a_number);
    CHECK(status_of("Infinity") == FieldStatus::not_a_number);
    CHECK(status_of("-abc") == FieldStatus::not_a_number);
    CHECK(status_of("8 192") == FieldStatus::not_a_number);
    CHECK(status_of(".") == FieldStatus::not_a_number);
    CHECK(status_of("8,") == FieldStatus::not_a_number);
    CHECK(status_of(",5") == FieldStatus::not_a_number);
    CHECK(status_of("1,2,3") == FieldStatus::not_a_number);
    CHECK(status_of("<script>alert(1)</script>") == FieldStatus::not_a_number);
}

TEST_CASE("non-ASCII digits are not numbers", "[parse][errors][unicode]") {
    CHECK(status_of("\xEF\xBC\x98") == FieldStatus::not_a_number);          // fullwidth 8
    CHECK(status_of("\xD9\xA8") == FieldStatus::not_a_number);              // Arabic-Indic 8
    CHECK(status_of("\xDB\xB8") == FieldStatus::not_a_number);              // extended Arabic-Indic 8
}

TEST_CASE("invisible and bidi characters are not numbers", "[parse][errors][unicode]") {
    CHECK(status_of("8\xE2\x80\x8B") == FieldStatus::not_a_number);  // zero-width space
    CHECK(status_of("\xE2\x80\xAE" "8") == FieldStatus::not_a_number);  // right-to-left override
    CHECK(status_of("\xC2\xA0" "8") == FieldStatus::not_a_number);  // no-break space
    CHECK(status_of(std::string("8\0", 2)) == FieldStatus::not_a_number);
}
