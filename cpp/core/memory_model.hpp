// The memory model of the whole core: what the most loaded device holds
// while it trains, counted as Megatron-LM counts it
// (megatron/training/theoretical_memory_usage.py at d98e8a6). The memory
// page (grad_memory), the step time and the layout search all read it.
//
//  - The model's shape: L layers, hidden size h, n attention heads in g query
//    groups (grouped-query attention) of head dimension d_h, an MLP of width f,
//    gated (SwiGLU: three matrices) or not (two), LayerNorm or RMSNorm, a
//    vocabulary V padded to a multiple of 128·t as Megatron-LM pads it
//    (--make-vocab-size-divisible-by 128, training/tokenizer: the multiple is
//    times the tensor-parallel size), an output layer tied or not, and for a
//    mixture of experts E routed experts of width f_e per layer, k per token,
//    plus shared experts of total width f_s.
//  - Parameters by how they are held (compute_weight_and_optimizer_memory):
//    split over t (attention, dense MLPs, shared experts, the embedding),
//    replicated (norms, the router) and routed experts (over ETP·EP). The most
//    loaded pipeline stage holds L/p layers and the embedding, and the output
//    layer too when p = 1 and it is untied. Linear biases are not counted, as
//    that function does not count them. Query and key norms are (that
//    function leaves them out, yet the model has them): per head as
//    Megatron-LM's --qk-layernorm builds them (a norm of d_h for the queries
//    and one for the keys, megatron/core/transformer/attention.py at d98e8a6,
//    and Qwen3's q_norm and k_norm in transformers), or over all heads as
//    OLMo 2 and OLMoE normalise (n·d_h and g·d_h wide); replicated, like the
//    layer norms, with a bias each under LayerNorm.
//  - Bytes per parameter: 16-bit weights, gradients in fp32 (Megatron-LM's
//    main gradients, the default) or 16-bit, and 12 bytes of fp32 optimizer
//    state (master weights, momentum, variance): 18 or 16 bytes. ZeRO stage 1
//    (Megatron-LM's distributed optimizer) shards the 12 over d, stage 2 also
//    the gradients, stage 3 also the weights (Rajbhandari et al. 2019). Routed
//    experts shard over their own data-parallel group, d·t/(ETP·EP).
//  - Fine-tuning with adapters, as PEFT builds them (src/peft/tuners/lora/layer.py at
//    5d602fd): each adapted Linear of in × out gets lora_A (r × in) and lora_B
//    (out × r), in fp32 (get_peft_model's autocast_adapter_dtype, on by default,
//    upcasts them: tuners_utils.py cast_adapter_dtype). "all-linear" adapts every
//    Linear of the layers (q, k, v, o and the MLP's), "attention" q, k, v and o.
//    The frozen base is held in 16 bits (LoRA) or, for QLoRA, its layers' Linear
//    weights in NF4 with double quantization (bitsandbytes at 95f9af3:
//    Params4bit's blocks of 64, each absmax quantized to 8 bits in blocks of 256
//    with an fp32 scale, functional.py quantize_4bit): 1/2 + 1/64 + 1/4096 bytes
//    a weight, 4.127 bits; embeddings, norms and the output layer stay 16-bit.
//    Only the adapters have gradients (fp32) and optimizer states: AdamW's two
//    fp32 moments (the weights are already fp32), or bitsandbytes' 8-bit AdamW
//    (optim/optimizer.py Optimizer2State.init_state): two uint8 states and two
//    fp32 maxima per block of 256, and fp32 states for a tensor under 4,096
//    elements. PEFT runs under data parallelism (DDP, FSDP, ZeRO) only, and the
//    vocabulary is the tokenizer's, unpadded, as Hugging Face builds the model.
//  - Activations per layer, 16-bit, from Korthikanti et al. 2022, "Reducing
//    Activation Recomputation in Large Transformer Models", Table 2, with the
//    MLP's 16·s·b·h written for its width f as 4·s·b·f, as
//    compute_activation_memory writes it (6·s·b·f for a gated MLP, see
//    ActivationShape::gated; s sequence length, t tensor-parallel size, n heads):
//      tensor parallel (t = 1: none)             s·b·(10·h + (8·h + 4·f)/t) + 5·n·s²·b/t
//      + sequence parallel                        s·b·(18·h + 4·f)/t + 5·n·s²·b/t
//      selective recompute drops 5·n·s²·b/t
//      full recompute                             2·s·b·h, or 2·s·b·h/t with sequence
//                                                 parallelism, plus one layer whole once
//    Both sources count K and V as wide as the queries; ActivationShape counts
//    them at their grouped-query width, and the queries at theirs.
//    The 5·n·s²·b/t term is the attention's s×s scores, softmax and dropout
//    mask, which eager attention stores. FlashAttention (Dao et al. 2022) and
//    PyTorch's scaled_dot_product_attention, which every current framework
//    runs by default, store none of them: with attention "flash" (the
//    default) the term is dropped under every recomputation setting, the
//    one layer that full recomputation re-materialises included; "eager"
//    keeps Table 2's rows as printed. Megatron-LM's estimator counts the
//    selective case only, where the term is dropped either way.
//  - Beyond the layers, for each of the micro-batches in flight: the token ids
//    (8·s·b) and the embedding's dropout output (s·b·h); and when p = 1 the
//    output layer's input and its fp32 logits, 4·s·b·h + 4·s·b·V. With
//    sequence parallelism all of it is split over t, as compute_activation_memory
//    splits it; without, only the logits are (the output layer is vocabulary-parallel).
//  - The first pipeline stage keeps min(p, a) micro-batches in flight (1F1B).
//  - Beyond both sources (see ActivationShape): a mixture of experts' MLP counted for
//    the k experts each token goes to, attention at its own widths, a gated
//    MLP's 2f-wide input, and FP8's 1-byte GEMM inputs.
//
//  - The device's memory is what nvidia-smi reports, in GiB; a reserved share
//    (CUDA context, NCCL buffers, fragmentation) is set aside before anything
//    is placed. Reserved 0 gives exactly the formulas.
//
// Every figure is an exact byte count: fractions of a byte are rounded up
// (device memory is rounded down).
#pragma once

