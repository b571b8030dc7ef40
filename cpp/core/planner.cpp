#include "planner.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "batch_arithmetic.hpp"
#include "effective_batch.hpp"

namespace batch_planner::planner {
namespace {

double drift_percent(std::uint64_t batch, std::uint64_t target) {
    return (static_cast<double>(batch) - static_cast<double>(target)) / static_cast<double>(target) * 100.0;
}

// Megatron's current batch for a number of consumed samples, exactly as
// RampupBatchsizeNumMicroBatchesCalculator.update() computes it: Python's true
// division and int() truncation are IEEE double division and a cast.
struct MegatronRamp {
    std::uint64_t start;
    std::uint64_t increment;
    std::uint64_t samples;
    std::uint64_t final_batch;
    double samples_per_increment;  // ramup_samples / num_increments

    std::uint64_t batch_at(std::uint64_t consumed) const {
        if (consumed > samples) return final_batch;
        const auto increments = static_cast<std::uint64_t>(static_cast<double>(consumed) / samples_per_increment);
        const u128 batch = static_cast<u128>(start) + static_cast<u128>(increments) * increment;
        // Megatron asserts current <= global here; the division cannot exceed
        // num_increments for consumed <= samples, so this only guards the cast.
        return batch > final_batch ? final_batch : static_cast<std::uint64_t>(batch);
    }

