// A prediction of one optimizer step's seconds for a dense or mixture-of-
// experts transformer on a cluster and layout, as the sum of named parts.
// Megatron-LM's schedule is the one modelled (1F1B, interleaved with v > 1).
//
// Per micro-batch, on the busiest GPU (the last pipeline stage, which also
// runs the output layer), each of its L/p layers costs:
//  - compute: the layer's GEMM FLOPs (forward 2·b·s per weight, attention's
//    QKᵀ and AV 4·b·s²·n·d_h, half of it under a causal FlashAttention
//    kernel; backward twice the forward; full recomputation one more forward,
//    selective recomputation the attention core's forward), over t and c,
//    at the device's dense peak × an achieved-matmul fraction
//        η = η_max · W / (W + W₀ · peak / 312 TFLOPS),
//    W the FLOPs of the MLP's up-projection on one GPU (under MoE one expert's
//    for its share of the tokens, times the local experts whose GEMMs run at
//    once: see concurrent_expert_gemms): small GEMMs run far from the peak.
//    η_max = 0.72 and W₀ = 1.3·10¹⁰ FLOPs were fitted on the 18 published
//    runs of Narayanan et al. 2021 (Table 1) and Korthikanti et al. 2022
//    (Table 5), all A100; W₀ scales with the peak, since a faster GPU needs
//    larger GEMMs to fill it (step_time_tests.cpp holds the fit's errors).
//    Another device's η_max is scaled by its measured maximum achievable
//    matmul share of its peak over the A100's (271.2 of 312 TFLOPS, mamf-finder):
//    0.72 × 0.803 / 0.869 on an H100 SXM. Under FP8 the linear layers' GEMMs
//    run at the FP8 peak and its own measured share; the attention core and
//    the output layer stay at the 16-bit rate (Transformer Engine's recipes
//    leave fp8_dpa off; Megatron-LM's output layer is no TE module). Checked,
//    not fitted, on 32 published H100 runs (NeMo 24.07's FP8 table, Megatron-
//    Bridge 25.09's four H100 runs, 25.11's two MoE runs and five of its later
//    containers', NVIDIA dgxc-benchmarking's Nemotron-4 15B and 340B, eight
//    Megatron-LM MoE runs of the Megatron-MoE-ModelZoo and Megatron-LM's own;
//    docs/step-time-calibration.md has the figures);
//  - memory-bound work: the elementwise kernels between GEMMs read and write
//    11·h elements a token (two norms, two bias-dropout-adds; over t with
//    sequence parallelism), 2·f/t (3·f/t gated) in the activation, and, with
//    eager attention, 4.5·s·n/t for the scores' softmax and dropout, all in
//    16 bits, at the HBM bandwidth × 0.7 (fitted with the above); backward
//    twice, recomputation as for compute; under FP8, the casts Transformer
//    Engine 1.8 adds (step_time.cpp, add_fp8_casts: 58·h bytes a token at t = 1
//    without SP for f = 4h, 8h + (21h + 9f)/t with SP) and the weights' cast,
//    4 bytes a parameter once a step; under torchtitan, torchao's casts (132·h
//    bytes a token at t = 1 for f = 4h, and the weights, 14 bytes a parameter,
//    every micro-batch); under MoE, the tokens' copies into and out of expert
//    order around the experts' GEMMs as the dispatcher makes them (step_time.cpp,
//    add_routing);
//  - tensor parallelism: four collectives of b·s·h 16-bit elements a layer
//    (two all-reduces forward and two backward, or all-gather and
//    reduce-scatter pairs with SP: the same bytes), two more under full
//    recomputation, each 2(t−1)/t of its bytes at NVLink's bus bandwidth;
//    their fixed overhead is inside the fitted η; with Run::tensor_overlap,
//    each half under the GEMM Transformer Engine's userbuffers run it with
//    (step_time.cpp, overlapped_tensor_seconds);
//  - context parallelism: a ring passing the keys and values, (c−1)/c of
//    2·b·s·g·d_h·2 bytes forward and twice backward, hidden behind the
//    attention it feeds, so only what exceeds it shows;
//  - expert parallelism: two all-to-alls forward and two backward (and the
//    forward's again under full recomputation) of the b·s/c tokens' h-wide
//    inputs, as the dispatcher sends them (Dispatcher: a copy a token and
//    expert, or one a token and node), what crosses nodes on each GPU's own
//    NIC (step_time.cpp, all_to_all_seconds);
//  - pipeline: the activation sent to the next stage and its gradient back,
//    b·s·h/t 16-bit elements each way (Megatron-LM's scatter/gather), over
//    the GPU's share of its node's NICs at 95% of their line rate, v times per micro-batch when
//    interleaved; the bubble is (p−1)/v micro-batches' time.
// The data-parallel collectives, over the d·c ranks that share the gradients (Megatron-LM reduces and shards
// over data and context parallelism together), t ranks apart: a group with k members a node crosses between
// nodes on its members' k NICs at the rate NCCL's ring reaches (95% of the line), capped by NVLink, and each
// collective pays NCCL's ring latency (a base and a step each, NVLink's or the network's: nccl's tuning.cc).
//  - ZeRO 0: one all-reduce a step, in the framework's buckets (Megatron-LM max(4·10⁷, 10⁶·d) parameters,
//    DeepSpeed 5·10⁸ elements, PyTorch DDP 25 MiB), of which only what outlasts the last micro-batch's
//    backward shows;
//  - ZeRO-1: its reduce-scatter so, then the updated 16-bit parameters gathered after
//    the step, always shown;
//  - stage 2 reduce-scatters every micro-batch (DeepSpeed's, FSDP's SHARD_GRAD_OP, Megatron-FSDP's
//    optim_grads), FSDP gathering the parameters before each forward, the others once a step;
//  - ZeRO-3 gathers the parameters before each micro-batch's forward and again for its backward (not under
//    torchtitan's pipeline, which keeps them) and reduce-scatters its gradients, a layer at a time, each
//    overlapping the next layer's compute: what outlasts the pass shows, and each micro-batch's first gather
//    and last reduce-scatter never hide;
//  - each of these collectives ends when the slowest of its d·c GPUs joins it: 0.063 × m(d·c) of the passes
//    they synchronise, m(n) the expected largest of n standard normal draws (Blom's approximation), over every
//    pass under ZeRO-3 and FSDP's SHARD_GRAD_OP, every backward under the other stage 2s, the last
//    micro-batch's backward otherwise. 0.063 was fitted on LLM Foundry's A100 runs with the same work a GPU
//    at 16 to 128 GPUs; the step grows with d as their published steps do.
// The optimizer step reads and writes 30 bytes a held parameter (AdamW's fp32 weight, moments and gradient,
// the 16-bit copy) at the HBM bandwidth × 0.7.
// Each framework's kernels run at its own share of the fitted rates (kernel_share in step_time.cpp):
// Megatron-LM's fitted them; torchtitan and PyTorch FSDP are fitted on their own published A100 runs.
// The attention core runs at the GEMMs' rate under a fused kernel written for the device (Transformer Engine's
// cuDNN attention, FlashAttention-3); under FlashAttention-2's line of kernels, written for Ampere, at a fitted
// share (0.366) of that kernel's best measured rate on the device: 73% of the peak on an A100 (Dao 2023), 35% on
// an H100 (Shah et al. 2024). The share was fitted with PyTorch FSDP's kernel share on LLM Foundry's A100 runs,
// whose sequences run from 512 to 65,536 tokens; their H100 runs check it.
//
// Plain C++17, no locale. Seconds are doubles: this is a prediction.
#pragma once

