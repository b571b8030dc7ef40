#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "planner.hpp"

using namespace batch_planner;
using namespace batch_planner::planner;

namespace {

// Megatron's training loop, transcribed literally: update() before every
// step, then consumed_train_samples += the step's batch. The reference that
// plan_ramp's stage-at-a-time walk must reproduce.
struct LiteralRamp {
    std::vector<RampStage> stages;
    std::uint64_t steps = 0;
    std::uint64_t samples = 0;
};
LiteralRamp literal_ramp(std::uint64_t start, std::uint64_t increment, std::uint64_t samples, std::uint64_t final_batch,
                         std::uint64_t per_pass) {
    LiteralRamp ramp;
    const double per_increment = static_cast<double>(samples) / static_cast<double>((final_batch - start) / increment);
    std::uint64_t consumed = 0;
    while (true) {
        const std::uint64_t batch = consumed > samples
                                        ? final_batch
                                        : start + static_cast<std::uint64_t>(static_cast<double>(consumed) / per_increment) * increment;
        if (batch == final_batch) break;
        if (ramp.stages.empty() || ramp.stages.back().batch != batch) {
            ramp.stages.push_back({batch, batch / per_pass, 0, consumed, std::uint64_t{0}});
        }
        ++ramp.stages.back().steps;
        ++ramp.steps;
        consumed += batch;
    }
    ramp.samples = consumed;
    return ramp;
}

std::uint64_t value_of(const Product& product) { return std::get<std::uint64_t>(product); }

Evaluation evaluate_en(std::vector<std::string> texts, TargetUnit unit = TargetUnit::sequences,
                       DataParallelSource source = DataParallelSource::typed) {
    texts.resize(field_specs.size());
    FieldTexts views;
    for (std::size_t i = 0; i < views.size(); ++i) views[i] = texts[i];
    return evaluate(views, unit, NumberSyntax::en, source);
}
Evaluation evaluate_en(std::vector<std::string> texts, DataParallelSource source) {
    return evaluate_en(std::move(texts), TargetUnit::sequences, source);
}

}  // namespace

// --- cluster ---------------------------------------------------------------

TEST_CASE("BLOOM-176B's 384 GPUs at TP4 PP12 give 8 data-parallel replicas", "[planner][cluster][recipe]") {
    const Cluster cluster = plan_cluster(384, 4, 12, 1);
    CHECK(cluster.reason == Reason::none);
    CHECK(cluster.model_parallel == 48U);
    CHECK(cluster.data_parallel == 8U);
}

TEST_CASE("a world size TP*PP*CP does not divide is refused with the nearest valid sizes", "[planner][cluster][errors]") {
    const Cluster cluster = plan_cluster(386, 4, 12, 1);
    CHECK(cluster.reason == Reason::not_divisible);
    CHECK_FALSE(cluster.data_parallel);
    CHECK(cluster.world_below == 384U);
    CHECK(cluster.world_above == 432U);
}

TEST_CASE("a world smaller than TP*PP*CP has no valid size below it", "[planner][cluster][errors]") {
    const Cluster cluster = plan_cluster(8, 4, 2, 2);
    CHECK_FALSE(cluster.world_below);
    CHECK(cluster.world_above == 16U);
}

TEST_CASE("context parallelism divides the world like TP and PP", "[planner][cluster]") {
    CHECK(plan_cluster(1024, 8, 4, 2).data_parallel == 16U);
}

// --- solve -------------------------------------------------------------------

TEST_CASE("BLOOM-176B's 2048 sequences with b = 2 on d = 8 need a = 128", "[planner][solve][recipe]") {
    const Solve solve = solve_target(2048, TargetUnit::sequences, 2, 8, 0, 2048);
    CHECK(solve.reason == Reason::none);
    CHECK(solve.accumulation_steps == 128U);
}

TEST_CASE("a target b*d does not divide gives the nearest batches with their a and drift", "[planner][solve][errors]") {
    const Solve solve = solve_target(2050, TargetUnit::sequences, 2, 8, 0, 2048);
    CHECK(solve.reason == Reason::not_divisible);
    CHECK_FALSE(solve.accumulation_steps);
    CHECK(solve.below->batch == 2048U);
    CHECK(solve.below->accumulation_steps == 128U);
    CHECK(solve.below->drift_percent == Approx(-2.0 / 2050 * 100));
    CHECK(solve.above->batch == 2064U);
    CHECK(solve.above->accumulation_steps == 129U);
    CHECK(solve.above->drift_percent == Approx(14.0 / 2050 * 100));
}

TEST_CASE("a target below one pass has no achievable batch below it", "[planner][solve][errors]") {
    const Solve solve = solve_target(10, TargetUnit::sequences, 2, 8, 0, 2048);
    CHECK_FALSE(solve.below);
    CHECK(solve.above->batch == 16U);
    CHECK(solve.above->accumulation_steps == 1U);
}

TEST_CASE("DeepSpeed floors the accumulation steps before its assertion refuses them", "[planner][solve][frameworks]") {
    // train_batch 2050 // micro 2 = 1025, // world 8 = 128; 2 * 128 * 8 = 2048 != 2050.
    CHECK(solve_target(2050, TargetUnit::sequences, 2, 8, 0, 2048).frameworks->deepspeed_accumulation == 128U);
}

TEST_CASE("OLMo floors the device batch silently and trains a smaller batch", "[planner][solve][frameworks]") {
    const auto frameworks = *solve_target(2050, TargetUnit::sequences, 2, 8, 0, 2048).frameworks;
    CHECK(frameworks.olmo_device_batch == 256U);
    CHECK(frameworks.olmo_batch == 2048U);
}

