// libFuzzer target. Invariants:
//  - no crash, no sanitizer report;
//  - every accepted value survives formatting and parsing again, grouped in
//    either syntax and as plain digits;
//  - "unfinished" is only ever said of text that a few more digits make valid;
//  - a result is present exactly when the fields it depends on are valid;
//  - a product is reported as overflow exactly when the true product, computed
//    in 128 bits, exceeds 2^64 - 1, and otherwise equals it;
//  - planner: a solved a gives b*d*a = target exactly, and the nearest batches
//    bracket it; steps*T >= budget > (steps - 1)*T; d*TP*PP*CP = world when it
//    divides, and the nearest sizes bracket it otherwise; ramp stages rise,
//    each a multiple of b*d, and the rows add up to the totals; a small ramp
//    equals Megatron's own step-by-step loop;
//  - memory: activations grow with the micro-batch and not with accumulation,
//    a higher ZeRO stage never holds more, and the largest micro-batch that
//    fits does fit while one more does not;
//  - scaling: efficiency is at most 1, the all-reduce takes no time at n = 1,
//    strong scaling is refused exactly when n does not divide a, and the
//    curve's last point is the result at n;
//  - model: a config read gives total >= active, total = active for a dense
//    model, parts that add up to the total, and at most 10^15 parameters;
//  - compute: 6ND is exactly 6·N·D, and no decimal result is infinite;
//  - configuration: every layout the search returns keeps the frameworks' rules,
//    multiplies out to the GPUs and the batch, fits, comes fastest first with
//    parts that add up to its step; none is returned when none fits.
#include <array>
#include <cstddef>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "effective_batch.hpp"
#include "dp_scaling.hpp"
#include "grad_memory.hpp"
#include "model_config.hpp"
#include "planner.hpp"
#include "optimal_batch.hpp"
#include "parallel_configuration.hpp"
#include "training_compute.hpp"

namespace {

using namespace batch_planner;
namespace eb = batch_planner::effective_batch;

void check(bool condition) {
    if (!condition) std::abort();
}

void check_round_trip(const FieldReading& field, CountLimits limits) {
    if (!field.ok()) return;
    const std::uint64_t value = *field.count;
    check(value >= limits.minimum && value <= limits.maximum);
    for (const NumberSyntax syntax : {NumberSyntax::pt_BR, NumberSyntax::en}) {
        check(parse_count(to_grouped(value, syntax), syntax, limits).value() == value);
        check(parse_count(to_decimal(value), syntax, limits).value() == value);
    }
}

// "2.04" + "8" is whole: unfinished grouping is always one to three digits
// away, typed after the number's last character (before trailing spaces).
void check_unfinished(std::string_view text, const FieldReading& field, NumberSyntax syntax, CountLimits limits) {
    if (field.status != FieldStatus::unfinished_grouping) return;
    const std::size_t end = text.find_last_of("0123456789.,") + 1;
    bool completes = false;
    for (const char* tail : {"0", "00", "000"}) {
        const std::string longer = std::string(text.substr(0, end)) + tail + std::string(text.substr(end));
        const FieldStatus status = parse_count(longer, syntax, limits).status();
        completes = completes || status == FieldStatus::ok || status == FieldStatus::above_maximum ||
                    status == FieldStatus::too_long || status == FieldStatus::below_minimum;
    }
    check(completes);
}

void check_product(const Product& product, unsigned __int128 exact) {
    const unsigned __int128 max = UINT64_MAX;
    check(overflowed(product) == (exact > max));
    if (!overflowed(product)) check(std::get<std::uint64_t>(product) == static_cast<std::uint64_t>(exact));
}

void check_compute(const eb::Inputs& inputs) {
    const eb::Results results = eb::compute(inputs);
    const unsigned __int128 batch = static_cast<unsigned __int128>(inputs.micro_batch) * inputs.data_parallel *
                                    inputs.accumulation_steps;
    check_product(results.effective_batch, batch);
    // batch < 2^96 and L < 2^32, so batch * L fits in 128 bits.
    check_product(results.tokens_per_step, batch * inputs.sequence_length);
}

std::uint32_t read_u32(const std::uint8_t* bytes) {
    std::uint32_t value = 0;
    std::memcpy(&value, bytes, sizeof value);
    return value;
}


namespace pl = batch_planner::planner;

// Up to N fields separated by '|', as a person or a URL would give them; the
// last ones stay empty when the text runs out.
template <typename Texts>
Texts split_fields(std::string_view text) {
    Texts fields{};
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::size_t bar = text.find('|');
        fields[i] = text.substr(0, bar);
        text = bar == std::string_view::npos ? std::string_view() : text.substr(bar + 1);
    }
    return fields;
}
using u128 = unsigned __int128;

