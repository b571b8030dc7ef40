#include "grad_memory.hpp"

#include "effective_batch.hpp"

#include <cmath>
#include <initializer_list>
#include <utility>

namespace batch_planner::grad_memory {
namespace {

constexpr std::uint64_t gibibyte = std::uint64_t{1} << 30;

std::optional<u128> plus(std::optional<u128> left, std::optional<u128> right) {
    if (!left || !right) return std::nullopt;
    return *left + *right;  // both below 2^110
}

// Bytes per sample as an exact fraction: numerator / denominator.
struct PerSample {
    std::optional<u128> numerator;
    u128 denominator;
};

// One layer's bytes for one sample, times t, as Table 2 of Korthikanti et al.
// 2022 gives them for a recompute mode.
std::optional<u128> layer_times_t(const Shape& shape, Recompute mode) {
    const u128 s = shape.sequence;
    const u128 h = shape.hidden;
    const u128 t = shape.tensor_parallel;
    const u128 sh = s * h;                                   // below 2^52
    const u128 linear = shape.sequence_parallel ? 34 * sh : sh * (10 * t + 24);
    switch (mode) {
        case Recompute::full: return shape.sequence_parallel ? 2 * sh : 2 * sh * t;  // the layer's input, [s/t, b, h] with SP
        case Recompute::selective: return linear;
        case Recompute::none: break;
    }
    return plus(times(times(u128{5} * shape.heads, s), s), linear);  // + 5·a·s², below 2^87
}

// The first pipeline stage, for one sample of the micro-batch: L/p layers for
// each of min(p, a) micro-batches in flight, so L·min(p, a)/p layers; under
// full recomputation, plus one layer re-materialised whole.
PerSample per_sample_of(const Shape& shape) {
    const u128 p = shape.pipeline_parallel;
    const u128 in_flight = shape.accumulation_steps < shape.pipeline_parallel ? shape.accumulation_steps : shape.pipeline_parallel;
    auto numerator = times(times(layer_times_t(shape, shape.recompute), shape.layers), in_flight);
    if (shape.recompute == Recompute::full) numerator = plus(numerator, times(layer_times_t(shape, Recompute::none), p));
    return {numerator, u128{shape.tensor_parallel} * p};
}

unsigned stage_of(const FieldReading& field) { return static_cast<unsigned>(*field.count); }

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
    states.total = checked_add(checked_add(states.parameters, states.gradients), states.optimizer);
    return states;
}


namespace {

// The largest micro-batch whose activations fit in room bytes:
// activation(b) = ceil(b·n/d) fits exactly when b·n/d does.
std::uint64_t largest_fitting(u128 room, const PerSample& per_sample) {
    if (!per_sample.numerator || *per_sample.numerator == 0) return 0;
    const u128 largest = divide(room * per_sample.denominator, *per_sample.numerator).quotient;
    return largest > factor_limits.maximum ? factor_limits.maximum : static_cast<std::uint64_t>(largest);
}

// The fewest accumulation steps a with which the largest fitting micro-batch
// reaches the target: b_max(a)·d·a >= target. With a pipeline, fewer than p
// steps keep fewer micro-batches in flight, so a larger one may fit; from p on
// b_max stays the same. None when not even one sample fits.
std::optional<Product> accumulation_for(std::uint64_t target, std::uint64_t data_parallel, u128 room,
                                        const std::optional<Shape>& shape, const PerSample& fixed) {
    const std::uint64_t stages = shape ? shape->pipeline_parallel : 1;
    for (std::uint64_t steps = 1; steps < stages; ++steps) {
        Shape fewer = *shape;
        fewer.accumulation_steps = steps;
        const u128 reach = static_cast<u128>(largest_fitting(room, per_sample_of(fewer))) * data_parallel * steps;
        if (reach >= target) return Product{steps};
    }
    PerSample full = fixed;
    if (shape) {
        Shape all_in_flight = *shape;
        all_in_flight.accumulation_steps = stages;
        full = per_sample_of(all_in_flight);
    }
    const std::uint64_t fits = largest_fitting(room, full);
    if (fits == 0) return std::nullopt;
    const Product steps = ceil_div(u128{target}, static_cast<u128>(fits) * data_parallel);
    const auto* exact = std::get_if<std::uint64_t>(&steps);
    if (exact && *exact < stages) return Product{stages};
    return steps;
}

}  // namespace

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    Evaluation evaluation{read_fields<field_specs>(texts, syntax), {}};
    const auto& fields = evaluation.fields;
    const auto ok = [&](std::initializer_list<std::size_t> needed) { return all_ok(fields, needed); };
    const auto count = [&](Field field) { return *fields[field].count; };
    auto& results = evaluation.results;

