#include "grad_memory.hpp"

#include <initializer_list>
#include <utility>

namespace batch_planner::grad_memory {
namespace {

__extension__ typedef unsigned __int128 u128;  // exact products of 64-bit counts

constexpr std::uint64_t gibibyte = std::uint64_t{1} << 30;

// numerator / denominator by shifting and subtracting: the compiler's own
// 128-bit division is a runtime routine of almost 1 KB of wasm, for a handful
// of divisions a keystroke.
struct Division {
    u128 quotient;
    u128 remainder;
};
Division divide(u128 numerator, u128 denominator) {
    Division result{0, 0};
    for (int bit = 127; bit >= 0; --bit) {
        result.remainder = (result.remainder << 1) | ((numerator >> bit) & 1);
        if (result.remainder >= denominator) {
            result.remainder -= denominator;
            result.quotient |= u128{1} << bit;
        }
    }
    return result;
}

// left * right, or nothing above 2^128 - 1: a product that wrapped does not
// divide back to its factor.
std::optional<u128> times(std::optional<u128> left, u128 right) {
    if (!left) return std::nullopt;
    if (right == 0) return u128{0};
    const u128 product = *left * right;
    if (divide(product, right).quotient != *left) return std::nullopt;
    return product;
}

// ceil(numerator / denominator) as an exact 64-bit count, or Overflow.
Product ceil_div(std::optional<u128> numerator, u128 denominator) {
    if (!numerator) return Overflow{};
    const Division division = divide(*numerator, denominator);
    const u128 quotient = division.quotient + (division.remainder != 0 ? 1 : 0);
    if (quotient > UINT64_MAX) return Overflow{};
    return static_cast<std::uint64_t>(quotient);
}

Product add(const Product& left, const Product& right) {
    const auto* a = std::get_if<std::uint64_t>(&left);
    const auto* b = std::get_if<std::uint64_t>(&right);
    if (!a || !b || *a > UINT64_MAX - *b) return Overflow{};
    return *a + *b;
}

// Bytes per sample as an exact fraction: numerator / denominator.
struct PerSample {
    std::optional<u128> numerator;
    u128 denominator;
};

// Table 2 of Korthikanti et al. 2022, for one sample, all layers, times t.
PerSample per_sample_of(const Shape& shape) {
    const u128 s = shape.sequence;
    const u128 h = shape.hidden;
    const u128 t = shape.tensor_parallel;
    const u128 sh = s * h;                             // below 2^52
    const auto attention = times(times(u128{5} * shape.heads, s), s);  // 5·a·s², below 2^87
    std::optional<u128> layer;
    if (shape.recompute == Recompute::full) {
        layer = 2 * sh * t;
    } else if (shape.recompute == Recompute::selective) {
        layer = shape.sequence_parallel ? 34 * sh : sh * (10 * t + 24);
    } else {
        const u128 linear = shape.sequence_parallel ? 34 * sh : sh * (10 * t + 24);
        layer = attention ? std::optional<u128>(*attention + linear) : std::nullopt;
    }
    return {times(layer, shape.layers), t};
}

unsigned stage_of(const ParsedCount& field) { return static_cast<unsigned>(*field.value()); }

}  // namespace

Product activation_bytes(const Shape& shape, std::uint64_t micro_batch) {
    const PerSample per_sample = per_sample_of(shape);
    return ceil_div(times(per_sample.numerator, micro_batch), per_sample.denominator);
}

ModelStates model_states(std::uint64_t parameters, std::uint64_t tensor_parallel, std::uint64_t data_parallel,
                         unsigned zero_stage) {
    // ZeRO stage 1 shards the optimizer states over d, stage 2 also the
    // gradients, stage 3 also the parameters.
    const auto sharded = [&](std::uint64_t bytes_per_parameter, unsigned from_stage) {
        const u128 over = static_cast<u128>(tensor_parallel) * (zero_stage >= from_stage ? data_parallel : 1);
        return ceil_div(static_cast<u128>(parameters) * bytes_per_parameter, over);
    };
    ModelStates states{sharded(2, 3), sharded(2, 2), sharded(12, 1), Overflow{}};
    states.total = add(add(states.parameters, states.gradients), states.optimizer);
    return states;
}


namespace {

ParsedCount parse_field(std::string_view text, const FieldSpec& spec, NumberSyntax syntax) {
    if (spec.choices[0].empty()) return parse_count(text, syntax, spec.limits, spec.form);
    return parse_choice(text, spec.choices);
}

template <std::size_t... index>
std::array<ParsedCount, field_specs.size()> parse_all(const FieldTexts& texts, NumberSyntax syntax,
                                                      std::index_sequence<index...>) {
    return {parse_field(texts[index], field_specs[index], syntax)...};
}

}  // namespace

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    Evaluation evaluation{parse_all(texts, syntax, std::make_index_sequence<field_specs.size()>{}), {}};
    const auto& fields = evaluation.fields;
    const auto ok = [&](std::initializer_list<Field> needed) {
        for (const Field field : needed) {
            if (!fields[field].ok()) return false;
        }
        return true;
    };
    const auto count = [&](Field field) { return *fields[field].value(); };
    auto& results = evaluation.results;

