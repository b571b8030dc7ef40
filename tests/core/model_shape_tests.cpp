#include <catch2/catch.hpp>

#include <array>
#include <string>
#include <string_view>

#include "model_shape.hpp"

using namespace batch_planner;
using namespace batch_planner::model_shape;

namespace {

using ShapeTexts = std::array<std::string_view, field_specs.size()>;

std::array<FieldReading, field_specs.size()> read(const ShapeTexts& texts) {
    std::array<FieldReading, field_specs.size()> fields;
    for (std::size_t i = 0; i < field_specs.size(); ++i) fields[i] = read_field(texts[i], field_specs[i], NumberSyntax::en);
    refuse_conflicts(fields.data());
    return fields;
}

// Llama 3.1 8B as its config.json gives it, with the defaults the core may fill left empty.
constexpr ShapeTexts llama_8b{"32", "4096", "32", "8", "", "14336", "on", "rmsnorm", "none", "128256", "off", "", "", "", ""};

ShapeTexts with(ShapeTexts texts, Field field, std::string_view text) {
    texts[field] = text;
    return texts;
}

}  // namespace

TEST_CASE("an empty head dimension is the hidden size over the heads: 4,096 / 32 = 128", "[model shape][defaults]") {
    const auto fields = read(llama_8b);
    const auto shape = shape_of(fields.data());
    REQUIRE(shape);
    CHECK(shape->head_dim == 128);
}

TEST_CASE("empty KV heads are one per head, and an empty MLP width is 4·h", "[model shape][defaults]") {
    const auto fields = read(with(with(llama_8b, kv_heads, ""), ffn_hidden, ""));
    const auto shape = shape_of(fields.data());
    REQUIRE(shape);
    CHECK(shape->kv_heads == 32);
    CHECK(shape->ffn == 16384);
}

TEST_CASE("a dense model has no expert widths, and an expert's empty width is the MLP's", "[model shape][defaults]") {
    const auto dense = read(llama_8b);
    CHECK(shape_of(dense.data())->expert_ffn == 0);
    // Mixtral 8x7B: 8 experts of 14,336, two a token.
    const auto moe = read(with(with(llama_8b, experts, "8"), experts_per_token, "2"));
    const auto shape = shape_of(moe.data());
    REQUIRE(shape);
    CHECK(shape->expert_ffn == 14336);
    CHECK(shape->shared_expert_ffn == 0);
}

TEST_CASE("KV heads that do not divide the heads are refused on the KV heads", "[model shape][conflicts]") {
    const auto fields = read(with(llama_8b, kv_heads, "12"));
    CHECK(fields[kv_heads].status == FieldStatus::conflicting);
    CHECK_FALSE(shape_of(fields.data()));
}

TEST_CASE("a hidden size the heads do not divide is refused on the heads when the head dimension is left empty",
          "[model shape][conflicts]") {
    CHECK(read(with(llama_8b, attention_heads, "48"))[attention_heads].status == FieldStatus::conflicting);
    // Given a head dimension, n·d_h need not be h (Qwen3: 32 heads of 128 on a hidden size of 2,560).
    CHECK(read(with(with(with(llama_8b, attention_heads, "48"), kv_heads, "8"), head_dim, "128"))[attention_heads].ok());
}

TEST_CASE("an expert's width, shared experts or experts a token without experts are refused", "[model shape][conflicts]") {
    for (const Field field : {experts_per_token, expert_ffn, shared_expert_ffn}) {
        CHECK(read(with(llama_8b, field, "2"))[field].status == FieldStatus::conflicting);
    }
}

TEST_CASE("experts need the experts a token goes to, at most all of them", "[model shape][conflicts]") {
    CHECK(read(with(llama_8b, experts, "8"))[experts_per_token].status == FieldStatus::conflicting);
    CHECK(read(with(with(llama_8b, experts, "8"), experts_per_token, "9"))[experts_per_token].status == FieldStatus::conflicting);
    CHECK(read(with(with(llama_8b, experts, "8"), experts_per_token, "8"))[experts_per_token].ok());
}

TEST_CASE("an expert width that does not read keeps its own error, even without experts", "[model shape][conflicts]") {
    CHECK(read(with(llama_8b, expert_ffn, "x")).at(expert_ffn).status == FieldStatus::not_a_number);
}

// texts_of: what a page's shape fields hold for a shape the config reader found. Expected texts written by hand from
// the models' config.json (Qwen3-30B-A3B: 48 layers, h 2,048, 32 heads in 4 groups of 128, 128 experts of 768, 8 a
// token, q and k normed per head, untied, 151,936 tokens; Mixtral 8x7B: 8 experts of 14,336, 2 a token).
TEST_CASE("a shape's texts are its counts in plain digits and its choices as their words", "[model shape][texts]") {
    Shape qwen3{48, 2048, 32, 4, 128, 6144, true, false, 151936, false, 128, 8, 768, 0, QkNorm::head};
    const std::array<std::string, field_specs.size()> expected{
        "48", "2048", "32", "4", "128", "6144", "on", "rmsnorm", "head", "151936", "off", "128", "8", "768", ""};
    CHECK(texts_of(qwen3) == expected);
}

TEST_CASE("a dense shape leaves its expert fields empty, and a LayerNorm model with a tied head says so", "[model shape][texts]") {
    // BLOOM-176B: 70 layers, h 14,336, 112 heads, f = 4h, LayerNorm, tied, 250,880 tokens.
    const Shape bloom{70, 14336, 112, 112, 128, 57344, false, true, 250880, true};
    const std::array<std::string, field_specs.size()> expected{
        "70", "14336", "112", "112", "128", "57344", "off", "layernorm", "none", "250880", "on", "", "", "", ""};
    CHECK(texts_of(bloom) == expected);
}

TEST_CASE("a shape's texts read back as the same shape", "[model shape][texts]") {
    const Shape mixtral{32, 4096, 32, 8, 128, 14336, true, false, 32000, false, 8, 2, 14336, 0, QkNorm::none};
    const auto texts = texts_of(mixtral);
    ShapeTexts views;
    for (std::size_t i = 0; i < views.size(); ++i) views[i] = texts[i];
    const auto fields = read(views);
    const auto shape = shape_of(fields.data());
    REQUIRE(shape);
    CHECK(shape->layers == 32);
    CHECK(shape->kv_heads == 8);
    CHECK(shape->expert_ffn == 14336);
    CHECK(shape->experts_per_token == 2);
    CHECK(shape->gated);
    CHECK_FALSE(shape->layer_norm);
    CHECK(shape->vocabulary == 32000);
}
