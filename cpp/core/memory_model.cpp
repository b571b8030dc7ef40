#include "memory_model.hpp"

#include <cmath>
#include <initializer_list>
#include <utility>

namespace batch_planner::memory_model {
namespace {

std::optional<u128> plus(std::optional<u128> left, std::optional<u128> right) {
    if (!left || !right) return std::nullopt;
    return *left + *right;  // both below 2^110
}


// One layer's bytes for one sample, times t, as Table 2 of Korthikanti et al.
// 2022 gives them for a recompute mode, the MLP's 16·s·h written 4·s·f (6·s·f gated).
std::optional<u128> layer_times_t(const ActivationShape& shape, Recompute mode) {
    const u128 s = shape.sequence;
    const u128 h = shape.hidden;
    const u128 t = shape.tensor_parallel;
    const u128 k = shape.experts_per_token;
    // The MLP's width as its activations see it: k experts and the shared ones, or the dense width.
    const u128 f = k > 0 ? k * shape.expert_ffn + shape.shared_expert_ffn : (shape.ffn == 0 ? 4 * h : u128{shape.ffn});
    // The k - 1 further copies of the MLP's 2·s·b·h input, replicated over t as the input is without SP.
    const u128 copies = k > 0 ? 2 * h * (k - 1) : 0;
    // Q, K, V and the attention's output, 8·s·b·h in Table 2, at their own widths: 2·s·b each of q, kv, kv and q.
    // Grouped-query attention keeps K and V g·d_h wide (Megatron-LM's attention.py at d98e8a6, lines 334 and 2026-2034,
    // splits its fused QKV into query_projection_size and 2·kv_projection_size); Megatron-LM's estimator counts them h wide
    // (megatron_activation_bytes keeps its count).
    const u128 queries = shape.query_width == 0 ? h : u128{shape.query_width};
    const u128 keys = shape.kv_width == 0 ? h : u128{shape.kv_width};
    const u128 attention = 4 * (queries + keys);
    const u128 sh = s * h;  // below 2^52
    // The MLP: 4·f (Table 2's 16·h), 6·f gated (ActivationShape::gated).
    const u128 mlp = (shape.gated ? 6 : 4) * f;
    // 10·h + 8·h + mlp with sequence parallelism, 10·h·t + 8·h + mlp without (Table 2), the attention at its widths:
    // below 2^90.
    u128 linear = s * (shape.sequence_parallel ? 10 * h + attention + mlp + copies
                                               : 10 * h * t + attention + mlp + copies * t);
    if (shape.fp8_gemm_inputs) {
        // One byte where 16-bit GEMMs keep two (ActivationShape::fp8_gemm_inputs): the down-projection's input, f fewer;
        // the attention's LayerNorm output, h fewer (replicated over t without SP), and the MLP's too in a dense layer
        // (a mixture of experts' router keeps its 16-bit input, and its experts' inputs are counted at 16 bits).
        const u128 norms = (k > 0 ? 1 : 2) * (shape.sequence_parallel ? h : h * t);
        linear -= s * (norms + f);
        // The output projection's input: with FlashAttention its FP8 copy is kept beside the 16-bit output the attention
        // kernel keeps (q more); with eager attention the projection's input is the only copy, now one byte (q fewer).
        linear = shape.flash ? linear + s * queries : linear - s * queries;
    }
    switch (mode) {
        case Recompute::full: return shape.sequence_parallel ? 2 * sh : 2 * sh * t;  // the layer's input, [s/t, b, h] with SP
        case Recompute::selective: return linear;
        case Recompute::none: break;
    }
    if (shape.flash) return linear;  // no s×s scores kept
    return plus(times(times(u128{5} * shape.heads, s), s), linear);  // + 5·n·s², below 2^87
}

// Beyond the layers, for one sample, times t: the embedding's token ids and
// dropout output per micro-batch in flight, and with one stage the output
// layer's input and fp32 logits. Split over t with sequence parallelism, as
// compute_activation_memory splits them; without it only the logits are.
u128 embedding_times_t(const ActivationShape& shape) {
    if (shape.padded_vocabulary == 0) return 0;
    const u128 s = shape.sequence;
    const u128 spread = shape.sequence_parallel ? 1 : shape.tensor_parallel;
    return (8 * s + s * shape.hidden) * spread;  // below 2^92
}
u128 output_times_t(const ActivationShape& shape) {
    if (shape.padded_vocabulary == 0 || shape.pipeline_parallel > 1) return 0;
    const u128 s = shape.sequence;
    const u128 spread = shape.sequence_parallel ? 1 : shape.tensor_parallel;
    return 4 * s * shape.hidden * spread + 4 * s * shape.padded_vocabulary;  // below 2^95
}

}  // namespace

// The first pipeline stage, for one sample of the micro-batch: L/p layers for
// each of min(p, a) micro-batches in flight, so L·min(p, a)/p layers; under
// full recomputation, plus one layer re-materialised whole; the embedding
// for each micro-batch in flight and, with one stage, the output layer.
PerSample per_sample_of(const ActivationShape& shape) {
    const u128 p = shape.pipeline_parallel;
    if (shape.stage_layers > 0) {
        // One stage of an uneven split: its own layers, for the micro-batches in flight at its place.
        const u128 left = p - shape.stage_index;
        const u128 in_flight = shape.accumulation_steps < left ? u128{shape.accumulation_steps} : left;
        auto numerator = times(times(layer_times_t(shape, shape.recompute), shape.stage_layers), in_flight);
        if (shape.recompute == Recompute::full) numerator = plus(numerator, layer_times_t(shape, Recompute::none));
        if (shape.stage_index == 0) numerator = plus(numerator, times(embedding_times_t(shape), in_flight));
        return {numerator, u128{shape.tensor_parallel}};
    }
    const u128 in_flight = shape.accumulation_steps < shape.pipeline_parallel ? shape.accumulation_steps : shape.pipeline_parallel;
    auto numerator = times(times(layer_times_t(shape, shape.recompute), shape.layers), in_flight);
    if (shape.recompute == Recompute::full) numerator = plus(numerator, times(layer_times_t(shape, Recompute::none), p));
    numerator = plus(numerator, times(times(embedding_times_t(shape), in_flight), p));
    numerator = plus(numerator, output_times_t(shape));
    return {numerator, u128{shape.tensor_parallel} * p};
}

namespace {

// An exact fraction; no numerator when it does not fit in 128 bits.
struct Fraction {
    std::optional<u128> numerator;
    u128 denominator;
};
Fraction sum(const Fraction& left, const Fraction& right) {
    return {plus(times(left.numerator, right.denominator), times(right.numerator, left.denominator)),
            left.denominator * right.denominator};  // denominators below 2^60 each
}
Fraction scaled(const Fraction& fraction, u128 factor, u128 over) {
    return {times(fraction.numerator, factor), fraction.denominator * over};
}

}  // namespace

ActivationShape activation_shape(const model_shape::Shape& model, std::uint64_t sequence, std::uint64_t tensor_parallel,
                                 bool sequence_parallel, Recompute recompute, std::uint64_t pipeline_parallel,
                                 std::uint64_t accumulation_steps, bool flash) {
    ActivationShape shape{model.layers, model.hidden, model.heads, sequence, tensor_parallel, sequence_parallel, recompute,
                          pipeline_parallel, accumulation_steps, model.ffn, model.vocabulary, flash};
    if (model.experts > 0) {
        shape.experts_per_token = model.experts_per_token;
        shape.expert_ffn = model.expert_ffn;
        shape.shared_expert_ffn = model.shared_expert_ffn;
    }
    shape.gated = model.gated;
    shape.query_width = model.heads * model.head_dim;  // below 2^40
    shape.kv_width = model.kv_heads * model.head_dim;
    return shape;
}

Product activation_bytes(const ActivationShape& shape, std::uint64_t micro_batch) {
    const PerSample per_sample = per_sample_of(shape);
    return ceil_div(times(per_sample.numerator, micro_batch), per_sample.denominator);
}

Product megatron_activation_bytes(const ActivationShape& shape, std::uint64_t micro_batch) {
    const bool with_sp = shape.sequence_parallel && shape.tensor_parallel > 1 && shape.recompute == Recompute::selective;
    if (with_sp) {
        // compute_activation_memory: the dense --ffn-hidden-size, attention as wide as h.
        ActivationShape megatron = shape;
        megatron.experts_per_token = megatron.expert_ffn = megatron.shared_expert_ffn = 0;
        megatron.query_width = megatron.kv_width = 0;
        megatron.gated = megatron.fp8_gemm_inputs = false;  // its 4·s·b·f MLP, in 16 bits
        return activation_bytes(megatron, micro_batch);
    }
    const u128 t = shape.tensor_parallel;
    const u128 p = shape.pipeline_parallel;
    const u128 h = shape.hidden;
    const u128 sb = u128{shape.sequence} * micro_batch;  // below 2^64
    // Everything times t: the layers, then the embedding's ids and dropout output for p micro-batches.
    auto numerator = times(times(sb * h, u128{shape.layers}), 10 * t + 24);
    numerator = plus(numerator, times(sb * (8 + h) * p, t));
    u128 denominator = t;
    if (p > 1 && shape.accumulation_steps < shape.pipeline_parallel) {
        numerator = times(numerator, u128{shape.accumulation_steps});  // × a/p: fewer in flight
        denominator *= p;
    }
    if (p == 1) numerator = plus(numerator, times(sb, 2 * (u128{shape.padded_vocabulary} + h * t)));  // logits / t and the final norm, 2 bytes
    return ceil_div(times(numerator, 21), denominator * 20);  // × 1.05
}

std::optional<std::uint64_t> pad_vocabulary(std::uint64_t vocabulary, std::uint64_t tensor_parallel) {
    const u128 multiple = u128{128} * tensor_parallel;
    const u128 padded = divide(u128{vocabulary} + multiple - 1, multiple).quotient * multiple;
    return fits(padded);
}

ParameterSplit parameter_split(const model_shape::Shape& model) {
    const u128 h = model.hidden;
    const u128 matrices = model.gated ? 3 : 2;  // SwiGLU's gate, up and down; or up and down
    const u128 norm_size = model.layer_norm ? 2 : 1;
    const u128 attention = 2 * h * model.head_dim * (u128{model.heads} + model.kv_heads);  // q and o, k and v
    const u128 moe_layers = model.experts > 0 ? model.layers : 0;
    const u128 dense_layers = model.layers - moe_layers;
    // Before attention and before the MLP, and the query and key norms.
    const u128 qk_width = model.qk_norm == model_shape::QkNorm::head ? 2 * u128{model.head_dim}
                          : model.qk_norm == model_shape::QkNorm::all ? (u128{model.heads} + model.kv_heads) * model.head_dim : 0;
    const u128 norms = (2 * h + qk_width) * norm_size;
    ParameterSplit split;
    split.tensor_sharded = (attention + matrices * h * model.ffn) * dense_layers +
                           (attention + matrices * h * model.shared_expert_ffn) * moe_layers;
    split.replicated = norms * model.layers + h * model.experts * moe_layers + norm_size * h;  // + routers, final norm
    split.experts = matrices * h * model.expert_ffn * model.experts * moe_layers;
    split.embedding = h * model.vocabulary;
    split.total = split.tensor_sharded + split.replicated + split.experts + split.embedding * (model.tied ? 1 : 2);
    split.active = split.total - split.experts + matrices * h * model.expert_ffn * model.experts_per_token * moe_layers;
    return split;
}

DeviceParameters parameters_on_device(const ParameterSplit& split, bool untied, const Parallelism& parallel) {
    // (tensor-sharded / p + embedding (twice with one untied stage)) / t + replicated / p, over p·t.
    const u128 t = parallel.tensor;
    const u128 p = parallel.pipeline;
    const u128 embeddings = untied && parallel.pipeline == 1 ? 2 : 1;
    return {split.tensor_sharded + p * embeddings * split.embedding + t * split.replicated, p * t,
            split.experts, p * parallel.expert_tensor * parallel.expert};
}

DeviceParameters parameters_on_stage(const ParameterSplit& split, std::uint64_t layers, std::uint64_t stage_layers,
                                     std::uint64_t embeddings, const Parallelism& parallel) {
    // (tensor-sharded · k/L + embeddings · embedding) / t + replicated · k/L, over L·t.
    const u128 t = parallel.tensor;
    const u128 l = layers;
    const u128 k = stage_layers;
    return {split.tensor_sharded * k + l * embeddings * split.embedding + t * k * split.replicated, l * t,
            split.experts * k, l * parallel.expert_tensor * parallel.expert};
}

DeviceParameters parameters_on_device(std::uint64_t parameters, const Parallelism& parallel) {
    return {parameters, u128{parallel.tensor} * parallel.pipeline, 0, 1};
}

ModelStates model_states(const DeviceParameters& held, const Parallelism& parallel, unsigned zero_stage,
                         GradientPrecision gradients, std::uint64_t optimizer_bytes) {
    // The experts' data-parallel group: world / (ETP·EP·p) with world = d·t·p.
    const u128 expert_data = divide(u128{parallel.data} * parallel.tensor, u128{parallel.expert_tensor} * parallel.expert).quotient;
    // ZeRO stage 1 shards the optimizer states over d, stage 2 also the
    // gradients, stage 3 also the parameters.
    const auto bytes = [&](u128 per_parameter, unsigned from_stage) {
        const bool shard = zero_stage >= from_stage;
        const Fraction dense = scaled({held.dense_numerator, held.dense_denominator}, per_parameter, shard ? parallel.data : 1);
        const Fraction expert = scaled({held.expert_numerator, held.expert_denominator}, per_parameter, shard ? expert_data : 1);
        const Fraction both = sum(dense, expert);
        return ceil_div(both.numerator, both.denominator);
    };
    ModelStates states{bytes(2, 3), bytes(bytes_per_gradient(gradients), 2), bytes(optimizer_bytes, 1), Overflow{}};
    states.total = checked_add(checked_add(states.parameters, states.gradients), states.optimizer);
    return states;
}

u128 largest_module_parameters(const model_shape::Shape& model, std::uint64_t tensor_parallel) {
    const u128 h = model.hidden;
    const u128 t = tensor_parallel;
    const auto split = [&](u128 parameters) { return divide(parameters + t - 1, t).quotient; };
    u128 largest = split(h * model.vocabulary);                     // the embedding (and an untied output layer)
    const u128 queries = u128{model.heads} * model.head_dim;               // q and o: h × n·d_h; k and v are no wider
    if (split(h * queries) > largest) largest = split(h * queries);
    const u128 widest = model.experts > 0 ? (model.expert_ffn > model.shared_expert_ffn ? model.expert_ffn : model.shared_expert_ffn)
                                          : model.ffn;                      // one MLP Linear: h × f
    if (split(h * widest) > largest) largest = split(h * widest);
    if (h * model.experts > largest) largest = h * model.experts;          // the router, not split
    return largest;
}

AdaptedLayer adapted_linears(const model_shape::Shape& model, AdapterTargets targets) {
    const std::uint64_t h = model.hidden;
    const std::uint64_t queries = model.heads * model.head_dim;  // below 2^40
    const std::uint64_t keys = model.kv_heads * model.head_dim;
    AdaptedLayer layer{{{{h, queries}, {h, keys}, {h, keys}, {queries, h}}}, 4};
    if (targets == AdapterTargets::attention) return layer;
    layer.linears[layer.count++] = {h, model.ffn};  // up
    if (model.gated) layer.linears[layer.count++] = {h, model.ffn};  // gate
    layer.linears[layer.count++] = {model.ffn, h};  // down
    return layer;
}

u128 adapter_parameters(const model_shape::Shape& model, std::uint64_t rank, AdapterTargets targets) {
    const AdaptedLayer layer = adapted_linears(model, targets);
    u128 per_layer = 0;
    for (std::size_t i = 0; i < layer.count; ++i) per_layer += u128{rank} * (u128{layer.linears[i].in} + layer.linears[i].out);
    return per_layer * model.layers;
}

namespace {

// bitsandbytes' 8-bit AdamW for one tensor of n elements: two uint8 states and
// two fp32 maxima per block of 256; under 4,096 elements, two fp32 states.
u128 eight_bit_adam_bytes(u128 elements) {
    if (elements < 4096) return 8 * elements;
    return 2 * elements + 8 * divide(elements + 255, 256).quotient;
}

}  // namespace

ModelStates adapter_states(const model_shape::Shape& model, std::uint64_t rank, AdapterTargets targets, FineTuning base,
                           Optimizer optimizer, std::uint64_t data_parallel, unsigned zero_stage) {
    const ParameterSplit split = parameter_split(model);
    const u128 adapters = adapter_parameters(model, rank, targets);
    // The frozen base: 16-bit, or for QLoRA the layers' Linear weights (all of
    // tensor_sharded in a dense model) in NF4 at 2113/4096 bytes each.
    const u128 linear_weights = split.tensor_sharded;
    const Fraction frozen = base == FineTuning::qlora
                                ? Fraction{2113 * linear_weights + 4096 * 2 * (split.total - linear_weights), 4096}
                                : Fraction{2 * split.total, 1};
    u128 optimizer_bytes = 8 * adapters;  // AdamW's fp32 moments of fp32 adapters
    if (optimizer == Optimizer::adamw8bit) {
        const AdaptedLayer layer = adapted_linears(model, targets);
        optimizer_bytes = 0;
        for (std::size_t i = 0; i < layer.count; ++i) {
            optimizer_bytes += eight_bit_adam_bytes(u128{rank} * layer.linears[i].in) + eight_bit_adam_bytes(u128{rank} * layer.linears[i].out);
        }
        optimizer_bytes *= model.layers;
    }
    const auto over = [&](const Fraction& bytes, unsigned from_stage) {
        const Fraction sharded = scaled(bytes, 1, zero_stage >= from_stage ? data_parallel : 1);
        return ceil_div(sharded.numerator, sharded.denominator);
    };
    ModelStates states{over(sum(frozen, {4 * adapters, 1}), 3), over({4 * adapters, 1}, 2), over({optimizer_bytes, 1}, 1), Overflow{}};
    states.total = checked_add(checked_add(states.parameters, states.gradients), states.optimizer);
    return states;
}

ModelStates model_states(std::uint64_t parameters, std::uint64_t tensor_parallel, std::uint64_t data_parallel,
                         unsigned zero_stage) {
    Parallelism parallel;
    parallel.tensor = tensor_parallel;
    parallel.data = data_parallel;
    return model_states(parameters_on_device(parameters, parallel), parallel, zero_stage, GradientPrecision::bf16);
}

Product parameter_count(const DeviceParameters& held) {
    const Fraction both = sum({held.dense_numerator, held.dense_denominator}, {held.expert_numerator, held.expert_denominator});
    return ceil_div(both.numerator, both.denominator);
}

std::uint64_t device_bytes_of(double gibibytes) {
    return static_cast<std::uint64_t>(std::floor(gibibytes * 1073741824.0));
}

}  // namespace batch_planner::memory_model