    // The first consumed count after `from` whose batch differs from batch_at(from).
    // batch_at never decreases as consumed grows, so a binary search finds it.
    std::uint64_t next_change(std::uint64_t from) const {
        const std::uint64_t batch = batch_at(from);
        std::uint64_t low = from;         // batch_at(low) == batch
        std::uint64_t high = samples + 1;  // batch_at(high) == final_batch != batch
        while (high - low > 1) {
            const std::uint64_t middle = low + (high - low) / 2;
            (batch_at(middle) == batch ? low : high) = middle;
        }
        return high;
    }
};

}  // namespace

Cluster plan_cluster(std::uint64_t world, std::uint64_t tp, std::uint64_t pp, std::uint64_t cp) {
    Cluster cluster;
    cluster.model_parallel = tp * pp * cp;  // each below 2^20, so below 2^60
    cluster.data_parallel = batch_arithmetic::data_parallel_of(world, tp, pp, cp);
    if (cluster.data_parallel) {
        cluster.reason = Reason::none;
        return cluster;
    }
    const std::uint64_t replicas = world / cluster.model_parallel;
    cluster.reason = Reason::not_divisible;
    if (replicas >= 1) cluster.world_below = replicas * cluster.model_parallel;
    cluster.world_above = fits(static_cast<u128>(replicas + 1) * cluster.model_parallel);
    return cluster;
}

Solve solve_target(std::uint64_t target, TargetUnit unit, std::uint64_t b, std::uint64_t d, std::uint64_t a,
                   std::uint64_t sequence_length) {
    Solve solve;
    const std::uint64_t per_pass = b * d;  // both below 2^32
    const bool in_tokens = unit == TargetUnit::tokens;
    // One accumulation step adds this much of the target's unit; a step above
    // 2^64 - 1 is beyond any target, so nothing is achievable below or above it.
    const auto step = in_tokens ? fits(static_cast<u128>(per_pass) * sequence_length) : std::optional(per_pass);
    const auto achievable = [&](std::uint64_t steps) -> std::optional<Achievable> {
        const auto batch = fits(static_cast<u128>(steps) * *step);
        if (steps == 0 || !batch) return std::nullopt;
        return Achievable{*batch, steps, drift_percent(*batch, target)};
    };
    const auto nearest = [&] {
        if (!step) return;
        const std::uint64_t below = target / *step;  // target <= 10^18, so below + 1 fits
        solve.below = achievable(below);
        solve.above = achievable(below + 1);
    };

    if (in_tokens && target % sequence_length != 0) {
        solve.reason = Reason::not_whole_sequences;
        nearest();
        solve.data_parallel_reason = solve.micro_batch_reason = Reason::not_whole_sequences;
        return solve;
    }
    const std::uint64_t sequences = in_tokens ? target / sequence_length : target;
    solve.target_sequences = sequences;

    if (sequences % per_pass == 0) {
        solve.reason = Reason::none;
        solve.accumulation_steps = sequences / per_pass;
    } else {
        solve.reason = Reason::not_divisible;
        nearest();
        // deepspeed/runtime/config.py _set_batch_related_parameters: grad_acc =
        // train_batch // micro_batch, then //= world_size; _batch_assertion then fails.
        // OLMo scripts/train.py: device_train_batch_size = global_train_batch_size // world_size.
        solve.frameworks = FrameworkVerdicts{sequences / b / d, sequences / d, sequences / d * d};
    }

    solve.target_per_replica_whole = sequences % d == 0;
    if (solve.target_per_replica_whole) {
        const std::uint64_t per_replica = sequences / d;
        for (std::uint64_t candidate = 1; candidate <= per_replica && candidate <= largest_listed_micro_batch &&
                                          solve.exact_micro_batches.size() < max_listed_micro_batches;
             ++candidate) {
            if (candidate != b && per_replica % candidate == 0) {
                solve.exact_micro_batches.push_back({candidate, per_replica / candidate, 0.0});
            }
        }
    }

    if (a != 0) {
        const std::uint64_t micro_times_accumulation = b * a;
        solve.data_parallel_reason = sequences % micro_times_accumulation == 0 ? Reason::none : Reason::not_divisible;
        if (solve.data_parallel_reason == Reason::none) solve.data_parallel = sequences / micro_times_accumulation;
        const std::uint64_t replicas_times_accumulation = d * a;
        solve.micro_batch_reason = sequences % replicas_times_accumulation == 0 ? Reason::none : Reason::not_divisible;
        if (solve.micro_batch_reason == Reason::none) solve.micro_batch = sequences / replicas_times_accumulation;
    }
    return solve;
}

Steps steps_for(std::uint64_t tokens, const Product& per_step) {
    if (tokens == 0) return {0, 0};
    const auto* exact = std::get_if<std::uint64_t>(&per_step);
    if (!exact) return {1, tokens};
    const std::uint64_t steps = (tokens - 1) / *exact + 1;
    return {steps, tokens - (steps - 1) * *exact};
}

ScaledRates scale_learning_rate(double learning_rate, std::uint64_t reference_batch, std::uint64_t batch) {
    const double ratio = static_cast<double>(batch) / static_cast<double>(reference_batch);
    return {learning_rate * ratio, learning_rate * std::sqrt(ratio)};
}

Ramp plan_ramp(std::uint64_t start, std::uint64_t increment, std::uint64_t ramp_samples, std::uint64_t final_batch,
               std::uint64_t b, std::uint64_t d, std::uint64_t sequence_length) {
    Ramp ramp;
    // The checks of RampupBatchsizeNumMicroBatchesCalculator.__init__, in its order.
    if (start > final_batch) {
        ramp.reason = Reason::start_above_final;
        return ramp;
    }
    const std::uint64_t difference = final_batch - start;
    ramp.difference = difference;
    ramp.final_microbatches = final_batch / (b * d);
    if (difference % increment != 0) {
        ramp.reason = Reason::increment_not_dividing;
        return ramp;
    }
    if (difference == 0) {
        ramp.reason = Reason::no_increments;
        return ramp;
    }
    const std::uint64_t increments = difference / increment;
    const MegatronRamp megatron{start, increment, ramp_samples, final_batch,
                                static_cast<double>(ramp_samples) / static_cast<double>(increments)};
    const std::uint64_t per_pass = b * d;

    std::uint64_t consumed = 0;
    while (true) {
        const std::uint64_t batch = megatron.batch_at(consumed);
        if (batch == final_batch) break;
        // update(consumed, consistency_check=True) runs before every step.
        if (batch % per_pass != 0) {
            ramp.reason = Reason::stage_not_divisible;
            ramp.offending_batch = batch;
            ramp.stages.clear();
            return ramp;
        }
        if (ramp.stages.size() == max_ramp_stages) {
            ramp.reason = Reason::too_many_stages;
            ramp.stage_count = ramp.stages.size() + 1;
            ramp.stages.clear();
            return ramp;
        }
        const std::uint64_t change = megatron.next_change(consumed);
        const std::uint64_t steps = (change - consumed - 1) / batch + 1;
        ramp.stages.push_back({batch, batch / per_pass, steps, consumed, checked_multiply(Product{consumed}, sequence_length)});
        ramp.steps += steps;
        consumed += steps * batch;  // at most samples + batch, far below 2^64
    }
    ramp.reason = Reason::none;
    ramp.samples = consumed;
    ramp.tokens = checked_multiply(Product{consumed}, sequence_length);
    return ramp;
}

namespace {

// Steps for a budget that starts with the ramp: through its stages while the
// budget lasts, then at the full batch.
std::optional<std::uint64_t> steps_with_ramp(const Ramp& ramp, std::uint64_t budget, std::uint64_t sequence_length,
                                             const Product& tokens_per_step) {
    std::uint64_t steps = 0;
    for (const RampStage& stage : ramp.stages) {
        const auto* first = std::get_if<std::uint64_t>(&stage.first_token);
        if (!first) return std::nullopt;
        if (budget <= *first) return steps;
        const Product stage_tokens = checked_multiply(Product{stage.batch}, sequence_length);
        const std::uint64_t left = budget - *first;
        const Steps within = steps_for(left, stage_tokens);
        if (within.steps <= stage.steps) return steps + within.steps;
        steps += stage.steps;
    }
    const auto* ramp_tokens = std::get_if<std::uint64_t>(&ramp.tokens);
    if (!ramp_tokens) return std::nullopt;
    if (budget <= *ramp_tokens) return steps;
    return steps + steps_for(budget - *ramp_tokens, tokens_per_step).steps;
}

}  // namespace

namespace {

// A number of optimizer steps, or the tokens themselves when the batch is not known.
std::uint64_t steps_or_tokens(std::uint64_t tokens, const Product& per_step) {
    return std::holds_alternative<std::uint64_t>(per_step) ? steps_for(tokens, per_step).steps : tokens;
}

// The run a framework would refuse to start, refused on the field that breaks
// it. Megatron-LM's OptimizerParamScheduler.__init__ asserts max_lr >= min_lr
// and lr_warmup_steps < lr_decay_steps, the decay defaulting to the whole run
// (megatron/core/optimizer_param_scheduler.py and training.py
// get_optimizer_param_scheduler at d98e8a6); the steps are the exports' own,
// each length rounded up to whole steps.
void refuse_schedule_conflicts(std::array<FieldReading, field_specs.size()>& fields, const Product& per_step) {
    if (fields[min_learning_rate].ok() && fields[learning_rate].ok() &&
        *fields[min_learning_rate].decimal > *fields[learning_rate].decimal) {
        refuse_as_conflicting(fields[min_learning_rate]);
    }
    const Field end = fields[decay].ok() ? decay : tokens;
    if (fields[warmup].ok() && fields[end].ok() && *fields[warmup].count > 0) {
        if (steps_or_tokens(*fields[warmup].count, per_step) >= steps_or_tokens(*fields[end].count, per_step)) refuse_as_conflicting(fields[warmup]);
    }
}

// Expert parallelism and the interleaved schedule change no batch, but Megatron-LM refuses a layout they do not fit
// (NVIDIA/Megatron-LM at d98e8a6):
//  - the world must divide by EP·ETP·PP (megatron/core/parallel_state.py, initialize_model_parallel), the experts'
//    tensor parallelism being TP unless set (arguments.py): with world = d·TP·PP·CP, EP·ETP must divide d·TP·CP, and
//    at ETP = TP EP must divide d·CP;
//  - virtual stages need a pipeline, and the interleaved schedule runs the micro-batches in groups of PP
//    (schedules.py, forward_backward_pipelining_with_interleaving): a must be a multiple of PP.
void refuse_layout_conflicts(std::array<FieldReading, field_specs.size()>& fields) {
    const auto count = [&](Field field) { return *fields[field].count; };
    const bool expert_tensor_read = fields[expert_tensor_parallel].ok() || fields[expert_tensor_parallel].status == FieldStatus::empty;
    if (fields[expert_parallel].ok() && fields[data_parallel].ok() && fields[context_parallel].ok() && fields[tensor_parallel].ok() &&
        expert_tensor_read) {
        const u128 expert_tensor = fields[expert_tensor_parallel].ok() ? count(expert_tensor_parallel) : count(tensor_parallel);
        const u128 ranks = static_cast<u128>(count(data_parallel)) * count(tensor_parallel) * count(context_parallel);
        if (ranks % (expert_tensor * count(expert_parallel)) != 0) {
            refuse_as_conflicting(fields[fields[expert_tensor_parallel].ok() && ranks % count(expert_parallel) == 0 ? expert_tensor_parallel
                                                                                                                    : expert_parallel]);
        }
    }
    if (fields[virtual_stages].ok() && count(virtual_stages) > 1 && fields[pipeline_parallel].ok()) {
        const bool no_pipeline = count(pipeline_parallel) == 1;
        const bool broken_groups = fields[accumulation_steps].ok() && count(accumulation_steps) % count(pipeline_parallel) != 0;
        if (no_pipeline || broken_groups) refuse_as_conflicting(fields[virtual_stages]);
    }
}

}  // namespace

namespace {

FieldReading assumed_count(std::uint64_t value) {
    FieldReading reading;
    reading.status = FieldStatus::ok;
    reading.count = value;
    return reading;
}

// The cluster fields left empty, filled in with what the plan assumes (planner.hpp, 6).
AssumedCluster assume_cluster(std::array<FieldReading, field_specs.size()>& fields) {
    AssumedCluster assumed;
    const auto empty = [&](Field field) { return fields[field].status == FieldStatus::empty; };
    const auto degree = [&](Field field, std::optional<std::uint64_t>& slot) {
        if (!empty(field)) return;
        slot = 1;
        fields[field] = assumed_count(1);
    };
    degree(tensor_parallel, assumed.tensor_parallel);
    degree(pipeline_parallel, assumed.pipeline_parallel);
    degree(context_parallel, assumed.context_parallel);
    degree(expert_parallel, assumed.expert_parallel);
    degree(virtual_stages, assumed.virtual_stages);
    if (empty(gpus) && fields[data_parallel].ok() && fields[tensor_parallel].ok() && fields[pipeline_parallel].ok() &&
        fields[context_parallel].ok()) {
        const u128 world = static_cast<u128>(*fields[data_parallel].count) * *fields[tensor_parallel].count *
                           *fields[pipeline_parallel].count * *fields[context_parallel].count;
        if (world <= factor_limits.maximum) {
            assumed.gpus = static_cast<std::uint64_t>(world);
            fields[gpus] = assumed_count(*assumed.gpus);
        }
    }
    if (empty(gpus_per_node) && fields[gpus].ok()) {
        assumed.gpus_per_node = std::min(*fields[gpus].count, assumed_gpus_per_node);
        fields[gpus_per_node] = assumed_count(*assumed.gpus_per_node);
    }
    assumed.follows_calculator = assumed.gpus && assumed.tensor_parallel && assumed.pipeline_parallel &&
                                 assumed.context_parallel;
    return assumed;
}

// Samples consumed after `steps` optimizer steps: the ramp's stages, then full batches.
u128 consumed_after(const Ramp& ramp, std::uint64_t batch, std::uint64_t steps) {
    u128 consumed = 0;
    std::uint64_t left = steps;
    for (const RampStage& stage : ramp.stages) {
        const std::uint64_t taken = std::min(left, stage.steps);
        consumed += static_cast<u128>(taken) * stage.batch;
        left -= taken;
        if (left == 0) return consumed;
    }
    return ramp.samples + static_cast<u128>(left) * batch;
}

std::uint64_t ceil_samples(std::uint64_t tokens, std::uint64_t sequence_length) {
    return (tokens + sequence_length - 1) / sequence_length;  // tokens <= 10^18, so no overflow
}

}  // namespace

u128 megatron_iterations_before_0_18(const Ramp& ramp, std::uint64_t ramp_samples, std::uint64_t batch, u128 train_samples) {
    u128 iterations = 0;
    u128 consumed = 0;
    for (const RampStage& stage : ramp.stages) {
        // Every step of a stage starts at consumed <= the ramp's samples; it runs while consumed <= train_samples too.
        if (consumed > ramp_samples || consumed > train_samples) break;
        const u128 fit = (train_samples - consumed) / stage.batch + 1;
        const u128 taken = fit < stage.steps ? fit : stage.steps;
        iterations += taken;
        consumed += taken * stage.batch;
        if (taken < stage.steps) break;
    }
    if (train_samples > consumed) iterations += (train_samples - consumed) / batch;
    return iterations;
}

ConfigBatch deepspeed_batch(std::optional<std::uint64_t> train, std::optional<std::uint64_t> micro,
                            std::optional<std::uint64_t> accumulation, std::optional<std::uint64_t> data_parallel) {
    ConfigBatch read;
    if (train && micro && accumulation) {
        const u128 per_replica = static_cast<u128>(*micro) * *accumulation;
        read.micro_batch = *micro;
        read.accumulation_steps = *accumulation;
        if (per_replica == 0 || *train % per_replica != 0) return read;
        read.data_parallel = static_cast<std::uint64_t>(*train / per_replica);
        read.agrees = read.data_parallel > 0;
        return read;
    }
    if (!data_parallel || *data_parallel == 0) return read;
    read.data_parallel = *data_parallel;
    read.micro_batch = micro ? *micro : 0;
    read.accumulation_steps = accumulation ? *accumulation : 0;
    if (train && !accumulation && read.micro_batch != 0) read.accumulation_steps = *train / read.micro_batch / *data_parallel;
    if (train && !micro && read.accumulation_steps != 0) read.micro_batch = *train / read.accumulation_steps / *data_parallel;
    const u128 product = static_cast<u128>(read.micro_batch) * read.accumulation_steps * *data_parallel;
    read.agrees = read.micro_batch != 0 && read.accumulation_steps != 0 && (!train || product == *train);
    return read;
}

std::optional<std::uint64_t> power_of_two_near(std::uint64_t target) {
    if (target < 2) return std::nullopt;
    std::uint64_t below = 1;
    while (below <= target / 2) below *= 2;  // the largest power of two at most the target
    const u128 above = u128{below} * 2;
    const u128 nearest = target - below <= above - target ? u128{below} : above;
    const u128 distance = nearest > target ? nearest - target : target - nearest;
    if (distance == 0 || distance * 10 > target) return std::nullopt;
    return fits(nearest);
}

Product run_tokens(std::uint64_t count, std::uint64_t sequences_each, std::uint64_t sequence_length) {
    return checked_multiply(checked_multiply(Product{count}, sequences_each), sequence_length);
}

std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation) {
    const auto& fields = evaluation.fields;
    if (!(fields[micro_batch].ok() && fields[data_parallel].ok() && fields[accumulation_steps].ok())) return {};
    return {evaluation.effective_batch,
            fields[sequence_length].ok() ? std::optional<Product>(evaluation.tokens_per_step) : std::nullopt};
}

