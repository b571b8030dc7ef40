// The gradient-accumulation memory calculator: what the most loaded device
// holds while it trains with micro-batch b and accumulation steps a on d
// data-parallel replicas (the memory model, memory_model.hpp), the largest
// micro-batch that fits and the accumulation a target batch needs.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "checked_math.hpp"
#include "fields.hpp"
#include "gradient_precision.hpp"
#include "memory_model.hpp"
#include "model_shape.hpp"
#include "number_text.hpp"

namespace batch_planner::grad_memory {

using model_shape::QkNorm;
using model_shape::shape_limits;
inline constexpr CountLimits stage_limits{1, 1'024};
inline constexpr CountLimits byte_limits{1, 1'000'000'000'000'000'000ULL};
inline constexpr DecimalLimits device_limits{0.001, 1'048'576};  // GiB
inline constexpr DecimalLimits reserved_limits{0, 1'048'576};    // GiB

inline constexpr CountLimits rank_limits{1, 65'536ULL};

// Field order is the order of the texts evaluate() takes: the batch, the model's shape, then the run and the device.
#define BP_GRAD_MEMORY_BATCH_FIELDS(X) \
    X(micro_batch, count_field("microBatch", factor_limits, sequence_form)) \
    X(accumulation_steps, count_field("accumulationSteps", factor_limits, sequence_form)) \
    X(data_parallel, count_field("dataParallel", factor_limits, sequence_form)) \
    X(activation_per_sample, count_field("activationPerSample", byte_limits, token_form, true)) /* bytes; when empty, from the model's shape */
#define BP_GRAD_MEMORY_RUN_FIELDS(X) \
    X(sequence_length, count_field("sequenceLength", factor_limits, context_form)) \
    X(tensor_parallel, count_field("tensorParallel", shape_limits, sequence_form)) \
    X(pipeline_parallel, count_field("pipelineParallel", stage_limits, sequence_form)) \
    X(expert_parallel, count_field("expertParallel", shape_limits, sequence_form)) \
    X(expert_tensor_parallel, count_field("expertTensorParallel", shape_limits, sequence_form, true)) /* empty: t, Megatron-LM's default */ \
    X(sequence_parallel, choice_field("sequenceParallel", memory_model::sequence_parallel_words)) \
    X(recompute, choice_field("recompute", memory_model::recompute_words)) \
    X(attention_kernel, choice_field("attention", {"flash", "flash2", "eager"})) /* whether the s×s scores are stored (eager), as step_time::Attention */ \
    X(parameters, count_field("parameters", byte_limits, token_form, true)) /* empty: counted from the shape */ \
    X(zero_stage, choice_field("zeroStage", {"0", "1", "2", "3"})) \
    X(gradient_precision, gradient_precision_field) \
    X(fine_tuning, choice_field("fineTuning", {"full", "lora", "qlora"})) \
    X(lora_rank, count_field("loraRank", rank_limits, sequence_form)) \
    X(lora_targets, choice_field("loraTargets", {"all-linear", "attention"})) \
    X(optimizer, choice_field("optimizer", {"adamw", "adamw8bit"})) \
    X(device_memory, decimal_field("deviceMemory", device_limits)) /* GiB (2^30 bytes), as nvidia-smi reports it */ \
    X(reserved_memory, decimal_field("reservedMemory", reserved_limits)) /* GiB set aside before anything is placed */ \
    X(target, count_field("target", factor_limits, sequence_form, true)) /* in sequences */
#define BP_GRAD_MEMORY_FIELDS(X) BP_GRAD_MEMORY_BATCH_FIELDS(X) BP_MODEL_SHAPE_FIELDS(X) BP_GRAD_MEMORY_RUN_FIELDS(X)
inline constexpr std::array field_specs{BP_GRAD_MEMORY_FIELDS(BP_FIELD_SPEC)};

// The fields' names, in their specs' order: derived from the one list above.
enum Field : std::size_t { BP_GRAD_MEMORY_FIELDS(BP_FIELD_ENUMERATOR) };
static_assert(field_specs[layers].key == "layers" && field_specs[sequence_length].key == "sequenceLength");

// The answers first (the largest micro-batch that fits, the accumulation it
// needs for the target, and its activations), the batch and the GPUs the
// layout spans (d·t·p), then where the memory goes.
inline constexpr std::array<std::string_view, 21> result_keys{
    "maxMicroBatch", "accumulationForTarget", "maxActivationMemory", "effectiveBatch", "gpus", "totalMemory", "activationMemory",
    "megatronActivationMemory",
    "modelStateMemory", "parameterMemory", "gradientMemory", "optimizerMemory", "zero3WorkingMemory", "activationPerSample", "deviceMemory",
    "reservedMemory", "modelParameters", "activeParameters", "deviceParameters", "paddedVocabulary", "trainableParameters",
};

enum Result : std::size_t {
    max_micro_batch, accumulation_for_target, max_activations, batch, gpus, total, activations, megatron_activations, state_bytes, parameter_bytes,
    gradient_bytes, optimizer_bytes, gathered_bytes, per_sample, device, reserved, model_parameters, active_parameters, device_parameters, padded_vocabulary, trainable_parameters,
};

using FieldTexts = std::array<std::string_view, field_specs.size()>;

struct Evaluation {
    std::array<FieldReading, field_specs.size()> fields;
    std::array<std::optional<Product>, result_keys.size()> results;
};

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax);

std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation);

}  // namespace batch_planner::grad_memory
