#include "parallel_configuration.hpp"

#include <cmath>
#include <initializer_list>

namespace batch_planner::parallel_configuration {
namespace {

constexpr double gibibyte = 1073741824.0;
constexpr double seconds_per_day = 86400;

}  // namespace

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    Evaluation evaluation;
    auto& fields = evaluation.fields;
    // The target is read in its unit's form (tokens: decimal SI suffixes), as the planner reads it.
    const FieldReading unit = read_field(texts[target_unit], field_specs[target_unit], syntax);
    const bool in_tokens = unit.ok() && *unit.count == 1;
    for (std::size_t i = 0; i < field_specs.size(); ++i) {
        const CountForm form = i == target && in_tokens ? token_form : field_specs[i].form;
        fields[i] = read_field(texts[i], field_specs[i], syntax, form);
    }
    const auto ok = [&](std::initializer_list<std::size_t> needed) { return all_ok(fields, needed); };
    const auto usable = [&](Field field) { return fields[field].ok() || fields[field].status == FieldStatus::empty; };
    const auto count = [&](Field field) { return *fields[field].count; };
    const auto decimal = [&](Field field) { return *fields[field].decimal; };
    auto& results = evaluation.results;

    if (fields[device_memory].ok()) {
        evaluation.device_bytes = memory_model::device_bytes_of(decimal(device_memory));
    }
    // The shape's relations, refused on the field as the memory page refuses them.
    model_shape::refuse_conflicts(&fields[layers]);
    // A measured matmul rate is a share of its peak: above the peak it cannot be.
    if (ok({peak_tflops, matmul_tflops}) && decimal(matmul_tflops) > decimal(peak_tflops)) refuse_as_conflicting(fields[matmul_tflops]);
    if (ok({peak_tflops, flash2_tflops}) && decimal(flash2_tflops) > decimal(peak_tflops)) refuse_as_conflicting(fields[flash2_tflops]);
    if (fields[fp8_matmul_tflops].ok() && (!fields[fp8_tflops].ok() || decimal(fp8_matmul_tflops) > decimal(fp8_tflops)) &&
        usable(fp8_tflops)) {
        refuse_as_conflicting(fields[fp8_matmul_tflops]);
    }

    // The trainer, where it is read: what it runs decides the run choices below.
    const std::optional<step_time::Framework> trainer =
        fields[framework].ok() ? std::optional(static_cast<step_time::Framework>(count(framework))) : std::nullopt;
    // DeepSpeed and PyTorch FSDP have neither DeepEP nor overlapped TP of their own: DeepSpeed's MoE and a model under
    // FSDP send their tokens with NCCL's all-to-all (deepspeed/moe/sharded_moe.py at edaa722, _AllToAll, line 97), and
    // DeepSpeed runs no TP of its own, FSDP none. DeepEP and HybridEP are Megatron-LM's flex backends and torchtitan's
    // comm backends; overlapped TP is Megatron-LM's userbuffers and torchtitan's async TP.
    const bool plain_collectives = trainer == step_time::Framework::deepspeed || trainer == step_time::Framework::fsdp;
    if (trainer && fields[dispatcher].ok() && static_cast<step_time::Dispatcher>(count(dispatcher)) != step_time::Dispatcher::all_to_all &&
        plain_collectives) {
        refuse_as_conflicting(fields[dispatcher]);
    }
    // Overlapped TP needs sequence parallelism (arguments.py lines 1441-1442): with TP fixed above 1 and SP fixed off, no layout.
    if (trainer && fields[tensor_overlap].ok() && count(tensor_overlap) == 1) {
        const bool without_sequence_parallel = ok({tensor_parallel, sequence_parallel}) && count(tensor_parallel) > 1 && count(sequence_parallel) == 0;
        if (plain_collectives || without_sequence_parallel) refuse_as_conflicting(fields[tensor_overlap]);
    }