Evaluation evaluate(const FieldTexts& texts, TargetUnit unit, NumberSyntax syntax, DataParallelSource source) {
    Evaluation evaluation;
    auto& fields = evaluation.fields;
    for (std::size_t i = 0; i < field_specs.size(); ++i) {
        const CountForm form = i == target && unit == TargetUnit::tokens ? token_form : field_specs[i].form;
        fields[i] = read_field(texts[i], field_specs[i], syntax, form);
    }
    if (unit == TargetUnit::tokens && fields[target].ok()) evaluation.target_power = power_of_two_near(*fields[target].count);
    evaluation.assumed = assume_cluster(fields);
    const auto count = [&](Field field) { return *fields[field].count; };
    // What keeps a result from being computed: an invalid field before an empty one.
    const auto needs = [&](std::initializer_list<std::size_t> needed) {
        switch (blocker(fields, needed)) {
            case Blocker::missing: return Reason::missing_input;
            case Blocker::invalid: return Reason::invalid_input;
            case Blocker::none: break;
        }
        return Reason::none;
    };

    // 1. Cluster, first: d may be its quotient, and every result below reads d.
    evaluation.cluster.reason = needs({gpus, tensor_parallel, pipeline_parallel, context_parallel});
    if (evaluation.cluster.reason == Reason::none) {
        evaluation.cluster = plan_cluster(count(gpus), count(tensor_parallel), count(pipeline_parallel),
                                          count(context_parallel));
    }
    // GPUs assumed from d give d back; only typed GPUs give a d of their own.
    if (source == DataParallelSource::cluster && !evaluation.assumed.gpus && evaluation.cluster.data_parallel) {
        fields[data_parallel] = assumed_count(*evaluation.cluster.data_parallel);
        evaluation.data_parallel_from_cluster = true;
    }

    refuse_layout_conflicts(fields);

    const bool batch_known = needs({micro_batch, data_parallel, accumulation_steps}) == Reason::none;
    Product tokens_per_step = Overflow{};
    if (batch_known) {
        evaluation.effective_batch = batch_arithmetic::batch(count(micro_batch), count(data_parallel), count(accumulation_steps));
        if (fields[sequence_length].ok()) {
            tokens_per_step = batch_arithmetic::tokens_per_step(evaluation.effective_batch, count(sequence_length));
        }
    }
    evaluation.tokens_per_step = tokens_per_step;
    refuse_schedule_conflicts(fields, tokens_per_step);
    if (needs({micro_batch, data_parallel}) == Reason::none) evaluation.per_pass = count(micro_batch) * count(data_parallel);
    const auto* batch = std::get_if<std::uint64_t>(&evaluation.effective_batch);

    // 2. Solve.
    const Reason solve_reason = unit == TargetUnit::tokens ? needs({target, micro_batch, data_parallel, sequence_length})
                                                           : needs({target, micro_batch, data_parallel});
    evaluation.solve.reason = solve_reason;
    if (solve_reason == Reason::none) {
        const std::uint64_t a = fields[accumulation_steps].ok() ? count(accumulation_steps) : 0;
        const std::uint64_t length = fields[sequence_length].ok() ? count(sequence_length) : 1;
        evaluation.solve = solve_target(count(target), unit, count(micro_batch), count(data_parallel), a, length);
        if (a == 0) {
            const Reason a_reason = needs({accumulation_steps});
            evaluation.solve.data_parallel_reason = evaluation.solve.micro_batch_reason = a_reason;
        }
        // The solved d as GPUs, with the cluster's model-parallel degrees.
        if (evaluation.solve.data_parallel && evaluation.cluster.model_parallel != 0) {
            evaluation.solve.gpus_needed = fits(static_cast<u128>(*evaluation.solve.data_parallel) * evaluation.cluster.model_parallel);
        }
    }

    // 5. Ramp (before the budget, which counts its steps).
    const bool ramp_given = fields[ramp_start].status != FieldStatus::empty ||
                            fields[ramp_increment].status != FieldStatus::empty ||
                            fields[ramp_samples].status != FieldStatus::empty;
    if (ramp_given) {
        evaluation.ramp.reason = needs({ramp_start, ramp_increment, ramp_samples, micro_batch, data_parallel,
                                        accumulation_steps, sequence_length});
        if (evaluation.ramp.reason == Reason::none) {
            evaluation.ramp = batch ? plan_ramp(count(ramp_start), count(ramp_increment), count(ramp_samples), *batch,
                                                count(micro_batch), count(data_parallel), count(sequence_length))
                                    : Ramp{Reason::overflow, 0, 0, 0, 0, {}, 0, 0, std::uint64_t{0}};
        }
    }

    // An interleaved schedule runs every step's micro-batches in groups of PP, the ramp's smaller steps too
    // (schedules.py checks each step): a stage whose micro-batches are no whole number of groups stops the run there.
    if (evaluation.ramp.reason == Reason::none && fields[virtual_stages].ok() && count(virtual_stages) > 1 && fields[pipeline_parallel].ok()) {
        for (const RampStage& stage : evaluation.ramp.stages) {
            if (stage.microbatches % count(pipeline_parallel) != 0) {
                refuse_as_conflicting(fields[virtual_stages]);
                break;
            }
        }
    }

    // 3. Budget.
    evaluation.budget.reason = needs({tokens, micro_batch, data_parallel, accumulation_steps, sequence_length});
    if (evaluation.budget.reason == Reason::none) {
        Budget plan;
        plan.optimizer = steps_for(count(tokens), tokens_per_step);
        if (fields[warmup].ok()) plan.warmup = steps_for(count(warmup), tokens_per_step);
        if (fields[decay].ok()) plan.decay = steps_for(count(decay), tokens_per_step);
        if (fields[dataset].ok()) plan.epochs = static_cast<double>(count(tokens)) / static_cast<double>(count(dataset));
        if (needs({tensor_parallel, pipeline_parallel, context_parallel}) == Reason::none) {
            const auto world = fits(static_cast<u128>(count(data_parallel)) * count(tensor_parallel) *
                                    count(pipeline_parallel) * count(context_parallel));
            if (world) {
                plan.gpus = *world;
                if (fields[tokens_per_second].ok()) {
                    plan.seconds = static_cast<double>(count(tokens)) / (*fields[tokens_per_second].decimal * static_cast<double>(*world));
                }
            }
        }
        if (evaluation.ramp.reason == Reason::none) {
            plan.steps_with_ramp = steps_with_ramp(evaluation.ramp, count(tokens), count(sequence_length), tokens_per_step);
            // Megatron-LM counts --lr-warmup-samples in consumed samples, so the
            // warmup runs through the ramp's smaller batches too.
            if (fields[warmup].ok()) {
                plan.warmup_with_ramp = steps_with_ramp(evaluation.ramp, count(warmup), count(sequence_length), tokens_per_step);
            }
            // So does --lr-decay-samples.
            if (fields[decay].ok()) {
                plan.decay_with_ramp = steps_with_ramp(evaluation.ramp, count(decay), count(sequence_length), tokens_per_step);
            }
        }
        evaluation.budget.value = plan;
    }

    // 4. Learning rate.
    evaluation.learning_rate.reason = needs({reference_batch, learning_rate, micro_batch, data_parallel, accumulation_steps});
    if (evaluation.learning_rate.reason == Reason::none) {
        if (batch) {
            evaluation.learning_rate.value = scale_learning_rate(*fields[learning_rate].decimal, count(reference_batch), *batch);
        } else {
            evaluation.learning_rate.reason = Reason::overflow;
        }
    }

    // 7. Launch.
    evaluation.launch.reason = needs({micro_batch, data_parallel, accumulation_steps, sequence_length, tensor_parallel,
                                      pipeline_parallel, context_parallel, expert_parallel, virtual_stages});
    if (evaluation.launch.reason == Reason::none && !batch) evaluation.launch.reason = Reason::overflow;
    if (evaluation.launch.reason == Reason::none) {
        Launch launch;
        const std::uint64_t b = count(micro_batch);
        const std::uint64_t d = count(data_parallel);
        const std::uint64_t a = count(accumulation_steps);
        const std::uint64_t length = count(sequence_length);
        const std::uint64_t tp = count(tensor_parallel);
        const std::uint64_t split = tp * count(context_parallel);  // each below 2^20
        launch.model_parallel = split * count(pipeline_parallel);
        launch.tensor_context = split;
        const auto world = fits(static_cast<u128>(d) * launch.model_parallel);
        if (!world) {
            evaluation.launch.reason = Reason::overflow;
        } else {
            launch.processes = *world;
            launch.batch = *batch;
            launch.per_pass = b * d;  // both below 2^32
            if (fields[gpus_per_node].ok() && launch.processes % count(gpus_per_node) == 0) launch.nodes = launch.processes / count(gpus_per_node);
            launch.micro_tokens = static_cast<u128>(b) * length;
            launch.step_tokens = static_cast<u128>(launch.batch) * length;
            const u128 per_process = static_cast<u128>(b) * a;
            launch.every_process = per_process * launch.processes;
            launch.tensor_replicas = per_process * (launch.processes / tp);
            launch.tensor_context_groups = launch.processes / split;
            launch.tensor_context_replicas = per_process * launch.tensor_context_groups;
            launch.devices_times_accumulation = static_cast<u128>(launch.processes) * a;
            launch.per_pass_divides_devices = launch.per_pass % launch.processes == 0;
            launch.floored_per_device = launch.batch / launch.processes * launch.processes;
            if (fields[tokens].ok()) {
                if (fields[warmup].ok()) launch.warmup_samples = ceil_samples(count(warmup), length);
                if (fields[decay].ok()) launch.decay_samples = ceil_samples(count(decay), length);
                launch.train_samples_from_0_18 = ceil_samples(count(tokens), length);
                const Budget* plan = evaluation.budget.value ? &*evaluation.budget.value : nullptr;
                if (evaluation.ramp.reason == Reason::none && plan && plan->steps_with_ramp) {
                    // The samples after the plan's last step, or one fewer when that step is inside the ramp.
                    const u128 after = consumed_after(evaluation.ramp, launch.batch, *plan->steps_with_ramp);
                    for (const u128 samples : {after, after - 1}) {
                        if (samples <= after && megatron_iterations_before_0_18(evaluation.ramp, count(ramp_samples), launch.batch, samples) ==
                            *plan->steps_with_ramp) {
                            launch.train_samples_before_0_18 = fits(samples);
                            break;
                        }
                    }
                }
            }
            evaluation.launch.value = launch;
        }
    }
    return evaluation;
}

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax, DataParallelSource source) {
    const FieldReading unit = read_field(texts[target_unit], field_specs[target_unit], syntax);
    return evaluate(texts, unit.ok() ? static_cast<TargetUnit>(*unit.count) : TargetUnit::sequences, syntax, source);
}

}  // namespace batch_planner::planner
