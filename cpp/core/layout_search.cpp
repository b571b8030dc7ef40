#include "layout_search.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace batch_planner::layout_search {
namespace {

using memory_model::Recompute;

constexpr u128 too_many = ~u128{0};

u128 bytes_of(const Product& product) {
    const auto* exact = std::get_if<std::uint64_t>(&product);
    return exact ? u128{*exact} : too_many;
}

std::vector<std::uint64_t> divisors(std::uint64_t n) {
    std::vector<std::uint64_t> small, large;
    for (std::uint64_t k = 1; k * k <= n; ++k) {
        if (n % k != 0) continue;
        small.push_back(k);
        if (k != n / k) large.push_back(n / k);
    }
    small.insert(small.end(), large.rbegin(), large.rend());
    return small;
}

// Pipeline degrees: the divisors of L (an even split) and, from 2, those of L + 2 that do not divide L
// (the embedding and the loss counted in the split), ascending.
std::vector<std::uint64_t> pipeline_degrees(std::uint64_t layers) {
    std::vector<std::uint64_t> degrees = divisors(layers);
    for (const std::uint64_t p : divisors(layers + 2)) {
        if (p > 1 && layers % p != 0) degrees.push_back(p);
    }
    std::sort(degrees.begin(), degrees.end());
    return degrees;
}

// The virtual stages v to try at p, each with how the layers are split (allowed's rule): evenly over p·v chunks where
// p·v divides the layers, else with the embedding and the loss counted as a layer each where p·v divides L + 2. So
// at p = 2 with 32 layers, v = 17 splits the 34 places, as Megatron-LM would, where no even split exists. A fixed v
// keeps only its own.
std::vector<std::pair<std::uint64_t, bool>> splits(std::uint64_t layers, std::uint64_t p, const std::optional<std::uint64_t>& fixed) {
    std::vector<std::pair<std::uint64_t, bool>> found;
    const bool even_at_p = layers % p == 0;
    if (even_at_p) {
        for (const std::uint64_t v : divisors(layers / p)) found.emplace_back(v, false);
    }
    if (p > 1 && (layers + 2) % p == 0) {
        for (const std::uint64_t v : divisors((layers + 2) / p)) {
            if (!(even_at_p && (layers / p) % v == 0)) found.emplace_back(v, true);
        }
    }
    if (fixed) found.erase(std::remove_if(found.begin(), found.end(), [&](const auto& split) { return split.first != *fixed; }), found.end());
    return found;
}

// A fixed knob keeps its one value; otherwise every candidate.
template <typename T>
std::vector<T> choices(const std::optional<T>& fixed, std::vector<T> candidates) {
    if (!fixed) return candidates;
    return {*fixed};
}

// A pipeline stage that may hold the most: its place, its layers and the vocabulary matrices it keeps.
struct Stage {
    std::uint64_t index, layers, embeddings;
};

// With an even split the first stage (the embedding, the most micro-batches in flight: the memory page's count);
// with the ends counted in the split the first, the second (a layer more, one micro-batch fewer) and the last (the
// output layer, or with tied embeddings Megatron-LM's copy of them).
std::vector<Stage> stages_of(const model_shape::Shape& model, const Layout& layout) {
    if (!layout.ends_in_split) return {};
    const step_time::StageLayers layers = step_time::stage_layers(model.layers, layout);
    std::vector<Stage> stages{{0, layers.first, 1}};
    if (layout.pipeline > 2) stages.push_back({1, layers.middle, 0});
    stages.push_back({layout.pipeline - 1, layers.last, 1});
    return stages;
}

u128 states_of(const model_shape::Shape& model, const memory_model::ParameterSplit& split, const Run& run, const Layout& layout,
               const Stage* stage = nullptr, OptimizerPlace place = OptimizerPlace::gpu) {
    // The states are sharded over the data- and context-parallel ranks together (Megatron-LM's data-parallel group
    // with context parallelism), and the experts over c·d ÷ e of them (parallel_state.py, lines 870-884).
    const memory_model::Parallelism parallel{layout.tensor, layout.pipeline, layout.data * layout.context, layout.expert,
                                             step_time::expert_tensor_of(layout)};
    const memory_model::DeviceParameters held = stage ? memory_model::parameters_on_stage(split, model.layers, stage->layers, stage->embeddings, parallel)
                                                     : memory_model::parameters_on_device(split, !model.tied, parallel);
    u128 total = bytes_of(memory_model::model_states(held, parallel, layout.zero, run.gradients, optimizer_bytes_on_gpu(place)).total);
    if (total == too_many) return too_many;
    if (layout.zero == 3) total += memory_model::largest_module_parameters(model, layout.tensor) * memory_model::gathered_bytes_per_parameter;
    return total;
}

u128 activations_of(const model_shape::Shape& model, const Run& run, const Layout& layout, const Stage* stage = nullptr) {
    memory_model::ActivationShape shape = memory_model::activation_shape(
        model, run.sequence / layout.context, layout.tensor, layout.sequence_parallel, layout.recompute, layout.pipeline,
        layout.accumulation, run.attention != step_time::Attention::eager);
    // FP8 under Megatron-LM is Transformer Engine's, whose GEMMs keep their inputs in one byte; torchao's Float8Linear
    // (torchtitan) keeps its 16-bit input, and the other frameworks' FP8 is not read: counted at 16 bits.
    shape.fp8_gemm_inputs = run.precision == step_time::Precision::fp8 && run.framework == step_time::Framework::megatron;
    if (stage) {
        shape.stage_layers = stage->layers;
        shape.stage_index = stage->index;
    }
    u128 activations = bytes_of(memory_model::activation_bytes(shape, layout.micro_batch));
    if (activations == too_many) return too_many;
    if (layout.virtual_stages > 1) {
        // Megatron-LM's interleaved penalty, 1 + (p−1)/(p·v), rounded up to a byte.
        const u128 pv = u128{layout.pipeline} * layout.virtual_stages;
        activations = (activations * (pv + layout.pipeline - 1) + pv - 1) / pv;
    }
    return activations;
}

u128 plus(u128 left, u128 right) { return left == too_many || right == too_many ? too_many : left + right; }

// The busiest stage's bytes of an uneven split.
u128 busiest_stage_bytes(const model_shape::Shape& model, const memory_model::ParameterSplit& split, const Run& run, const Layout& layout,
                         OptimizerPlace place) {
    u128 most = 0;
    for (const Stage& stage : stages_of(model, layout)) {
        most = std::max(most, plus(states_of(model, split, run, layout, &stage, place), activations_of(model, run, layout, &stage)));
    }
    return most;
}

}  // namespace