void check_cluster(std::uint64_t world, std::uint64_t tp, std::uint64_t pp, std::uint64_t cp) {
    const pl::Cluster cluster = pl::plan_cluster(world, tp, pp, cp);
    const u128 model = static_cast<u128>(tp) * pp * cp;
    check(cluster.model_parallel == model);
    if (cluster.data_parallel) {
        check(static_cast<u128>(*cluster.data_parallel) * model == world);
        return;
    }
    check(world % model != 0);
    if (cluster.world_below) check(*cluster.world_below < world && *cluster.world_below % model == 0);
    if (cluster.world_above) check(*cluster.world_above > world && *cluster.world_above % model == 0 && *cluster.world_above - world < model);
}

void check_solve(std::uint64_t target, pl::TargetUnit unit, std::uint64_t b, std::uint64_t d, std::uint64_t a, std::uint64_t length) {
    const pl::Solve solve = pl::solve_target(target, unit, b, d, a, length);
    const u128 step = static_cast<u128>(b) * d * (unit == pl::TargetUnit::tokens ? length : 1);
    if (solve.accumulation_steps) check(step * *solve.accumulation_steps == target);
    if (solve.below) check(solve.below->batch < target && step * solve.below->accumulation_steps == solve.below->batch);
    if (solve.above) check(solve.above->batch > target && step * solve.above->accumulation_steps == solve.above->batch);
    if (solve.below && solve.above) check(solve.above->accumulation_steps == solve.below->accumulation_steps + 1);
    if (solve.data_parallel) check(static_cast<u128>(b) * a * *solve.data_parallel == solve.target_sequences);
    if (solve.micro_batch) check(static_cast<u128>(d) * a * *solve.micro_batch == solve.target_sequences);
    for (const pl::Achievable& exact : solve.exact_micro_batches) {
        check(solve.target_sequences % (static_cast<u128>(exact.batch) * d) == 0);
        check(static_cast<u128>(exact.batch) * exact.accumulation_steps * d == solve.target_sequences);
    }
}

void check_steps(std::uint64_t tokens, std::uint64_t per_step) {
    const pl::Steps steps = pl::steps_for(tokens, Product{per_step});
    check(static_cast<u128>(steps.steps) * per_step >= tokens);
    if (steps.steps > 0) check(static_cast<u128>(steps.steps - 1) * per_step < tokens);
    if (tokens > 0) check(steps.last_step_tokens >= 1 && steps.last_step_tokens <= per_step);
}

void check_ramp(std::uint64_t start, std::uint64_t increment, std::uint64_t samples, std::uint64_t final_batch, std::uint64_t per_pass) {
    const pl::Ramp ramp = pl::plan_ramp(start, increment, samples, final_batch, per_pass, 1, 1);
    if (ramp.reason != pl::Reason::none) {
        check(ramp.stages.empty());
        return;
    }
    u128 consumed = 0;
    std::uint64_t steps = 0;
    for (std::size_t i = 0; i < ramp.stages.size(); ++i) {
        const pl::RampStage& stage = ramp.stages[i];
        check(stage.batch < final_batch && stage.batch % per_pass == 0 && stage.microbatches * per_pass == stage.batch);
        if (i > 0) check(stage.batch > ramp.stages[i - 1].batch);
        check(stage.first_sample == consumed && stage.steps >= 1);
        consumed += static_cast<u128>(stage.steps) * stage.batch;
        steps += stage.steps;
    }
    check(consumed == ramp.samples && steps == ramp.steps);
    // Megatron's loop, one optimizer step at a time, when it is short enough.
    if (samples <= 200'000) {
        const double per_increment = static_cast<double>(samples) / static_cast<double>((final_batch - start) / increment);
        std::uint64_t at = 0;
        std::uint64_t literal_steps = 0;
        while (true) {
            const std::uint64_t batch = at > samples ? final_batch
                : start + static_cast<std::uint64_t>(static_cast<double>(at) / per_increment) * increment;
            if (batch >= final_batch) break;
            at += batch;
            ++literal_steps;
        }
        check(literal_steps == ramp.steps && at == ramp.samples);
    }
}