    if (ok({micro_batch, accumulation_steps, data_parallel})) {
        results[0] = checked_multiply(Product{count(micro_batch) * count(data_parallel)}, count(accumulation_steps));
    }

    // Bytes per sample: typed in, or from the model's shape when left empty.
    std::optional<PerSample> per_sample;
    if (fields[activation_per_sample].ok()) {
        per_sample = PerSample{u128{count(activation_per_sample)}, 1};
    } else if (fields[activation_per_sample].status() == FieldStatus::empty &&
               ok({layers, hidden_size, attention_heads, sequence_length, tensor_parallel, sequence_parallel, recompute})) {
        per_sample = per_sample_of({count(layers), count(hidden_size), count(attention_heads), count(sequence_length),
                                    count(tensor_parallel), count(sequence_parallel) == 1,
                                    static_cast<Recompute>(count(recompute))});
    }
    if (per_sample) {
        results[1] = ceil_div(per_sample->numerator, per_sample->denominator);
        if (ok({micro_batch})) results[2] = ceil_div(times(per_sample->numerator, count(micro_batch)), per_sample->denominator);
    }

    std::optional<ModelStates> states;
    if (ok({parameters, tensor_parallel, data_parallel, zero_stage})) {
        states = model_states(count(parameters), count(tensor_parallel), count(data_parallel), stage_of(fields[zero_stage]));
        results[3] = states->parameters;
        results[4] = states->gradients;
        results[5] = states->optimizer;
        results[6] = states->total;
        if (results[2]) results[7] = add(states->total, *results[2]);
    }

    if (ok({device_memory})) {
        const std::uint64_t device_bytes = count(device_memory) * gibibyte;  // below 2^50
        results[8] = device_bytes;
        if (states && per_sample) {
            // activation(b) = ceil(b·n/d) fits in the room left exactly when b·n/d does.
            const auto* state_bytes = std::get_if<std::uint64_t>(&states->total);
            std::uint64_t fits = 0;
            if (state_bytes && *state_bytes < device_bytes && per_sample->numerator) {
                const u128 room = static_cast<u128>(device_bytes - *state_bytes) * per_sample->denominator;
                const u128 largest = divide(room, *per_sample->numerator).quotient;
                fits = largest > factor_limits.maximum ? factor_limits.maximum : static_cast<std::uint64_t>(largest);
            }
            results[9] = fits;
            if (fits > 0 && ok({target_batch, data_parallel})) {
                results[10] = ceil_div(u128{count(target_batch)}, static_cast<u128>(fits) * count(data_parallel));
            }
        }
    }
    return evaluation;
}

std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation) {
    return evaluation.results;
}

}  // namespace batch_planner::grad_memory
