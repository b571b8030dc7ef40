#include "training_compute.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace batch_planner::training_compute {

u128 flops_per_token_with_attention(std::uint64_t matmul, std::uint64_t sequence, std::uint64_t layers,
                                    std::uint64_t heads, std::uint64_t head_dim) {
    // 6·M < 2^53 and 6·s·L·n·d < 2^3 · 2^32 · 2^60: within 128 bits.
    return 6 * u128{matmul} + 6 * u128{sequence} * layers * heads * head_dim;
}

namespace {

constexpr double seconds_per_day = 86'400;
constexpr double seconds_per_hour = 3'600;

}  // namespace

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    Evaluation evaluation;
    evaluation.fields = read_fields<field_specs>(texts, syntax);
    // A token goes through at most all of the parameters: more is refused on the active count.
    FieldReading& active = evaluation.fields[active_parameters];
    if (active.ok() && evaluation.fields[parameters].ok() && *active.count > *evaluation.fields[parameters].count) refuse_as_conflicting(active);
    // The shape is all four of M, L, n and d or none: one given leaves the
    // others wanted, each refused on its field with why, rather than a time
    // that silently drops (or silently ignores) the attention.
    const std::initializer_list<Field> shape{matmul_parameters, layers, attention_heads, head_dim};
    const bool shape_given = std::any_of(shape.begin(), shape.end(), [&](Field field) { return evaluation.fields[field].status != FieldStatus::empty; });
    if (shape_given) {
        for (const Field field : shape) {
            if (evaluation.fields[field].status == FieldStatus::empty) refuse_as_conflicting(evaluation.fields[field]);
        }
    }

    const auto& fields = evaluation.fields;
    const auto ok = [&](std::initializer_list<std::size_t> needed) { return all_ok(fields, needed); };
    const auto count = [&](Field field) { return *fields[field].count; };
    const auto decimal = [&](Field field) { return *fields[field].decimal; };
    auto& results = evaluation.results;

    // N: the active parameters when given, else all of them.
    std::optional<std::uint64_t> per_token_parameters;
    if (fields[active_parameters].ok()) {
        per_token_parameters = count(active_parameters);
    } else if (fields[active_parameters].status == FieldStatus::empty && fields[parameters].ok()) {
        per_token_parameters = count(parameters);
    }

    if (fields[parameters].ok()) {
        results[compute_optimal_tokens] = Product{count(parameters) * chinchilla_tokens_per_parameter};
        if (fields[tokens].ok()) {
            results[tokens_per_parameter] = static_cast<double>(count(tokens)) / static_cast<double>(count(parameters));
        }
    }

    std::optional<u128> per_token_6n;
    if (per_token_parameters) {
        per_token_6n = 6 * u128{*per_token_parameters};
        results[flops_per_token_6n] = exact_figure(*per_token_6n);
        if (fields[tokens].ok()) results[training_flops_6nd] = exact_figure(*per_token_6n * count(tokens));  // < 6 * 10^33
    }

    std::optional<u128> per_token_attention;
    if (ok({matmul_parameters, sequence_length, layers, attention_heads, head_dim})) {
        per_token_attention = flops_per_token_with_attention(count(matmul_parameters), count(sequence_length), count(layers),
                                                             count(attention_heads), count(head_dim));
        results[flops_per_token_attention] = exact_figure(*per_token_attention);
        if (fields[tokens].ok()) {
            const auto total = times(per_token_attention, count(tokens));
            results[training_flops_attention] = exact_figure(total);
        }
    }

    // The time, rate and cost count the attention when the shape is given.
    evaluation.time_counts_attention = shape_given;
    const std::optional<u128> per_token = shape_given ? per_token_attention : per_token_6n;
    if (!per_token || !ok({peak_tflops, utilization})) return evaluation;

    // FLOP/s one GPU sustains at this utilization.
    const double sustained = decimal(peak_tflops) * 1e12 * decimal(utilization) / 100;
    results[tokens_per_second_per_gpu] = finite(sustained / static_cast<double>(*per_token));
    if (!ok({tokens, gpus})) return evaluation;
    const double flops = static_cast<double>(*per_token) * static_cast<double>(count(tokens));
    const double seconds = flops / (sustained * static_cast<double>(count(gpus)));
    results[training_seconds] = finite(seconds);
    results[training_days] = finite(seconds / seconds_per_day);
    const double hours = seconds * static_cast<double>(count(gpus)) / seconds_per_hour;
    results[gpu_hours] = finite(hours);
    if (fields[price_per_gpu_hour].ok()) results[cost] = finite(hours * decimal(price_per_gpu_hour));
    return evaluation;
}

}  // namespace batch_planner::training_compute