void check_planner_texts(std::string_view text) {
    const auto fields = split_fields<pl::FieldTexts>(text);
    for (const NumberSyntax syntax : {NumberSyntax::pt_BR, NumberSyntax::en}) {
        for (const pl::TargetUnit unit : {pl::TargetUnit::sequences, pl::TargetUnit::tokens}) {
            const pl::Evaluation evaluation = pl::evaluate(fields, unit, syntax);
            for (std::size_t i = 0; i < fields.size(); ++i) {
                const FieldReading& field = evaluation.fields[i];
                check(field.ok() == (field.count.has_value() || field.decimal.has_value()));
                check(field.readings.has_value() == (field.status == FieldStatus::ambiguous_suffix));
                if (field.decimal) check(*field.decimal >= pl::field_specs[i].decimals.minimum && *field.decimal <= pl::field_specs[i].decimals.maximum);
                if (field.count) {
                    check(*field.count >= pl::field_specs[i].limits.minimum && *field.count <= pl::field_specs[i].limits.maximum);
                    check(parse_count(to_decimal(*field.count), syntax, pl::field_specs[i].limits).value() == field.count);
                }
            }
            if (evaluation.budget.value) check(evaluation.budget.value->optimizer.steps >= 1);
            // A decay no longer than the budget ends by the budget's last step.
            if (evaluation.budget.value && evaluation.budget.value->decay &&
                *evaluation.fields[pl::decay].count <= *evaluation.fields[pl::tokens].count) {
                check(evaluation.budget.value->decay->steps <= evaluation.budget.value->optimizer.steps);
            }
            if (evaluation.solve.accumulation_steps) {
                const u128 batch = static_cast<u128>(*evaluation.fields[pl::micro_batch].count) *
                                   *evaluation.fields[pl::data_parallel].count * *evaluation.solve.accumulation_steps;
                check(batch == evaluation.solve.target_sequences);
            }
        }
    }
}


namespace gm = batch_planner::grad_memory;
namespace mm = batch_planner::memory_model;

