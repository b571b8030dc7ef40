// The planner module's bindings (planner.wasm, loaded when the page's planner
// section is first needed), through the same template as every calculator
// (calculator_bindings.hpp): describePlanner() and evaluatePlanner(texts,
// syntax, dataParallelFollowsCluster), whose report's "results" are the
// calculator's B and T and whose "extra" holds everything the section shows
// beside its fields, as plain JS data, and readPlannerField(index, text, syntax):
//  - counts as decimal strings ("" when absent), ratios and times as numbers
//    (null when absent);
//  - statuses and reasons as Embind enums, named by web/src/planner/core-adapter.js.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <array>
#include <string>
#include <utility>

#include "batch_arithmetic.hpp"
#include "calculator_bindings.hpp"
#include "memory_model.hpp"
#include "planner.hpp"
#include "shared_bindings.hpp"
#include "step_time.hpp"

namespace {

using emscripten::val;
using namespace batch_planner;
using namespace batch_planner::planner;
using wasm::decimal_text;

val optional_count(const std::optional<std::uint64_t>& value) { return value ? decimal_text(*value) : val(std::string()); }
val optional_number(const std::optional<double>& value) { return value ? val(*value) : val::null(); }
val product_text(const Product& product) {
    const auto* exact = std::get_if<std::uint64_t>(&product);
    return exact ? decimal_text(*exact) : val(std::string());
}

val achievable(const std::optional<Achievable>& batch) {
    if (!batch) return val::null();
    val report = val::object();
    report.set("batch", decimal_text(batch->batch));
    report.set("accumulationSteps", decimal_text(batch->accumulation_steps));
    report.set("driftPercent", val(batch->drift_percent));
    return report;
}

val cluster_report(const Cluster& cluster) {
    val report = val::object();
    report.set("reason", val(cluster.reason));
    report.set("modelParallel", decimal_text(cluster.model_parallel));
    report.set("dataParallel", optional_count(cluster.data_parallel));
    report.set("worldBelow", optional_count(cluster.world_below));
    report.set("worldAbove", optional_count(cluster.world_above));
    return report;
}

val solve_report(const Solve& solve) {
    val report = val::object();
    report.set("reason", val(solve.reason));
    report.set("targetSequences", decimal_text(solve.target_sequences));
    report.set("accumulationSteps", optional_count(solve.accumulation_steps));
    report.set("below", achievable(solve.below));
    report.set("above", achievable(solve.above));
    if (solve.frameworks) {
        val frameworks = val::object();
        frameworks.set("deepspeedAccumulation", decimal_text(solve.frameworks->deepspeed_accumulation));
        frameworks.set("olmoDeviceBatch", decimal_text(solve.frameworks->olmo_device_batch));
        frameworks.set("olmoBatch", decimal_text(solve.frameworks->olmo_batch));
        report.set("frameworks", frameworks);
    } else {
        report.set("frameworks", val::null());
    }
    val exact = val::array();
    for (std::size_t i = 0; i < solve.exact_micro_batches.size(); ++i) {
        val pair = val::object();
        pair.set("microBatch", decimal_text(solve.exact_micro_batches[i].batch));
        pair.set("accumulationSteps", decimal_text(solve.exact_micro_batches[i].accumulation_steps));
        exact.set(i, pair);
    }
    report.set("exactMicroBatches", exact);
    report.set("targetPerReplicaWhole", val(solve.target_per_replica_whole));
    report.set("gpusNeeded", optional_count(solve.gpus_needed));
    report.set("dataParallelReason", val(solve.data_parallel_reason));
    report.set("dataParallel", optional_count(solve.data_parallel));
    report.set("microBatchReason", val(solve.micro_batch_reason));
    report.set("microBatch", optional_count(solve.micro_batch));
    return report;
}

val steps_report(const std::optional<Steps>& steps) {
    if (!steps) return val::null();
    val report = val::object();
    report.set("steps", decimal_text(steps->steps));
    report.set("lastStepTokens", decimal_text(steps->last_step_tokens));
    return report;
}

val budget_report(const Outcome<Budget>& budget) {
    val report = val::object();
    report.set("reason", val(budget.reason));
    const Budget* plan = budget.value ? &*budget.value : nullptr;
    report.set("optimizer", steps_report(plan ? std::optional<Steps>(plan->optimizer) : std::nullopt));
    report.set("warmup", steps_report(plan ? plan->warmup : std::nullopt));
    report.set("epochs", optional_number(plan ? plan->epochs : std::nullopt));
    report.set("seconds", optional_number(plan ? plan->seconds : std::nullopt));
    report.set("gpus", plan && plan->gpus ? decimal_text(plan->gpus) : val(std::string()));
    report.set("stepsWithRamp", optional_count(plan ? plan->steps_with_ramp : std::nullopt));
    report.set("warmupWithRamp", optional_count(plan ? plan->warmup_with_ramp : std::nullopt));
    report.set("decay", steps_report(plan ? plan->decay : std::nullopt));
    report.set("decayWithRamp", optional_count(plan ? plan->decay_with_ramp : std::nullopt));
    return report;
}

val learning_rate_report(const Outcome<ScaledRates>& rates) {
    val report = val::object();
    report.set("reason", val(rates.reason));
    report.set("linear", rates.value ? val(rates.value->linear) : val::null());
    report.set("squareRoot", rates.value ? val(rates.value->square_root) : val::null());
    return report;
}

val ramp_report(const Ramp& ramp) {
    val report = val::object();
    report.set("reason", val(ramp.reason));
    report.set("offendingBatch", decimal_text(ramp.offending_batch));
    report.set("stageCount", decimal_text(ramp.stage_count));
    report.set("difference", decimal_text(ramp.difference));
    report.set("finalMicrobatches", decimal_text(ramp.final_microbatches));
    // Up to a thousand rows: one string ("batch,microbatches,steps,first sample,
    // first token" per row, rows joined by ';') crosses far faster than an
    // object per row. A first token above 2^64 - 1 is empty.
    std::string stages;
    for (const RampStage& stage : ramp.stages) {
        if (!stages.empty()) stages.push_back(';');
        const auto* first_token = std::get_if<std::uint64_t>(&stage.first_token);
        for (const std::uint64_t value : {stage.batch, stage.microbatches, stage.steps, stage.first_sample}) {
            stages += to_decimal(value);
            stages.push_back(',');
        }
        if (first_token) stages += to_decimal(*first_token);
    }
    report.set("stages", val(stages));
    report.set("steps", decimal_text(ramp.steps));
    report.set("samples", decimal_text(ramp.samples));
    report.set("tokens", product_text(ramp.tokens));
    return report;
}

// The cluster fields the plan assumed, by field key, as decimal strings; only those assumed.
val assumed_report(const AssumedCluster& assumed) {
    val report = val::object();
    val values = val::object();
    const std::pair<const char*, const std::optional<std::uint64_t>*> fields[] = {
        {"gpus", &assumed.gpus}, {"tensorParallel", &assumed.tensor_parallel},
        {"pipelineParallel", &assumed.pipeline_parallel}, {"contextParallel", &assumed.context_parallel},
        {"gpusPerNode", &assumed.gpus_per_node}, {"expertParallel", &assumed.expert_parallel},
        {"virtualStages", &assumed.virtual_stages}};
    for (const auto& [key, value] : fields) {
        if (*value) values.set(key, decimal_text(**value));
    }
    report.set("values", values);
    report.set("followsCalculator", val(assumed.follows_calculator));
    return report;
}

val launch_report(const Outcome<Launch>& outcome) {
    val report = val::object();
    report.set("reason", val(outcome.reason));
    if (!outcome.value) return report;
    const Launch& launch = *outcome.value;
    report.set("processes", decimal_text(launch.processes));
    report.set("modelParallel", decimal_text(launch.model_parallel));
    report.set("tensorContext", decimal_text(launch.tensor_context));
    report.set("nodes", optional_count(launch.nodes));
    report.set("batch", decimal_text(launch.batch));
    report.set("perPass", decimal_text(launch.per_pass));
    report.set("microTokens", val(to_decimal_128(launch.micro_tokens)));
    report.set("stepTokens", val(to_decimal_128(launch.step_tokens)));
    report.set("everyProcess", val(to_decimal_128(launch.every_process)));
    report.set("tensorReplicas", val(to_decimal_128(launch.tensor_replicas)));
    report.set("tensorContextReplicas", val(to_decimal_128(launch.tensor_context_replicas)));
    report.set("tensorContextGroups", decimal_text(launch.tensor_context_groups));
    report.set("devicesTimesAccumulation", val(to_decimal_128(launch.devices_times_accumulation)));
    report.set("perPassDividesDevices", val(launch.per_pass_divides_devices));
    report.set("flooredPerDevice", decimal_text(launch.floored_per_device));
    report.set("trainSamplesFrom018", optional_count(launch.train_samples_from_0_18));
    report.set("trainSamplesBefore018", optional_count(launch.train_samples_before_0_18));
    report.set("warmupSamples", optional_count(launch.warmup_samples));
    report.set("decaySamples", optional_count(launch.decay_samples));
    return report;
}

// A pasted config's numbers cross as plain digits ("" for a key it leaves out).
std::optional<std::uint64_t> digits_of(const std::string& text) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    return parse_count(text, NumberSyntax::en, CountLimits{0, ~std::uint64_t{0}}).value();
}