u128 busiest_gpu_bytes(const model_shape::Shape& model, const Run& run, const Layout& layout, OptimizerPlace place) {
    const memory_model::ParameterSplit split = memory_model::parameter_split(model);
    if (layout.ends_in_split) return busiest_stage_bytes(model, split, run, layout, place);
    return plus(states_of(model, split, run, layout, nullptr, place), activations_of(model, run, layout));
}

u128 optimizer_state_bytes(const model_shape::Shape& model, const Run& run, const Layout& layout) {
    // What the states add on the GPU: the busiest GPU's bytes with them, less its bytes without (the stages differ
    // only in what they hold, so the busiest one's difference is taken stage by stage).
    const memory_model::ParameterSplit split = memory_model::parameter_split(model);
    const auto on = [&](const Stage* stage) {
        const u128 with = states_of(model, split, run, layout, stage, OptimizerPlace::gpu);
        const u128 without = states_of(model, split, run, layout, stage, OptimizerPlace::cpu);
        return with == too_many || without == too_many ? too_many : with - without;
    };
    if (!layout.ends_in_split) return on(nullptr);
    u128 most = 0;
    for (const Stage& stage : stages_of(model, layout)) most = std::max(most, on(&stage));
    return most;
}

std::optional<model_shape::Shape> model_at(const Question& question, std::uint64_t tensor) {
    model_shape::Shape model = question.model;
    if (question.pad_vocabulary) {
        const std::optional<std::uint64_t> padded = memory_model::pad_vocabulary(question.model.vocabulary, tensor);
        if (!padded) return std::nullopt;
        model.vocabulary = *padded;
    }
    return model;
}

namespace {

// Whether some pipeline_parallel_layers_per_stage x gives torchtitan ⌈(L + 2) ÷ x⌉ = `stages` (pipeline_parallel.py at
// 73a0e69, lines 71-94: the embedding and the output count as a layer each): the least x that could, tried.
bool torchtitan_stages_split(std::uint64_t layers, std::uint64_t stages) {
    const std::uint64_t counted = layers + 2;
    const std::uint64_t per_stage = (counted + stages - 1) / stages;
    return (counted + per_stage - 1) / per_stage == stages;
}

}  // namespace

bool shards_under_pipeline(step_time::Framework framework) { return framework == step_time::Framework::torchtitan; }

