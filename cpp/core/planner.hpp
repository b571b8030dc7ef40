// The training-run planner: the questions that follow "what is my global
// batch?". Plain C++17, no locale; integers are exact, and every refusal is
// data naming its numbers, never an exception.
//
//  - cluster: d = world / (TP*PP*CP), as Megatron-LM derives it
//    (megatron/training/arguments.py, core_v0.18.0: world_size % total_model_size);
//  - solve: the accumulation steps (or d, or b) that hit a target batch;
//  - budget: optimizer steps, warmup steps, epochs and time for a token budget;
//  - learning rate: the linear and square-root scaling rules;
//  - ramp-up: Megatron-LM's RampupBatchsizeNumMicroBatchesCalculator
//    (megatron/core/num_microbatches_calculator.py), step by step.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "checked_math.hpp"
#include "effective_batch.hpp"
#include "fields.hpp"
#include "number_text.hpp"

namespace batch_planner::planner {

// Every factor of a batch stays below 2^32 (factor_limits, fields.hpp);
// model-parallel degrees below 2^20, so TP*PP*CP fits 64 bits; token counts up to 10^18.
inline constexpr CountLimits degree_limits{1, 1'048'576ULL};
inline constexpr CountLimits token_limits{1, 1'000'000'000'000'000'000ULL};
inline constexpr CountLimits warmup_limits{0, 1'000'000'000'000'000'000ULL};

// Whether the target batch is counted in sequences or in tokens; the target's
// shorthands follow (sequences: "4k" is ambiguous; tokens: "4M" is 4,000,000).
enum class TargetUnit : std::uint8_t { sequences, tokens };

// Field order is the order of the texts evaluate() takes. The first four are
// the effective-batch calculator's fields, read again here with its own specs.
// The planner's own may each be left empty (optional): that only leaves out the results needing it.
#define BP_PLANNER_OWN_FIELDS(X) \
    X(gpus, count_field("gpus", factor_limits, sequence_form, true)) \
    X(tensor_parallel, count_field("tensorParallel", degree_limits, sequence_form, true)) \
    X(pipeline_parallel, count_field("pipelineParallel", degree_limits, sequence_form, true)) \
    X(context_parallel, count_field("contextParallel", degree_limits, sequence_form, true)) \
    /* The layout's other degrees: they change no batch, but the exports write them and a */ \
    /* framework refuses them where they do not fit (refused as conflicting, planner.cpp). */ \
    X(expert_parallel, count_field("expertParallel", degree_limits, sequence_form, true)) \
    X(virtual_stages, count_field("virtualStages", degree_limits, sequence_form, true)) \
    X(target, count_field("target", token_limits, sequence_form, true)) /* form follows TargetUnit */ \
    X(tokens, count_field("tokens", token_limits, token_form, true)) /* the run's token budget */ \
    X(dataset, count_field("dataset", token_limits, token_form, true)) \
    X(warmup, count_field("warmup", warmup_limits, token_form, true)) \
    X(tokens_per_second, decimal_field("tokensPerSecond", {1e-3, 1e9}, true)) /* measured, per GPU */ \
    X(reference_batch, count_field("referenceBatch", factor_limits, sequence_form, true)) \
    X(learning_rate, decimal_field("learningRate", {1e-9, 10.0}, true)) \
    X(min_learning_rate, decimal_field("minLearningRate", {0.0, 10.0}, true)) /* where the decay ends (Megatron-LM --min-lr) */ \
    X(decay, count_field("decay", token_limits, token_form, true)) /* tokens the decay lasts (Megatron-LM --lr-decay-samples x L) */ \
    X(ramp_start, count_field("rampStart", factor_limits, sequence_form, true)) \
    X(ramp_increment, count_field("rampIncrement", factor_limits, sequence_form, true)) \
    X(ramp_samples, count_field("rampSamples", token_limits, token_form, true)) \
    X(gpus_per_node, count_field("gpusPerNode", degree_limits, sequence_form, true)) /* for launch commands: nodes = GPUs / this */ \
    /* The experts' own tensor parallelism (Megatron-LM's --expert-tensor-parallel-size); empty: TP's, its default. */ \
    X(expert_tensor_parallel, count_field("expertTensorParallel", degree_limits, sequence_form, true)) \
    X(target_unit, choice_field("targetUnit", {"seq", "tok"})) /* the target's unit: its index is a TargetUnit */ \
    /* What the exports write besides the batch and the schedule: the ZeRO stage */ \
    /* (the memory page's, the same words), the training precision, and the */ \
    /* shape of the decay (Megatron-LM's --lr-decay-style, default linear). */ \
    X(zero_stage, choice_field("zeroStage", {"0", "1", "2", "3"})) \
    X(precision, choice_field("precision", {"bf16", "fp16", "fp32"})) \
    X(decay_style, choice_field("decayStyle", {"linear", "cosine"}))
#define BP_PLANNER_FIELDS(X) BP_EFFECTIVE_BATCH_FIELDS(X) BP_PLANNER_OWN_FIELDS(X)
inline constexpr std::array field_specs{BP_PLANNER_FIELDS(BP_FIELD_SPEC)};

// The fields' names, in their specs' order: derived from the one list above.
enum Field : std::size_t { BP_PLANNER_FIELDS(BP_FIELD_ENUMERATOR) };

using FieldTexts = std::array<std::string_view, field_specs.size()>;

// Why a result is absent. "missing" and "invalid" point at fields; the others
// are the refusals a framework would make, with their numbers alongside.
enum class Reason : std::uint8_t {
    none,
    missing_input,        // a field it needs is empty
    invalid_input,        // a field it needs has an error
    not_divisible,        // the numbers do not divide (see the result's own figures)
    not_whole_sequences,  // a token target that is no whole number of sequences
    overflow,             // above 2^64 - 1
    start_above_final,    // ramp: start batch above the final batch
    no_increments,        // ramp: start batch equals the final batch (Megatron divides by zero)
    increment_not_dividing,  // ramp: (final - start) % increment != 0
    stage_not_divisible,  // ramp: a stage's batch is not a multiple of b*d
    too_many_stages,      // ramp: more stages than a table can show
};

// --- 1. Cluster -> data-parallel degree -------------------------------------
struct Cluster {
    Reason reason = Reason::missing_input;
    std::uint64_t model_parallel = 0;         // TP*PP*CP
    std::optional<std::uint64_t> data_parallel;  // world / (TP*PP*CP), when it divides
    std::optional<std::uint64_t> world_below;    // nearest valid world sizes when it does not
    std::optional<std::uint64_t> world_above;
};
Cluster plan_cluster(std::uint64_t world, std::uint64_t tp, std::uint64_t pp, std::uint64_t cp);

// --- 2. Solve for the missing factor ------------------------------------------
struct Achievable {
    std::uint64_t batch;               // in the target's unit
    std::uint64_t accumulation_steps;  // the a that gives it
    double drift_percent;              // (batch - target) / target * 100
};

// How each framework treats a target (in sequences) that b*d does not divide.
struct FrameworkVerdicts {
    std::uint64_t deepspeed_accumulation = 0;  // train_batch // micro // world, before its assertion fails
    std::uint64_t olmo_device_batch = 0;       // global // world, floored silently
    std::uint64_t olmo_batch = 0;              // what OLMo then trains with: device batch * world
};

inline constexpr std::size_t max_listed_micro_batches = 12;
inline constexpr std::uint64_t largest_listed_micro_batch = 4096;

struct Solve {
    Reason reason = Reason::missing_input;
    std::uint64_t target_sequences = 0;       // the target in sequences (when whole)
    std::optional<std::uint64_t> accumulation_steps;  // a = S / (b*d), when it divides
    std::optional<Achievable> below;           // nearest achievable batches when it does not
    std::optional<Achievable> above;
    std::optional<FrameworkVerdicts> frameworks;  // when S is whole but b*d does not divide it
    bool target_per_replica_whole = false;           // S % d == 0
    std::vector<Achievable> exact_micro_batches;     // other b' with S % (b'*d) == 0 (same d), as {b', a'} (drift 0)
    // The other solves, each exact or absent (with its own reason).
    Reason data_parallel_reason = Reason::missing_input;
    std::optional<std::uint64_t> data_parallel;     // d = S / (b*a)
    std::optional<std::uint64_t> gpus_needed;       // that d times the cluster's TP*PP*CP, when both are known
    Reason micro_batch_reason = Reason::missing_input;
    std::optional<std::uint64_t> micro_batch;       // b = S / (d*a)
};
Solve solve_target(std::uint64_t target, TargetUnit unit, std::uint64_t b, std::uint64_t d, std::uint64_t a,
                   std::uint64_t sequence_length);

// --- 3. Token budget -> optimizer steps -----------------------------------------
struct Steps {
    std::uint64_t steps;           // ceil(tokens / per_step)
    std::uint64_t last_step_tokens;  // tokens in the last, possibly partial, step
};
// per_step may have overflowed, in which case one step holds every token.
Steps steps_for(std::uint64_t tokens, const Product& per_step);

// --- 4. Learning-rate scaling -------------------------------------------------------
struct ScaledRates {
    double linear;       // lr * B / B0 (Goyal et al. 2017)
    double square_root;  // lr * sqrt(B / B0) (Malladi et al. 2022)
};
ScaledRates scale_learning_rate(double learning_rate, std::uint64_t reference_batch, std::uint64_t batch);

// --- 5. Batch-size ramp-up (Megatron-LM --rampup-batch-size) ------------------
inline constexpr std::size_t max_ramp_stages = 1024;

struct RampStage {
    std::uint64_t batch;          // global batch during this stage
    std::uint64_t microbatches;   // batch / (b*d)
    std::uint64_t steps;          // optimizer steps at this batch
    std::uint64_t first_sample;   // consumed samples when the stage starts
    Product first_token;          // first_sample * L
};

struct Ramp {
    Reason reason = Reason::missing_input;
    std::uint64_t offending_batch = 0;  // stage_not_divisible: the first batch b*d does not divide
    std::uint64_t stage_count = 0;      // too_many_stages: how many there would be (at least)
    std::uint64_t difference = 0;       // final - start (increment_not_dividing names it)
    std::uint64_t final_microbatches = 0;  // final / (b*d), once the ramp is over
    std::vector<RampStage> stages;      // the ramp, without the final batch
    std::uint64_t steps = 0;            // optimizer steps until the full batch
    std::uint64_t samples = 0;          // samples consumed until the full batch
    Product tokens = std::uint64_t{0};  // samples * L
};
Ramp plan_ramp(std::uint64_t start, std::uint64_t increment, std::uint64_t ramp_samples, std::uint64_t final_batch,
               std::uint64_t b, std::uint64_t d, std::uint64_t sequence_length);

// --- 6. The cluster a plan assumes while the reader has typed none (or part) of it ---
// Each cluster field left empty takes its assumed value alone: TP = PP = CP = EP = 1, one virtual stage,
// the world d*TP*PP*CP (so a typed TP of 8 and no world assumes d*8 GPUs), and
// min(world, 8) GPUs per node.
inline constexpr std::uint64_t assumed_gpus_per_node = 8;

struct AssumedCluster {
    std::optional<std::uint64_t> gpus, tensor_parallel, pipeline_parallel, context_parallel, gpus_per_node, expert_parallel, virtual_stages;
    bool follows_calculator = false;  // the world and every degree assumed: no cluster typed at all
};

// --- 7. The launch, and what each framework's own batch rule makes of it ---------
// Frameworks that count processes rather than data-parallel replicas compute
// their batch from the written per-device values; these are those products,
// for the exports to compare with B. Products of three factors are 128-bit.
struct Launch {
    std::uint64_t processes = 0;          // d*TP*PP*CP: the processes a launch starts (the GPUs it uses)
    std::uint64_t model_parallel = 0;     // TP*PP*CP
    std::uint64_t tensor_context = 0;     // TP*CP: what Hugging Face's newest rule divides the world by
    std::optional<std::uint64_t> nodes;   // GPUs / GPUs per node, when whole
    std::uint64_t batch = 0;              // B = b*d*a
    std::uint64_t per_pass = 0;           // b*d: MaxText's per_device_batch_size is this / GPUs
    u128 micro_tokens = 0;                // b*L: tokens per micro-batch and data-parallel rank
    u128 step_tokens = 0;                 // B*L
    u128 every_process = 0;               // b*a*GPUs: every process a replica
    // The processes are d*TP*PP*CP, so TP and TP*CP always divide them:
    u128 tensor_replicas = 0;             // b*a*(processes/TP)
    u128 tensor_context_replicas = 0;     // b*a*(processes/(TP*CP))
    std::uint64_t tensor_context_groups = 0;  // processes/(TP*CP) = d*PP
    u128 devices_times_accumulation = 0;  // GPUs*a: the sequences MaxText loads per step below 1 per device
    bool per_pass_divides_devices = false;  // b*d % GPUs == 0 (MaxText's per-device batch is whole)
    std::uint64_t floored_per_device = 0;  // (B // GPUs) * GPUs: OLMo's trained batch
    // With a budget: Megatron-LM's --train-samples that runs exactly the plan's
    // steps under the ramp (megatron/training/training.py, update_train_iters).
    // From core 0.18 (d98e8a6) it steps while consumed < train_samples, so the
    // budget in whole samples does. Before it (core_v0.17.1, 266f1c9) it steps
    // through the ramp while consumed <= the ramp's samples and <= train_samples,
    // then adds (train_samples - consumed) // B, dropping a partial step: the
    // samples after the plan's last step, or one fewer when that step is inside
    // the ramp; absent when neither gives the plan's steps (or there is no ramp).
    std::optional<std::uint64_t> train_samples_from_0_18;
    std::optional<std::uint64_t> train_samples_before_0_18;
    std::optional<std::uint64_t> warmup_samples;  // ceil(warmup / L): --lr-warmup-samples
    std::optional<std::uint64_t> decay_samples;   // ceil(decay / L): --lr-decay-samples
};

// Megatron-LM's update_train_iters before core 0.18 (core_v0.17.1, 266f1c9):
// through the ramp while consumed <= the ramp's samples and <= train_samples,
// then (train_samples - consumed) // B. The ramp's stages walked whole.
u128 megatron_iterations_before_0_18(const Ramp& ramp, std::uint64_t ramp_samples, std::uint64_t batch, u128 train_samples);

// --- 8. A pasted config's batch, as its framework reads it ----------------------
// DeepSpeed's _set_batch_related_parameters (deepspeed/runtime/config.py at
// edaa722): with all three keys, the data-parallel world is the one that makes
// them agree (train % (micro*accumulation) == 0); with two, the third by floor
// division over the world (train // micro // d, or train // accumulation // d),
// then _batch_assertion: micro*accumulation*d == train and none is 0. Megatron-LM
// checks its --global-batch-size the same way against micro*d
// (num_microbatches_calculator.py), so it reads through the two-key rule.
struct ConfigBatch {
    bool agrees = false;
    std::uint64_t micro_batch = 0;
    std::uint64_t accumulation_steps = 0;
    std::uint64_t data_parallel = 0;
};
ConfigBatch deepspeed_batch(std::optional<std::uint64_t> train, std::optional<std::uint64_t> micro,
                            std::optional<std::uint64_t> accumulation, std::optional<std::uint64_t> data_parallel);

// --- Everything together, from the texts ----------------------------------------------
template <typename T>
struct Outcome {
    Reason reason = Reason::missing_input;
    std::optional<T> value;
};

struct Budget {
    Steps optimizer;                          // constant batch: ceil(budget / T)
    std::optional<Steps> warmup;              // ceil(warmup / T)
    std::optional<std::uint64_t> warmup_with_ramp;  // the steps until warmup tokens are consumed, through the ramp
    std::optional<Steps> decay;               // ceil(decay / T)
    std::optional<std::uint64_t> decay_with_ramp;   // the steps until decay tokens are consumed, through the ramp
    std::optional<double> epochs;             // budget / dataset
    std::optional<double> seconds;            // budget / (throughput * GPUs)
    std::uint64_t gpus = 0;                   // d * TP * PP * CP
    std::optional<std::uint64_t> steps_with_ramp;  // ramp steps + ceil(rest / T)
};

struct Evaluation {
    std::array<FieldReading, field_specs.size()> fields;
    Product effective_batch = std::uint64_t{0};  // valid when the calculator's b, d, a are
    Product per_pass = std::uint64_t{0};         // b*d, valid when b and d are
    Product tokens_per_step = Overflow{};        // B*L, valid when B and L are
    Cluster cluster;
    Solve solve;
    Outcome<Budget> budget;
    Outcome<ScaledRates> learning_rate;
    Ramp ramp;
    AssumedCluster assumed;
    Outcome<Launch> launch;  // needs b, d, a, L, the degrees and B below 2^64
    // A token target near a power of two it is not: that power ("4M" is 4,000,000; published runs mean 2^22).
    std::optional<std::uint64_t> target_power;
    // d is the cluster's (DataParallelSource::cluster, and the GPUs divide): the d field reads it, whatever its text.
    bool data_parallel_from_cluster = false;
};

// The power of two nearest a token target (the lower one at equal distance),
// when the target is within 10% of it and not it; none below 2.
std::optional<std::uint64_t> power_of_two_near(std::uint64_t target);

// The tokens of `count` optimizer steps of B sequences of L tokens (a paste's
// iterations), or of `count` samples (B = 1): count·B·L, or Overflow.
Product run_tokens(std::uint64_t count, std::uint64_t sequences_each, std::uint64_t sequence_length);

// Where d comes from. typed: its field, always. cluster: GPUs / (TP*PP*CP) when
// the GPUs are typed and that divides, its field otherwise. A page whose reader
// has not set d asks for the cluster's, so one evaluation gives d, B, T and every
// plan made with them (the home page's run: the calculator and the planner).
enum class DataParallelSource : std::uint8_t { typed, cluster };

// The results the effective-batch calculator shows, from this evaluation (its result_keys, in that order):
// B when b, d and a are valid; T when L is too.
inline constexpr std::array<std::string_view, 2> result_keys{"effectiveBatch", "tokensPerStep"};
std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation);

// Every field as typed (d as `source` says); the target is read in the unit given (the unit field is read but not used).
Evaluation evaluate(const FieldTexts& texts, TargetUnit unit, NumberSyntax syntax,
                    DataParallelSource source = DataParallelSource::typed);
// Every field as typed (d as `source` says); the target in the unit field's unit (sequences when it is not valid).
Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax, DataParallelSource source = DataParallelSource::typed);

}  // namespace batch_planner::planner
