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
inline constexpr std::array<FieldSpec, 33> run_field_specs{{
    // The cluster.
    count_field("gpus", gpu_limits, sequence_form),
    count_field("gpusPerNode", {1, 65'536}),
    decimal_field("deviceMemory", grad_memory::device_limits),     // GiB
    decimal_field("reservedMemory", grad_memory::reserved_limits), // GiB set aside
    decimal_field("peakTflops", rate_limits),                      // dense BF16/FP16
    decimal_field("fp8Tflops", rate_limits, true),                 // dense FP8; empty: none
    decimal_field("matmulTflops", rate_limits, true),              // measured achievable BF16 matmul; empty: the A100's share
    decimal_field("fp8MatmulTflops", rate_limits, true),           // the same in FP8
    decimal_field("flash2Tflops", rate_limits, true),              // FlashAttention-2's best measured; empty: the A100's share
    decimal_field("memoryBandwidth", rate_limits),                 // GB/s of HBM
    decimal_field("intraBandwidth", rate_limits),                  // GB/s, NVLink all-reduce bus bandwidth, as on the scaling page
    count_field("nicsPerNode", {1, 1'024}),
    decimal_field("nicRate", rate_limits),                         // Gb/s a NIC
    decimal_field("pcieBandwidth", rate_limits, true),             // GB/s each way between a GPU and its host; empty: unknown
    // The run.
    count_field("sequenceLength", factor_limits, context_form),
    count_field("target", batch_limits, sequence_form),  // read as tokens when targetUnit is tok
    choice_field("targetUnit", {"seq", "tok"}),
    count_field("tokens", batch_limits, token_form, true),  // the budget, for the days
    choice_field("precision", {"bf16", "fp16", "fp8"}),
    gradient_precision_field,
    choice_field("attention", {"flash", "flash2", "eager"}),  // step_time::Attention
    // The trainer (step_time::Framework): Megatron-LM and NeMo, DeepSpeed and Megatron-DeepSpeed, torchtitan,
    // PyTorch FSDP in other trainers (HF Accelerate, LLM Foundry).
    choice_field("framework", {"megatron", "deepspeed", "torchtitan", "fsdp"}),
    // The knobs: empty is searched.
    count_field("tensorParallel", shape_limits, sequence_form, true),
    count_field("pipelineParallel", grad_memory::stage_limits, sequence_form, true),
    count_field("virtualStages", grad_memory::stage_limits, sequence_form, true),
    count_field("contextParallel", shape_limits, sequence_form, true),
    count_field("expertParallel", shape_limits, sequence_form, true),
    optional_choice_field("zeroStage", {"0", "1", "2", "3"}),
    optional_choice_field("recompute", {"none", "selective", "full"}),
    optional_choice_field("sequenceParallel", {"off", "on"}),
    count_field("microBatch", factor_limits, sequence_form, true),
    count_field("accumulationSteps", factor_limits, sequence_form, true),
    count_field("dataParallel", factor_limits, sequence_form, true),  // d, when fixed: GPUs ÷ (t·p·c)
}};
inline constexpr auto field_specs = join_fields(model_shape::field_specs, run_field_specs);

enum Field : std::size_t {
    layers, hidden_size, attention_heads, kv_heads, head_dim, ffn_hidden, gated_mlp, normalization, qk_norm, vocabulary, tied_embeddings,
    experts, experts_per_token, expert_ffn, shared_expert_ffn, gpus, gpus_per_node, device_memory, reserved_memory, peak_tflops,
    fp8_tflops, matmul_tflops, fp8_matmul_tflops, flash2_tflops, memory_bandwidth, intra_bandwidth, nics_per_node, nic_rate, pcie_bandwidth, sequence_length, target, target_unit, tokens, precision,
    gradient_precision, attention_kernel, framework, tensor_parallel, pipeline_parallel, virtual_stages, context_parallel, expert_parallel,
    zero_stage, recompute, sequence_parallel, micro_batch, accumulation_steps, data_parallel,
};
static_assert(model_shape::listed_at(field_specs, layers) && field_specs.size() == data_parallel + 1 &&
              field_specs[gpus].key == "gpus" && field_specs[framework].key == "framework");

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