#include <cstdint>
#include <optional>

#include "checked_math.hpp"
#include "gradient_precision.hpp"
#include "model_shape.hpp"

namespace batch_planner::memory_model {

enum class Recompute : std::uint8_t { none, selective, full };

// The words of the two activation fields, one key each on every page that has them (recompute=, sp=): a choice's
// index is its value, so Recompute's order is recompute_words'.
inline constexpr ChoiceWords recompute_words{"none", "selective", "full"};
inline constexpr ChoiceWords sequence_parallel_words{"off", "on"};

// What the activations depend on.
struct ActivationShape {
    std::uint64_t layers, hidden, heads, sequence, tensor_parallel;
    bool sequence_parallel;
    Recompute recompute;
    std::uint64_t pipeline_parallel = 1;
    std::uint64_t accumulation_steps = 1;  // micro-batches per step: with p > 1, min(p, a) are in flight
    std::uint64_t ffn = 0;                 // the MLP's width; 0: 4·h
    std::uint64_t padded_vocabulary = 0;   // 0: the layers alone, as Table 2 counts them
    bool flash = false;                    // FlashAttention / SDPA: no s×s scores stored; false: Table 2
    // Beyond Table 2 and Megatron-LM's estimator: a mixture of experts sends
    // each token to k experts of width f_e (and to shared experts of total
    // width f_s), so its MLP keeps k copies of its input and 4·s·b·(k·f_e + f_s)
    // instead of 4·s·b·f (6·s·b·(k·f_e + f_s) gated); 0: a dense MLP of width ffn.
    std::uint64_t experts_per_token = 0, expert_ffn = 0, shared_expert_ffn = 0;
    // Queries n·d_h and keys and values g·d_h wide (0: h, as Table 2 counts
    // them): 4·(queries + keys) in place of Table 2's 8·h, less for
    // grouped-query attention, more for queries wider than h (Qwen3-30B-A3B).
    std::uint64_t query_width = 0, kv_width = 0;
    // One pipeline stage of an uneven split (Megatron-LM's embedding and loss
    // counted in the split): the layers it holds and its place, the first
    // (0) keeping the embedding and min(p, a) micro-batches in flight, the
    // k-th min(p − k, a); 0 layers: the even split's first stage, L/p layers.
    std::uint64_t stage_layers = 0, stage_index = 0;
    // A gated MLP (SwiGLU, GeGLU) keeps its up-projection's output 2f wide for
    // the activation's backward (Megatron-LM's fused_bias_swiglu.py at d98e8a6,
    // SwiGLUFunction saves its whole input, lines 216-235) besides the
    // down-projection's f-wide input: 6·s·b·f bytes where GeLU's MLP keeps 4·s·b·f.
    bool gated = false;
    // FP8 GEMMs as Transformer Engine 1.8 runs them under Megatron-LM: the
    // inputs the linear layers keep for their weight gradients are 1-byte FP8
    // copies: the LayerNorm outputs (layernorm_linear.py:126, 308-318) and the
    // down-projection's input (linear.py:289-301), each half of its 16-bit
    // size. The output projection keeps an FP8 copy of the attention's output:
    // with FlashAttention beside the 16-bit output the kernel keeps (s·b·q
    // bytes more), with eager attention instead of its 16-bit input (s·b·q
    // fewer). A mixture of experts' MLP inputs stay counted at 16 bits.
    bool fp8_gemm_inputs = false;
};

// The activations' inputs for a model run at sequence length s (per context
// shard) on t, p and a: its MLP and attention widths as ActivationShape counts
// them (the experts a token goes to, n·d_h queries and g·d_h keys), with the
// vocabulary the model holds.
ActivationShape activation_shape(const model_shape::Shape& model, std::uint64_t sequence, std::uint64_t tensor_parallel,
                                 bool sequence_parallel, Recompute recompute, std::uint64_t pipeline_parallel,
                                 std::uint64_t accumulation_steps, bool flash);

// Bytes per sample of the micro-batch as an exact fraction, numerator /
// denominator; no numerator when it does not fit in 128 bits.
struct PerSample {
    std::optional<u128> numerator;
    u128 denominator;
};
PerSample per_sample_of(const ActivationShape& shape);

// Activation bytes on one device (the first pipeline stage) for a
// micro-batch (Korthikanti et al. 2022, Table 2; Megatron-LM's in-flight
// micro-batches, embedding and output layer), rounded up to a whole byte.
Product activation_bytes(const ActivationShape& shape, std::uint64_t micro_batch);

// The activations Megatron-LM's report_theoretical_memory prints for a
// micro-batch (megatron/training/theoretical_memory_usage.py at d98e8a6),
// rounded up to a whole byte. With sequence parallelism on (which
// arguments.py turns off at t = 1) and selective recomputation it runs
// compute_activation_memory, which is this page's formula; otherwise
// compute_activation_memory_without_sp: s·b·h·(10 + 24/t) a layer whatever
// the MLP's width or the recomputation, the embedding as above, at p = 1 the
// final norm's output and the logits over t in 16 bits, then 5% more.
Product megatron_activation_bytes(const ActivationShape& shape, std::uint64_t micro_batch);

// The vocabulary as Megatron-LM pads it: up to a multiple of 128·t.
std::optional<std::uint64_t> pad_vocabulary(std::uint64_t vocabulary, std::uint64_t tensor_parallel);

// How a run is split: tensor, pipeline, data, expert and expert-tensor parallelism.
struct Parallelism {
    std::uint64_t tensor = 1, pipeline = 1, data = 1, expert = 1, expert_tensor = 1;
};

// Parameters by how each GPU holds them, each an exact count of the whole model.
struct ParameterSplit {
    u128 tensor_sharded = 0;  // attention, dense MLPs, shared experts of all layers
    u128 replicated = 0;      // norms (query and key norms too) and routers of all layers, the final norm
    u128 experts = 0;         // routed experts of all layers
    u128 embedding = 0;       // one embedding matrix, padded vocabulary times h
    u128 total = 0;           // the model: all of the above, and the output layer when untied
    u128 active = 0;          // what one token uses: the total less the routed experts it is not sent to
};
ParameterSplit parameter_split(const model_shape::Shape& model);

// Parameters on the most loaded GPU, as two exact fractions: those sharded
// over d (numerator / denominator) and the routed experts, sharded over the
// expert-data-parallel group.
struct DeviceParameters {
    u128 dense_numerator, dense_denominator;
    u128 expert_numerator, expert_denominator;
};
DeviceParameters parameters_on_device(const ParameterSplit& split, bool untied, const Parallelism& parallel);
// The same for one stage that holds stage_layers of the model's layers and
// `embeddings` vocabulary-sized matrices (the input embedding on the first
// stage, the output layer on the last), each layer's share as the even split counts it.
DeviceParameters parameters_on_stage(const ParameterSplit& split, std::uint64_t layers, std::uint64_t stage_layers,
                                     std::uint64_t embeddings, const Parallelism& parallel);
// A typed parameter count, spread evenly over t·p.
DeviceParameters parameters_on_device(std::uint64_t parameters, const Parallelism& parallel);

// The parameters of the largest module on one GPU, as DeepSpeed's
// model_to_params finds it for estimate_zero3_model_states_mem_needs
// (runtime/zero/stage3.py at edaa722): each module's own parameters
// (recurse=False), in Hugging Face's layout as transformers 4.x builds it
// (q, k, v and o apart, the MLP's gate, up and down apart, each routed
// expert its own Linears, the router, the embedding and the output layer),
// with what Megatron-LM splits over t split over t, rounded up.
u128 largest_module_parameters(const model_shape::Shape& model, std::uint64_t tensor_parallel);

// ZeRO stage 3 gathers each module's parameters before it runs: DeepSpeed's
// estimate counts 4 bytes per parameter of the largest module on top of the
// sharded states (largest_layer_memory = 4 * largest_layer_params).
inline constexpr unsigned gathered_bytes_per_parameter = 4;


struct ModelStates {
    Product parameters;  // 2 bytes each, 16-bit
    Product gradients;   // 4 bytes each in fp32, 2 in 16-bit
    Product optimizer;   // 12 bytes each: fp32 master copy, momentum, variance
    Product total;
};
// optimizer_bytes: what the optimizer keeps a parameter on the GPU, 12 (fp32 master weights and both Adam moments);
// 6 with both moments in 8 bits, 0 with the states in CPU memory (layout_search's remedies).
ModelStates model_states(const DeviceParameters& held, const Parallelism& parallel, unsigned zero_stage,
                         GradientPrecision gradients, std::uint64_t optimizer_bytes = 12);
enum class FineTuning : std::uint8_t { full, lora, qlora };
enum class AdapterTargets : std::uint8_t { all_linear, attention };
enum class Optimizer : std::uint8_t { adamw, adamw8bit };

// The adapted Linears of one layer, as (in, out) pairs.
struct AdaptedLinear {
    std::uint64_t in, out;
};
struct AdaptedLayer {
    std::array<AdaptedLinear, 7> linears;  // q, k, v, o, then the MLP's up (and gate) and down
    std::size_t count;
};
AdaptedLayer adapted_linears(const model_shape::Shape& model, AdapterTargets targets);

// LoRA's trainable parameters: r·(in + out) per adapted Linear, in every layer.
u128 adapter_parameters(const model_shape::Shape& model, std::uint64_t rank, AdapterTargets targets);

// What a fine-tuning with adapters holds on one of d replicas under a ZeRO stage.
ModelStates adapter_states(const model_shape::Shape& model, std::uint64_t rank, AdapterTargets targets, FineTuning base,
                           Optimizer optimizer, std::uint64_t data_parallel, unsigned zero_stage);

// The ZeRO paper's dense case: Ψ parameters split over t, 16 bytes each.
ModelStates model_states(std::uint64_t parameters, std::uint64_t tensor_parallel, std::uint64_t data_parallel,
                         unsigned zero_stage);

// The parameters on the most loaded GPU, rounded up: the dense ones and the experts.
Product parameter_count(const DeviceParameters& held);

// A device's memory given in GiB (2^30 bytes, as nvidia-smi's MiB / 1024), in whole bytes, rounded down: x GiB times
// 2^30 is exact in a double, and no fraction of a byte can be used. At most 2^50 bytes for the fields' 2^20 GiB.
std::uint64_t device_bytes_of(double gibibytes);

}  // namespace batch_planner::memory_model