bool framework_runs(step_time::Framework framework, const model_shape::Shape& model, const Layout& layout) {
    using step_time::Framework;
    // An ETP of its own is Megatron-LM's --expert-tensor-parallel-size; the others' experts are priced as TP splits them.
    if (framework != Framework::megatron && step_time::expert_tensor_of(layout) != layout.tensor) return false;
    const bool sharded_with_pipeline = layout.zero >= 2 && layout.pipeline > 1 && !shards_under_pipeline(framework);
    switch (framework) {
        case Framework::megatron:
            return !sharded_with_pipeline;  // its experts whole on their GPUs or split as TP splits the rest
        case Framework::deepspeed:
            // No interleaved schedule and no ring attention; the embeddings counted in the split as BLOOM's
            // 'type:transformer|embedding' partition counts them. Its own mixture of experts refuses ZeRO-3
            // (deepspeed/runtime/engine.py at edaa722, lines 1872-1891).
            return !sharded_with_pipeline && layout.virtual_stages == 1 && layout.context == 1 && !(model.experts > 0 && layout.zero == 3);
        case Framework::torchtitan:
            // FSDP2 (or DDP) over the data-parallel ranks, with a pipeline too; its tensor-parallel plan shards the
            // norms' sequence by default; its pipeline split counts the embedding and the output as a layer each.
            // Its experts take their EP ranks from the FSDP shard, CP and TP ones, unsplit by TP (parallel_dims.py at
            // 73a0e69 and b5bcd76): offered with the weights sharded and no TP, where EP divides d·c. More than two
            // stages a rank come only from pipeline_parallel_layers_per_stage, ⌈(L + 2) ÷ it⌉ of them.
            return (layout.zero == 0 || layout.zero == 3) && (layout.tensor == 1 || layout.sequence_parallel) &&
                   (layout.expert == 1 || (layout.zero == 3 && layout.tensor == 1)) &&
                   (layout.virtual_stages <= 2 || torchtitan_stages_split(model.layers, layout.pipeline * layout.virtual_stages));
        case Framework::fsdp:
            // Data parallelism alone: NO_SHARD, SHARD_GRAD_OP or FULL_SHARD, and whole blocks checkpointed or none.
            return layout.tensor == 1 && layout.pipeline == 1 && layout.context == 1 && layout.expert == 1 && layout.zero != 1 &&
                   layout.recompute != Recompute::selective;
    }
    return false;
}

bool allowed_but_for_zero(const model_shape::Shape& model, const Run& run, std::uint64_t gpus, std::uint64_t global_batch, const Layout& layout) {
    const std::uint64_t t = layout.tensor, p = layout.pipeline, v = layout.virtual_stages, c = layout.context, e = layout.expert;
    if (t == 0 || p == 0 || v == 0 || c == 0 || e == 0 || layout.data == 0 || layout.micro_batch == 0 || layout.accumulation == 0) return false;
    if (model.heads % t != 0 || model.kv_heads % t != 0 || model.ffn % t != 0) return false;
    const std::uint64_t et = step_time::expert_tensor_of(layout);
    if (model.experts > 0 && model.expert_ffn % et != 0) return false;
    // Shared experts are split over TP's group as a dense MLP is (Megatron-LM's SharedExpertMLP, shared_experts.py line
    // 131 at d98e8a6): t divides their width.
    if (model.shared_expert_ffn % t != 0) return false;
    // Megatron-LM splits the layers evenly over p·v chunks, or, counting the embedding and the loss as a layer each,
    // L + 2 of them (arguments.py and transformer_config.py at d98e8a6): the second only where the first fails.
    const bool even = model.layers % p == 0 && (model.layers / p) % v == 0;
    const bool ends = !even && p > 1 && (u128{model.layers} + 2) % (u128{p} * v) == 0;
    if ((layout.ends_in_split ? !ends : !even) || (v > 1 && p == 1)) return false;
    // The interleaved schedule runs its micro-batches in groups of p and refuses a last group smaller than p
    // (Megatron-LM at d98e8a6: schedules.py lines 1160-1180, the group p by default, model_parallel_config.py
    // lines 567-568): the micro-batches are a multiple of p.
    if (v > 1 && layout.accumulation % p != 0) return false;
    if (c > 1 && run.sequence % (2 * c) != 0) return false;
    if (e > 1 && (model.experts == 0 || model.experts % e != 0)) return false;
    if (layout.sequence_parallel && t == 1) return false;
    // A mixture of experts under Megatron-LM at TP > 1 trains only with sequence parallelism (moe_layer.py lines 636-640
    // at d98e8a6 raise otherwise).
    if (run.framework == step_time::Framework::megatron && model.experts > 0 && t > 1 && !layout.sequence_parallel) return false;
    // Overlapped TP needs sequence parallelism (Megatron-LM asserts it, arguments.py lines 1441-1442).
    if (run.tensor_overlap && t > 1 && !layout.sequence_parallel) return false;
    const u128 model_parallel = u128{t} * p * c;
    if (u128{gpus} != model_parallel * layout.data) return false;
    // The expert grid is ETP × EP × expert-data × PP over the same GPUs (parallel_state.py lines 870-884).
    // (in 64 bits: a grid larger than gpus ÷ p cannot divide it, and a 128-bit remainder is slow in wasm)
    const u128 expert_grid = u128{e} * et;
    if (expert_grid > gpus / p || (gpus / p) % static_cast<std::uint64_t>(expert_grid) != 0) return false;
    return u128{layout.micro_batch} * layout.data * layout.accumulation == global_batch;
}

