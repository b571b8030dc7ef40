// The parallel-configuration calculator: for a model, a cluster and a run,
// the fastest layout that fits (layout_search.hpp), its predicted step
// (step_time.hpp) and what follows from it: tokens/s per GPU, MFU as the
// compute page counts model FLOPs, the bytes on the busiest GPU and the days
// for a token budget. Knobs left empty are searched; with every knob set,
// the one layout is predicted.
//
// Plain C++17, no locale.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "figure.hpp"
#include "grad_memory.hpp"
#include "layout_search.hpp"

namespace batch_planner::parallel_configuration {

using model_shape::shape_limits;
inline constexpr CountLimits gpu_limits{1, 16'777'216ULL};
inline constexpr CountLimits batch_limits{1, 1'000'000'000'000'000'000ULL};  // a target in tokens or sequences
inline constexpr DecimalLimits rate_limits{0.001, 1'000'000};                // TFLOPS, GB/s, Gb/s

constexpr FieldSpec optional_choice_field(std::string_view key, ChoiceWords words) {
    FieldSpec spec = choice_field(key, words);
    spec.optional = true;
    return spec;
}

// Field order is the order of the texts evaluate() takes: the model (model_shape's fields, under the memory
// page's keys), then the cluster, the run and the knobs.
#define BP_PARALLEL_CONFIGURATION_RUN_FIELDS(X) \
    /* The cluster. */ \
    X(gpus, count_field("gpus", gpu_limits, sequence_form)) \
    X(gpus_per_node, count_field("gpusPerNode", {1, 65'536})) \
    X(device_memory, decimal_field("deviceMemory", grad_memory::device_limits)) /* GiB */ \
    X(reserved_memory, decimal_field("reservedMemory", grad_memory::reserved_limits)) /* GiB set aside */ \
    X(peak_tflops, decimal_field("peakTflops", rate_limits)) /* dense BF16/FP16 */ \
    X(fp8_tflops, decimal_field("fp8Tflops", rate_limits, true)) /* dense FP8; empty: none */ \
    X(matmul_tflops, decimal_field("matmulTflops", rate_limits, true)) /* measured achievable BF16 matmul; empty: the A100's share */ \
    X(fp8_matmul_tflops, decimal_field("fp8MatmulTflops", rate_limits, true)) /* the same in FP8 */ \
    X(flash2_tflops, decimal_field("flash2Tflops", rate_limits, true)) /* FlashAttention-2's best measured; empty: the A100's share */ \
    X(memory_bandwidth, decimal_field("memoryBandwidth", rate_limits)) /* GB/s of HBM */ \
    X(intra_bandwidth, decimal_field("intraBandwidth", rate_limits)) /* GB/s, NVLink all-reduce bus bandwidth, as on the scaling page */ \
    X(nics_per_node, count_field("nicsPerNode", {1, 1'024})) \
    X(nic_rate, decimal_field("nicRate", rate_limits)) /* Gb/s a NIC */ \
    X(pcie_bandwidth, decimal_field("pcieBandwidth", rate_limits, true)) /* GB/s each way between a GPU and its host; empty: unknown */ \
    /* The run. */ \
    X(sequence_length, count_field("sequenceLength", factor_limits, context_form)) \
    X(target, count_field("target", batch_limits, sequence_form)) /* read as tokens when targetUnit is tok */ \
    X(target_unit, choice_field("targetUnit", {"seq", "tok"})) \
    X(tokens, count_field("tokens", batch_limits, token_form, true)) /* the budget, for the days */ \
    X(precision, choice_field("precision", {"bf16", "fp16", "fp8"})) \
    X(gradient_precision, gradient_precision_field) \
    X(attention_kernel, choice_field("attention", {"flash", "flash2", "eager"})) /* step_time::Attention */ \
    /* The trainer (step_time::Framework): Megatron-LM and NeMo, DeepSpeed and Megatron-DeepSpeed, torchtitan, */ \
    /* PyTorch FSDP in other trainers (HF Accelerate, LLM Foundry). */ \
    X(framework, choice_field("framework", {"megatron", "deepspeed", "torchtitan", "fsdp"})) \
    /* How a mixture of experts' tokens cross to their experts (step_time::Dispatcher); no effect on a dense model. */ \
    X(dispatcher, choice_field("dispatcher", step_time::dispatcher_words)) \
    /* Whether TP's collectives run under its GEMMs (step_time::Run::tensor_overlap); no effect at TP 1. */ \
    X(tensor_overlap, choice_field("tensorOverlap", step_time::tensor_overlap_words)) \
    /* The knobs: empty is searched. */ \
    X(tensor_parallel, count_field("tensorParallel", shape_limits, sequence_form, true)) \
    X(pipeline_parallel, count_field("pipelineParallel", grad_memory::stage_limits, sequence_form, true)) \
    X(virtual_stages, count_field("virtualStages", grad_memory::stage_limits, sequence_form, true)) \
    X(context_parallel, count_field("contextParallel", shape_limits, sequence_form, true)) \
    X(expert_parallel, count_field("expertParallel", shape_limits, sequence_form, true)) \
    X(expert_tensor_parallel, count_field("expertTensorParallel", shape_limits, sequence_form, true)) /* 1 or t; empty: searched */ \
    X(zero_stage, optional_choice_field("zeroStage", {"0", "1", "2", "3"})) \
    X(recompute, optional_choice_field("recompute", memory_model::recompute_words)) \
    X(sequence_parallel, optional_choice_field("sequenceParallel", memory_model::sequence_parallel_words)) \
    X(micro_batch, count_field("microBatch", factor_limits, sequence_form, true)) \
    X(accumulation_steps, count_field("accumulationSteps", factor_limits, sequence_form, true)) \
    X(data_parallel, count_field("dataParallel", factor_limits, sequence_form, true)) /* d, when fixed: GPUs ÷ (t·p·c) */
#define BP_PARALLEL_CONFIGURATION_FIELDS(X) BP_MODEL_SHAPE_FIELDS(X) BP_PARALLEL_CONFIGURATION_RUN_FIELDS(X)
inline constexpr std::array field_specs{BP_PARALLEL_CONFIGURATION_FIELDS(BP_FIELD_SPEC)};

// The fields' names, in their specs' order: derived from the one list above.
enum Field : std::size_t { BP_PARALLEL_CONFIGURATION_FIELDS(BP_FIELD_ENUMERATOR) };
static_assert(field_specs[layers].key == "layers" && field_specs[gpus].key == "gpus" && field_specs[framework].key == "framework");

inline constexpr std::array<std::string_view, 7> result_keys{
    "bestStepSeconds", "bestTokensPerSecondPerGpu", "bestMfu", "bestMemory", "bestDays", "configurationsConsidered",
    "configurationsFitting",
};

enum Result : std::size_t { best_step, best_tokens_per_second, best_mfu, best_memory, best_days, considered, fitting };

// Why no layout is shown.
enum class Refusal : std::uint8_t {
    none,
    not_whole_sequences,  // a target in tokens that is no whole number of sequences
    no_layout,            // no layout the frameworks accept reaches the batch on these GPUs
    nothing_fits,         // layouts reach it, none fits in memory
    fp8_unsupported,      // FP8 asked of a device without an FP8 peak
};

using FieldTexts = std::array<std::string_view, field_specs.size()>;

// When nothing fits: the layout that needs the least memory, with its optimizer states kept elsewhere
// (layout_search::OptimizerPlace), each with its bytes on the busiest GPU and whether that fits.
struct Remedies {
    u128 offloaded = 0;          // the states in CPU memory
    bool offloaded_fits = false;
    // What they add to a step: the gradients of the parameters this GPU updates go to the host, the updated 16-bit
    // parameters come back, one after the other, at the PCIe rate each way; < 0 when the rate is not given. The
    // CPU's own optimizer step is not counted.
    double pcie_seconds = -1;
    u128 eight_bit = 0;          // both Adam moments in 8 bits
    bool eight_bit_fits = false;
};

struct Evaluation {
    std::array<FieldReading, field_specs.size()> fields;
    std::array<Figure, result_keys.size()> results;
    Refusal refusal = Refusal::none;
    layout_search::Answer answer;  // the fastest layouts, and the closest when none fits
    std::uint64_t global_batch = 0;  // sequences
    // GPUs that fill no whole number of nodes past the first (12 at 8 a node): the nearest counts that do, below
    // and above. A launch (torchrun's --nnodes × --nproc_per_node, SLURM's nodes) takes whole nodes.
    std::uint64_t whole_nodes_below = 0, whole_nodes_above = 0;
    std::optional<Remedies> remedies;  // with Refusal::nothing_fits
    std::optional<std::uint64_t> device_bytes;  // the device memory in bytes, rounded down, when it is valid
};

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax);

}  // namespace batch_planner::parallel_configuration
