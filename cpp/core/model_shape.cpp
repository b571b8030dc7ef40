#include "model_shape.hpp"

#include <initializer_list>

namespace batch_planner::model_shape {

void refuse_conflicts(FieldReading* first) {
    FieldReading* const fields = first;
    const auto ok = [&](Field field) { return fields[field].ok(); };
    const auto given = [&](Field field) { return fields[field].status != FieldStatus::empty; };
    const auto count = [&](Field field) { return *fields[field].count; };
    // kv_channels defaults to hidden_size / num_attention_heads, which must divide.
    if (!given(head_dim) && ok(hidden_size) && ok(attention_heads) && count(hidden_size) % count(attention_heads) != 0) {
        refuse_as_conflicting(fields[attention_heads]);
    }
    // The heads split into whole query groups (more groups than heads never divide them).
    if (ok(kv_heads) && ok(attention_heads) && count(attention_heads) % count(kv_heads) != 0) refuse_as_conflicting(fields[kv_heads]);
    // Expert fields mean nothing without experts (one that does not even read keeps its own error); a token goes to at
    // most all of them.
    if (!given(experts)) {
        for (const Field field : {experts_per_token, expert_ffn, shared_expert_ffn}) {
            if (ok(field)) refuse_as_conflicting(fields[field]);
        }
    }
    if (ok(experts) && !given(experts_per_token)) refuse_as_conflicting(fields[experts_per_token]);
    if (ok(experts) && ok(experts_per_token) && count(experts_per_token) > count(experts)) refuse_as_conflicting(fields[experts_per_token]);
}

std::optional<Shape> shape_of(const FieldReading* first) {
    const FieldReading* const fields = first;
    const auto ok = [&](Field field) { return fields[field].ok(); };
    const auto usable = [&](Field field) { return ok(field) || fields[field].status == FieldStatus::empty; };
    for (const Field needed : {layers, hidden_size, attention_heads, gated_mlp, normalization, qk_norm, vocabulary, tied_embeddings}) {
        if (!ok(needed)) return std::nullopt;
    }
    for (const Field defaulted : {kv_heads, head_dim, ffn_hidden, experts, experts_per_token, expert_ffn, shared_expert_ffn}) {
        if (!usable(defaulted)) return std::nullopt;
    }
    const auto count = [&](Field field) { return *fields[field].count; };
    const auto count_or = [&](Field field, std::uint64_t fallback) { return ok(field) ? count(field) : fallback; };
    Shape shape;
    shape.layers = count(layers);
    shape.hidden = count(hidden_size);
    shape.heads = count(attention_heads);
    shape.kv_heads = count_or(kv_heads, shape.heads);
    shape.head_dim = count_or(head_dim, shape.hidden / shape.heads);
    shape.ffn = count_or(ffn_hidden, 4 * shape.hidden);  // h below 2^21
    shape.gated = count(gated_mlp) == 1;
    shape.layer_norm = count(normalization) == 0;
    shape.qk_norm = static_cast<QkNorm>(count(qk_norm));
    shape.vocabulary = count(vocabulary);
    shape.tied = count(tied_embeddings) == 1;
    if (ok(experts)) {
        if (!ok(experts_per_token)) return std::nullopt;  // refuse_conflicts says why: experts need k
        shape.experts = count(experts);
        shape.experts_per_token = count(experts_per_token);
        shape.expert_ffn = count_or(expert_ffn, shape.ffn);
        shape.shared_expert_ffn = count_or(shared_expert_ffn, 0);
    }
    return shape;
}

std::array<std::string, field_specs.size()> texts_of(const Shape& shape) {
    std::array<std::string, field_specs.size()> texts;
    const auto word = [](Field field, std::size_t index) { return std::string(field_specs[field].choices[index]); };
    const auto count_or_empty = [](std::uint64_t value) { return value == 0 ? std::string() : to_decimal(value); };
    texts[layers] = to_decimal(shape.layers);
    texts[hidden_size] = to_decimal(shape.hidden);
    texts[attention_heads] = to_decimal(shape.heads);
    texts[kv_heads] = to_decimal(shape.kv_heads);
    texts[head_dim] = to_decimal(shape.head_dim);
    texts[ffn_hidden] = count_or_empty(shape.ffn);
    texts[gated_mlp] = word(gated_mlp, shape.gated ? 1 : 0);
    texts[normalization] = word(normalization, shape.layer_norm ? 0 : 1);
    texts[qk_norm] = word(qk_norm, static_cast<std::size_t>(shape.qk_norm));
    texts[vocabulary] = to_decimal(shape.vocabulary);
    texts[tied_embeddings] = word(tied_embeddings, shape.tied ? 1 : 0);
    if (shape.experts > 0) {
        texts[experts] = to_decimal(shape.experts);
        texts[experts_per_token] = to_decimal(shape.experts_per_token);
        texts[expert_ffn] = count_or_empty(shape.expert_ffn);
        texts[shared_expert_ffn] = count_or_empty(shape.shared_expert_ffn);
    }
    return texts;
}

}  // namespace batch_planner::model_shape