TEST_CASE("the other micro-batch sizes that hit the target with the same d are listed", "[planner][solve]") {
    const Solve solve = solve_target(2048, TargetUnit::sequences, 2, 8, 0, 2048);
    std::vector<std::uint64_t> micro_batches;
    for (const Achievable& exact : solve.exact_micro_batches) {
        micro_batches.push_back(exact.batch);
        CHECK(exact.batch * exact.accumulation_steps == 2048U / 8);  // b' * a' = S / d
    }
    CHECK(micro_batches == std::vector<std::uint64_t>{1, 4, 8, 16, 32, 64, 128, 256});
}

TEST_CASE("the list of exact micro-batches stops at twelve", "[planner][solve][limits]") {
    // 720720 has 240 divisors.
    CHECK(solve_target(720720, TargetUnit::sequences, 1, 1, 0, 1).exact_micro_batches.size() == max_listed_micro_batches);
}

TEST_CASE("Llama 2's 4M-token batch is 1024 sequences of 4096, so a = 4 with b = 1 on 256 replicas",
          "[planner][solve][tokens][recipe]") {
    const Solve solve = solve_target(4'194'304, TargetUnit::tokens, 1, 256, 0, 4096);
    CHECK(solve.target_sequences == 1024U);
    CHECK(solve.accumulation_steps == 4U);
}

TEST_CASE("a token target that is no whole number of sequences gives the nearest token batches",
          "[planner][solve][tokens][errors]") {
    const Solve solve = solve_target(4'000'000, TargetUnit::tokens, 1, 256, 0, 4096);
    CHECK(solve.reason == Reason::not_whole_sequences);
    // One accumulation step is 256 * 4096 = 1,048,576 tokens.
    CHECK(solve.below->batch == 3'145'728U);
    CHECK(solve.below->accumulation_steps == 3U);
    CHECK(solve.above->batch == 4'194'304U);
}

TEST_CASE("the replicas needed for a target come from b and a", "[planner][solve]") {
    const Solve solve = solve_target(2048, TargetUnit::sequences, 2, 8, 64, 2048);
    CHECK(solve.data_parallel == 16U);
    CHECK(solve.micro_batch == 4U);
}

TEST_CASE("a d or b that would not be whole is refused", "[planner][solve][errors]") {
    const Solve solve = solve_target(2048, TargetUnit::sequences, 2, 8, 3, 2048);
    CHECK(solve.data_parallel_reason == Reason::not_divisible);
    CHECK(solve.micro_batch_reason == Reason::not_divisible);
}

// --- budget --------------------------------------------------------------------

