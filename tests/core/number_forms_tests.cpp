#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "number_text.hpp"

using namespace batch_planner;

namespace {

constexpr CountLimits u32{1, 4'294'967'295ULL};
constexpr CountLimits tokens{1, 1'000'000'000'000'000'000ULL};

ParsedCount sequences_en(const std::string& text) { return parse_count(text, NumberSyntax::en, u32, sequence_form); }
ParsedCount tokens_en(const std::string& text) { return parse_count(text, NumberSyntax::en, tokens, token_form); }
ParsedCount tokens_pt(const std::string& text) { return parse_count(text, NumberSyntax::pt_BR, tokens, token_form); }

}  // namespace

TEST_CASE("2^12 and 2**12 read as 4096 where powers are allowed", "[parse][forms][powers]") {
    CHECK(sequences_en("2^12").value() == 4096U);
    CHECK(sequences_en("2**12").value() == 4096U);
    CHECK(sequences_en(" 2 ^ 12 ").value() == 4096U);
}

TEST_CASE("a power where the form takes only digits is not a number", "[parse][forms][powers]") {
    CHECK(parse_count("2^12", NumberSyntax::en, u32).status() == FieldStatus::not_a_number);
}

TEST_CASE("a power above the maximum is reported as such, 2^64 included", "[parse][forms][powers][limits]") {
    CHECK(sequences_en("2^32").status() == FieldStatus::above_maximum);
    CHECK(sequences_en("2^64").status() == FieldStatus::above_maximum);
    CHECK(sequences_en("2^999").status() == FieldStatus::above_maximum);
}

TEST_CASE("only powers of two are read: 3^4 and 2^ are not numbers", "[parse][forms][powers][errors]") {
    CHECK(sequences_en("3^4").status() == FieldStatus::not_a_number);
    CHECK(sequences_en("2^").status() == FieldStatus::not_a_number);
    CHECK(sequences_en("2^1000").status() == FieldStatus::not_a_number);
}

TEST_CASE("4k for a sequence count is ambiguous and carries both readings", "[parse][forms][suffix]") {
    const ParsedCount parsed = sequences_en("4k");
    REQUIRE(parsed.status() == FieldStatus::ambiguous_suffix);
    CHECK(parsed.readings()->decimal == 4000U);
    CHECK(parsed.readings()->binary == 4096U);
    CHECK_FALSE(parsed.ok());
}

TEST_CASE("1M for a sequence count reads as 1,000,000 or 1,048,576", "[parse][forms][suffix]") {
    const ParsedCount parsed = sequences_en("1M");
    CHECK(parsed.readings()->decimal == 1000000U);
    CHECK(parsed.readings()->binary == 1048576U);
}

TEST_CASE("4Ki is exactly 4096: the binary prefix is not ambiguous", "[parse][forms][suffix]") {
    CHECK(sequences_en("4Ki").value() == 4096U);
    CHECK(sequences_en("32ki").value() == 32768U);
}

TEST_CASE("an ambiguous suffix whose binary reading is too large is above the maximum", "[parse][forms][suffix][limits]") {
    CHECK(sequences_en("4G").status() == FieldStatus::above_maximum);
}

TEST_CASE("decimal SI shorthand for tokens is exact", "[parse][forms][si]") {
    CHECK(tokens_en("2T").value() == 2'000'000'000'000ULL);
    CHECK(tokens_en("15T").value() == 15'000'000'000'000ULL);
    CHECK(tokens_en("300B").value() == 300'000'000'000ULL);
    CHECK(tokens_en("4.5M").value() == 4'500'000ULL);
    CHECK(tokens_en("9.765625M").value() == 9'765'625ULL);
}

TEST_CASE("pt-BR writes the SI mantissa with a decimal comma", "[parse][forms][si][pt-BR]") {
    CHECK(tokens_pt("4,5M").value() == 4'500'000ULL);
    CHECK(tokens_pt("1.500B").value() == 1'500'000'000'000ULL);
}

TEST_CASE("the other language's decimal mark before a suffix is a grouping error", "[parse][forms][si][errors]") {
    CHECK(tokens_en("4,5M").status() == FieldStatus::malformed_grouping);
    CHECK(tokens_pt("2.5T").status() == FieldStatus::malformed_grouping);
}

TEST_CASE("SI shorthand is case-insensitive and takes G for giga", "[parse][forms][si]") {
    CHECK(tokens_en("2t").value() == 2'000'000'000'000ULL);
    CHECK(tokens_en("7g").value() == 7'000'000'000ULL);
    CHECK(tokens_en("3k").value() == 3000U);
}

TEST_CASE("an SI shorthand that leaves a fraction of a token is fractional", "[parse][forms][si][errors]") {
    CHECK(tokens_en("4.5001K").status() == FieldStatus::fractional);
    CHECK(tokens_en("1.2500K").value() == 1250U);
}

TEST_CASE("an SI shorthand above the maximum is reported, not wrapped", "[parse][forms][si][limits]") {
    CHECK(tokens_en("1000000T").value() == 1'000'000'000'000'000'000ULL);
    CHECK(tokens_en("1000001T").status() == FieldStatus::above_maximum);
    CHECK(tokens_en("99999999999999999999T").status() == FieldStatus::above_maximum);
}

TEST_CASE("a suffix alone, or after a sign, is not a count", "[parse][forms][si][errors]") {
    CHECK(tokens_en("T").status() == FieldStatus::not_a_number);
    CHECK(tokens_en("-2T").status() == FieldStatus::negative);
    CHECK(tokens_en("2X").status() == FieldStatus::not_a_number);
}

TEST_CASE("token fields also take powers of two", "[parse][forms][si][powers]") {
    CHECK(tokens_en("2^22").value() == 4'194'304ULL);
}

TEST_CASE("a grouping left short before a suffix is malformed, not unfinished", "[parse][forms][si][grouping]") {
    CHECK(tokens_en("2,04T").status() == FieldStatus::malformed_grouping);
}

namespace {
constexpr DecimalLimits positive_up_to_10{1e-9, 10};
}  // namespace

TEST_CASE("3e-4, 0.0003 in en and 0,0003 in pt-BR are the same learning rate", "[parse][decimal]") {
    const double expected = 0.0003;
    CHECK(parse_decimal("3e-4", NumberSyntax::en, positive_up_to_10).value() == expected);
    CHECK(parse_decimal("0.0003", NumberSyntax::en, positive_up_to_10).value() == expected);
    CHECK(parse_decimal("0,0003", NumberSyntax::pt_BR, positive_up_to_10).value() == expected);
    CHECK(parse_decimal("3E-4", NumberSyntax::pt_BR, positive_up_to_10).value() == expected);
}

TEST_CASE("a decimal may start at its decimal mark and carry grouped thousands", "[parse][decimal]") {
    CHECK(parse_decimal(".5", NumberSyntax::en, positive_up_to_10).value() == 0.5);
    CHECK(parse_decimal("3,500.25", NumberSyntax::en, {1e-9, 1e9}).value() == 3500.25);
    CHECK(parse_decimal("3.500,25", NumberSyntax::pt_BR, {1e-9, 1e9}).value() == 3500.25);
}

TEST_CASE("a decimal below its minimum is refused, however tiny: 5e-324 is not a bandwidth", "[parse][decimal][limits]") {
    // Issue 16, item 11: ?inter=5e-324 made every time infinite.
    CHECK(parse_decimal("5e-324", NumberSyntax::en, {0.001, 1e6}).status() == FieldStatus::below_minimum);
    CHECK(parse_decimal("0.0009", NumberSyntax::en, {0.001, 1e6}).status() == FieldStatus::below_minimum);
    CHECK(parse_decimal("0.001", NumberSyntax::en, {0.001, 1e6}).value() == 0.001);
}

TEST_CASE("a decimal whose minimum is zero takes zero itself", "[parse][decimal][limits]") {
    CHECK(parse_decimal("0", NumberSyntax::en, {0, 64}).value() == 0.0);
    CHECK(parse_decimal("0,5", NumberSyntax::pt_BR, {0, 64}).value() == 0.5);
    CHECK(parse_decimal("-0", NumberSyntax::en, {0, 64}).status() == FieldStatus::negative);
}

TEST_CASE("a decimal must be at least its minimum and at most its maximum", "[parse][decimal][limits]") {
    CHECK(parse_decimal("0", NumberSyntax::en, positive_up_to_10).status() == FieldStatus::below_minimum);
    CHECK(parse_decimal("1e-999", NumberSyntax::en, positive_up_to_10).status() == FieldStatus::below_minimum);
    CHECK(parse_decimal("11", NumberSyntax::en, positive_up_to_10).status() == FieldStatus::above_maximum);
    CHECK(parse_decimal("1e999", NumberSyntax::en, positive_up_to_10).status() == FieldStatus::above_maximum);
}

TEST_CASE("a malformed exponent or sign makes a decimal invalid", "[parse][decimal][errors]") {
    CHECK(parse_decimal("3e", NumberSyntax::en, positive_up_to_10).status() == FieldStatus::not_a_number);
    CHECK(parse_decimal("3e-4-", NumberSyntax::en, positive_up_to_10).status() == FieldStatus::not_a_number);
    CHECK(parse_decimal("e5", NumberSyntax::en, positive_up_to_10).status() == FieldStatus::not_a_number);
    CHECK(parse_decimal("-3e-4", NumberSyntax::en, positive_up_to_10).status() == FieldStatus::negative);
    CHECK(parse_decimal("", NumberSyntax::en, positive_up_to_10).status() == FieldStatus::empty);
}

namespace {
ParsedCount context_en(std::string_view text) { return parse_count(text, NumberSyntax::en, {1, 4'294'967'295ULL}, context_form); }
}  // namespace

TEST_CASE("a context length in k is binary: 4k is 4,096 and 128K is 131,072", "[parse][forms][suffix][context]") {
    // Llama 3.1's "128K" context is 131,072 tokens (max_position_embeddings in its config.json).
    CHECK(context_en("4k").value() == 4'096);
    CHECK(context_en("32K").value() == 32'768);
    CHECK(context_en("128k").value() == 131'072);
    CHECK(context_en("1M").value() == 1'048'576);
    CHECK(context_en("8Ki").value() == 8'192);
}

TEST_CASE("a context length in k must be whole", "[parse][forms][suffix][context]") {
    CHECK(context_en("1.5k").status() == FieldStatus::fractional);
    CHECK(context_en("4B").status() == FieldStatus::not_a_number);
}
