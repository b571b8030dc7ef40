// The search for the fastest layout that fits: every TP, PP (and virtual
// stages), CP, EP, data-parallel size, ZeRO stage, recomputation, sequence
// parallelism and micro-batch that the frameworks accept, that reaches the
// global batch exactly (B = b·d·a) and that fits in the GPU's memory as the
// memory page counts it, ranked by step_time's prediction. A knob given is
// fixed; the rest are searched.
//
// The rules, each as the framework that runs it refuses otherwise:
//  - t divides the heads, the KV heads and the FFN width (Megatron-LM's
//    ColumnParallelLinear and attention split them evenly);
//  - p divides the layers, v the layers of a stage, v > 1 only with p > 1
//    (megatron/training/arguments.py at d98e8a6, lines 969-973 and 996-1009,
//    with --overlap-p2p-communication, its default);
//  - with v > 1, a multiple of p micro-batches (schedules.py lines 1160-1180);
//  - s divides by 2c when c > 1 (arguments.py line 1336);
//  - e divides the experts, and t·e·p the GPUs (parallel_state.py lines
//    870-884: the expert grid is t × e × p × expert-data-parallel);
//  - sequence parallelism only with t > 1 (arguments.py turns it off at t = 1);
//  - ZeRO stages 2 and 3 only without a pipeline (DeepSpeed's PipelineEngine
//    refuses them), stage 1 being Megatron-LM's distributed optimizer;
//    torchtitan runs FSDP2 (stage 3) under a pipeline too;
//  - and what the run's framework runs (framework_runs): DeepSpeed no
//    interleaving and no ring attention; torchtitan stages 0 and 3, sequence
//    parallelism with every t > 1; PyTorch FSDP data parallelism
//    alone at stages 0, 2 and 3, with whole blocks recomputed or none;
//  - d = GPUs ÷ (t·p·c), and b·d divides the global batch.
// Memory: the model states, ZeRO-3's gathered module and the activations of
// the first stage (memory_model), the latter × 1 + (p−1)/(p·v) when
// interleaved, as Megatron-LM's report_theoretical_memory counts it
// (theoretical_memory_usage.py at d98e8a6, lines 341-355).
//
// Plain C++17, no locale.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "step_time.hpp"

namespace batch_planner::layout_search {

using step_time::Layout;
using step_time::Run;
using step_time::StepParts;

// Knobs the reader fixed; the others are searched.
struct Knobs {
    std::optional<std::uint64_t> tensor, pipeline, virtual_stages, context, expert, micro_batch, accumulation, data;
    std::optional<unsigned> zero;
    std::optional<memory_model::Recompute> recompute;
    std::optional<bool> sequence_parallel;
    std::optional<std::uint64_t> expert_tensor;  // the experts' TP: 1, or TP's
};

struct Question {
    model_shape::Shape model;
    Run run;
    std::uint64_t gpus;
    std::uint64_t global_batch;  // sequences
    step_time::Device device;
    u128 usable_bytes;  // the GPU's memory less what is set aside
    Knobs fixed;
    // The model's vocabulary is the tokenizer's, padded for each t searched as Megatron-LM pads it (128·t);
    // false: model.vocabulary is used as it is.
    bool pad_vocabulary = false;
};

struct Choice {
    Layout layout;
    StepParts parts;
    u128 memory;  // bytes on the busiest GPU
};

inline constexpr std::size_t kept_choices = 10;

struct Answer {
    std::vector<Choice> fastest;  // at most kept_choices, fastest first
    std::uint64_t considered = 0;  // layouts the rules allow that reach the batch
    std::uint64_t fitting = 0;     // of those, the ones that fit
    std::optional<Choice> smallest;  // when none fits: the one that needs the least memory
};

// Where the optimizer keeps its states: on the GPU (fp32 master weights and both Adam moments, 12 bytes a
// parameter), on the GPU with both moments in 8 bits (6 bytes: Megatron-LM's --exp-avg-dtype fp8 --exp-avg-sq-dtype
// fp8 under --use-precision-aware-optimizer, arguments.py at d98e8a6, lines 3667-3684), or in CPU memory (0 bytes on
// the GPU: DeepSpeed's offload_optimizer, deepspeed/runtime/zero/config.py at edaa722, lines 164-169, ZeRO 1-3;
// Megatron-LM's --optimizer-cpu-offload, arguments.py at d98e8a6, lines 1883-1888 and 2918).
enum class OptimizerPlace : std::uint8_t { gpu, gpu_8bit, cpu };
constexpr std::uint64_t optimizer_bytes_on_gpu(OptimizerPlace place) {
    return place == OptimizerPlace::gpu ? 12 : place == OptimizerPlace::gpu_8bit ? 6 : 0;
}

// Bytes on the busiest GPU for a layout (the memory page's count), its optimizer states where `place` keeps them.
u128 busiest_gpu_bytes(const model_shape::Shape& model, const Run& run, const Layout& layout, OptimizerPlace place = OptimizerPlace::gpu);

// The optimizer states' bytes on the busiest GPU: 12 a parameter whose states it holds (sharded over d·c from ZeRO-1).
u128 optimizer_state_bytes(const model_shape::Shape& model, const Run& run, const Layout& layout);

// The model as the search prices it at tensor-parallel size t: with the vocabulary padded for t when the question
// asks (Megatron-LM's 128·t); none when it cannot be padded.
std::optional<model_shape::Shape> model_at(const Question& question, std::uint64_t tensor);

// Whether the run's framework runs a layout (layout_search.cpp gives each one's rules and their sources).
bool framework_runs(step_time::Framework framework, const model_shape::Shape& model, const Layout& layout);

// Whether the framework shards gradients or parameters (ZeRO-2 or -3) under a pipeline: torchtitan's FSDP2 alone.
bool shards_under_pipeline(step_time::Framework framework);

// Whether a layout keeps every rule above for this model, run, GPUs and batch: those that do not read its ZeRO stage
// (allowed_but_for_zero), which the search checks once for the four stages it tries, and those that do.
bool allowed_but_for_zero(const model_shape::Shape& model, const Run& run, std::uint64_t gpus, std::uint64_t global_batch, const Layout& layout);
bool allowed_at_zero(const model_shape::Shape& model, const Run& run, const Layout& layout);
bool allowed(const model_shape::Shape& model, const Run& run, std::uint64_t gpus, std::uint64_t global_batch, const Layout& layout);

Answer search(const Question& question);

}  // namespace batch_planner::layout_search