// DeepSpeed's batch rule (planner.hpp, 8) on a paste's keys: {agrees, microBatch, accumulationSteps, dataParallel}.
val deepspeed_batch_of(const std::string& train, const std::string& micro, const std::string& accumulation,
                       const std::string& data_parallel) {
    const ConfigBatch read = deepspeed_batch(digits_of(train), digits_of(micro), digits_of(accumulation), digits_of(data_parallel));
    val report = val::object();
    report.set("agrees", val(read.agrees));
    report.set("microBatch", decimal_text(read.micro_batch));
    report.set("accumulationSteps", decimal_text(read.accumulation_steps));
    report.set("dataParallel", decimal_text(read.data_parallel));
    return report;
}

// A paste's cluster: {modelParallel: TP*PP*CP, dataParallel: world / it, "" when it does not divide}.
val cluster_of(const std::string& world, const std::string& tp, const std::string& pp, const std::string& cp) {
    const auto w = digits_of(world), t = digits_of(tp), p = digits_of(pp), c = digits_of(cp);
    val report = val::object();
    if (!(w && t && p && c) || *t == 0 || *p == 0 || *c == 0 || *t > degree_limits.maximum || *p > degree_limits.maximum ||
        *c > degree_limits.maximum) {
        report.set("modelParallel", val(std::string()));
        report.set("dataParallel", val(std::string()));
        return report;
    }
    const Cluster cluster = plan_cluster(*w, *t, *p, *c);
    report.set("modelParallel", decimal_text(cluster.model_parallel));
    report.set("dataParallel", optional_count(cluster.data_parallel));
    return report;
}

