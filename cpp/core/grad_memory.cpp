#include "grad_memory.hpp"

#include "batch_arithmetic.hpp"

#include <cmath>
#include <initializer_list>
#include <utility>

namespace batch_planner::grad_memory {
using namespace memory_model;

namespace {

constexpr std::uint64_t gibibyte = std::uint64_t{1} << 30;

unsigned stage_of(const FieldReading& field) { return static_cast<unsigned>(*field.count); }

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
                                        const std::optional<ActivationShape>& shape, const PerSample& fixed) {
    const std::uint64_t stages = shape ? shape->pipeline_parallel : 1;
    for (std::uint64_t steps = 1; steps < stages; ++steps) {
        ActivationShape fewer = *shape;
        fewer.accumulation_steps = steps;
        const u128 reach = static_cast<u128>(largest_fitting(room, per_sample_of(fewer))) * data_parallel * steps;
        if (reach >= target) return Product{steps};
    }
    PerSample full = fixed;
    if (shape) {
        ActivationShape all_in_flight = *shape;
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

namespace {

// The relations Megatron-LM asserts between the shape and the parallelism
// (megatron/training/arguments.py and core/transformer/transformer_config.py
// at d98e8a6), each refused on the field that breaks it.
void refuse_conflicts(std::array<FieldReading, field_specs.size()>& fields) {
    const auto ok = [&](Field field) { return fields[field].ok(); };
    const auto given = [&](Field field) { return fields[field].status != FieldStatus::empty; };
    const auto count = [&](Field field) { return *fields[field].count; };
    model_shape::refuse_conflicts(&fields[layers]);
    if (ok(tensor_parallel) && ok(attention_heads)) {
        const std::uint64_t t = count(tensor_parallel);
        const std::uint64_t groups = given(kv_heads) ? (ok(kv_heads) ? count(kv_heads) : 0) : count(attention_heads);
        // num_attention_heads % t == 0; num_query_groups a multiple or a divisor of t.
        if (count(attention_heads) % t != 0 || (groups != 0 && groups % t != 0 && t % groups != 0)) refuse_as_conflicting(fields[tensor_parallel]);
    }
    if (ok(pipeline_parallel) && ok(layers) && count(layers) % count(pipeline_parallel) != 0) refuse_as_conflicting(fields[pipeline_parallel]);
    // Expert parallelism needs experts, and splits them whole.
    const bool moe = ok(experts);
    if (!given(experts) && ok(expert_parallel) && count(expert_parallel) > 1) refuse_as_conflicting(fields[expert_parallel]);
    if (moe && ok(expert_parallel) && count(experts) % count(expert_parallel) != 0) refuse_as_conflicting(fields[expert_parallel]);
    // PEFT's adapters are counted on the shape, for a dense model under data
    // parallelism alone; 8-bit AdamW for the adapters only.
    if (ok(fine_tuning) && count(fine_tuning) != 0) {
        const bool parallel_only_over_data = (!ok(tensor_parallel) || count(tensor_parallel) == 1) &&
                                             (!ok(pipeline_parallel) || count(pipeline_parallel) == 1) &&
                                             (!ok(expert_parallel) || count(expert_parallel) == 1);
        if (given(experts) || given(parameters) || !parallel_only_over_data) refuse_as_conflicting(fields[fine_tuning]);
    }
    if (ok(optimizer) && count(optimizer) == 1 && ok(fine_tuning) && count(fine_tuning) == 0) refuse_as_conflicting(fields[optimizer]);
    // ZeRO stages 2 and 3 shard the gradients, which pipeline parallelism
    // accumulates over its micro-batches: DeepSpeed asserts against it
    // (runtime/pipe/engine.py at edaa722, PipelineEngine.__init__: "ZeRO-2 and
    // ZeRO-3 are incompatible with pipeline parallelism"), and Megatron-LM's
    // distributed optimizer is stage 1 alone.
    if (ok(zero_stage) && count(zero_stage) >= 2 && ok(pipeline_parallel) && count(pipeline_parallel) > 1) refuse_as_conflicting(fields[zero_stage]);
    // The world, d·t·p, splits into expert groups of ETP·EP·p.
    if (ok(expert_parallel) && ok(data_parallel) && ok(tensor_parallel) && (ok(expert_tensor_parallel) || !given(expert_tensor_parallel))) {
        const u128 expert_tensor = given(expert_tensor_parallel) ? count(expert_tensor_parallel) : count(tensor_parallel);
        if (divide(u128{count(data_parallel)} * count(tensor_parallel), expert_tensor * count(expert_parallel)).remainder != 0) {
            refuse_as_conflicting(fields[expert_parallel]);
        }
    }
}

}  // namespace

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    Evaluation evaluation{read_fields<field_specs>(texts, syntax), {}};
    refuse_conflicts(evaluation.fields);
    const auto& fields = evaluation.fields;
    const auto ok = [&](std::initializer_list<std::size_t> needed) { return all_ok(fields, needed); };
    // An optional field: valid, or left empty for its default.
    const auto usable = [&](Field field) { return fields[field].ok() || fields[field].status == FieldStatus::empty; };
    const auto count = [&](Field field) { return *fields[field].count; };
    const auto count_or = [&](Field field, std::uint64_t fallback) { return fields[field].ok() ? count(field) : fallback; };
    auto& results = evaluation.results;

    if (ok({micro_batch, accumulation_steps, data_parallel})) {
        results[Result::batch] = batch_arithmetic::batch(count(micro_batch), count(data_parallel), count(accumulation_steps));
    }
    // The GPUs the layout spans: every replica's t·p GPUs (expert parallelism folds into them, as in Megatron-LM).
    if (ok({data_parallel, tensor_parallel, pipeline_parallel})) {
        results[Result::gpus] = checked_multiply(checked_multiply(Product{count(data_parallel)}, count(tensor_parallel)), count(pipeline_parallel));
    }

    // The vocabulary as the run pads it, which depends on t.
    std::optional<std::uint64_t> padded;
    if (ok({vocabulary, tensor_parallel})) {
        padded = pad_vocabulary(count(vocabulary), count(tensor_parallel));
        if (padded) results[Result::padded_vocabulary] = *padded;
    }

    // The architecture, when every part of it is valid or left to its default, its vocabulary padded for t.
    std::optional<model_shape::Shape> model;
    if (padded) model = model_shape::shape_of(&fields[layers]);
    if (model) model->vocabulary = *padded;
    std::optional<ParameterSplit> split;
    if (model) {
        split = parameter_split(*model);
        results[Result::model_parameters] = ceil_div(split->total, 1);
        if (model->experts > 0) results[Result::active_parameters] = ceil_div(split->active, 1);
    }

    std::optional<Parallelism> parallel;
    if (ok({tensor_parallel, pipeline_parallel, data_parallel, expert_parallel}) && usable(expert_tensor_parallel)) {
        parallel = Parallelism{count(tensor_parallel), count(pipeline_parallel), count(data_parallel), count(expert_parallel),
                               count_or(expert_tensor_parallel, count(tensor_parallel))};
    }

    // Parameters on the most loaded GPU: a typed count spread evenly, or the shape's, stage by stage.
    std::optional<DeviceParameters> held;
    if (parallel && ok({parameters})) {
        held = parameters_on_device(count(parameters), *parallel);
    } else if (parallel && split && fields[parameters].status == FieldStatus::empty) {
        held = parameters_on_device(*split, !model->tied, *parallel);
    }
    if (held) {
        results[Result::device_parameters] = parameter_count(*held);
    }

    // Bytes per sample: typed in (measured on the device, pipeline included),
    // or from the model's shape when left empty. With a pipeline, the
    // micro-batches in flight depend on a, so the shape needs it.
    std::optional<ActivationShape> shape;
    if (fields[activation_per_sample].status == FieldStatus::empty && model &&
        ok({sequence_length, tensor_parallel, pipeline_parallel, sequence_parallel, recompute, attention_kernel, accumulation_steps})) {
        shape = activation_shape(*model, count(sequence_length), count(tensor_parallel), count(sequence_parallel) == 1,
                                 static_cast<Recompute>(count(recompute)), count(pipeline_parallel), count(accumulation_steps),
                                 count(attention_kernel) != 2);  // both flash kernels keep no scores
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
    if (shape && ok({micro_batch})) results[Result::megatron_activations] = megatron_activation_bytes(*shape, count(micro_batch));

    // Fine-tuning: everything trains, or adapters on a frozen base (the
    // tokenizer's vocabulary, unpadded, as Hugging Face builds the model).
    // Every fine-tuning field is read whatever the choice, so a field in error
    // withholds the states rather than being silently ignored.
    const bool tuning_read = ok({fine_tuning, lora_rank, lora_targets, optimizer}) && usable(parameters);
    const bool adapters = tuning_read && count(fine_tuning) != 0;
    std::optional<model_shape::Shape> unpadded = model;
    if (unpadded) unpadded->vocabulary = count(vocabulary);
    if (adapters && unpadded) {
        results[Result::trainable_parameters] = ceil_div(adapter_parameters(*unpadded, count(lora_rank), static_cast<AdapterTargets>(count(lora_targets))), 1);
    } else if (tuning_read && !adapters) {
        if (ok({parameters})) results[Result::trainable_parameters] = count(parameters);
        else results[Result::trainable_parameters] = results[Result::model_parameters];
    }

    std::optional<ModelStates> states;
    if (adapters && unpadded && parallel && ok({zero_stage})) {
        states = adapter_states(*unpadded, count(lora_rank), static_cast<AdapterTargets>(count(lora_targets)),
                                static_cast<FineTuning>(count(fine_tuning)), static_cast<Optimizer>(count(optimizer)),
                                count(data_parallel), stage_of(fields[zero_stage]));
    } else if (tuning_read && !adapters && held && ok({zero_stage, gradient_precision})) {
        states = model_states(*held, *parallel, stage_of(fields[zero_stage]), static_cast<GradientPrecision>(count(gradient_precision)));
    }
    // What ZeRO stage 3 gathers on top of the sharded states, as DeepSpeed's
    // estimate counts it; stages 0 to 2 hold every parameter they use.
    std::optional<Product> gathered;
    if (states && stage_of(fields[zero_stage]) < 3) {
        gathered = Product{std::uint64_t{0}};
    } else if (states) {
        const std::optional<model_shape::Shape>& counted = adapters ? unpadded : model;
        if (counted) gathered = ceil_div(largest_module_parameters(*counted, parallel->tensor) * gathered_bytes_per_parameter, 1);
    }
    if (states) {
        results[Result::parameter_bytes] = states->parameters;
        results[Result::gradient_bytes] = states->gradients;
        results[Result::optimizer_bytes] = states->optimizer;
        results[Result::state_bytes] = states->total;
    }
    if (gathered) results[Result::gathered_bytes] = *gathered;
    // Everything held before the first sample: the states and what stage 3 gathers.
    std::optional<Product> fixed_bytes;
    if (states && gathered) fixed_bytes = checked_add(states->total, *gathered);

    std::optional<std::uint64_t> reserved_bytes;
    if (fields[reserved_memory].ok()) {
        // x GiB times 2^30 is exact in a double; a fraction of a byte is rounded up.
        reserved_bytes = static_cast<std::uint64_t>(std::ceil(*fields[reserved_memory].decimal * static_cast<double>(gibibyte)));
        results[Result::reserved] = *reserved_bytes;
    }
    if (fixed_bytes && results[Result::activations] && reserved_bytes) results[Result::total] = checked_add(checked_add(*fixed_bytes, *results[Result::activations]), Product{*reserved_bytes});

    if (fields[device_memory].ok()) {
        const std::uint64_t device_bytes = device_bytes_of(*fields[device_memory].decimal);
        results[Result::device] = device_bytes;
        const auto* state_bytes = fixed_bytes ? std::get_if<std::uint64_t>(&*fixed_bytes) : nullptr;
        if (fixed_bytes && per_sample && reserved_bytes) {
            const bool room_left = state_bytes && *reserved_bytes < device_bytes && *state_bytes < device_bytes - *reserved_bytes;
            const u128 room = room_left ? device_bytes - *reserved_bytes - *state_bytes : 0;
            const std::uint64_t fits = largest_fitting(room, *per_sample);
            results[Result::max_micro_batch] = fits;
            // What the activations take at that micro-batch, as the split at the answer shows them.
            if (fits > 0) results[Result::max_activations] = ceil_div(times(per_sample->numerator, fits), per_sample->denominator);
            if (ok({target, data_parallel})) {
                results[Result::accumulation_for_target] = accumulation_for(count(target), count(data_parallel), room, shape, *per_sample);
            }
        }
    }
    return evaluation;
}
std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation) {
    return evaluation.results;
}

}  // namespace batch_planner::grad_memory