TEST_CASE("2T tokens at 4,194,304 tokens per step take 476,838 steps, the last one partial", "[planner][budget]") {
    const Steps steps = steps_for(2'000'000'000'000ULL, Product{std::uint64_t{4'194'304}});
    CHECK(steps.steps == 476'838U);
    CHECK(steps.last_step_tokens == 2'000'000'000'000ULL - 476'837ULL * 4'194'304ULL);
}

TEST_CASE("a budget that T divides ends with a full step", "[planner][budget]") {
    const Steps steps = steps_for(8'388'608, Product{std::uint64_t{4'194'304}});
    CHECK(steps.steps == 2U);
    CHECK(steps.last_step_tokens == 4'194'304U);
}

TEST_CASE("no warmup tokens means no warmup steps", "[planner][budget]") {
    CHECK(steps_for(0, Product{std::uint64_t{4096}}).steps == 0U);
}

TEST_CASE("tokens per step above 2^64 hold any budget in one step", "[planner][budget][overflow]") {
    const Steps steps = steps_for(1'000'000'000'000'000'000ULL, Product{Overflow{}});
    CHECK(steps.steps == 1U);
    CHECK(steps.last_step_tokens == 1'000'000'000'000'000'000ULL);
}

TEST_CASE("epochs, warmup steps and wall-clock time come with the budget", "[planner][budget][evaluate]") {
    // b 1, d 256, a 4, L 4096: T = 4,194,304. 64 GPUs at TP 4 for the time.
    const Evaluation evaluation = evaluate_en({"1", "256", "4", "4096", "", "4", "1", "1", "", "", "", "2T", "500B", "8B", "1000"});
    REQUIRE(evaluation.budget.reason == Reason::none);
    const Budget& budget = *evaluation.budget.value;
    CHECK(budget.optimizer.steps == 476'838U);
    CHECK(budget.warmup->steps == 1908U);  // ceil(8e9 / 4194304) = ceil(1907.35)
    CHECK(*budget.epochs == 4.0);
    CHECK(budget.gpus == 1024U);
    CHECK(*budget.seconds == Approx(2e12 / (1000.0 * 1024)));
}

// --- learning rate ------------------------------------------------------------

TEST_CASE("four times the reference batch scales 3e-4 to 1.2e-3 linearly and 6e-4 by the square root",
          "[planner][learning-rate]") {
    const ScaledRates rates = scale_learning_rate(3e-4, 256, 1024);
    CHECK(rates.linear == Approx(1.2e-3));
    CHECK(rates.square_root == Approx(6e-4));
}

TEST_CASE("the learning rate needs the reference batch and the rate", "[planner][learning-rate][evaluate]") {
    const Evaluation evaluation = evaluate_en({"8", "64", "4", "4096", "", "1", "1", "1", "", "", "", "", "", "", "", "512", ""});
    CHECK(evaluation.learning_rate.reason == Reason::missing_input);
    CHECK_FALSE(evaluation.learning_rate.value);
}

namespace {

// BLOOM-176B's run (tr11-176B-ml.slurm): b 2, d 8, a 128, L 2048, TRAIN_SAMPLES 220,000,000 x 2048
// tokens, --rampup-batch-size 192 16 9_765_625.
std::vector<std::string> bloom_run_texts() {
    std::vector<std::string> texts(field_specs.size());
    texts[micro_batch] = "2";
    texts[data_parallel] = "8";
    texts[accumulation_steps] = "128";
    texts[sequence_length] = "2048";
    texts[tokens] = "450560000000";
    texts[ramp_start] = "192";
    texts[ramp_increment] = "16";
    texts[ramp_samples] = "9765625";
    return texts;
}

// Megatron's scheduler steps by each step's global batch; the steps until `samples` are consumed,
// counted literally with its ramp rule (num_microbatches_calculator.py): start + int(consumed /
// samples per increment) x increment, and the full 2,048 once consumed passes the ramp's samples.
std::uint64_t bloom_steps_until(std::uint64_t samples) {
    std::uint64_t steps = 0;
    std::uint64_t consumed = 0;
    const double per_increment = 9'765'625.0 / ((2048 - 192) / 16);
    while (consumed < samples) {
        consumed += consumed > 9'765'625 ? 2048 : 192 + static_cast<std::uint64_t>(static_cast<double>(consumed) / per_increment) * 16;
        ++steps;
    }
    return steps;
}

}  // namespace

TEST_CASE("BLOOM's warmup of 183,105 samples runs through the ramp: 910 steps, not 90", "[planner][budget][ramp][recipe]") {
    // Issue 16, item 12. tr11-176B-ml.slurm: LR_WARMUP_SAMPLES=183_105. Megatron counts --lr-warmup-samples
    // in consumed samples (OptimizerParamScheduler.step(increment = the step's global batch)), so the
    // warmup lasts the steps that consume 183,105 samples under the ramp; the literal loop counts them.
    std::vector<std::string> texts = bloom_run_texts();
    texts[warmup] = std::to_string(183'105ULL * 2048);
    const Evaluation evaluation = evaluate_en(texts);
    REQUIRE(evaluation.budget.value);
    const std::uint64_t steps = bloom_steps_until(183'105);
    CHECK(steps == 910U);
    CHECK(evaluation.budget.value->warmup_with_ramp == steps);
    CHECK(evaluation.budget.value->warmup->steps == 90U);  // ceil(183,105 / 2048) at the full batch
}

TEST_CASE("BLOOM's decay of 200,000,000 samples runs through the ramp too", "[planner][budget][ramp][recipe]") {
    // tr11-176B-ml.slurm: LR_DECAY_SAMPLES=200_000_000 beside the ramp. The decay ends at the first step
    // whose consumed samples reach 200,000,000: the ramp's steps, then full batches of 2,048.
    std::vector<std::string> texts = bloom_run_texts();
    texts[decay] = std::to_string(200'000'000ULL * 2048);
    const Evaluation evaluation = evaluate_en(texts);
    REQUIRE(evaluation.budget.value);
    CHECK(evaluation.budget.value->decay_with_ramp == bloom_steps_until(200'000'000));
    CHECK(evaluation.budget.value->decay->steps == 97'657U);  // ceil(200,000,000 / 2048) at the full batch
}

// --- ramp-up --------------------------------------------------------------------

TEST_CASE("BLOOM-176B's ramp 192,16,9765625 to 2048 has 116 stages over 12,658 steps", "[planner][ramp][recipe]") {
    // b = 2 on d = 8: every stage batch is a multiple of 16.
    const Ramp ramp = plan_ramp(192, 16, 9'765'625, 2048, 2, 8, 2048);
    REQUIRE(ramp.reason == Reason::none);
    CHECK(ramp.stages.size() == 116U);
    CHECK(ramp.steps == 12'658U);
    CHECK(ramp.samples == 9'765'808U);
    CHECK(value_of(ramp.tokens) == 9'765'808ULL * 2048);
    CHECK(ramp.stages.front().batch == 192U);
    CHECK(ramp.stages.front().microbatches == 12U);
    CHECK(ramp.stages.front().steps == 439U);
    CHECK(ramp.stages[1].first_sample == 84'288U);
    CHECK(ramp.stages.back().batch == 2032U);
    CHECK(ramp.stages.back().steps == 41U);
    CHECK(ramp.stages.back().first_sample == 9'682'496U);
}

TEST_CASE("the stage-at-a-time ramp equals Megatron's step-by-step loop", "[planner][ramp]") {
    struct Case { std::uint64_t start, increment, samples, final_batch, per_pass; };
    const std::vector<Case> cases{
        {192, 16, 9'765'625, 2048, 16}, {16, 16, 5'859'375, 1536, 16}, {32, 32, 1'000, 1024, 32},
        {10, 10, 100, 1000, 10},  // fewer samples per increment than a batch: stages are skipped
        {1, 1, 1, 2, 1}, {3, 3, 12'345, 300, 3}, {256, 128, 50'000'000, 1024, 128}, {7, 7, 999, 700, 7},
    };
    for (const Case& c : cases) {
        const Ramp ramp = plan_ramp(c.start, c.increment, c.samples, c.final_batch, c.per_pass, 1, 1);
        const LiteralRamp reference = literal_ramp(c.start, c.increment, c.samples, c.final_batch, c.per_pass);
        REQUIRE(ramp.reason == Reason::none);
        CHECK(ramp.steps == reference.steps);
        CHECK(ramp.samples == reference.samples);
        REQUIRE(ramp.stages.size() == reference.stages.size());
        for (std::size_t i = 0; i < ramp.stages.size(); ++i) {
            CHECK(ramp.stages[i].batch == reference.stages[i].batch);
            CHECK(ramp.stages[i].steps == reference.stages[i].steps);
            CHECK(ramp.stages[i].first_sample == reference.stages[i].first_sample);
        }
    }
}

TEST_CASE("a ramp that starts above the final batch is refused", "[planner][ramp][errors]") {
    CHECK(plan_ramp(4096, 16, 1000, 2048, 1, 1, 1).reason == Reason::start_above_final);
}

TEST_CASE("a ramp whose increment does not divide the difference is refused", "[planner][ramp][errors]") {
    CHECK(plan_ramp(192, 10, 1000, 2048, 1, 1, 1).reason == Reason::increment_not_dividing);
}

TEST_CASE("a ramp that starts at the final batch is refused: Megatron would divide by zero", "[planner][ramp][errors]") {
    CHECK(plan_ramp(2048, 16, 1000, 2048, 1, 1, 1).reason == Reason::no_increments);
}

TEST_CASE("a stage batch b*d does not divide is refused, naming the batch", "[planner][ramp][errors]") {
    const Ramp ramp = plan_ramp(8, 8, 10'000, 2048, 2, 8, 1);
    CHECK(ramp.reason == Reason::stage_not_divisible);
    CHECK(ramp.offending_batch == 8U);
    CHECK(ramp.stages.empty());
}

TEST_CASE("a ramp with more stages than a table can show is refused", "[planner][ramp][limits]") {
    const Ramp ramp = plan_ramp(1, 1, 100'000'000, 100'000, 1, 1, 1);
    CHECK(ramp.reason == Reason::too_many_stages);
    CHECK(ramp.stage_count > max_ramp_stages);
}

TEST_CASE("a budget that outlasts the ramp adds full-batch steps to the ramp's", "[planner][ramp][budget][evaluate]") {
    // BLOOM: ramp to 9,765,808 samples of 2048 tokens, then 2048 * 2048 tokens a step.
    const Evaluation evaluation =
        evaluate_en({"2", "8", "128", "2048", "", "", "", "", "", "", "", "366B", "", "", "", "", "", "", "", "192", "16", "9765625"});
    REQUIRE(evaluation.ramp.reason == Reason::none);
    const std::uint64_t rest = 366'000'000'000ULL - 9'765'808ULL * 2048;
    const std::uint64_t full = 2048ULL * 2048;
    CHECK(evaluation.budget.value->steps_with_ramp == 12'658U + (rest + full - 1) / full);
}

TEST_CASE("a budget that ends inside the ramp counts only the steps it reaches", "[planner][ramp][budget][evaluate]") {
    // The first stage is 439 steps of 192 sequences of 2048 tokens.
    const Evaluation evaluation =
        evaluate_en({"2", "8", "128", "2048", "", "", "", "", "", "", "", "393216", "", "", "", "", "", "", "", "192", "16", "9765625"});
    CHECK(evaluation.budget.value->steps_with_ramp == 1U);
}

// --- evaluate -------------------------------------------------------------------

TEST_CASE("an empty planner leaves every result but the assumed cluster missing, with no field in error", "[planner][evaluate]") {
    const Evaluation evaluation = evaluate_en({"8", "64", "4", "4096"});
    CHECK(evaluation.cluster.reason == Reason::none);  // the calculator's d on d GPUs
    CHECK(evaluation.solve.reason == Reason::missing_input);
    CHECK(evaluation.budget.reason == Reason::missing_input);
    CHECK(evaluation.ramp.reason == Reason::missing_input);
    for (const FieldReading& field : evaluation.fields) CHECK((field.ok() || field.status == FieldStatus::empty));
}

TEST_CASE("an invalid field makes the results that need it invalid, not missing", "[planner][evaluate][errors]") {
    const Evaluation evaluation = evaluate_en({"8", "64", "4", "4096", "abc", "1", "1", "1"});
    CHECK(evaluation.cluster.reason == Reason::invalid_input);
}

TEST_CASE("the target's shorthand follows its unit: 4M tokens, but 4k sequences is ambiguous", "[planner][evaluate][forms]") {
    CHECK(evaluate_en({"1", "256", "4", "4096", "", "", "", "", "", "", "4M"}, TargetUnit::tokens).fields[target].count == 4'000'000U);
    CHECK(evaluate_en({"1", "256", "4", "4096", "", "", "", "", "", "", "4k"}).fields[target].status == FieldStatus::ambiguous_suffix);
}

TEST_CASE("a ramp with one of its three fields empty is missing input", "[planner][evaluate][ramp]") {
    const Evaluation evaluation = evaluate_en({"2", "8", "128", "2048", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "192", "16"});
    CHECK(evaluation.ramp.reason == Reason::missing_input);
}

// --- runs a framework would refuse to start (issue 28, item 4) ---------------------
// Megatron-LM's OptimizerParamScheduler.__init__ (megatron/core/optimizer_param_scheduler.py
// at d98e8a6): assert max_lr >= min_lr; assert lr_warmup_steps < lr_decay_steps.

TEST_CASE("a warmup longer than the run is refused on the warmup field", "[planner][evaluate][schedule]") {
    // budget=1B, warmup=2B: B = 8 x 64 x 4 = 2,048 sequences of 4,096 tokens, 120 steps against 239.
    const Evaluation evaluation = evaluate_en({"8", "64", "4", "4096", "", "", "", "", "", "", "", "1B", "", "2B"});
    CHECK(evaluation.fields[warmup].status == FieldStatus::conflicting);
    CHECK(evaluation.fields[tokens].status == FieldStatus::ok);
}

TEST_CASE("a warmup that rounds up to as many steps as the run is refused: Megatron-LM asserts a strict inequality", "[planner][evaluate][schedule]") {
    // 8,388,608 tokens a step: 10 steps of run; 9 steps and one token of warmup round up to 10.
    const Evaluation evaluation = evaluate_en({"8", "64", "4", "4096", "", "", "", "", "", "", "", "83886080", "", "75497473"});
    CHECK(evaluation.fields[warmup].status == FieldStatus::conflicting);
    CHECK(evaluate_en({"8", "64", "4", "4096", "", "", "", "", "", "", "", "83886080", "", "75497472"}).fields[warmup].status == FieldStatus::ok);
}

TEST_CASE("a warmup is held against the decay length when one is given", "[planner][evaluate][schedule]") {
    // Decay over 10 steps of 8,388,608 tokens, run of 100: a 20-step warmup ends after the decay.
    const Evaluation evaluation =
        evaluate_en({"8", "64", "4", "4096", "", "", "", "", "", "", "", "838860800", "", "167772160", "", "", "", "", "83886080"});
    CHECK(evaluation.fields[warmup].status == FieldStatus::conflicting);
}

TEST_CASE("a minimum learning rate above the learning rate is refused on its field", "[planner][evaluate][schedule]") {
    const Evaluation evaluation = evaluate_en({"8", "64", "4", "4096", "", "", "", "", "", "", "", "", "", "", "", "", "3e-4", "5e-4"});
    CHECK(evaluation.fields[min_learning_rate].status == FieldStatus::conflicting);
    CHECK(evaluate_en({"8", "64", "4", "4096", "", "", "", "", "", "", "", "", "", "", "", "", "3e-4", "3e-4"}).fields[min_learning_rate].status == FieldStatus::ok);
}

// --- the engine the exports write -------------------------------------------

TEST_CASE("the ZeRO stage is one of DeepSpeed's four, read as its index", "[planner][engine]") {
    std::vector<std::string> texts(field_specs.size());
    texts[zero_stage] = "3";
    CHECK(evaluate_en(texts).fields[zero_stage].count == 3U);
    texts[zero_stage] = "4";
    CHECK(evaluate_en(texts).fields[zero_stage].status == FieldStatus::not_a_number);
}

TEST_CASE("the precision is bf16, fp16 or fp32, and nothing else", "[planner][engine]") {
    std::vector<std::string> texts(field_specs.size());
    texts[precision] = "fp16";
    CHECK(evaluate_en(texts).fields[precision].count == 1U);
    texts[precision] = "fp8";
    CHECK(evaluate_en(texts).fields[precision].status == FieldStatus::not_a_number);
}

TEST_CASE("the decay's shape is Megatron-LM's linear or cosine; WSD is refused", "[planner][engine]") {
    std::vector<std::string> texts(field_specs.size());
    texts[decay_style] = "cosine";
    CHECK(evaluate_en(texts).fields[decay_style].count == 1U);
    texts[decay_style] = "WSD";
    CHECK(evaluate_en(texts).fields[decay_style].status == FieldStatus::not_a_number);
}

// --- the layout's other degrees -------------------------------------------------

namespace {
// A run of 4,096-token sequences at micro-batch 1 on `gpu_count` GPUs at TP `t`, EP `e`, d left to the cluster.
std::vector<std::string> cluster_run_texts(const char* gpu_count, const char* t, const char* e, const char* accumulation) {
    std::vector<std::string> texts(field_specs.size());
    texts[micro_batch] = "1";
    texts[accumulation_steps] = accumulation;
    texts[sequence_length] = "4096";
    texts[gpus] = gpu_count;
    texts[tensor_parallel] = t;
    texts[expert_parallel] = e;
    return texts;
}
}  // namespace

// Megatron-LM at d98e8a6 (planner.cpp, refuse_layout_conflicts): the world divides by EP·TP·PP, so EP divides d·CP.
TEST_CASE("expert parallelism must divide d times CP: 64 GPUs at TP 8 give d = 8, which EP 8 divides and EP 16 does not",
          "[planner][layout]") {
    std::vector<std::string> texts = cluster_run_texts("64", "8", "8", "8");
    CHECK(evaluate_en(texts, DataParallelSource::cluster).fields[expert_parallel].status == FieldStatus::ok);
    texts[expert_parallel] = "16";
    const Evaluation refused = evaluate_en(texts, DataParallelSource::cluster);
    CHECK(refused.fields[expert_parallel].status == FieldStatus::conflicting);
    CHECK(refused.launch.reason == Reason::invalid_input);
    // With CP 2, d = 4 and d·CP = 8: EP 8 fits again.
    texts[context_parallel] = "2";
    texts[expert_parallel] = "8";
    CHECK(evaluate_en(texts, DataParallelSource::cluster).fields[expert_parallel].status == FieldStatus::ok);
}

TEST_CASE("with the experts whole on their GPUs, EP divides d times TP times CP: Qwen3 235B-A22B's EP 32 at TP 2 on 256 GPUs at PP 8",
          "[planner][layout]") {
    // Megatron-Bridge 26.04.01 (docs/step-time-calibration.md): d = 256 / (2 · 8) = 16, so EP 32 needs ETP 1.
    std::vector<std::string> texts = cluster_run_texts("256", "2", "32", "512");
    texts[pipeline_parallel] = "8";
    CHECK(evaluate_en(texts, DataParallelSource::cluster).fields[expert_parallel].status == FieldStatus::conflicting);
    texts[expert_tensor_parallel] = "1";
    const Evaluation whole = evaluate_en(texts, DataParallelSource::cluster);
    CHECK(whole.fields[expert_parallel].status == FieldStatus::ok);
    CHECK(whole.fields[expert_tensor_parallel].status == FieldStatus::ok);
    // An expert TP of 4 would need EP × 4 = 128 to divide 32 ranks: the expert TP is refused, EP alone fits them.
    texts[expert_tensor_parallel] = "4";
    texts[expert_parallel] = "16";
    CHECK(evaluate_en(texts, DataParallelSource::cluster).fields[expert_tensor_parallel].status == FieldStatus::conflicting);
}

TEST_CASE("virtual stages need a pipeline, and accumulation steps in whole groups of PP", "[planner][layout]") {
    std::vector<std::string> texts(field_specs.size());
    texts[micro_batch] = "1";
    texts[data_parallel] = "4";
    texts[accumulation_steps] = "12";
    texts[sequence_length] = "4096";
    texts[virtual_stages] = "2";
    CHECK(evaluate_en(texts).fields[virtual_stages].status == FieldStatus::conflicting);  // PP 1, assumed
    texts[pipeline_parallel] = "4";
    CHECK(evaluate_en(texts).fields[virtual_stages].status == FieldStatus::ok);  // 12 = 3 groups of 4
    texts[pipeline_parallel] = "8";
    CHECK(evaluate_en(texts).fields[virtual_stages].status == FieldStatus::conflicting);  // 12 is no whole number of 8s
    texts[virtual_stages] = "1";
    CHECK(evaluate_en(texts).fields[virtual_stages].status == FieldStatus::ok);  // no interleaving: any a
}

TEST_CASE("with a ramp-up, every stage's micro-batches must be whole groups of PP for virtual stages", "[planner][layout][ramp]") {
    // BLOOM's b = 2, d = 8, a = 128 at PP 4: 2,048 is 128 micro-batches, 32 groups of 4. A ramp from 192 by 16 has a
    // stage of 208 = 13 micro-batches of 16 sequences: Megatron-LM's interleaved schedule stops there (schedules.py).
    std::vector<std::string> texts = bloom_run_texts();
    texts[pipeline_parallel] = "4";
    texts[virtual_stages] = "2";
    CHECK(evaluate_en(texts).fields[virtual_stages].status == FieldStatus::conflicting);
    // By 64: 192, 256, 320, … are 12, 16, 20, … micro-batches, each whole groups of 4.
    texts[ramp_increment] = "64";
    CHECK(evaluate_en(texts).fields[virtual_stages].status == FieldStatus::ok);
}

TEST_CASE("left empty, expert parallelism and the virtual stages are assumed 1", "[planner][layout][assumed]") {
    const Evaluation evaluation = evaluate_en({"8", "64", "4", "4096"});
    CHECK(evaluation.assumed.expert_parallel == std::optional<std::uint64_t>{1});
    CHECK(evaluation.assumed.virtual_stages == std::optional<std::uint64_t>{1});
    CHECK(evaluation.launch.reason == Reason::none);
}

// --- the cluster assumed while none is typed -------------------------------------

TEST_CASE("with no cluster typed the plan assumes d GPUs, TP = PP = CP = 1 and 8 GPUs per node", "[planner][assumed]") {
    const Evaluation evaluation = evaluate_en({"8", "64", "4", "4096"});
    CHECK(evaluation.assumed.gpus == std::optional<std::uint64_t>{64});
    CHECK(evaluation.assumed.tensor_parallel == std::optional<std::uint64_t>{1});
    CHECK(evaluation.assumed.gpus_per_node == std::optional<std::uint64_t>{8});
    CHECK(evaluation.assumed.follows_calculator);
    CHECK(evaluation.cluster.data_parallel == std::optional<std::uint64_t>{64});
}

TEST_CASE("a typed TP of 8 and no world assume d times 8 GPUs, and the plan no longer follows the calculator", "[planner][assumed]") {
    const Evaluation evaluation = evaluate_en({"1", "16", "1", "2048", "", "8"});
    CHECK(evaluation.assumed.gpus == std::optional<std::uint64_t>{128});
    CHECK_FALSE(evaluation.assumed.tensor_parallel);
    CHECK_FALSE(evaluation.assumed.follows_calculator);
}

TEST_CASE("a cluster of 4 GPUs assumes 4 GPUs per node, not 8", "[planner][assumed]") {
    const Evaluation evaluation = evaluate_en({"1", "4", "1", "2048"});
    CHECK(evaluation.assumed.gpus_per_node == std::optional<std::uint64_t>{4});
}

TEST_CASE("a typed world is never replaced by the assumed one", "[planner][assumed]") {
    const Evaluation evaluation = evaluate_en({"8", "64", "4", "4096", "128"});
    CHECK_FALSE(evaluation.assumed.gpus);
    CHECK(evaluation.fields[gpus].count == std::optional<std::uint64_t>{128});
}

// --- d from the cluster: the home page's run in one evaluation ---------------------

Evaluation evaluate_following_cluster(std::vector<std::string> texts) {
    texts.resize(field_specs.size());
    FieldTexts views;
    for (std::size_t i = 0; i < views.size(); ++i) views[i] = texts[i];
    return evaluate(views, TargetUnit::sequences, NumberSyntax::en, DataParallelSource::cluster);
}

// 64 GPUs at TP 8: 64 / 8 = 8 replicas, so B = 1 * 8 * 8 = 64 sequences and T = 64 * 4096 = 262,144 tokens.
TEST_CASE("asked for the cluster's d, 64 GPUs at TP 8 give d = 8 and B = 64, whatever d's field holds", "[planner][evaluate][one-run]") {
    const Evaluation evaluation = evaluate_following_cluster({"1", "3", "8", "4096", "64", "8"});
    CHECK(evaluation.data_parallel_from_cluster);
    CHECK(evaluation.fields[data_parallel].count == std::optional<std::uint64_t>{8});
    CHECK(value_of(evaluation.effective_batch) == 64);
    CHECK(value_of(evaluation.tokens_per_step) == 262'144);
}

TEST_CASE("the cluster's d replaces a d field in error too", "[planner][evaluate][one-run]") {
    const Evaluation evaluation = evaluate_following_cluster({"1", "<b>", "8", "4096", "64", "8"});
    CHECK(evaluation.fields[data_parallel].status == FieldStatus::ok);
    CHECK(value_of(evaluation.effective_batch) == 64);
}

TEST_CASE("GPUs that TP*PP*CP does not divide leave d as its field reads it", "[planner][evaluate][one-run]") {
    const Evaluation evaluation = evaluate_following_cluster({"1", "3", "8", "4096", "65", "8"});
    CHECK_FALSE(evaluation.data_parallel_from_cluster);
    CHECK(evaluation.fields[data_parallel].count == std::optional<std::uint64_t>{3});
    CHECK(evaluation.cluster.reason == Reason::not_divisible);
    CHECK(value_of(evaluation.effective_batch) == 24);
}

TEST_CASE("with no GPUs typed d is its field's, and the GPUs are assumed from it", "[planner][evaluate][one-run]") {
    const Evaluation evaluation = evaluate_following_cluster({"1", "3", "8", "4096", "", "2"});
    CHECK_FALSE(evaluation.data_parallel_from_cluster);
    CHECK(evaluation.fields[data_parallel].count == std::optional<std::uint64_t>{3});
    CHECK(evaluation.assumed.gpus == std::optional<std::uint64_t>{6});
}

TEST_CASE("a d the reader typed is kept beside a cluster that gives another", "[planner][evaluate][one-run]") {
    const Evaluation evaluation = evaluate_en({"1", "3", "8", "4096", "64", "8"});
    CHECK_FALSE(evaluation.data_parallel_from_cluster);
    CHECK(evaluation.fields[data_parallel].count == std::optional<std::uint64_t>{3});
    CHECK(evaluation.cluster.data_parallel == std::optional<std::uint64_t>{8});
}

// B = 2^32-1 * 2^32-1 * 2 is above 2^64 - 1; with L empty only B is shown.
TEST_CASE("the calculator's two results come with B above 2^64 as an overflow and T absent without L", "[planner][evaluate][one-run]") {
    const auto results = results_of(evaluate_en({"4294967295", "4294967295", "2", ""}));
    REQUIRE(results[0]);
    CHECK(std::holds_alternative<Overflow>(*results[0]));
    CHECK_FALSE(results[1]);
    CHECK_FALSE(results_of(evaluate_en({"8", "", "4", "4096"}))[0]);
}

// --- the launch and the frameworks' batch rules ------------------------------------

// BLOOM-176B (tr11-176B-ml.slurm): b = 2, d = 8, a = 128, TP 4, PP 12, 384 GPUs on 48 nodes of 8.
TEST_CASE("BLOOM-176B's launch starts 384 processes on 48 nodes", "[planner][launch][recipe]") {
    const Evaluation evaluation = evaluate_en({"2", "8", "128", "2048", "384", "4", "12", "1"});
    REQUIRE(evaluation.launch.value);
    CHECK(evaluation.launch.value->processes == 384);
    CHECK(evaluation.launch.value->model_parallel == 48);
    CHECK(evaluation.launch.value->nodes == std::optional<std::uint64_t>{48});
    CHECK(evaluation.launch.value->batch == 2048);
}

TEST_CASE("a framework that counts every process as a replica computes b*a*GPUs, 48 times BLOOM's batch", "[planner][launch]") {
    const Launch launch = *evaluate_en({"2", "8", "128", "2048", "384", "4", "12", "1"}).launch.value;
    CHECK(launch.every_process == 2 * 128 * 384);  // 98,304 = 2,048 x 48
    CHECK(launch.tensor_replicas == 2 * 128 * 96);
    CHECK(launch.tensor_context_groups == 96);
}

TEST_CASE("OLMo's floored per-device batch loses the remainder of B over the GPUs", "[planner][launch]") {
    // 3 x 2 x 1 = 6 sequences on d = 2 with TP 2: 4 GPUs, 6 // 4 x 4 = 4.
    const Launch launch = *evaluate_en({"3", "2", "1", "2048", "4", "2", "1", "1"}).launch.value;
    CHECK(launch.floored_per_device == 4);
    CHECK_FALSE(launch.per_pass_divides_devices);  // MaxText: 6 / 4 per device
}

TEST_CASE("no GPUs per node typed on a typed world: the launch has no whole node count to write", "[planner][launch]") {
    const Launch launch = *evaluate_en({"1", "6", "1", "2048", "6", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "4"}).launch.value;
    CHECK_FALSE(launch.nodes);  // 6 GPUs on nodes of 4
}

TEST_CASE("from Megatron-LM core 0.18 --train-samples is the budget in whole sequences, rounded up", "[planner][launch][megatron]") {
    std::vector<std::string> texts{"8", "64", "4", "4096"};
    texts.resize(field_specs.size());
    texts[tokens] = "1000000000001";
    const Launch launch = *evaluate_en(texts).launch.value;
    CHECK(launch.train_samples_from_0_18 == std::optional<std::uint64_t>{244140626});  // ceil((10^12 + 1) / 4096)
    CHECK_FALSE(launch.train_samples_before_0_18);  // no ramp
}

// --- a pasted config's batch (DeepSpeed's _set_batch_related_parameters at edaa722) ----

TEST_CASE("DeepSpeed's three batch keys agree on the data-parallel world that makes them: 2048 / (8 x 4) = 64", "[planner][import]") {
    const ConfigBatch read = deepspeed_batch(2048, 8, 4, std::nullopt);
    CHECK(read.agrees);
    CHECK(read.data_parallel == 64);
}

TEST_CASE("DeepSpeed's three batch keys that no world reconciles are refused", "[planner][import][errors]") {
    CHECK_FALSE(deepspeed_batch(2048, 3, 4, std::nullopt).agrees);  // 2048 % 12 = 8
}

TEST_CASE("DeepSpeed floors the missing accumulation, then its assertion refuses 64 // 3 // 8 = 2", "[planner][import][errors]") {
    const ConfigBatch read = deepspeed_batch(64, 3, std::nullopt, 8);
    CHECK(read.accumulation_steps == 2);  // 3 x 2 x 8 = 48, not 64
    CHECK_FALSE(read.agrees);
}

TEST_CASE("DeepSpeed derives the micro-batch from the batch and the accumulation: 64 // 2 // 8 = 4", "[planner][import]") {
    const ConfigBatch read = deepspeed_batch(64, std::nullopt, 2, 8);
    CHECK(read.micro_batch == 4);
    CHECK(read.agrees);
}

TEST_CASE("a batch smaller than one micro-batch per replica floors the accumulation to 0, which DeepSpeed refuses", "[planner][import][errors]") {
    CHECK_FALSE(deepspeed_batch(4, 1, std::nullopt, 8).agrees);
}

TEST_CASE("a token target of 4M is offered 2^22 = 4,194,304, 4.9% away", "[planner][target][power]") {
    // 4,194,304 − 4,000,000 = 194,304, and 194,304 × 10 ≤ 4,000,000 (the 10% bound); 2^21 is 1,902,848 away.
    CHECK(power_of_two_near(4'000'000) == std::optional<std::uint64_t>(4'194'304));
    // 1,048,576 − 1,000,000 = 48,576: 4.9%.
    CHECK(power_of_two_near(1'000'000) == std::optional<std::uint64_t>(1'048'576));
}

TEST_CASE("a power of two, or a target 10% or more from every one, is offered none", "[planner][target][power]") {
    CHECK_FALSE(power_of_two_near(4'194'304));
    // 3,000,000: 2^21 is 902,848 away (30%), 2^22 1,194,304.
    CHECK_FALSE(power_of_two_near(3'000'000));
    CHECK_FALSE(power_of_two_near(1));
    // At most a tenth of the target away: 1,165,084 is 116,508 above 2^20 (10 × 116,508 = 1,165,080 ≤ 1,165,084);
    // 1,165,085 is 116,509 above it (1,165,090 > 1,165,085).
    CHECK(power_of_two_near(1'165'084) == std::optional<std::uint64_t>(1'048'576));
    CHECK_FALSE(power_of_two_near(1'165'085));
}

TEST_CASE("the largest token target the field takes, 10^18, is 15% from 2^60 and offered none", "[planner][target][power]") {
    // 2^60 = 1,152,921,504,606,846,976: 152,921,504,606,846,976 away, 15.3% of 10^18; 2^59 is 42% away.
    CHECK_FALSE(power_of_two_near(1'000'000'000'000'000'000ULL));
}

TEST_CASE("the evaluation offers the power for a token target only", "[planner][target][power][evaluate]") {
    FieldTexts texts{};
    texts[target] = "4000000";
    CHECK(evaluate(texts, TargetUnit::tokens, NumberSyntax::en).target_power == std::optional<std::uint64_t>(4'194'304));
    CHECK_FALSE(evaluate(texts, TargetUnit::sequences, NumberSyntax::en).target_power);
}

TEST_CASE("a paste's 30 iterations of 4,096 sequences of 8,192 tokens are 1,006,632,960 tokens", "[planner][import][tokens]") {
    // 30 × 4,096 × 8,192 = 1,006,632,960.
    CHECK(run_tokens(30, 4096, 8192) == Product{std::uint64_t{1'006'632'960}});
    // BLOOM's 366B: --train-samples 178,710,937 of 2,048 tokens = 365,999,998,976.
    CHECK(run_tokens(178'710'937, 1, 2048) == Product{std::uint64_t{365'999'998'976ULL}});
}

TEST_CASE("steps whose tokens pass 2^64 − 1 overflow", "[planner][import][tokens][overflow]") {
    CHECK(std::holds_alternative<Overflow>(run_tokens(4'294'967'295ULL, 4'294'967'295ULL, 2)));
}