// B = b*d*a of a paste that leaves its global batch out, as digits ("" above 2^64 - 1).
val batch_of(const std::string& micro, const std::string& data_parallel, const std::string& accumulation) {
    const auto b = digits_of(micro), d = digits_of(data_parallel), a = digits_of(accumulation);
    return b && d && a ? product_text(batch_arithmetic::batch(*b, *d, *a)) : val(std::string());
}

// A paste's steps (B sequences each) or samples (B = 1) as tokens, as digits ("" above 2^64 - 1 or unreadable).
val run_tokens_of(const std::string& count, const std::string& sequences_each, const std::string& sequence_length) {
    const auto n = digits_of(count), b = digits_of(sequences_each), l = digits_of(sequence_length);
    return n && b && l ? product_text(run_tokens(*n, *b, *l)) : val(std::string());
}

// The consumed samples at which each stage of Megatron-LM's ramp starts, then the full batch's (plan_ramp,
// one sequence per replica so that no batch is refused for b·d), as digits; [] when the ramp is refused.
val ramp_thresholds_of(const std::string& start, const std::string& increment, const std::string& samples, const std::string& final_batch) {
    const auto s = digits_of(start), i = digits_of(increment), n = digits_of(samples), f = digits_of(final_batch);
    val thresholds = val::array();
    if (!(s && i && n && f) || *s == 0 || *i == 0 || *f == 0) return thresholds;
    const Ramp ramp = plan_ramp(*s, *i, *n, *f, 1, 1, 1);
    if (ramp.reason != Reason::none) return thresholds;
    for (const RampStage& stage : ramp.stages) thresholds.call<void>("push", decimal_text(stage.first_sample));
    thresholds.call<void>("push", decimal_text(ramp.samples));
    return thresholds;
}