void check_memory(std::uint32_t w0, std::uint32_t w1, std::uint32_t w2, std::uint32_t w3) {
    const auto at_least_one = [](std::uint64_t value) { return value == 0 ? 1 : value; };
    const mm::ActivationShape shape{at_least_one(w0 & 0x7F), at_least_one((w0 >> 7) & 0x3FFF), at_least_one((w1 & 0x7F)),
                          at_least_one((w1 >> 7) & 0x3FFF), at_least_one((w2 & 0xF)), (w2 >> 4 & 1) != 0,
                          static_cast<mm::Recompute>((w2 >> 5) % 3)};
    const std::uint64_t micro = at_least_one(w3 & 0xFF);
    const Product one = mm::activation_bytes(shape, micro);
    const Product more = mm::activation_bytes(shape, micro + 1);
    if (!overflowed(one) && !overflowed(more)) check(std::get<std::uint64_t>(more) > std::get<std::uint64_t>(one));
    // Accumulation is not an input of the activations at all; through evaluate(), changing it leaves them be.
    const std::uint64_t parameters = at_least_one(static_cast<std::uint64_t>(w3) * 1'000);
    const std::uint64_t d = at_least_one(w2 >> 16);
    for (unsigned stage = 0; stage < 3; ++stage) {
        const Product lower = mm::model_states(parameters, shape.tensor_parallel, d, stage).total;
        const Product higher = mm::model_states(parameters, shape.tensor_parallel, d, stage + 1).total;
        check(std::get<std::uint64_t>(higher) <= std::get<std::uint64_t>(lower));
    }
}

void check_memory_texts(std::string_view text) {
    const auto fields = split_fields<gm::FieldTexts>(text);
    const gm::Evaluation evaluation = gm::evaluate(fields, NumberSyntax::en);
    // The same texts with other accumulation steps: without a pipeline every memory
    // figure is unchanged; with one, the activations never shrink as a grows.
    gm::FieldTexts more = fields;
    more[gm::accumulation_steps] = "7";
    const gm::Evaluation other = gm::evaluate(more, NumberSyntax::en);
    const auto& stages = evaluation.fields[gm::pipeline_parallel];
    if (stages.ok() && *stages.count == 1 && evaluation.fields[gm::accumulation_steps].ok()) {
        for (std::size_t i = 0; i < evaluation.results.size(); ++i) {
            if (i != gm::batch && i != gm::accumulation_for_target) check(evaluation.results[i] == other.results[i]);
        }
    }
    const auto& steps = evaluation.fields[gm::accumulation_steps];
    if (steps.ok() && *steps.count <= 7 && evaluation.results[gm::activations] && other.results[gm::activations] &&
        !overflowed(*evaluation.results[gm::activations]) && !overflowed(*other.results[gm::activations])) {
        check(std::get<std::uint64_t>(*evaluation.results[gm::activations]) <= std::get<std::uint64_t>(*other.results[gm::activations]));
    }
    // The largest micro-batch comes with the states, the reserve and the device it was fitted in.
    if (evaluation.results[gm::max_micro_batch] && std::get<std::uint64_t>(*evaluation.results[gm::max_micro_batch]) > 0) {
        check(evaluation.results[gm::state_bytes].has_value() && evaluation.results[gm::device].has_value() && evaluation.results[gm::reserved].has_value());
    }
    // The states are their three parts; the busiest GPU never holds more than the model it counts.
    const auto exact = [](const std::optional<Product>& result) -> std::optional<std::uint64_t> {
        if (!result || overflowed(*result)) return std::nullopt;
        return std::get<std::uint64_t>(*result);
    };
    const auto& r = evaluation.results;
    // What the largest micro-batch keeps fits beside the states, what ZeRO-3 gathers and the reserve.
    if (exact(r[gm::max_activations]) && exact(r[gm::state_bytes]) && exact(r[gm::gathered_bytes]) && exact(r[gm::reserved]) && exact(r[gm::device])) {
        check(u128{*exact(r[gm::max_activations])} + *exact(r[gm::state_bytes]) + *exact(r[gm::gathered_bytes]) + *exact(r[gm::reserved]) <=
              *exact(r[gm::device]));
    }
    if (exact(r[gm::state_bytes]) && exact(r[gm::parameter_bytes]) && exact(r[gm::gradient_bytes]) && exact(r[gm::optimizer_bytes])) {
        check(*exact(r[gm::state_bytes]) == *exact(r[gm::parameter_bytes]) + *exact(r[gm::gradient_bytes]) + *exact(r[gm::optimizer_bytes]));
    }
    if (evaluation.fields[gm::parameters].status == FieldStatus::empty && exact(r[gm::device_parameters]) && exact(r[gm::model_parameters])) {
        check(*exact(r[gm::device_parameters]) <= *exact(r[gm::model_parameters]));
    }
    // A 4-bit base never holds more than a 16-bit one, which never holds more than training everything.
    gm::FieldTexts tuned = fields;
    std::optional<std::uint64_t> previous;
    for (const char* mode : {"qlora", "lora"}) {
        tuned[gm::fine_tuning] = mode;
        const auto states = exact(gm::evaluate(tuned, NumberSyntax::en).results[gm::state_bytes]);
        if (previous && states) check(*previous <= *states);
        previous = states;
    }
}
}  // namespace

namespace ds = batch_planner::dp_scaling;

void check_scaling_texts(std::string_view text) {
    const auto fields = split_fields<ds::FieldTexts>(text);
    const ds::Evaluation evaluation = ds::evaluate(fields, NumberSyntax::en);
    const auto& results = evaluation.results;
    if (const auto* efficiency = std::get_if<double>(&results[ds::scaling_efficiency])) {
        check(*efficiency > 0 && *efficiency <= 1);
    }
    const auto& replicas = evaluation.fields[ds::data_parallel];
    if (const auto* allreduce = std::get_if<double>(&results[ds::allreduce_time])) {
        check(*allreduce >= 0 && (*allreduce == 0) == (*replicas.count == 1));
    }
    const auto& mode = evaluation.fields[ds::mode];
    if (!std::holds_alternative<std::monostate>(results[ds::accumulation_at_n])) {
        const bool refused = std::holds_alternative<NotDivisible>(results[ds::accumulation_at_n]);
        const std::uint64_t samples = *evaluation.fields[ds::accumulation_steps].count * *evaluation.fields[ds::micro_batch].count;
        check(refused == (*mode.count == 1 && samples % *replicas.count != 0));
        if (!refused) {
            // Strong scaling shares b·a exactly; the micro-batch never grows.
            const std::uint64_t b = std::get<std::uint64_t>(std::get<Product>(results[ds::micro_batch_at_n]));
            const std::uint64_t a = std::get<std::uint64_t>(std::get<Product>(results[ds::accumulation_at_n]));
            check(b <= *evaluation.fields[ds::micro_batch].count);
            if (*mode.count == 1) check(b * a * *replicas.count == samples);
        }
    }
    for (const Figure& figure : results) {
        if (const auto* value = std::get_if<double>(&figure)) check(std::isfinite(*value));
    }
    for (const ds::Point& point : evaluation.curve) {
        check(!point.split || (point.efficiency > 0 && point.efficiency <= 1));
        check((point.allreduce_seconds == 0) == (point.replicas == 1));
        check(std::isfinite(point.step_seconds) && std::isfinite(point.tokens_per_second));
    }
    if (!evaluation.curve.empty()) {
        check(evaluation.curve.back().replicas == *replicas.count);
        if (const auto* step = std::get_if<double>(&results[ds::step_time])) check(evaluation.curve.back().step_seconds == *step);
    }
}