    // The experts whole on their GPUs (1) or split as TP splits the rest: the page prices no other, and ETP 1 at TP > 1
    // only under Megatron-LM (the others' experts are priced as TP splits them).
    if (trainer && ok({expert_tensor_parallel, tensor_parallel})) {
        const bool neither = count(expert_tensor_parallel) != 1 && count(expert_tensor_parallel) != count(tensor_parallel);
        const bool not_megatron = count(expert_tensor_parallel) != count(tensor_parallel) && trainer != step_time::Framework::megatron;
        if (neither || not_megatron) refuse_as_conflicting(fields[expert_tensor_parallel]);
    }

    if (ok({gpus, gpus_per_node}) && count(gpus) > count(gpus_per_node) && count(gpus) % count(gpus_per_node) != 0) {
        evaluation.whole_nodes_below = count(gpus) / count(gpus_per_node) * count(gpus_per_node);
        evaluation.whole_nodes_above = evaluation.whole_nodes_below + count(gpus_per_node);  // both below 2^25
    }

    // The model as typed, its vocabulary the tokenizer's: the search pads it for each t.
    const std::optional<model_shape::Shape> model = model_shape::shape_of(&fields[layers]);
    const bool cluster_read = ok({gpus, gpus_per_node, device_memory, reserved_memory, peak_tflops, memory_bandwidth, intra_bandwidth,
                                  nics_per_node, nic_rate}) && usable(fp8_tflops) &&
                              usable(matmul_tflops) && usable(fp8_matmul_tflops) && usable(flash2_tflops);
    // The token budget only sets the days, so an error in it withholds them alone.
    const bool run_read = ok({sequence_length, target, target_unit, precision, gradient_precision, attention_kernel, framework, dispatcher, tensor_overlap});
    const bool knobs_read = usable(tensor_parallel) && usable(pipeline_parallel) && usable(virtual_stages) && usable(context_parallel) &&
                            usable(expert_parallel) && usable(expert_tensor_parallel) && usable(zero_stage) && usable(recompute) && usable(sequence_parallel) &&
                            usable(micro_batch) && usable(accumulation_steps) && usable(data_parallel);
    if (!(model && cluster_read && run_read && knobs_read)) return evaluation;

    // A target in tokens is a whole number of sequences, or refused.
    std::uint64_t sequences = count(target);
    if (in_tokens) {
        if (count(target) % count(sequence_length) != 0) {
            evaluation.refusal = Refusal::not_whole_sequences;
            return evaluation;
        }
        sequences = count(target) / count(sequence_length);
    }
    evaluation.global_batch = sequences;
    const auto chosen_precision = static_cast<step_time::Precision>(count(precision));
    if (chosen_precision == step_time::Precision::fp8 && !fields[fp8_tflops].ok()) {
        evaluation.refusal = Refusal::fp8_unsupported;
        return evaluation;
    }