// Everything the section shows beside its fields, as plain JS data.
val planner_report(const Evaluation& evaluation) {
    val report = val::object();
    report.set("effectiveBatch", product_text(evaluation.effective_batch));
    report.set("perPass", product_text(evaluation.per_pass));
    report.set("tokensPerStep", product_text(evaluation.tokens_per_step));
    report.set("cluster", cluster_report(evaluation.cluster));
    report.set("solve", solve_report(evaluation.solve));
    report.set("budget", budget_report(evaluation.budget));
    report.set("learningRate", learning_rate_report(evaluation.learning_rate));
    report.set("ramp", ramp_report(evaluation.ramp));
    report.set("assumed", assumed_report(evaluation.assumed));
    report.set("launch", launch_report(evaluation.launch));
    report.set("targetPower", optional_count(evaluation.target_power));
    report.set("dataParallelFromCluster", val(evaluation.data_parallel_from_cluster));
    return report;
}

// The planner through the shared template: its fields as every calculator's,
// the effective-batch calculator's two results (the home page shows them from
// this same evaluation), and its structured results as the report's "extra".
// evaluatePlanner(texts, syntax, dataParallelFollowsCluster): true asks for the
// cluster's d (planner.hpp, DataParallelSource).
struct Planner {
    static constexpr const auto& field_specs = planner::field_specs;
    static constexpr const auto& result_keys = planner::result_keys;
    using FieldTexts = planner::FieldTexts;
    static auto evaluate(const FieldTexts& texts, NumberSyntax syntax, bool data_parallel_follows_cluster) {
        return planner::evaluate(texts, syntax, data_parallel_follows_cluster ? DataParallelSource::cluster : DataParallelSource::typed);
    }
    static auto results_of(const Evaluation& evaluation) { return planner::results_of(evaluation); }
    static val extra(const Evaluation& evaluation) { return planner_report(evaluation); }
    // The run's choices its exports write beside the batch, in the memory model's and the step model's words (the
    // memory page's and the configuration page's fields of the same keys).
    static constexpr std::array<std::pair<std::string_view, ChoiceWords>, 4> other_choices() {
        return {{{"recompute", memory_model::recompute_words},
                 {"sequenceParallel", memory_model::sequence_parallel_words},
                 {"dispatcher", step_time::dispatcher_words},
                 {"tensorOverlap", step_time::tensor_overlap_words}}};
    }
};

}  // namespace

EMSCRIPTEN_BINDINGS(planner) {
    wasm::bind_number_text();
    emscripten::enum_<TargetUnit>("TargetUnit")
        .value("sequences", TargetUnit::sequences)
        .value("tokens", TargetUnit::tokens);
    emscripten::enum_<Reason>("Reason")
        .value("none", Reason::none)
        .value("missing_input", Reason::missing_input)
        .value("invalid_input", Reason::invalid_input)
        .value("not_divisible", Reason::not_divisible)
        .value("not_whole_sequences", Reason::not_whole_sequences)
        .value("overflow", Reason::overflow)
        .value("start_above_final", Reason::start_above_final)
        .value("no_increments", Reason::no_increments)
        .value("increment_not_dividing", Reason::increment_not_dividing)
        .value("stage_not_divisible", Reason::stage_not_divisible)
        .value("too_many_stages", Reason::too_many_stages);
    wasm::bind_result_status();
    emscripten::function("describePlanner", &wasm::describe<Planner>);
    emscripten::function("evaluatePlanner", &wasm::evaluate<Planner, bool>);
    emscripten::function("readPlannerField", &wasm::read_one_field<Planner>);
    emscripten::function("deepspeedBatch", &deepspeed_batch_of);
    emscripten::function("clusterOf", &cluster_of);
    emscripten::function("batchOf", &batch_of);
    emscripten::function("runTokens", &run_tokens_of);
    emscripten::function("rampThresholds", &ramp_thresholds_of);
}
