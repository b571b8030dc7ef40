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

}  // namespace batch_planner::model_shape
