#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "number_text.hpp"

using batch_planner::CountLimits;
using batch_planner::FieldStatus;
using batch_planner::NumberSyntax;
using batch_planner::parse_count;
using batch_planner::to_decimal;
using batch_planner::to_grouped;

namespace {

constexpr CountLimits u32{1, 4'294'967'295ULL};

FieldStatus status_pt(const std::string& text) { return parse_count(text, NumberSyntax::pt_BR, u32).status(); }
FieldStatus status_en(const std::string& text) { return parse_count(text, NumberSyntax::en, u32).status(); }
std::uint64_t value_pt(const std::string& text) { return parse_count(text, NumberSyntax::pt_BR, u32).value().value_or(0); }
std::uint64_t value_en(const std::string& text) { return parse_count(text, NumberSyntax::en, u32).value().value_or(0); }

}  // namespace

TEST_CASE("plain digits parse to their value in both syntaxes", "[parse]") {
    CHECK(value_pt("8") == 8U);
    CHECK(value_en("4096") == 4096U);
}

TEST_CASE("pt-BR groups thousands with a dot", "[parse][grouping][pt-BR]") {
    CHECK(value_pt("4.096") == 4096U);
    CHECK(value_pt("1.000.000") == 1000000U);
}

TEST_CASE("en groups thousands with a comma", "[parse][grouping][en]") {
    CHECK(value_en("4,096") == 4096U);
    CHECK(value_en("4,294,967,295") == 4294967295U);
}

TEST_CASE("a space, a no-break space or a narrow no-break space groups in both syntaxes", "[parse][grouping][unicode]") {
    for (const std::string separator : {" ", "\xC2\xA0", "\xE2\x80\xAF"}) {
        const std::string text = "1" + separator + "000" + separator + "000";
        CHECK(value_pt(text) == 1000000U);
        CHECK(value_en(text) == 1000000U);
    }
}

TEST_CASE("mixed group separators in one number are malformed", "[parse][grouping][errors]") {
    CHECK(status_pt("1.000 000") == FieldStatus::malformed_grouping);
    CHECK(status_en("1,000\xC2\xA0" "000") == FieldStatus::malformed_grouping);
}

TEST_CASE("the other language's decimal mark is read as a fraction", "[parse][errors]") {
    CHECK(status_pt("4,096") == FieldStatus::fractional);
    CHECK(status_en("4.096") == FieldStatus::fractional);
    CHECK(status_en("8.5") == FieldStatus::fractional);
}

TEST_CASE("surrounding whitespace, including no-break spaces, is ignored", "[parse]") {
    CHECK(value_pt("  8\t\n") == 8U);
    CHECK(value_en("\xC2\xA0" "64" "\xE2\x80\xAF") == 64U);
}

TEST_CASE("leading zeros without grouping are accepted", "[parse]") {
    CHECK(value_pt("0008") == 8U);
}

TEST_CASE("empty or blank text is reported as empty", "[parse][errors]") {
    CHECK(status_pt("") == FieldStatus::empty);
    CHECK(status_pt("   ") == FieldStatus::empty);
    CHECK(status_en("\xC2\xA0") == FieldStatus::empty);
}

TEST_CASE("a value below the minimum is reported as below the minimum", "[parse][errors][limits]") {
    CHECK(status_pt("0") == FieldStatus::below_minimum);
    CHECK(parse_count("4", NumberSyntax::en, {5, 10}).status() == FieldStatus::below_minimum);
}

TEST_CASE("a minus sign is reported as negative", "[parse][errors]") {
    CHECK(status_pt("-8") == FieldStatus::negative);
    CHECK(status_en("-4,096") == FieldStatus::negative);
}

TEST_CASE("a minus sign before non-numbers is not a number", "[parse][errors]") {
    CHECK(status_pt("-abc") == FieldStatus::not_a_number);
    CHECK(status_pt("-") == FieldStatus::not_a_number);
}

TEST_CASE("the maximum is 2^32-1 and one more is above it", "[parse][errors][limits]") {
    CHECK(value_pt("4.294.967.295") == 4294967295U);
    CHECK(status_pt("4294967296") == FieldStatus::above_maximum);
}

TEST_CASE("a limit near 2^64 saturates instead of wrapping", "[parse][limits]") {
    constexpr CountLimits u64{0, UINT64_MAX};
    CHECK(parse_count("18446744073709551615", NumberSyntax::en, u64).value() == UINT64_MAX);
    CHECK(parse_count("18446744073709551616", NumberSyntax::en, u64).status() == FieldStatus::above_maximum);
}

TEST_CASE("a maximum below 9 still rejects a larger single digit", "[parse][limits]") {
    CHECK(parse_count("7", NumberSyntax::en, {1, 5}).status() == FieldStatus::above_maximum);
    CHECK(parse_count("5", NumberSyntax::en, {1, 5}).value() == 5U);
}

TEST_CASE("text longer than the limit is too long, whatever it holds", "[parse][errors][limits]") {
    CHECK(status_pt(std::string(batch_planner::max_text_length, '9')) == FieldStatus::above_maximum);
    CHECK(status_pt(std::string(batch_planner::max_text_length + 1, '9')) == FieldStatus::too_long);
    CHECK(status_pt(std::string(1000000, ' ') + "8") == FieldStatus::too_long);
}

TEST_CASE("a group that is still short at the end is unfinished, not wrong", "[parse][grouping]") {
    CHECK(status_pt("2.") == FieldStatus::unfinished_grouping);
    CHECK(status_pt("2.0") == FieldStatus::unfinished_grouping);
    CHECK(status_pt("2.04") == FieldStatus::unfinished_grouping);
    CHECK(status_en("2,04") == FieldStatus::unfinished_grouping);
    CHECK(status_en("4 09") == FieldStatus::unfinished_grouping);
}

TEST_CASE("each step of typing 2.048 is unfinished until the number is whole", "[parse][grouping]") {
    CHECK(value_pt("2") == 2U);
    CHECK(status_pt("2.") == FieldStatus::unfinished_grouping);
    CHECK(status_pt("2.0") == FieldStatus::unfinished_grouping);
    CHECK(status_pt("2.04") == FieldStatus::unfinished_grouping);
    CHECK(value_pt("2.048") == 2048U);
}

TEST_CASE("misplaced group separators are malformed", "[parse][errors][grouping]") {
    for (const std::string text : {".096", "4.0960", "40.96.000", "0.096", "4..096", "4.09.6", "1234.567"}) {
        CAPTURE(text);
        CHECK(status_pt(text) == FieldStatus::malformed_grouping);
    }
}

TEST_CASE("a short group before the decimal mark is malformed", "[parse][errors][grouping]") {
    CHECK(status_pt("4.09,5") == FieldStatus::malformed_grouping);
}

TEST_CASE("a trailing decimal mark is a fraction being typed", "[parse][errors]") {
    CHECK(status_pt("8,") == FieldStatus::fractional);
    CHECK(status_en("8.") == FieldStatus::fractional);
}

TEST_CASE("exponents, hex, plus signs and words are not numbers", "[parse][errors]") {
    for (const std::string text : {"1e3", "0x10", "+8", "NaN", "Infinity", "abc", "8a", ",5", "8,5,0", "8,5.0"}) {
        CAPTURE(text);
        CHECK(status_pt(text) == FieldStatus::not_a_number);
    }
}

TEST_CASE("non-ASCII digits are not numbers", "[parse][errors][unicode]") {
    CHECK(status_pt("\xEF\xBC\x98") == FieldStatus::not_a_number);  // fullwidth 8
    CHECK(status_en("\xD9\xA8") == FieldStatus::not_a_number);      // Arabic-Indic 8
}

TEST_CASE("invisible and bidi characters are not numbers", "[parse][errors][unicode]") {
    CHECK(status_pt("8\xE2\x80\x8B") == FieldStatus::not_a_number);  // zero-width space
    CHECK(status_pt("\xE2\x80\xAE" "8") == FieldStatus::not_a_number);  // right-to-left override
    CHECK(status_pt(std::string("8\0", 2)) == FieldStatus::not_a_number);
}

TEST_CASE("a truncated no-break space is not a number", "[parse][errors][unicode]") {
    CHECK(status_pt("1\xC2" "000") == FieldStatus::not_a_number);
    CHECK(status_pt("1\xE2\x80" "000") == FieldStatus::not_a_number);
}

TEST_CASE("decimal strings are plain ASCII digits", "[format]") {
    CHECK(to_decimal(0) == "0");
    CHECK(to_decimal(8388608) == "8388608");
    CHECK(to_decimal(UINT64_MAX) == "18446744073709551615");
}

TEST_CASE("pt-BR formatting groups with dots", "[format][pt-BR]") {
    CHECK(to_grouped(999, NumberSyntax::pt_BR) == "999");
    CHECK(to_grouped(8388608, NumberSyntax::pt_BR) == "8.388.608");
}

TEST_CASE("en formatting groups with commas", "[format][en]") {
    CHECK(to_grouped(1000, NumberSyntax::en) == "1,000");
    CHECK(to_grouped(UINT64_MAX, NumberSyntax::en) == "18,446,744,073,709,551,615");
}

TEST_CASE("grouped values parse back to themselves in both syntaxes", "[format][parse]") {
    for (const std::uint64_t value : {1ULL, 999ULL, 1000ULL, 4096ULL, 1000000ULL, 4294967295ULL}) {
        for (const NumberSyntax syntax : {NumberSyntax::pt_BR, NumberSyntax::en}) {
            CHECK(parse_count(to_grouped(value, syntax), syntax, u32).value() == value);
        }
    }
}
