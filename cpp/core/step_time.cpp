#include "step_time.hpp"

#include <algorithm>
#include <cmath>


namespace batch_planner::step_time {
namespace {

// Fitted on the 18 calibration runs (step_time.hpp; step_time_tests.cpp).
constexpr double matmul_ceiling = 0.72;
// The A100 SXM's measured maximum achievable matmul fraction (MAMF 271.2 of 312 TFLOPS in BF16), the device the
// ceiling was fitted on: another device's ceiling is scaled by its own measured fraction over this one.
constexpr double a100_matmul_fraction = 271.2 / 312;
constexpr double half_efficiency_flops_a100 = 1.3e10;
constexpr double a100_peak = 312e12;
constexpr double memory_efficiency = 0.7;
constexpr double torchtitan_kernel_share = 1.067;
constexpr double fsdp_kernel_share = 1.056;
// FlashAttention-2's line of kernels: the share of that kernel's best measured rate on the device (Device::
// flash2_fraction of the peak: 73% on an A100, Dao 2023; 35% on an H100, Shah et al. 2024) that the attention core
// reaches in training, fitted with PyTorch FSDP's kernel share on LLM Foundry's 139 A100 rows, whose sequences run
// from 512 to 65,536 tokens, with the straggler spread below in place (docs/step-time-calibration.md).
constexpr double flash2_attained = 0.386;
constexpr double a100_flash2_fraction = 0.73;
// NCCL's ring latencies under its Simple protocol, in seconds (NVIDIA/nccl at 5067397c, src/graph/tuning.cc,
// lines 149-176: baseLatencies and hwLatencies; the same since v2.18): a base a collective, a step on NVLink, a
// step on the network.
constexpr double ring_base_latency = 8.4e-6;
constexpr double nvlink_step_latency = 3.4e-6;
constexpr double network_step_latency = 14e-6;
// The share of the NICs' line rate NCCL's ring reaches between nodes: 46-48 GB/s of an NDR NIC's 50 (NVIDIA,
// nccl-tests issue #290), 192 GB/s of a DGX A100's 8 × 25 (nccl issue #812).
constexpr double network_efficiency = 0.95;
// Each framework's kernels against Megatron-LM's (whose runs fitted η): the share of the fitted rate its GEMMs and
// elementwise kernels reach, the median over its own calibration runs of the factor that makes each exact, with the
// straggler spread in place. Above 1: Megatron-LM's fitted rate holds its own runs' waits for the slowest GPU of each
// tensor-parallel collective, which these runs, without tensor parallelism, do not pay
// (docs/step-time-calibration.md lists them): torchtitan on its 8 A100 rows of docs/performance.md (pytorch/torchtitan
// at 3faaa1a), PyTorch FSDP on LLM Foundry's 139 A100 rows (mosaicml/llm-foundry at 8c8dd48, scripts/train/
// benchmarking/README.md). DeepSpeed's published ZeRO-3 runs give no tokens/s: it is not calibrated, and runs
// Megatron-LM's kernels under Megatron-DeepSpeed.
double kernel_share(Framework framework) {
    switch (framework) {
        case Framework::megatron:
        case Framework::deepspeed:
            return 1;
        case Framework::torchtitan:
            return torchtitan_kernel_share;
        case Framework::fsdp:
            return fsdp_kernel_share;
    }
    return 1;
}

// How many of a GPU's local experts' GEMMs run at once, which sets the GEMM η is read at under MoE. Megatron-LM's
// grouped experts run Transformer Engine's GroupedLinear: one cuBLAS GEMM an expert, dealt round-robin to 4 compute
// streams (TransformerEngine v2.9 at 70f5366: common/gemm/cublaslt_gemm.cu, nvte_multi_tensor_gemm ->
// multi_stream_cublas_gemm, NVTE_USE_CUTLASS_GROUPED_GEMM being off by default; common/util/multi_stream.cpp:52-54).
// torchtitan runs them all as one torch._grouped_mm (pytorch/torchtitan at b5bcd76, models/common/moe.py:110-120).
// DeepSpeed's experts run one after another (deepspeedai/DeepSpeed at edaa722, deepspeed/moe/experts.py:32), and
// FSDP runs the model's own code, which the page cannot see: counted as one at a time.
double concurrent_expert_gemms(Framework framework, double local_experts) {
    switch (framework) {
        case Framework::megatron:
            return std::min(4.0, local_experts);
        case Framework::torchtitan:
            return local_experts;
        case Framework::deepspeed:
        case Framework::fsdp:
            return 1;
    }
    return 1;
}

// How far one GPU's pass between two collectives strays from the others', as a share of that pass: a collective
// across n GPUs ends when the slowest of them joins it, expected_maximum(n) such spreads after the mean. Fitted on
// LLM Foundry's A100 rows (the 139 above): of the 28 pairs of runs with the same work on each GPU at 16 to 128 GPUs,
// the spread that makes the median of their step ratios' errors nil (docs/step-time-calibration.md).
constexpr double straggler_spread = 0.063;

}  // namespace

// Blom's approximation Φ⁻¹((n − 0.375)/(n + 0.25)) (Blom 1958; within 4.5% of the exact value at n = 2, 0.5% past
// n = 10), Φ⁻¹ by Newton's method from √(2 ln n), above the root: Φ is concave there, so the iterates rise to it.
double expected_maximum(std::uint64_t n) {
    if (n < 2) return 0;
    // The search prices thousands of layouts with the same d·c in a row: the last answer is kept.
    thread_local std::uint64_t last_n = 0;
    thread_local double last_maximum = 0;
    if (n == last_n) return last_maximum;
    const double count = static_cast<double>(n);
    const double target = (count - 0.375) / (count + 0.25);
    double x = std::sqrt(2 * std::log(count));
    for (int i = 0; i < 50; ++i) {
        const double step = (0.5 * std::erfc(-x / std::sqrt(2.0)) - target) / (std::exp(-x * x / 2) / std::sqrt(2 * 3.14159265358979323846));
        x -= step;
        if (std::abs(step) < 1e-12) break;
    }
    last_n = n;
    last_maximum = x;
    return x;
}

namespace {

// Bytes of a 16-bit element, and what AdamW reads and writes a held parameter.
constexpr double half = 2;
constexpr double optimizer_bytes_per_parameter = 30;

// A communication group: n GPUs, consecutive members `stride` ranks apart (Megatron-LM and torchtitan both order
// the ranks tensor-parallel innermost, then context, then data, then pipeline). Within a node it runs on NVLink;
// across nodes each member brings its own share of its node's NICs, so a ring whose members sit k to a node crosses
// between nodes on k NICs at once: the node's whole bandwidth when the group fills nodes, one GPU's share when the
// group has one GPU a node (a data-parallel group under t = 8).
struct Group {
    std::uint64_t members = 1;
    std::uint64_t nodes = 1;
    double bandwidth = 0;  // the ring's bus bandwidth, bytes/s
};

// How a ring's bus bandwidth between nodes falls as it spans more of them: H100 reduce-scatter measured at 360,
// 345, 320, 300, 280 and 260 GB/s on 4 to 128 nodes (NVIDIA/nccl issue #1229), 20 GB/s less each time the nodes
// double past 4, taken relative to 4 nodes' and held at 128 nodes' past the measured range.
double ring_scale(std::uint64_t nodes) {
    if (nodes <= 4) return 1;
    const double doublings = std::min(std::log2(static_cast<double>(nodes) / 4), 5.0);
    return (360 - 20 * doublings) / 360;
}

Group group_of(std::uint64_t members, std::uint64_t stride, const Device& device) {
    if (members * stride <= device.gpus_per_node) return {members, 1, device.intra_bandwidth};
    const std::uint64_t in_node = stride >= device.gpus_per_node ? 1 : std::min(members, device.gpus_per_node / stride);
    const std::uint64_t nodes = (members + in_node - 1) / in_node;
    const double nic_share = network_efficiency * ring_scale(nodes) * device.node_bandwidth / static_cast<double>(device.gpus_per_node);
    return {members, nodes, std::min(device.intra_bandwidth, nic_share * static_cast<double>(in_node))};
}

// NCCL's latency of a ring collective of `steps` steps, as its tuning model counts it (Simple protocol): a base,
// then each step within a node at NVLink's latency and each step between nodes at the network's; `crossings` is
// how many of the steps cross.
double ring_latency(double steps, double crossings) {
    return ring_base_latency + (steps - crossings) * nvlink_step_latency + crossings * network_step_latency;
}

// A ring all-gather or reduce-scatter of a buffer of `bytes` (the whole, gathered size) in `launches` collectives:
// (n−1)/n of it through each GPU at the bus bandwidth, and n − 1 ring steps a launch, nodes − 1 of them between nodes.
double gather(double bytes, const Group& group, double launches = 1) {
    if (group.members <= 1) return 0;
    const double steps = static_cast<double>(group.members - 1);
    return steps / static_cast<double>(group.members) * bytes / group.bandwidth +
           launches * ring_latency(steps, static_cast<double>(group.nodes - 1));
}

// A ring all-reduce: a reduce-scatter then an all-gather, in twice the steps under one base latency.
double reduce(double bytes, const Group& group, double launches = 1) {
    if (group.members <= 1) return 0;
    const double steps = static_cast<double>(group.members - 1);
    return 2 * steps / static_cast<double>(group.members) * bytes / group.bandwidth +
           launches * ring_latency(2 * steps, 2 * static_cast<double>(group.nodes - 1));
}

// One all-to-all of a mixture of experts (a dispatch or a combine), `token_bytes` being this GPU's tokens' hidden
// states. Every GPU of a node sends at once, so what crosses between nodes leaves on each GPU's own share of the
// node's NICs (a DGX's eight GPUs, eight NICs), whatever group it belongs to; what stays in the node goes over NVLink
// at the same time. NCCL's all-to-all sends a copy a token and expert, (e − m)/e of them to the GPUs of other nodes
// (m of the group's members a node); DeepEP one a token and node it goes to: of the group's N nodes, each other
// one holds E/N experts, so a token with k of them reaches it unless all k fall elsewhere.
double all_to_all_seconds(const model_shape::Shape& model, const Run& run, const Layout& layout, double token_bytes, const Device& device) {
    const double e = static_cast<double>(layout.expert);
    const double k = static_cast<double>(model.experts_per_token);
    const Group group = group_of(layout.expert, expert_tensor_of(layout), device);
    const double nodes = static_cast<double>(group.nodes);
    const double in_node = e / nodes;
    const double within = k * token_bytes * (in_node - 1) / e;
    double between = k * token_bytes * (e - in_node) / e;
    if (sends_once_a_node(run.dispatcher) && group.nodes > 1) {
        const double experts = static_cast<double>(model.experts);
        const double elsewhere = experts - experts / nodes;
        double missed = 1;  // the chance that none of a token's k experts sits on a given other node
        for (double i = 0; i < k; ++i) missed *= (elsewhere - i) / (experts - i);
        between = token_bytes * (nodes - 1) * (1 - missed);
    }
    const double nic = network_efficiency * device.node_bandwidth / static_cast<double>(device.gpus_per_node);
    const double moved = group.nodes > 1 ? std::max(between / nic, within / device.intra_bandwidth) : (within + between) / device.intra_bandwidth;
    return moved + ring_latency(e - 1, nodes - 1);
}

// The data-parallel gradient collectives of a step: how many launches carry them (each pays its ring's latency).
// Megatron-LM's buckets hold max(4·10⁷, 10⁶·d) parameters; DeepSpeed's reduce_bucket_size is 5·10⁸ elements;
// PyTorch DDP's buckets 25 MiB; FSDP and ZeRO-3 reduce a layer at a time.
double data_launches(Framework framework, unsigned zero, double held, double gradient_bytes, std::uint64_t sharers, double layers) {
    if (zero == 3) return layers;
    switch (framework) {
        case Framework::megatron:
            return std::ceil(held / std::max(4e7, 1e6 * static_cast<double>(sharers)));
        case Framework::deepspeed:
            return std::ceil(held / 5e8);
        case Framework::torchtitan:
        case Framework::fsdp:
            return zero == 0 ? std::ceil(held * gradient_bytes / (25.0 * 1024 * 1024)) : layers;
    }
    return 1;
}

struct Layer {
    double gemm_forward = 0;       // FLOPs
    double attention_forward = 0;  // FLOPs of QKᵀ and AV
    double elementwise_forward = 0;  // bytes outside the attention scores
    double scores_forward = 0;       // bytes of the scores' softmax and dropout (eager)
    double fp8_forward = 0;          // bytes FP8's casts add to the forward (add_fp8_casts)
    double fp8_backward = 0;         // and to the backward
    double routing_forward = 0;      // bytes of a mixture of experts' token permutations (add_routing)
    double routing_backward = 0;     // and of their backward
    // Every memory-bound byte of the forward: what a full recomputation moves again.
    double forward_bytes() const { return elementwise_forward + scores_forward + fp8_forward + routing_forward; }
};

// The MLP's width on a token's path: the dense FFN, or the k experts it goes to and the shared ones.
double mlp_width(const model_shape::Shape& model) {
    return model.experts > 0 ? static_cast<double>(model.experts_per_token * model.expert_ffn + model.shared_expert_ffn)
                             : static_cast<double>(model.ffn);
}

// One layer's weights: q and o, k and v, and the MLP's matrices at width `mlp` (by default those on a token's path).
// In doubles: shapes at the fields' limits would wrap 64 bits, and these feed estimates.
double layer_weights(const model_shape::Shape& model, double mlp) {
    const double h = static_cast<double>(model.hidden);
    const double queries = static_cast<double>(model.heads * model.head_dim);
    const double keys = static_cast<double>(model.kv_heads * model.head_dim);
    return 2 * h * queries + 2 * h * keys + (model.gated ? 3 : 2) * h * mlp;
}
double layer_weights(const model_shape::Shape& model) { return layer_weights(model, mlp_width(model)); }

// The memory-bound passes FP8 adds to one layer, in bytes a token of this GPU, as Transformer Engine 1.8 runs
// Megatron-LM core_r0.8.0's layer (LayerNormLinear for QKV and the up-projection, Linear for the output and down
// projections; TransformerEngine at 3ec998e, Megatron-LM at baf94af):
//  - forward: each LayerNorm writes its output in FP8, a byte less an element (layernorm_linear.py:126-143); the
//    output and down projections' inputs are cast to FP8 with a transposed copy (linear.py:122-142: 2 bytes read,
//    1 + 1 written), without the copy under sequence parallelism;
//  - backward: every GEMM's output gradient is cast with a transposed copy (module/base.py:700-722); both LayerNorm
//    outputs are transposed, a byte read and one written (layernorm_linear.py:584); under sequence parallelism the
//    row-parallel layers' gradients are cast on this GPU's s/t rows and transposed over all s after the gather
//    (base.py:668-698), and their saved inputs transposed (linear.py:527-533).
// The h-wide tensors are whole on every GPU without sequence parallelism. The weights' casts run once a step
// (is_first_microbatch, transformer_engine.py:177-182), counted apart. Adds them to the layer's fp8_forward and
// fp8_backward.
// torchtitan runs torchao's Float8Linear instead (pytorch/torchtitan at b5bcd76: the rowwise recipe by default,
// components/quantization/float8.py:58), whose casts are counted as torchao's own roofline model of compiled float8
// training counts them, its producers unfused (pytorch/ao at 36027d8, the same as v0.18.0: torchao/testing/training/
// roofline_utils.py:176-210): 8 bytes an element of each distinct input of a linear layer (the two norms' outputs,
// the attention's output, the MLP's activation) and of each output gradient, 3 of them in the forward (the
// per-row cast of an input: 2 read, 1 written); plus wo's input gradient scaled again after its GEMM (4 bytes an
// element, float8_ops.py:53-59). torch.compile is what torchtitan's docs ask for FP8 ("required for competitive
// performance", components/quantization/float8.md:33); eager, each cast is six kernels, about 33 bytes an element.
// Under tensor parallelism its rowwise recipe communicates in 16 bits (float8.md), so each GPU casts the whole
// sequence of the two norms' outputs (the column-parallel layers' inputs) and of the row-parallel layers' output
// gradients, h wide; the rest is its tth. It keeps no FP8 copy of the weights: each micro-batch casts a layer's
// weights in its forward and again in its backward, 10 bytes a parameter in the same model (roofline_utils.py:543-551;
// 3 in the forward) and 4 more for the rowwise weight gradient's second scaling (float8_ops.py:84-85), all of a GPU's
// local experts under MoE.
void add_fp8_casts(Layer& layer, const model_shape::Shape& model, const Layout& layout, Framework framework, double tokens) {
    const double h = static_cast<double>(model.hidden);
    const double t = static_cast<double>(layout.tensor);
    const double queries = static_cast<double>(model.heads * model.head_dim);
    const double qkv = queries + 2 * static_cast<double>(model.kv_heads * model.head_dim);
    const double down = mlp_width(model);                        // the down-projection's input
    const double up = (model.gated ? 2 : 1) * mlp_width(model);  // the up-projection's output
    if (framework == Framework::torchtitan) {
        // What the linear layers read, each distinct tensor once, and their output gradients.
        const double inputs = 2 * h + (queries + down) / t;
        const double output_gradients = 2 * h + (qkv + up) / t;
        const double local_mlp = model.experts > 0 ? static_cast<double>(model.experts / layout.expert * model.expert_ffn + model.shared_expert_ffn)
                                                    : static_cast<double>(model.ffn);
        const double weights = layer_weights(model, local_mlp) / t;
        layer.fp8_forward = tokens * 3 * inputs + 3 * weights;
        layer.fp8_backward = tokens * (5 * inputs + 8 * output_gradients + 4 * queries / t) + 11 * weights;
        return;
    }
    if (layout.sequence_parallel) {
        layer.fp8_forward = tokens * (-2 * h + 3 * queries + 3 * down) / t;
        layer.fp8_backward = tokens * (8 * h + (6 * h + 2 * queries + 2 * down + 4 * up + 4 * qkv) / t);
    } else {
        layer.fp8_forward = tokens * (-2 * h + 4 * (queries + down) / t);
        layer.fp8_backward = tokens * (12 * h + 4 * (up + qkv) / t);
    }
}

// A mixture of experts' tokens copied in and out of expert order around the GEMMs, in bytes this GPU moves, as each
// framework's dispatcher runs them (the permutations are memory-bound copies the GEMMs' η does not hold):
//  - Megatron-LM's alltoall dispatcher (Megatron-LM at d98e8a6, transformer/moe/token_dispatcher.py): a token's k copies
//    gathered in expert order before the all-to-all (permute, line 671), sorted again by local expert after it when a
//    GPU holds more than one (sort_chunks_by_idxs, line 782) on the tokens gathered over the experts' TP group, unsorted
//    before the combine (line 817) and summed back into one row weighted by the router's probabilities (unpermute,
//    line 891); DeepEP and HybridEP deliver the tokens to the node's GPUs themselves, leaving the permute after the
//    dispatch and the unpermute before the combine (lines 1446 and 1460; HybridEP's own permute, fused_a2a.py line
//    360, unless moe_permute_fusion_into_hybridep, off by default, line 904 of transformer_config.py);
//  - torchtitan (pytorch/torchtitan at b5bcd76, models/common/token_dispatcher.py): without EP a gather into expert
//    order (argsort, line 93) and the scored scatter_add back (line 164); with NCCL's all-to-all the same, plus the
//    received tokens permuted by local expert and back (_permute and _unpermute, lines 501 and 555);
//  - DeepSpeed (deepspeedai/DeepSpeed at edaa722, moe/sharded_moe.py lines 207-232): a gather into the experts'
//    capacity slots (_sparse_encode, which replaced the one-hot einsum) and the gate-weighted sum back (_sparse_decode);
//    FSDP, whose MoE is the model's own code, counted the same.
// A gather writes k·h elements and reads as many; its backward is a sum (k·h read, h written). The weighted sum reads
// k·h and writes h; its backward gathers the gradient (k·h read and written) and reads the saved copies for the
// probabilities' gradient (k·h). A sort reads and writes k·h each way.
void add_routing(Layer& layer, const model_shape::Shape& model, const Run& run, const Layout& layout, double tokens, bool fp8) {
    if (model.experts == 0) return;
    const double h = static_cast<double>(model.hidden);
    const double k = static_cast<double>(model.experts_per_token);
    const double t = static_cast<double>(layout.tensor);
    const double local_experts = static_cast<double>(model.experts) / static_cast<double>(layout.expert);
    const double own = layout.sequence_parallel ? tokens / t : tokens;          // the tokens this GPU routes
    const double sorted = own * static_cast<double>(expert_tensor_of(layout));  // and those its experts receive
    // At EP 1 Megatron-LM runs the alltoall dispatcher whatever the run's (the flex one needs TP × EP > 1, and the
    // exports write alltoall there), sorting its local experts' tokens all the same.
    const bool nccl = run.dispatcher == Dispatcher::all_to_all || (run.framework == Framework::megatron && layout.expert == 1);
    const bool sorts = nccl && (run.framework == Framework::megatron ? local_experts > 1
                                : run.framework == Framework::torchtitan ? layout.expert > 1
                                                                         : false);
    layer.routing_forward = half * (own * (3 * k * h + h) + (sorts ? 4 * k * h * sorted : 0));
    layer.routing_backward = half * (own * (4 * k * h + h) + (sorts ? 4 * k * h * sorted : 0));
    // Under FP8 (Transformer Engine's GroupedLinear) the experts' first GEMM reads the routed copies, not a LayerNorm's
    // FP8 output: their cast with its transposed copy (2 bytes read, 1 + 1 written) replaces the norm's saving of a
    // byte. In the backward the second GEMM's output gradient is the routed copies', k·h wide, cast with its transposed
    // copy, in place of the dense down-projection's h-wide one as add_fp8_casts counts it (3h on this GPU's rows and
    // 2h transposed over the whole sequence under sequence parallelism, 4h without), and the MLP's norm output is not
    // transposed (2h over the whole sequence).
    if (fp8 && run.framework != Framework::torchtitan) {
        layer.fp8_forward += 4 * k * h * sorted + h * own;
        layer.fp8_backward += 4 * k * h * sorted - (layout.sequence_parallel ? 3 * h * own + 4 * h * tokens : 6 * h * own);
    }
}

// One layer's forward work for one micro-batch on one GPU.
Layer layer_of(const model_shape::Shape& model, const Run& run, const Layout& layout, bool fp8) {
    const double b = static_cast<double>(layout.micro_batch);
    const double s = static_cast<double>(run.sequence) / static_cast<double>(layout.context);  // this GPU's tokens
    const double s_full = static_cast<double>(run.sequence);
    const double t = static_cast<double>(layout.tensor);
    const double h = static_cast<double>(model.hidden);
    const double queries = static_cast<double>(model.heads * model.head_dim);
    const double tokens = b * s;
    Layer layer;
    layer.gemm_forward = 2 * tokens * layer_weights(model) / t;
    // Every query against the keys of the whole sequence (context parallelism splits the queries).
    layer.attention_forward = 4 * tokens * s_full * queries / t * (run.attention != Attention::eager ? 0.5 : 1.0);
    const double width = mlp_width(model);
    const double norm_tokens = layout.sequence_parallel ? tokens / t : tokens;
    layer.elementwise_forward = half * (11 * h * norm_tokens + (model.gated ? 3 : 2) * width / t * tokens);
    layer.scores_forward = run.attention != Attention::eager ? 0 : half * 4.5 * static_cast<double>(model.heads) / t * s_full * tokens;
    if (fp8) add_fp8_casts(layer, model, layout, run.framework, tokens);
    add_routing(layer, model, run, layout, tokens, fp8);
    return layer;
}

// TP's collectives overlapped with the GEMMs (Transformer Engine's userbuffers, its default assignment: TransformerEngine
// v1.8 at 3ec998e, pytorch/module/base.py lines 88-103, the same through v2.3). Of the layer's all-gathers and
// reduce-scatters, each runs under one GEMM: in the forward, the QKV and up-projections' all-gathers by ring exchange
// under those GEMMs split into t chunks, the output and down-projections' reduce-scatters pipelined under those split
// into 4; in the backward, the output and down-projections' all-gathers under their dgrad, by ring exchange (t
// chunks), and the QKV and up-projections' reduce-scatters in bulk under their wgrad, unsplit. A split GEMM runs as
// chunks, each at the efficiency its size gets; what a collective outlasts of its GEMM stays exposed. A mixture of
// experts' grouped GEMMs take no userbuffers, so its MLP's collectives stay exposed. Not counted: the SMs the pipelined
// and bulk kernels take from the GEMMs (16 of an H100's 132 by default), and the FP8 all-gathers under FP8.
// `half_collective`: one all-gather or reduce-scatter's seconds unoverlapped; `mlp_collectives`: whether the MLP has
// its own (not for experts whole on their GPUs); `recomputed`: 1 under full recomputation, which runs the forward's
// again; `up_gemm`, `peak` and `matmul_fraction`: what the layer's GEMM efficiency was read at.
double overlapped_tensor_seconds(const model_shape::Shape& model, const Layer& layer, double half_collective, bool mlp_collectives,
                                 double recomputed, double linear_rate, double up_gemm, double t, double peak, double matmul_fraction) {
    const double h = static_cast<double>(model.hidden);
    const double queries = static_cast<double>(model.heads * model.head_dim);
    const double keys = static_cast<double>(model.kv_heads * model.head_dim);
    const double mlp = mlp_width(model);
    const bool dense = model.experts == 0;
    const double all = layer_weights(model);
    // Each projection's share of the layer's linear FLOPs, in proportion to its weights.
    const double qkv = h * (queries + 2 * keys) / all, out = h * queries / all;
    const double up = (model.gated ? 2 : 1) * h * mlp / all, down = h * mlp / all;
    const double forward = layer.gemm_forward / linear_rate;  // the linear GEMMs' forward seconds, unsplit
    // A GEMM split in n runs at the efficiency of a GEMM n times smaller: the share of its time that adds.
    const double whole = matmul_efficiency(up_gemm, peak, matmul_fraction);
    const auto slower = [&](double n) { return n > 1 ? whole / matmul_efficiency(up_gemm / n, peak, matmul_fraction) - 1 : 0.0; };
    struct Pair {
        double share;  // the GEMM's share of the linear FLOPs
        double chunks;
        bool mlp;      // a mixture of experts' MLP takes no userbuffers
    };
    const Pair forward_pairs[] = {{qkv, t, false}, {out, 4, false}, {up, t, true}, {down, 4, true}};
    const Pair backward_pairs[] = {{out, t, false}, {down, t, true}, {qkv, 1, false}, {up, 1, true}};
    double seconds = 0;
    const auto add = [&](const Pair& pair, double times) {
        if (pair.mlp && !mlp_collectives) return;
        if (pair.mlp && !dense) {
            seconds += times * half_collective;
            return;
        }
        const double gemm = pair.share * forward;
        seconds += times * (std::max(0.0, half_collective - gemm * (1 + slower(pair.chunks))) + gemm * slower(pair.chunks));
    };
    for (const Pair& pair : forward_pairs) add(pair, 1 + recomputed);
    for (const Pair& pair : backward_pairs) add(pair, 1);
    return seconds;
}

}  // namespace

double all_gather_seconds(double bytes, std::uint64_t members, std::uint64_t stride, const Device& device, double launches) {
    return gather(bytes, group_of(members, stride, device), launches);
}

StageLayers stage_layers(std::uint64_t layers, const Layout& layout) {
    if (!layout.ends_in_split || layout.pipeline < 2) {
        const std::uint64_t even = layout.pipeline == 0 ? layers : layers / layout.pipeline;
        return {even, even, even};
    }
    const std::uint64_t places = (layers + 2) / layout.pipeline;
    return {places - 1, places, places - 1};
}

double matmul_efficiency(double gemm_flops, double peak_flops, double matmul_fraction) {
    const double half_point = half_efficiency_flops_a100 * peak_flops / a100_peak;
    const double ceiling = matmul_fraction > 0 ? matmul_ceiling * matmul_fraction / a100_matmul_fraction : matmul_ceiling;
    return ceiling * gemm_flops / (gemm_flops + half_point);
}

StepParts step_seconds(const model_shape::Shape& model, const Run& run, const Layout& layout, const Device& device) {
    return step_seconds(model, memory_model::parameter_split(model), run, layout, device);
}

StepParts step_seconds(const model_shape::Shape& model, const memory_model::ParameterSplit& split, const Run& run, const Layout& layout,
                       const Device& device) {
    StepParts parts;
    const double b = static_cast<double>(layout.micro_batch);
    const double s = static_cast<double>(run.sequence) / static_cast<double>(layout.context);
    const double h = static_cast<double>(model.hidden);
    const double t = static_cast<double>(layout.tensor);
    const double p = static_cast<double>(layout.pipeline);
    const double v = static_cast<double>(layout.virtual_stages);
    const double m = static_cast<double>(layout.accumulation);
    // The last stage runs the output layer; with the ends counted in the split a middle stage holds one layer more.
    const StageLayers stages = stage_layers(model.layers, layout);
    const bool middle_busier_possible = layout.ends_in_split && layout.pipeline > 2;
    const double last_layers = layout.ends_in_split ? static_cast<double>(stages.last) : static_cast<double>(model.layers) / p;
    // FP8 runs the linear layers' GEMMs only: Transformer Engine keeps the attention core in 16 bits unless
    // fp8_dpa is set (its recipes default it to False), and Megatron-LM's output layer is not a TE module.
    const bool fp8 = run.precision == Precision::fp8 && device.fp8_peak_flops > 0;
    const double share = kernel_share(run.framework);
    const double memory = device.memory_bandwidth * memory_efficiency * share;

    // The GEMM that sets η: the MLP's up-projection; under MoE one expert's, for its share of the tokens, times the
    // local experts whose GEMMs run at once.
    double up_tokens = b * s;
    double up_width = static_cast<double>(model.ffn);
    if (model.experts > 0) {
        const double local_experts = static_cast<double>(model.experts) / static_cast<double>(layout.expert);
        up_tokens = b * s * static_cast<double>(model.experts_per_token) / local_experts * concurrent_expert_gemms(run.framework, local_experts);
        up_width = static_cast<double>(model.expert_ffn);
    }
    const double up_gemm = 2 * up_tokens * h * up_width / t;
    const double efficiency = matmul_efficiency(up_gemm, device.peak_flops, device.matmul_fraction);
    const double flops_rate = device.peak_flops * efficiency * share;
    // The attention core: at the GEMMs' rate, or at FlashAttention-2's own on the device.
    const double flash2_fraction = device.flash2_fraction > 0 ? device.flash2_fraction : a100_flash2_fraction;
    const double attention_rate =
        run.attention == Attention::flash2 ? device.peak_flops * flash2_fraction * flash2_attained : flops_rate;
    const double linear_efficiency =
        fp8 ? matmul_efficiency(up_gemm, device.fp8_peak_flops, device.fp8_matmul_fraction) : efficiency;
    const double linear_rate = fp8 ? device.fp8_peak_flops * linear_efficiency * share : flops_rate;
    parts.matmul_efficiency = linear_efficiency;

    const Layer layer = layer_of(model, run, layout, fp8);
    // Full recomputation reruns the layer's forward: its GEMMs, bytes and collectives.
    const bool recomputes_forward = layout.recompute == memory_model::Recompute::full;
    const double recompute_gemm = recomputes_forward ? layer.gemm_forward : 0;
    const double recompute_attention = layout.recompute == memory_model::Recompute::none ? 0 : layer.attention_forward;
    const double recompute_bytes = recomputes_forward                                        ? layer.forward_bytes()
                                 : layout.recompute == memory_model::Recompute::selective ? layer.scores_forward
                                                                                         : 0;
    const double layer_compute =
        (3 * layer.gemm_forward + recompute_gemm) / linear_rate + (3 * layer.attention_forward + recompute_attention) / attention_rate;
    const double layer_memory =
        (3 * (layer.elementwise_forward + layer.scores_forward) + layer.fp8_forward + layer.fp8_backward + layer.routing_forward + layer.routing_backward +
         recompute_bytes) / memory;
    const double layer_forward =
        layer.gemm_forward / linear_rate + layer.attention_forward / attention_rate + layer.forward_bytes() / memory;
    // The output layer and its loss on the last stage: forward, backward, the logits' softmax.
    const double vocabulary = static_cast<double>(model.vocabulary);
    const double output_compute = 3 * 2 * b * s * h * vocabulary / t / flops_rate;
    const double output_memory = 3 * half * 4 * vocabulary / t * b * s / memory;

    // Tensor (and sequence) parallelism: 4 collectives a layer, 6 with full recomputation.
    double layer_tensor = 0;
    if (layout.tensor > 1) {
        const double collectives = recomputes_forward ? 6 : 4;
        // Experts whole on their GPUs (ETP 1) take their tokens as the sequence split them: the MLP's half goes, unless
        // shared experts run beside them, which Megatron-LM splits over TP's group (shared_experts.py at d98e8a6, line
        // 131) and gathers and scatters as a dense MLP.
        const bool mlp_collectives = !(model.experts > 0 && expert_tensor_of(layout) == 1 && model.shared_expert_ffn == 0);
        // Bandwidth alone: the fixed overhead of these NVLink all-reduces is inside the fitted η, as every
        // calibration run pays it, so NCCL's latency is not counted a second time here.
        const double all_reduce = reduce(b * s * h * half, group_of(layout.tensor, 1, device), 0);
        layer_tensor = collectives * (mlp_collectives ? 1 : 0.5) * all_reduce;
        if (run.tensor_overlap && layout.sequence_parallel) {
            layer_tensor = overlapped_tensor_seconds(model, layer, all_reduce / 2, mlp_collectives, recomputes_forward ? 1 : 0, linear_rate, up_gemm, t,
                                                     fp8 ? device.fp8_peak_flops : device.peak_flops,
                                                     fp8 ? device.fp8_matmul_fraction : device.matmul_fraction);
        }
    }
    // Context parallelism: the keys and values around a ring of c, hidden behind the attention they feed.
    double layer_context = 0;
    if (layout.context > 1) {
        const double c = static_cast<double>(layout.context);
        const double kv_bytes = 2 * b * s * static_cast<double>(model.kv_heads * model.head_dim) / t * half;
        const Group ring = group_of(layout.context, layout.tensor, device);
        const double exchange = 3 * ((c - 1) * kv_bytes / ring.bandwidth + ring_latency(c - 1, static_cast<double>(ring.nodes - 1)));
        layer_context = std::max(0.0, exchange - 3 * layer.attention_forward / attention_rate);
    }
    // Expert parallelism: dispatch and combine, forward and backward, and the forward's again under full recomputation,
    // which reruns the whole layer, its dispatcher included (Megatron-LM's checkpointed TransformerLayer forward).
    double layer_expert = 0;
    if (model.experts > 0 && layout.expert > 1) {
        const double all_to_alls = recomputes_forward ? 6 : 4;
        layer_expert = all_to_alls * all_to_all_seconds(model, run, layout, b * s * h * half / t, device);
    }
    // Stage to stage: b·s·h/t elements each way, v times when interleaved, over this GPU's share of the NICs.
    double send = 0;
    if (layout.pipeline > 1) {
        // Some stage boundary crosses nodes once the whole layout outgrows one, and the slowest sets the pace.
        const bool across = layout.tensor * layout.context * layout.data * layout.pipeline > device.gpus_per_node;
        // Between nodes at the share of its NIC's line rate NCCL reaches (as the collectives above), within one on NVLink.
        const double bandwidth =
            across ? network_efficiency * device.node_bandwidth / static_cast<double>(device.gpus_per_node) : device.intra_bandwidth;
        send = 2 * v * b * s * h * half / t / bandwidth;
    }

    // The slowest stage sets the pipeline's pace: the last, or with an uneven split a middle one if its extra layer
    // outlasts the output layer.
    double layers = last_layers;
    double output_share = 1;
    const double per_layer = layer_compute + layer_memory + layer_tensor + layer_context + layer_expert;
    if (middle_busier_possible && static_cast<double>(stages.middle) * per_layer > last_layers * per_layer + output_compute + output_memory) {
        layers = static_cast<double>(stages.middle);
        output_share = 0;
    }
    const double micro_compute = layers * layer_compute + output_share * output_compute;
    const double micro_memory = layers * layer_memory + output_share * output_memory;
    const double micro_tensor = layers * layer_tensor;
    const double micro_context = layers * layer_context;
    const double micro_expert = layers * layer_expert;
    const double micro_batch = micro_compute + micro_memory + micro_tensor + micro_context + micro_expert + send;
    parts.compute = m * micro_compute;
    parts.memory_bound = m * micro_memory;
    parts.tensor_parallel = m * micro_tensor;
    parts.context_parallel = m * micro_context;
    parts.expert_parallel = m * micro_expert;
    parts.pipeline_send = m * send;
    parts.pipeline_bubble = (p - 1) / v * micro_batch;

    // The gradients and parameters this GPU holds: its stage's share over t (and e for the experts).
    const double dense = static_cast<double>(split.total - split.experts);
    const double experts = static_cast<double>(split.experts);
    // This stage's share of the layers (1/p with an even split).
    const double stage_share = layout.ends_in_split ? static_cast<double>(std::max(stages.middle, stages.last)) / static_cast<double>(model.layers) : 1 / p;
    const double held = (dense / t + experts / (static_cast<double>(expert_tensor_of(layout)) * static_cast<double>(layout.expert))) * stage_share;
    const double gradient_bytes = static_cast<double>(bytes_per_gradient(run.gradients));
    // Megatron-LM reduces gradients and shards the optimizer over the data- and context-parallel ranks together
    // (parallel_state's data-parallel group with context parallelism): d·c of them, t ranks apart.
    const std::uint64_t sharers = layout.data * layout.context;
    const Group data_group = group_of(sharers, layout.tensor, device);
    const double micro_forward = layers * layer_forward + output_share * (output_compute + output_memory) / 3;
    const double micro_backward = micro_compute + micro_memory - micro_forward;
    if (sharers > 1) {
        const double launches = data_launches(run.framework, layout.zero, held, gradient_bytes, sharers, layers);
        const double reduction = reduce(held * gradient_bytes, data_group, launches);
        // A layer at a time: one launch per layer of the stage.
        const double scatter = gather(held * gradient_bytes, data_group, layers);
        const double parameter_gather = gather(held * half, data_group, layers);
        const auto per_micro_batch = [&](double forward_traffic, double backward_traffic) {
            // Each layer's collective overlaps the next layer's compute (one prefetched, as FSDP and ZeRO-3 do): what
            // outlasts the pass shows, and the first layer's gather and the last one's reduce-scatter never hide.
            return std::max(0.0, forward_traffic - micro_forward) + std::max(0.0, backward_traffic - micro_backward) +
                   (forward_traffic > 0 ? parameter_gather / layers : 0) + scatter / layers;
        };
        // Each data-parallel collective waits for the slowest of the d·c GPUs: over every pass they run through
        // (ZeRO-3's, and FSDP's SHARD_GRAD_OP's, forward and backward every micro-batch; the other stage 2s'
        // backward every micro-batch), or over the last micro-batch's backward, whose buckets the reduction
        // overlaps (ZeRO 0-1).
        const bool fsdp_style = run.framework == Framework::fsdp || run.framework == Framework::torchtitan;
        const double synchronised = layout.zero == 3 || (layout.zero == 2 && fsdp_style) ? m * (micro_compute + micro_memory)
                                  : layout.zero == 2                                    ? m * micro_backward
                                                                                        : micro_backward;
        parts.straggler = straggler_spread * expected_maximum(sharers) * synchronised;
        if (layout.zero == 3) {
            // The parameters gathered before each micro-batch's forward and again for its backward (torchtitan keeps
            // them through the backward under a pipeline), its gradients reduce-scattered as it ends.
            const bool regathered = !(run.framework == Framework::torchtitan && layout.pipeline > 1);
            parts.zero3_gather = m * per_micro_batch(parameter_gather, (regathered ? parameter_gather : 0) + scatter);
        } else if (layout.zero == 2) {
            // Stage 2 reduce-scatters every micro-batch's gradients: DeepSpeed's, FSDP's SHARD_GRAD_OP and
            // Megatron-FSDP's optim_grads, whose hooks reduce whatever no_sync says and keep only the sharded sum
            // (Megatron-LM at d98e8a6, megatron_fsdp.py:761-789 and 880-901; the same at core_v0.14.0). FSDP also
            // gathers the parameters before each forward; DeepSpeed and Megatron-FSDP gather the updated ones once a
            // step, after the optimizer.
            parts.zero3_gather = m * per_micro_batch(fsdp_style ? parameter_gather : 0, scatter);
            if (!fsdp_style) parts.data_parallel = gather(held * half, data_group, launches);
        } else if (layout.zero == 0) {
            // One all-reduce a step, while the last micro-batch's backward runs.
            parts.data_parallel = std::max(0.0, reduction - micro_backward);
        } else {
            // ZeRO-1: reduce-scatter while the last backward runs, then the updated 16-bit parameters gathered: by
            // Megatron-LM's distributed optimizer while the next step's first forward runs (--overlap-param-gather,
            // which its export writes), by DeepSpeed after the optimizer step.
            const double parameters = gather(held * half, data_group, launches);
            const double hidden = run.framework == Framework::megatron ? micro_forward : 0;
            parts.data_parallel = std::max(0.0, reduction / 2 - micro_backward) + std::max(0.0, parameters - hidden);
        }
    }
    // The experts' states are sharded over their own data-parallel ranks, d·c·t ÷ (e·ETP) of them (parallel_state.py),
    // so each GPU updates experts ÷ (t·d·c) of them whatever EP and ETP are.
    const double optimizer_held = layout.zero >= 1 ? (dense + experts) / t * stage_share / static_cast<double>(sharers) : held;
    parts.optimizer = optimizer_bytes_per_parameter * optimizer_held / memory;
    // FP8's weights cast with a transposed copy once a step, their cache kept over the micro-batches: 2 bytes read,
    // 1 + 1 written a held parameter (the embeddings' included, an over-count of their share). torchtitan's are cast
    // every micro-batch, in the layer (add_fp8_casts).
    if (fp8 && run.framework != Framework::torchtitan) parts.memory_bound += 4 * held / memory;

    parts.total = parts.compute + parts.memory_bound + parts.tensor_parallel + parts.context_parallel + parts.expert_parallel +
                  parts.pipeline_send + parts.pipeline_bubble + parts.data_parallel + parts.zero3_gather + parts.straggler +
                  parts.optimizer;
    return parts;
}

double model_flops(const model_shape::Shape& model, std::uint64_t sequence, std::uint64_t global_batch) {
    // The compute page's count (training_compute's flops_per_token_with_attention), in doubles as above: 6 per
    // weight of the matrix products on a token's path, the output layer included, and Megatron-LM's 6·s·L·n·d.
    const double weights = static_cast<double>(model.layers) * layer_weights(model) +
                           static_cast<double>(model.hidden) * static_cast<double>(model.vocabulary);
    const double s = static_cast<double>(sequence);
    const double per_token = 6 * weights + 6 * s * static_cast<double>(model.layers) * static_cast<double>(model.heads * model.head_dim);
    return per_token * s * static_cast<double>(global_batch);
}

}  // namespace batch_planner::step_time
