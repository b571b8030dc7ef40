#include "step_time.hpp"

#include <algorithm>


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
// Bytes of a 16-bit element, and what AdamW reads and writes a held parameter.
constexpr double half = 2;
constexpr double optimizer_bytes_per_parameter = 30;

double ring(double bytes, std::uint64_t members, double bandwidth) {
    return members <= 1 ? 0 : 2.0 * static_cast<double>(members - 1) / static_cast<double>(members) * bytes / bandwidth;
}

// The bus bandwidth of a group of n GPUs laid out contiguously: NVLink while
// it fits in a node, else the ring crosses nodes on every NIC at once,
// capped by NVLink (the scaling page's model).
double group_bandwidth(std::uint64_t members, const Device& device) {
    if (members <= device.gpus_per_node) return device.link_bandwidth;
    return std::min(device.node_bandwidth, device.link_bandwidth);
}

struct Layer {
    double gemm_forward = 0;       // FLOPs
    double attention_forward = 0;  // FLOPs of QKᵀ and AV
    double elementwise_forward = 0;  // bytes outside the attention scores
    double scores_forward = 0;       // bytes of the scores' softmax and dropout (eager)
};

// The MLP's width on a token's path: the dense FFN, or the k experts it goes to and the shared ones.
double mlp_width(const Model& model) {
    return model.experts > 0 ? static_cast<double>(model.experts_per_token * model.expert_ffn + model.shared_expert_ffn)
                             : static_cast<double>(model.ffn);
}

// One layer's weights on a token's path: q and o, k and v, and the MLP's matrices. In doubles: shapes at the
// fields' limits would wrap 64 bits, and these feed estimates.
double layer_weights(const Model& model) {
    const double h = static_cast<double>(model.hidden);
    const double queries = static_cast<double>(model.heads * model.head_dim);
    const double keys = static_cast<double>(model.kv_heads * model.head_dim);
    return 2 * h * queries + 2 * h * keys + (model.gated ? 3 : 2) * h * mlp_width(model);
}

// One layer's forward work for one micro-batch on one GPU.
Layer layer_of(const Model& model, const Run& run, const Layout& layout) {
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
    layer.attention_forward = 4 * tokens * s_full * queries / t * (run.flash ? 0.5 : 1.0);
    const double width = mlp_width(model);
    const double norm_tokens = layout.sequence_parallel ? tokens / t : tokens;
    layer.elementwise_forward = half * (11 * h * norm_tokens + (model.gated ? 3 : 2) * width / t * tokens);
    layer.scores_forward = run.flash ? 0 : half * 4.5 * static_cast<double>(model.heads) / t * s_full * tokens;
    return layer;
}

}  // namespace

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

StepParts step_seconds(const Model& model, const Run& run, const Layout& layout, const Device& device) {
    return step_seconds(model, grad_memory::parameter_split(model), run, layout, device);
}