void check_scaling(std::uint32_t w0, std::uint32_t w1, std::uint32_t w2, std::uint32_t w3) {
    // Efficiency falls (or stays) as replicas are added within one link, and is at most 1.
    const ds::Cluster cluster{static_cast<double>(w0) * 1e3, 1e-3 + static_cast<double>(w1 & 0xFFFF) / 100, 1u + (w1 >> 24),
                              1e6 + static_cast<double>(w2), 1e6 + static_cast<double>(w3), static_cast<double>(w2 % 101) / 100,
                              ds::Mode::weak, 1u + (w3 & 0xFF), 1u + ((w3 >> 8) & 0xFF), 1u + (w3 >> 16)};
    double last = 1;
    bool last_across = false;
    for (const std::uint64_t n : ds::curve_replicas(1u + (w0 & 0xFFFFF), cluster.gpus_per_node)) {
        const ds::Point point = ds::point_at(cluster, n);
        check(point.efficiency > 0 && point.efficiency <= 1);
        if (point.across_nodes == last_across) check(point.efficiency <= last * (1 + 1e-12));
        last = point.efficiency;
        last_across = point.across_nodes;
    }
}

namespace {

// Each calculator's checks, on one input: as text (fields separated by '|',
// as a person or a URL would give them), and, from 16 bytes on, as raw 32-bit
// words that reach every overflow boundary quickly.
using RawWords = std::array<std::uint32_t, 4>;

void fuzz_effective_batch(std::string_view text, const std::optional<RawWords>& words) {
    eb::FieldTexts fields;
    std::string_view rest = text;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::size_t bar = (i + 1 == fields.size()) ? std::string_view::npos : rest.find('|');
        fields[i] = rest.substr(0, bar);
        rest = (bar == std::string_view::npos) ? std::string_view() : rest.substr(bar + 1);
    }
    for (const NumberSyntax syntax : {NumberSyntax::pt_BR, NumberSyntax::en}) {
        const eb::Evaluation evaluation = eb::evaluate(fields, syntax);
        for (std::size_t i = 0; i < fields.size(); ++i) {
            check_round_trip(evaluation.fields[i], eb::field_specs[i].limits);
            check_unfinished(fields[i], evaluation.fields[i], syntax, eb::field_specs[i].limits);
        }
        const auto& [micro, data_parallel, accumulation, sequence] = evaluation.fields;
        const bool batch_inputs_ok = micro.ok() && data_parallel.ok() && accumulation.ok();
        check(evaluation.effective_batch.has_value() == batch_inputs_ok);
        check(evaluation.tokens_per_step.has_value() == (batch_inputs_ok && sequence.ok()));
        if (evaluation.tokens_per_step) {
            check_compute({*micro.count, *data_parallel.count, *accumulation.count, *sequence.count});
        }
    }
    if (words) check_compute({(*words)[0], (*words)[1], (*words)[2], (*words)[3]});
}

void fuzz_planner(std::string_view text, const std::optional<RawWords>& words) {
    check_planner_texts(text);
    if (!words) return;
    const auto [w0, w1, w2, w3] = *words;
    const auto at_least_one = [](std::uint64_t value) { return value == 0 ? 1 : value; };
    check_cluster(w0, at_least_one(w1 & 0xFFFFF), at_least_one(w2 & 0xFFFFF), at_least_one(w3 & 0xFFFFF));
    check_solve(at_least_one((static_cast<std::uint64_t>(w0) << 32 | w1) % 1'000'000'000'000'000'001ULL),
                (w3 & 1) ? pl::TargetUnit::tokens : pl::TargetUnit::sequences, at_least_one(w2 & 0xFFFF),
                at_least_one(w2 >> 16), at_least_one(w3 >> 16), at_least_one(w3 & 0xFFFE));
    check_steps((static_cast<std::uint64_t>(w0) << 32 | w1) % 1'000'000'000'000'000'001ULL, at_least_one(static_cast<std::uint64_t>(w2) * at_least_one(w3)));
    // Ramps: small per-pass sizes and increments, so stages stay countable.
    const std::uint64_t per_pass = at_least_one(w0 & 0x3F);
    const std::uint64_t increment = per_pass * at_least_one((w0 >> 8) & 0x3F);
    const std::uint64_t start = per_pass * at_least_one((w1 & 0xFFF));
    const std::uint64_t final_batch = start + increment * ((w1 >> 12) & 0x7FF);
    check_ramp(start, increment, at_least_one(w2 % (w3 & 1 ? 200'000 : 100'000'000'000ULL)), final_batch, per_pass);
}