    const step_time::Run run{count(sequence_length), static_cast<step_time::Attention>(count(attention_kernel)), chosen_precision,
                             static_cast<GradientPrecision>(count(gradient_precision)),
                             static_cast<step_time::Framework>(count(framework)), static_cast<step_time::Dispatcher>(count(dispatcher)),
                             count(tensor_overlap) == 1};
    const step_time::Device device{decimal(peak_tflops) * 1e12, fields[fp8_tflops].ok() ? decimal(fp8_tflops) * 1e12 : 0,
                                   decimal(memory_bandwidth) * 1e9, decimal(intra_bandwidth) * 1e9, count(gpus_per_node),
                                   static_cast<double>(count(nics_per_node)) * decimal(nic_rate) * 1e9 / 8,
                                   fields[matmul_tflops].ok() ? decimal(matmul_tflops) / decimal(peak_tflops) : 0,
                                   fields[fp8_matmul_tflops].ok() ? decimal(fp8_matmul_tflops) / decimal(fp8_tflops) : 0,
                                   fields[flash2_tflops].ok() ? decimal(flash2_tflops) / decimal(peak_tflops) : 0};
    const double usable_memory = (decimal(device_memory) - decimal(reserved_memory)) * gibibyte;
    layout_search::Knobs knobs;
    const auto knob = [&](Field field) { return fields[field].ok() ? std::optional<std::uint64_t>(count(field)) : std::nullopt; };
    knobs.tensor = knob(tensor_parallel);
    knobs.pipeline = knob(pipeline_parallel);
    knobs.virtual_stages = knob(virtual_stages);
    knobs.context = knob(context_parallel);
    knobs.expert = knob(expert_parallel);
    knobs.expert_tensor = knob(expert_tensor_parallel);
    knobs.micro_batch = knob(micro_batch);
    knobs.accumulation = knob(accumulation_steps);
    knobs.data = knob(data_parallel);
    if (fields[zero_stage].ok()) knobs.zero = static_cast<unsigned>(count(zero_stage));
    if (fields[recompute].ok()) knobs.recompute = static_cast<memory_model::Recompute>(count(recompute));
    if (fields[sequence_parallel].ok()) knobs.sequence_parallel = count(sequence_parallel) == 1;

    const layout_search::Question question{*model, run, count(gpus), sequences, device,
                                           usable_memory <= 0 ? u128{0} : static_cast<u128>(usable_memory), knobs, true};
    evaluation.answer = layout_search::search(question);
    results[considered] = Product{evaluation.answer.considered};
    results[fitting] = Product{evaluation.answer.fitting};
    if (evaluation.answer.considered == 0) {
        evaluation.refusal = Refusal::no_layout;
        return evaluation;
    }
    if (evaluation.answer.fastest.empty()) {
        evaluation.refusal = Refusal::nothing_fits;
        if (evaluation.answer.smallest) {
            const step_time::Layout& closest = evaluation.answer.smallest->layout;
            const u128 room = question.usable_bytes;
            // The model as the search priced that layout (its vocabulary padded for its t).
            const model_shape::Shape priced = *layout_search::model_at(question, closest.tensor);
            Remedies remedies;
            remedies.offloaded = layout_search::busiest_gpu_bytes(priced, run, closest, layout_search::OptimizerPlace::cpu);
            remedies.offloaded_fits = remedies.offloaded <= room;
            remedies.eight_bit = layout_search::busiest_gpu_bytes(priced, run, closest, layout_search::OptimizerPlace::gpu_8bit);
            remedies.eight_bit_fits = remedies.eight_bit <= room;
            if (fields[pcie_bandwidth].ok()) {
                // 12 bytes a parameter whose states this GPU holds; each crosses as a gradient and comes back in 16 bits.
                const double updated = static_cast<double>(layout_search::optimizer_state_bytes(priced, run, closest)) / 12;
                const double crossing = updated * static_cast<double>(bytes_per_gradient(run.gradients) + 2);
                remedies.pcie_seconds = crossing / (decimal(pcie_bandwidth) * 1e9);
            }
            evaluation.remedies = remedies;
        }
        return evaluation;
    }
    const layout_search::Choice& best = evaluation.answer.fastest.front();
    const double step = best.parts.total;
    const double tokens_per_step = static_cast<double>(sequences) * static_cast<double>(count(sequence_length));
    results[best_step] = finite(step);
    results[best_tokens_per_second] = finite(tokens_per_step / step / static_cast<double>(count(gpus)));
    // Model FLOPs as the compute page counts them, with the tokenizer's vocabulary.
    results[best_mfu] = finite(step_time::model_flops(*model, count(sequence_length), sequences) /
                               (step * static_cast<double>(count(gpus)) * device.peak_flops));
    results[best_memory] = exact_figure(best.memory);
    if (fields[tokens].ok()) results[best_days] = finite(static_cast<double>(count(tokens)) / tokens_per_step * step / seconds_per_day);
    return evaluation;
}

}  // namespace batch_planner::parallel_configuration