StepParts step_seconds(const Model& model, const grad_memory::ParameterSplit& split, const Run& run, const Layout& layout,
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
    const double memory = device.memory_bandwidth * memory_efficiency;

    // The GEMM that sets η: the MLP's up-projection, for one expert's share of tokens under MoE.
    double up_tokens = b * s;
    double up_width = static_cast<double>(model.ffn);
    if (model.experts > 0) {
        up_tokens = b * s * static_cast<double>(model.experts_per_token) / static_cast<double>(model.experts) *
                    static_cast<double>(layout.expert);
        up_width = static_cast<double>(model.expert_ffn);
    }
    const double up_gemm = 2 * up_tokens * h * up_width / t;
    const double efficiency = matmul_efficiency(up_gemm, device.peak_flops, device.matmul_fraction);
    const double flops_rate = device.peak_flops * efficiency;
    const double linear_efficiency =
        fp8 ? matmul_efficiency(up_gemm, device.fp8_peak_flops, device.fp8_matmul_fraction) : efficiency;
    const double linear_rate = fp8 ? device.fp8_peak_flops * linear_efficiency : flops_rate;
    parts.matmul_efficiency = linear_efficiency;

    const Layer layer = layer_of(model, run, layout);
    const double recompute_gemm = layout.recompute == grad_memory::Recompute::full ? layer.gemm_forward : 0;
    const double recompute_attention = layout.recompute == grad_memory::Recompute::none ? 0 : layer.attention_forward;
    const double recompute_bytes = layout.recompute == grad_memory::Recompute::full ? layer.elementwise_forward + layer.scores_forward
                                 : layout.recompute == grad_memory::Recompute::selective ? layer.scores_forward
                                                                                         : 0;
    const double layer_compute =
        (3 * layer.gemm_forward + recompute_gemm) / linear_rate + (3 * layer.attention_forward + recompute_attention) / flops_rate;
    const double layer_memory = (3 * (layer.elementwise_forward + layer.scores_forward) + recompute_bytes) / memory;
    // The output layer and its loss on the last stage: forward, backward, the logits' softmax.
    const double vocabulary = static_cast<double>(model.padded_vocabulary);
    const double output_compute = 3 * 2 * b * s * h * vocabulary / t / flops_rate;
    const double output_memory = 3 * half * 4 * vocabulary / t * b * s / memory;

    // Tensor (and sequence) parallelism: 4 collectives a layer, 6 with full recomputation.
    double layer_tensor = 0;
    if (layout.tensor > 1) {
        const double collectives = layout.recompute == grad_memory::Recompute::full ? 6 : 4;
        layer_tensor = collectives * ring(b * s * h * half, layout.tensor, group_bandwidth(layout.tensor, device));
    }
    // Context parallelism: the keys and values around a ring of c, hidden behind the attention they feed.
    double layer_context = 0;
    if (layout.context > 1) {
        const double c = static_cast<double>(layout.context);
        const double kv_bytes = 2 * b * s * static_cast<double>(model.kv_heads * model.head_dim) / t * half;
        const double exchange = 3 * (c - 1) * kv_bytes / group_bandwidth(layout.tensor * layout.context, device);
        layer_context = std::max(0.0, exchange - 3 * layer.attention_forward / flops_rate);
    }
    // Expert parallelism: dispatch and combine, forward and backward.
    double layer_expert = 0;
    if (model.experts > 0 && layout.expert > 1) {
        const double e = static_cast<double>(layout.expert);
        const double sent = static_cast<double>(model.experts_per_token) * b * s * h * half / t * (e - 1) / e;
        layer_expert = 4 * sent / group_bandwidth(layout.tensor * layout.expert, device);
    }
    // Stage to stage: b·s·h/t elements each way, v times when interleaved, over this GPU's share of the NICs.
    double send = 0;
    if (layout.pipeline > 1) {
        const bool across = layout.tensor * layout.context * layout.pipeline > device.gpus_per_node;
        const double bandwidth = across ? device.node_bandwidth / static_cast<double>(device.gpus_per_node) : device.link_bandwidth;
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
    const double held = (dense / t + experts / (t * static_cast<double>(layout.expert))) * stage_share;
    const double gradient_bytes = static_cast<double>(bytes_per_gradient(run.gradients));
    const std::uint64_t replica_span = layout.tensor * layout.context * layout.pipeline;
    // Megatron-LM reduces gradients and shards the optimizer over the data- and context-parallel ranks together
    // (parallel_state's data-parallel group with context parallelism): d·c of them.
    const std::uint64_t sharers = layout.data * layout.context;
    const double data_bandwidth = group_bandwidth(layout.data * replica_span, device);
    const double last_backward = 2.0 / 3.0 * (micro_compute + micro_memory);
    if (sharers > 1) {
        const double reduction = ring(held * gradient_bytes, sharers, data_bandwidth);
        if (layout.zero == 0 || layout.zero == 3) {
            parts.data_parallel = std::max(0.0, reduction - last_backward);
        } else {
            // Reduce-scatter while the backward runs, then the updated 16-bit parameters gathered after the step.
            parts.data_parallel = std::max(0.0, reduction / 2 - last_backward) + ring(held * half, sharers, data_bandwidth) / 2;
        }
        if (layout.zero == 3) {
            // Each micro-batch gathers the parameters twice (forward, backward) and reduce-scatters its gradients.
            const double gathers = 3 * ring(held * half, sharers, data_bandwidth) / 2;
            parts.zero3_gather = m * std::max(0.0, gathers - (micro_compute + micro_memory));
        }
    }
    const double optimizer_held = layout.zero >= 1 ? held / static_cast<double>(sharers) : held;
    parts.optimizer = optimizer_bytes_per_parameter * optimizer_held / memory;

    parts.total = parts.compute + parts.memory_bound + parts.tensor_parallel + parts.context_parallel + parts.expert_parallel +
                  parts.pipeline_send + parts.pipeline_bubble + parts.data_parallel + parts.zero3_gather + parts.optimizer;
    return parts;
}

double model_flops(const Model& model, std::uint64_t sequence, std::uint64_t global_batch) {
    // The compute page's count (training_compute's flops_per_token_with_attention), in doubles as above: 6 per
    // weight of the matrix products on a token's path, the output layer included, and Megatron-LM's 6·s·L·n·d.
    const double weights = static_cast<double>(model.layers) * layer_weights(model) +
                           static_cast<double>(model.hidden) * static_cast<double>(model.padded_vocabulary);
    const double s = static_cast<double>(sequence);
    const double per_token = 6 * weights + 6 * s * static_cast<double>(model.layers) * static_cast<double>(model.heads * model.head_dim);
    return per_token * s * static_cast<double>(global_batch);
}

}  // namespace batch_planner::step_time