void fuzz_grad_memory(std::string_view text, const std::optional<RawWords>& words) {
    check_memory_texts(text);
    if (words) check_memory((*words)[0], (*words)[1], (*words)[2], (*words)[3]);
}

void fuzz_dp_scaling(std::string_view text, const std::optional<RawWords>& words) {
    check_scaling_texts(text);
    if (words) check_scaling((*words)[0], (*words)[1], (*words)[2], (*words)[3]);
}

namespace mc = batch_planner::model_config;
namespace tc = batch_planner::training_compute;

void check_model(const std::vector<mc::Entry>& entries) {
    const mc::Reading reading = mc::read(entries);
    if (!reading.ok()) return;
    const mc::Counts& counts = reading.counts;
    check(counts.active <= counts.total && counts.total <= mc::max_parameters);
    check(counts.embeddings + counts.attention + counts.mlp + counts.experts + counts.router + counts.norms + counts.head == counts.total);
    if (reading.shape.experts == 0) check(counts.active == counts.total);
}

// Text as config members "key=value|key=value": digits (or a sign) a number, true/false a boolean.
std::vector<mc::Entry> members_of(std::string_view text) {
    std::vector<mc::Entry> entries;
    while (!text.empty() && entries.size() < 64) {
        const std::size_t bar = text.find('|');
        const std::string_view member = text.substr(0, bar);
        text = bar == std::string_view::npos ? std::string_view() : text.substr(bar + 1);
        const std::size_t equals = member.find('=');
        if (equals == std::string_view::npos) continue;
        const std::string value(member.substr(equals + 1));
        const bool number = !value.empty() && ((value[0] >= '0' && value[0] <= '9') || value[0] == '-');
        entries.push_back({std::string(member.substr(0, equals)),
                           value == "true" || value == "false" ? mc::ValueKind::boolean : number ? mc::ValueKind::number : mc::ValueKind::string,
                           value});
    }
    return entries;
}

void fuzz_training_compute(std::string_view text, const std::optional<RawWords>& words) {
    const auto fields = split_fields<tc::FieldTexts>(text);
    const tc::Evaluation evaluation = tc::evaluate(fields, NumberSyntax::en);
    for (const Figure& figure : evaluation.results) {
        if (const auto* value = std::get_if<double>(&figure)) check(std::isfinite(*value) && *value >= 0);
    }
    if (const auto* flops = std::get_if<Wide>(&evaluation.results[tc::training_flops_6nd])) {
        const auto& f = evaluation.fields;
        const std::uint64_t n = f[tc::active_parameters].ok() ? *f[tc::active_parameters].count : *f[tc::parameters].count;
        check(flops->value == 6 * u128{n} * *f[tc::tokens].count);
    }
    check_model(members_of(text));
    if (!words) return;
    // Every family on sizes from the words, so the counting paths are reached, not only the refusals.
    const auto [w0, w1, w2, w3] = *words;
    const auto number = [](std::uint64_t value) { return mc::Entry{"", mc::ValueKind::number, std::to_string(value)}; };
    for (const std::string_view family : mc::families()) {
        std::vector<mc::Entry> entries{{"model_type", mc::ValueKind::string, std::string(family)}};
        const std::uint64_t heads = 1 + (w0 & 0x3F), kv = 1 + ((w0 >> 6) & 0x3F), hidden = heads * (1 + ((w0 >> 12) & 0x3FF));
        const std::uint64_t layers = 1 + (w1 & 0xFF), vocab = 1 + (w1 >> 8), ffn = 1 + (w2 & 0xFFFFF);
        const std::uint64_t experts = 1 + (w3 & 0xFF), per_token = 1 + ((w3 >> 8) & 0xFF);
        for (const auto& [key, value] : std::vector<std::pair<const char*, std::uint64_t>>{
                 {"hidden_size", hidden}, {"n_embd", hidden}, {"num_hidden_layers", layers}, {"n_layer", layers},
                 {"num_attention_heads", heads}, {"n_head", heads}, {"num_key_value_heads", kv}, {"vocab_size", vocab},
                 {"intermediate_size", ffn}, {"moe_intermediate_size", 1 + (w2 >> 20)}, {"n_positions", 1 + (w2 >> 12)},
                 {"num_local_experts", experts}, {"n_routed_experts", experts}, {"num_experts_per_tok", per_token},
                 {"n_shared_experts", w3 >> 30}, {"first_k_dense_replace", (w3 >> 16) & 0xF}, {"q_lora_rank", 1 + (w3 >> 20)},
                 {"kv_lora_rank", 1 + (w2 >> 22)}, {"qk_nope_head_dim", 1 + (w0 >> 22)}, {"qk_rope_head_dim", 1 + (w1 >> 26)},
                 {"v_head_dim", 1 + (w2 >> 26)}}) {
            mc::Entry entry = number(value);
            entry.key = key;
            entries.push_back(entry);
        }
        check_model(entries);
    }
}