    if (ok({micro_batch, accumulation_steps, data_parallel})) {
        results[Result::batch] = effective_batch::batch(count(micro_batch), count(data_parallel), count(accumulation_steps));
    }

    // Bytes per sample: typed in (measured on the device, pipeline included),
    // or from the model's shape when left empty. With a pipeline, the
    // micro-batches in flight depend on a, so the shape needs it.
    std::optional<Shape> shape;
    if (fields[activation_per_sample].status == FieldStatus::empty &&
        ok({layers, hidden_size, attention_heads, sequence_length, tensor_parallel, pipeline_parallel, sequence_parallel,
            recompute, accumulation_steps})) {
        shape = Shape{count(layers), count(hidden_size), count(attention_heads), count(sequence_length),
                      count(tensor_parallel), count(sequence_parallel) == 1, static_cast<Recompute>(count(recompute)),
                      count(pipeline_parallel), count(accumulation_steps)};
    }
    std::optional<PerSample> per_sample;
    if (fields[activation_per_sample].ok() && ok({accumulation_steps, pipeline_parallel})) {
        per_sample = PerSample{u128{count(activation_per_sample)}, 1};
    } else if (shape) {
        per_sample = per_sample_of(*shape);
    }
    if (per_sample) {
        results[Result::per_sample] = ceil_div(per_sample->numerator, per_sample->denominator);
        if (ok({micro_batch})) results[Result::activations] = ceil_div(times(per_sample->numerator, count(micro_batch)), per_sample->denominator);
    }

    std::optional<ModelStates> states;
    if (ok({parameters, tensor_parallel, data_parallel, zero_stage})) {
        states = model_states(count(parameters), count(tensor_parallel), count(data_parallel), stage_of(fields[zero_stage]));
        results[Result::parameter_bytes] = states->parameters;
        results[Result::gradient_bytes] = states->gradients;
        results[Result::optimizer_bytes] = states->optimizer;
        results[Result::state_bytes] = states->total;
    }

    std::optional<std::uint64_t> reserved_bytes;
    if (fields[reserved_memory].ok()) {
        // x GiB times 2^30 is exact in a double; a fraction of a byte is rounded up.
        reserved_bytes = static_cast<std::uint64_t>(std::ceil(*fields[reserved_memory].decimal * static_cast<double>(gibibyte)));
        results[Result::reserved] = *reserved_bytes;
    }
    if (states && results[Result::activations] && reserved_bytes) results[Result::total] = checked_add(checked_add(states->total, *results[Result::activations]), Product{*reserved_bytes});

    if (fields[device_memory].ok()) {
        const auto device_bytes = static_cast<std::uint64_t>(std::floor(*fields[device_memory].decimal * static_cast<double>(gibibyte)));
        results[Result::device] = device_bytes;  // below 2^51
        const auto* state_bytes = states ? std::get_if<std::uint64_t>(&states->total) : nullptr;
        if (states && per_sample && reserved_bytes) {
            const bool room_left = state_bytes && *reserved_bytes < device_bytes && *state_bytes < device_bytes - *reserved_bytes;
            const u128 room = room_left ? device_bytes - *reserved_bytes - *state_bytes : 0;
            const std::uint64_t fits = largest_fitting(room, *per_sample);
            results[Result::max_micro_batch] = fits;
            // What the activations take at that micro-batch, as the split at the answer shows them.
            if (fits > 0) results[Result::max_activations] = ceil_div(times(per_sample->numerator, fits), per_sample->denominator);
            if (ok({target_batch, data_parallel})) {
                results[Result::accumulation_for_target] = accumulation_for(count(target_batch), count(data_parallel), room, shape, *per_sample);
            }
        }
    }
    return evaluation;
}
std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation) {
    return evaluation.results;
}

}  // namespace batch_planner::grad_memory