#include <cstdint>

#include "memory_model.hpp"

namespace batch_planner::step_time {

// A device and its node: dense peaks in FLOP/s, bandwidths in bytes/s.
struct Device {
    double peak_flops;        // dense BF16/FP16
    double fp8_peak_flops;    // dense FP8; 0: none
    double memory_bandwidth;  // HBM
    double intra_bandwidth;    // NVLink all-reduce bus bandwidth per GPU within a node
    std::uint64_t gpus_per_node;
    double node_bandwidth;    // the node's NICs together: NICs × rate / 8
    double matmul_fraction = 0;      // measured maximum achievable matmul FLOP/s ÷ peak, BF16; 0: the A100's
    double fp8_matmul_fraction = 0;  // the same in FP8; 0: the A100's BF16 one
    double flash2_fraction = 0;      // FlashAttention-2's best measured FLOP/s ÷ peak; 0: the A100's (0.73)
};

enum class Precision : std::uint8_t { bf16, fp16, fp8 };

// The attention core's kernel. flash: a fused causal kernel written for the device (Transformer Engine's cuDNN
// attention, FlashAttention-3 on Hopper), at the GEMMs' rate; flash2: FlashAttention-2 or an older kernel of its
// line (flash-attn 2, its Triton port, PyTorch SDPA's flash backend), written for Ampere, at its own measured rate;
// eager: the s × s scores stored, as Megatron-LM in 2021-22.
enum class Attention : std::uint8_t { flash, flash2, eager };

// The trainer that runs the layout: what layouts it runs is layout_search::allowed's; here, how it schedules
// the data-parallel collectives and how fast its kernels run. megatron: Megatron-LM and NeMo; deepspeed:
// DeepSpeed and Megatron-DeepSpeed; torchtitan; fsdp: PyTorch FSDP in other trainers (HF Accelerate, LLM Foundry).
enum class Framework : std::uint8_t { megatron, deepspeed, torchtitan, fsdp };

// The model is model_shape::Shape, counted as the memory model counts it.

struct Layout {
    std::uint64_t tensor = 1, pipeline = 1, virtual_stages = 1, context = 1, expert = 1, data = 1;
    unsigned zero = 1;
    memory_model::Recompute recompute = memory_model::Recompute::selective;
    bool sequence_parallel = false;
    std::uint64_t micro_batch = 1, accumulation = 1;
    // Megatron-LM's --account-for-embedding-in-pipeline-split and
    // --account-for-loss-in-pipeline-split (megatron/core/transformer/
    // transformer_block.py, get_num_layers_to_build, at d98e8a6): the
    // embedding and the loss each take a layer's place, so each stage holds
    // S = (L + 2)/p places, the first and the last S − 1 layers, the others S.
    // For layers that p (or p·v) does not divide and L + 2 that it does.
    bool ends_in_split = false;
    // The experts' own tensor parallelism (Megatron-LM's --expert-tensor-parallel-size; parallel_state.py builds the
    // expert grid as ETP × EP × expert-data × PP): 0 for TP's, Megatron-LM's default, or 1, each expert whole on its
    // GPU, as NVIDIA's large MoE recipes run it. At 1 the experts' EP ranks are consecutive, TP's among them, and a
    // mixture of experts' routed MLP has no TP collectives: its tokens stay split along the sequence (shared experts
    // keep theirs).
    std::uint64_t expert_tensor = 0;
};

// The experts' tensor parallelism a layout runs: its own, or TP's.
constexpr std::uint64_t expert_tensor_of(const Layout& layout) { return layout.expert_tensor == 0 ? layout.tensor : layout.expert_tensor; }

// The layers on a stage of a layout: the first and last, and the others.
struct StageLayers {
    std::uint64_t first, middle, last;
};
StageLayers stage_layers(std::uint64_t layers, const Layout& layout);

// How a mixture of experts' tokens reach their experts on other GPUs (Megatron-LM's --moe-token-dispatcher-type,
// and --moe-flex-dispatcher-backend under flex): NCCL's all-to-all, each token copy to each of its experts' GPUs
// (alltoall); DeepEP's, each token sent once to each node its experts sit on, over RDMA, then forwarded within the
// node on NVLink (deepseek-ai/DeepEP at 567632dd, csrc/kernels/internode.cu lines 628-633 and 960-988); or
// HybridEP's, hierarchical the same way, a token to each expert node once, then NVLink within it (DeepEP's
// hybrid-ep branch at 94a9f8f, docs/README_Hybrid-EP.md, "Hierarchical Communication Design"): priced as DeepEP's.
// The index is the value, so the order is dispatcher_words'.
enum class Dispatcher : std::uint8_t { all_to_all, deep_ep, hybrid_ep };
inline constexpr ChoiceWords dispatcher_words{"alltoall", "deepep", "hybridep"};
// Whether a token crosses to another node once (DeepEP, HybridEP) rather than once per expert there.
constexpr bool sends_once_a_node(Dispatcher dispatcher) { return dispatcher != Dispatcher::all_to_all; }

// Whether tensor parallelism's collectives run under the GEMMs they feed (Megatron-LM's --tp-comm-overlap, Transformer
// Engine's userbuffers, which needs sequence parallelism: arguments.py at d98e8a6, lines 1441-1442; torchtitan's
// enable_async_tensor_parallel). The index is the value.
inline constexpr ChoiceWords tensor_overlap_words{"off", "on"};

struct Run {
    std::uint64_t sequence;
    Attention attention = Attention::flash;
    Precision precision = Precision::bf16;
    GradientPrecision gradients = GradientPrecision::fp32;
    Framework framework = Framework::megatron;
    Dispatcher dispatcher = Dispatcher::all_to_all;
    bool tensor_overlap = false;
};

// The step's named parts, in seconds; total is their sum.
struct StepParts {
    double compute = 0;          // GEMMs, m micro-batches
    double memory_bound = 0;     // elementwise kernels, m micro-batches
    double tensor_parallel = 0;  // TP/SP collectives
    double context_parallel = 0; // exposed KV exchange
    double expert_parallel = 0;  // all-to-alls
    double pipeline_send = 0;    // stage-to-stage activations and gradients
    double pipeline_bubble = 0;  // (p−1)/v micro-batches of the above
    double data_parallel = 0;    // the exposed gradient reduction and parameter gather
    double zero3_gather = 0;     // the exposed parameter gathers of ZeRO-3
    double straggler = 0;        // data-parallel collectives waiting for their slowest GPU
    double optimizer = 0;        // the optimizer step
    double total = 0;
    double matmul_efficiency = 0;  // η, for the page to show
};

// A ring all-gather (or reduce-scatter) of a `bytes` buffer, the whole gathered size, in `launches` collectives on a
// group of `members` GPUs `stride` ranks apart: on NVLink within a node, else on its members' share of the NICs at
// the rate NCCL's ring reaches, with NCCL's latency a step.
double all_gather_seconds(double bytes, std::uint64_t members, std::uint64_t stride, const Device& device, double launches = 1);

// The achieved-matmul fraction for a GEMM of W FLOPs on a device of this peak.
double matmul_efficiency(double gemm_flops, double peak_flops, double matmul_fraction = 0);

// The expected largest of n standard normal draws (Blom's approximation): how many spreads after the mean the
// slowest of n GPUs joins a collective. 0 for one GPU.
double expected_maximum(std::uint64_t n);

StepParts step_seconds(const model_shape::Shape& model, const Run& run, const Layout& layout, const Device& device);
// The same, with the model's parameter split counted once by the caller (the search).
StepParts step_seconds(const model_shape::Shape& model, const memory_model::ParameterSplit& split, const Run& run, const Layout& layout,
                       const Device& device);

// The model FLOPs of one step, as the compute page counts them (6 per
// parameter a token, 12·L·s·n·d_h a token for attention, no recomputation):
// MFU = model FLOPs / (step seconds × GPUs × peak).
double model_flops(const model_shape::Shape& model, std::uint64_t sequence, std::uint64_t global_batch);

}  // namespace batch_planner::step_time