namespace ob = batch_planner::optimal_batch;

// The laws' figures are finite and positive, M is the paper's formula exactly,
// and the recommendation is whole sequences; McCandlish et al.'s two multiples
// always satisfy (S/S_min - 1)(E/E_min - 1) = 1, up to rounding.
void fuzz_optimal_batch(std::string_view text, const std::optional<RawWords>& words) {
    const auto fields = split_fields<ob::FieldTexts>(text);
    const ob::Evaluation evaluation = ob::evaluate(fields, NumberSyntax::en);
    for (std::size_t index = 0; index < evaluation.results.size(); ++index) {
        const auto* value = std::get_if<double>(&evaluation.results[index]);
        // The split batch's shift is a signed percentage; every other decimal is a size or a rate.
        if (value) check(std::isfinite(*value) && (index == ob::split_shift ? *value > -100 : *value >= 0));
    }
    const auto& f = evaluation.fields;
    if (f[ob::layers].ok() && f[ob::hidden_size].ok() && f[ob::sequence_length].ok()) {
        const u128 layers = *f[ob::layers].count, width = *f[ob::hidden_size].count, sequence = *f[ob::sequence_length].count;
        // With a mixture of experts' active parameters, 6 N_active replaces 72 n_layer d^2.
        const u128 m = (f[ob::active_non_embedding_parameters].ok() ? 6 * u128{*f[ob::active_non_embedding_parameters].count} : 72 * layers * width * width) +
                       12 * layers * width * sequence;
        const Figure& shown = evaluation.results[ob::deepseek_flops_per_token];
        if (const auto* wide = std::get_if<Wide>(&shown)) check(wide->value == m);
        if (const auto* exact = std::get_if<Product>(&shown)) check(std::get<std::uint64_t>(*exact) == m);
    }
    if (const auto* tokens = std::get_if<Product>(&evaluation.results[ob::recommended_batch_tokens])) {
        if (const auto* count = std::get_if<std::uint64_t>(tokens)) check(*count >= *f[ob::sequence_length].count && *count % *f[ob::sequence_length].count == 0);
    }
    // The batch that splits is a whole number of d·b, at least one of it.
    if (const auto* split = std::get_if<Product>(&evaluation.results[ob::split_sequences])) {
        const u128 multiple = u128{*f[ob::gpus].count} * (f[ob::micro_batch].ok() ? *f[ob::micro_batch].count : 1);
        if (const auto* count = std::get_if<std::uint64_t>(split)) check(*count >= multiple && *count % multiple == 0);
    }
    if (!words) return;
    const double batch = 1 + static_cast<double>((*words)[0]), noise = 1 + static_cast<double>((*words)[1]);
    const ob::NoisePoint point = ob::noise_point(batch, noise);
    const double steps = point.steps_multiple - 1, data = point.tokens_multiple - 1;
    check(steps > 0 && data > 0);
    // Each excess carries the rounding of its multiple (about 2^-52 of it), relative to the excess itself.
    check(std::fabs(steps * data - 1) <= 1e-15 * (point.steps_multiple / steps + point.tokens_multiple / data));
    if (batch == noise) check(point.steps_multiple == 2 && point.tokens_multiple == 2);
}

namespace ls = batch_planner::layout_search;