bool allowed_at_zero(const model_shape::Shape& model, const Run& run, const Layout& layout) {
    return layout.zero <= 3 && framework_runs(run.framework, model, layout);
}

bool allowed(const model_shape::Shape& model, const Run& run, std::uint64_t gpus, std::uint64_t global_batch, const Layout& layout) {
    return allowed_but_for_zero(model, run, gpus, global_batch, layout) && allowed_at_zero(model, run, layout);
}

// The experts' tensor parallelism to try at t (0: TP's): fixed, it keeps its value (as 0 where it is t, none where it
// is neither 1 nor t, which the page does not price); searched, a mixture of experts under Megatron-LM at t > 1 also
// has its experts whole on their GPUs.
std::vector<std::uint64_t> expert_tensor_degrees(const Question& question, std::uint64_t t) {
    if (question.model.experts == 0) return {0};  // a dense model has no experts to split
    if (question.fixed.expert_tensor) {
        const std::uint64_t fixed = *question.fixed.expert_tensor;
        if (fixed == t) return {0};
        return fixed == 1 ? std::vector<std::uint64_t>{1} : std::vector<std::uint64_t>{};
    }
    if (t > 1 && question.run.framework == step_time::Framework::megatron) return {0, 1};
    return {0};
}

Answer search(const Question& question) {
    const Knobs& fixed = question.fixed;
    Answer answer;
    const std::vector<unsigned> zero_stages = choices<unsigned>(fixed.zero, {0, 1, 2, 3});
    const std::vector<Recompute> recomputes = choices<Recompute>(fixed.recompute, {Recompute::none, Recompute::selective, Recompute::full});
    const std::vector<bool> parallel_sequences = choices<bool>(fixed.sequence_parallel, {false, true});
    const std::vector<std::uint64_t> expert_degrees =
        choices(fixed.expert, question.model.experts > 0 ? divisors(question.model.experts) : std::vector<std::uint64_t>{1});

    for (const std::uint64_t t : choices(fixed.tensor, divisors(question.gpus))) {
        const model_shape::Shape& shape = question.model;
        if (question.gpus % t != 0 || shape.heads % t != 0 || shape.kv_heads % t != 0 || shape.ffn % t != 0) continue;
        const std::optional<model_shape::Shape> priced = model_at(question, t);
        if (!priced) continue;
        const model_shape::Shape& model = *priced;
        const memory_model::ParameterSplit split = memory_model::parameter_split(model);
        for (const std::uint64_t c : choices(fixed.context, divisors(question.gpus / t))) {
            if ((question.gpus / t) % c != 0 || (c > 1 && question.run.sequence % (2 * c) != 0)) continue;
            for (const std::uint64_t p : choices(fixed.pipeline, pipeline_degrees(model.layers))) {
                if ((question.gpus / (t * c)) % p != 0) continue;
                const std::uint64_t d = question.gpus / (t * c * p);
                if (question.global_batch % d != 0 || (fixed.data && *fixed.data != d)) continue;
                for (const auto& [v, ends] : splits(model.layers, p, fixed.virtual_stages)) {
                    for (const std::uint64_t e : expert_degrees) {
                    for (const std::uint64_t et : expert_tensor_degrees(question, t)) {
                        // The states depend on the ZeRO stage alone here, the activations on b, the recomputation and SP:
                        // each is counted once and the layouts combine them.
                        // With the ends in the split, each stage that may be busiest has its own states and
                        // activations: the layout's memory is the largest sum, and the least of each is the floor
                        // the pruning below needs.
                        const std::vector<Stage> stages = stages_of(model, Layout{t, p, v, c, e, d, 0, Recompute::none, false, 1, 1, ends, et});
                        std::vector<u128> states(zero_stages.size(), too_many);
                        std::vector<std::vector<u128>> stage_states(zero_stages.size(), std::vector<u128>(stages.size(), too_many));
                        for (std::size_t z = 0; z < zero_stages.size(); ++z) {
                            if (zero_stages[z] >= 2 && p > 1 && !shards_under_pipeline(question.run.framework)) continue;
                            const Layout stage_layout{t, p, v, c, e, d, zero_stages[z], Recompute::none, false, 1, 1, ends, et};
                            if (!ends) {
                                states[z] = states_of(model, split, question.run, stage_layout);
                                continue;
                            }
                            for (std::size_t k = 0; k < stages.size(); ++k) {
                                stage_states[z][k] = states_of(model, split, question.run, stage_layout, &stages[k]);
                                states[z] = std::min(states[z], stage_states[z][k]);
                            }
                        }
                        const u128 least_states = *std::min_element(states.begin(), states.end());
                        const std::vector<std::uint64_t> micro_batches = choices(fixed.micro_batch, divisors(question.global_batch / d));
                        for (const Recompute recompute : recomputes) {
                            for (const bool sp : parallel_sequences) {
                                // b ascending: b·min(p, a) never falls as b grows, so neither do the activations; past
                                // the first b whose activations and the least states overflow the GPU, none fits.
                                bool beyond = false;
                                for (const std::uint64_t b : micro_batches) {
                                    if (question.global_batch % (b * d) != 0) continue;
                                    const std::uint64_t a = question.global_batch / (b * d);
                                    if (fixed.accumulation && *fixed.accumulation != a) continue;
                                    Layout layout{t, p, v, c, e, d, 0, recompute, sp, b, a, ends, et};
                                    // The rules but the ZeRO stage's are checked once for the stages below: a layout
                                    // they refuse is not considered at any stage, nor its activations counted.
                                    if (!allowed_but_for_zero(model, question.run, question.gpus, question.global_batch, layout)) continue;
                                    // Each stage's b·min(p − k, a) never falls as b grows either, so the least stage's
                                    // activations are a floor that keeps the pruning sound.
                                    std::vector<u128> stage_activations(stages.size(), too_many);
                                    u128 activations = too_many;
                                    if (!beyond && !ends) activations = activations_of(model, question.run, layout);
                                    for (std::size_t k = 0; !beyond && k < stages.size(); ++k) {
                                        stage_activations[k] = activations_of(model, question.run, layout, &stages[k]);
                                        activations = std::min(activations, stage_activations[k]);
                                    }
                                    if (plus(least_states, activations) > question.usable_bytes && answer.smallest) beyond = true;
                                    for (std::size_t z = 0; z < zero_stages.size(); ++z) {
                                        layout.zero = zero_stages[z];
                                        if (!allowed_at_zero(model, question.run, layout)) continue;
                                        ++answer.considered;
                                        if (beyond && activations == too_many) continue;
                                        u128 memory = ends ? 0 : plus(states[z], activations);
                                        for (std::size_t k = 0; k < stages.size(); ++k) {
                                            memory = std::max(memory, plus(stage_states[z][k], stage_activations[k]));
                                        }
                                        if (memory > question.usable_bytes) {
                                            if (!answer.smallest || memory < answer.smallest->memory) {
                                                answer.smallest = Choice{layout, step_time::step_seconds(model, split, question.run, layout, question.device), memory};
                                            }
                                            continue;
                                        }
                                        ++answer.fitting;
                                        Choice choice{layout, step_time::step_seconds(model, split, question.run, layout, question.device), memory};
                                        auto& kept = answer.fastest;
                                        const auto faster = [](const Choice& left, const Choice& right) {
                                            return left.parts.total != right.parts.total ? left.parts.total < right.parts.total : left.memory < right.memory;
                                        };
                                        if (kept.size() == kept_choices && !faster(choice, kept.back())) continue;
                                        kept.insert(std::upper_bound(kept.begin(), kept.end(), choice, faster), choice);
                                        if (kept.size() > kept_choices) kept.pop_back();
                                    }
                                }
                            }
                        }
                    }  // the experts' tensor parallelism
                    }
                }
            }
        }
    }
    if (answer.fitting > 0) answer.smallest.reset();
    return answer;
}

}  // namespace batch_planner::layout_search