// A small model and cluster drawn from the words, so that each search stays quick.
void fuzz_parallel_configuration(std::string_view text, const std::optional<RawWords>& words) {
    const auto fields = split_fields<batch_planner::parallel_configuration::FieldTexts>(text);
    const auto evaluation = batch_planner::parallel_configuration::evaluate(fields, NumberSyntax::en);
    for (const Figure& figure : evaluation.results) {
        if (const auto* value = std::get_if<double>(&figure)) check(std::isfinite(*value) && *value >= 0);
    }
    if (!words) return;
    const auto bits = [&](std::size_t word, unsigned shift, unsigned width) { return ((*words)[word] >> shift) & ((1U << width) - 1); };
    const std::uint64_t kv = 1 + bits(0, 0, 3), groups = 1 + bits(0, 3, 3), head_dim = std::uint64_t{8} << bits(0, 6, 3);
    const std::uint64_t heads = kv * groups, hidden = heads * head_dim;
    const std::uint64_t layers = 1 + bits(0, 9, 5), ffn = hidden * (1 + bits(0, 14, 3));
    const bool moe = bits(0, 17, 1) != 0;
    const std::uint64_t experts = moe ? 1 + bits(0, 18, 3) : 0;
    const batch_planner::model_shape::Shape model{layers, hidden, heads, kv, head_dim, ffn, bits(0, 21, 1) != 0, bits(0, 22, 1) != 0, 128 * (1 + bits(0, 23, 6)),
                          bits(0, 29, 1) != 0, experts, moe ? 1 + bits(1, 0, 3) % experts : 0, moe ? ffn : 0, 0};
    const ls::Run run{64ULL << bits(1, 3, 3), bits(1, 6, 1) != 0 ? step_time::Attention::flash : step_time::Attention::eager, step_time::Precision::bf16,
                      bits(1, 7, 1) != 0 ? GradientPrecision::fp32 : GradientPrecision::bf16};
    const step_time::Device device{312e12, 0, 2e12, 250e9, 1ULL << bits(1, 8, 3), 200e9};
    const std::uint64_t gpus = 1 + bits(1, 11, 5), batch = 1 + bits(1, 16, 8);
    const u128 usable = u128{1 + bits(2, 0, 20)} << bits(2, 20, 5);
    const ls::Answer answer = ls::search(ls::Question{model, run, gpus, batch, device, usable, {}});
    check(answer.fitting <= answer.considered && answer.fastest.size() <= ls::kept_choices);
    check(answer.fastest.empty() == (answer.fitting == 0));
    for (std::size_t i = 0; i < answer.fastest.size(); ++i) {
        const ls::Choice& choice = answer.fastest[i];
        const ls::Layout& l = choice.layout;
        check(ls::allowed(model, run, gpus, batch, l));
        check(u128{l.tensor} * l.pipeline * l.context * l.data == gpus && u128{l.micro_batch} * l.data * l.accumulation == batch);
        check(choice.memory <= usable && choice.memory == ls::busiest_gpu_bytes(model, run, l));
        if (i > 0) check(answer.fastest[i - 1].parts.total <= choice.parts.total);
        const auto& p = choice.parts;
        const double sum = p.compute + p.memory_bound + p.tensor_parallel + p.context_parallel + p.expert_parallel + p.pipeline_send +
                           p.pipeline_bubble + p.data_parallel + p.zero3_gather + p.straggler + p.optimizer;
        check(std::isfinite(p.total) && p.total > 0 && std::fabs(sum - p.total) <= 1e-9 * p.total);
    }
    if (answer.smallest) check(answer.fitting == 0 && answer.smallest->memory > usable);
}

// Every calculator (each cpp/wasm/<name>_bindings.cpp) and its checks: the one table.
struct Target {
    std::string_view calculator;
    void (*run)(std::string_view, const std::optional<RawWords>&);
};
constexpr std::array<Target, 7> targets{{
    {"effective_batch", fuzz_effective_batch},
    {"planner", fuzz_planner},
    {"grad_memory", fuzz_grad_memory},
    {"dp_scaling", fuzz_dp_scaling},
    {"training_compute", fuzz_training_compute},
    {"optimal_batch", fuzz_optimal_batch},
    {"parallel_configuration", fuzz_parallel_configuration},
}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::optional<RawWords> words;
    if (size >= 16) words = RawWords{read_u32(data), read_u32(data + 4), read_u32(data + 8), read_u32(data + 12)};
    for (const Target& target : targets) target.run(text, words);
    return 0;
}
