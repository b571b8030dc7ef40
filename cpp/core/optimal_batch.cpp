#include "optimal_batch.hpp"

#include <algorithm>
#include <cmath>

#include "dp_scaling.hpp"

namespace batch_planner::optimal_batch {

u128 flops_per_token_of(std::uint64_t layers, std::uint64_t hidden, std::uint64_t sequence_length) {
    const u128 per_layer_width = u128{layers} * hidden;
    return 72 * per_layer_width * hidden + 12 * per_layer_width * sequence_length;
}

u128 flops_per_token_of_active(u128 active_parameters, std::uint64_t layers, std::uint64_t hidden, std::uint64_t sequence_length) {
    return 6 * active_parameters + 12 * u128{layers} * hidden * sequence_length;  // below 2^66
}

bool steplaw_inside(u128 parameters, std::uint64_t tokens) {
    return parameters >= steplaw_min_parameters && parameters <= steplaw_max_parameters && tokens >= steplaw_min_tokens &&
           tokens <= steplaw_max_tokens && u128{tokens} * steplaw_ratio_parameters >= parameters * steplaw_ratio_tokens;
}

std::optional<std::uint64_t> nearest_multiple(std::uint64_t sequences, u128 multiple) {
    u128 times = (u128{sequences} + multiple / 2) / multiple;  // halves up
    if (times == 0) times = 1;
    return fits(times * multiple);  // multiple below 2^56
}

double deepseek_fit_batch(double compute) { return 0.2920 * std::pow(compute, 0.3271); }
double deepseek_fit_rate(double compute) { return 0.3118 * std::pow(compute, -0.1250); }
double steplaw_fit_batch(double tokens) { return 0.58 * std::pow(tokens, 0.571); }
double steplaw_fit_rate(double parameters, double tokens) {
    return 1.79 * std::pow(parameters, -0.713) * std::pow(tokens, 0.307);
}

std::uint64_t nearest_sequences(double tokens, std::uint64_t sequence_length) {
    const double sequences = std::floor(tokens / static_cast<double>(sequence_length) + 0.5);
    return sequences < 1 ? 1 : static_cast<std::uint64_t>(sequences);
}

double floor_tokens_of(std::uint64_t replicas, std::uint64_t gradient_bytes, double peak_flops,
                                double utilization, double bus_bandwidth) {
    if (replicas <= 1) return 0;
    const double d = static_cast<double>(replicas);
    return (d - 1) * static_cast<double>(gradient_bytes) * peak_flops * utilization / (2 * d * bus_bandwidth);
}

NoisePoint noise_point(double batch_tokens, double noise_scale) {
    return {batch_tokens, 1 + noise_scale / batch_tokens, 1 + batch_tokens / noise_scale};
}

namespace {

constexpr double bytes_per_gigabyte = 1e9;
constexpr double flops_per_teraflop = 1e12;

// Whole sequences of length L (times replicas) as an exact count of tokens.
Figure tokens_of(std::uint64_t sequences, std::uint64_t sequence_length, std::uint64_t replicas = 1) {
    return exact_figure(times(times(u128{sequences}, sequence_length), replicas));
}

// The optimizer steps a budget of D tokens takes at B sequences of L tokens: ceil(D / (B·L)).
// Two 64-bit counts multiply exactly in 128 bits, and the quotient is at most D.
Figure steps_of(std::uint64_t budget, std::uint64_t sequences, std::uint64_t sequence_length) {
    return ceil_div(u128{budget}, u128{sequences} * sequence_length);
}

}  // namespace

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    Evaluation evaluation;
    evaluation.fields = read_fields<field_specs>(texts, syntax);
    dp_scaling::drop_unread_nics(evaluation.fields[inter_bandwidth], evaluation.fields[nics_per_node], evaluation.fields[nic_rate]);
    const auto& fields = evaluation.fields;
    const auto ok = [&](std::initializer_list<std::size_t> needed) { return all_ok(fields, needed); };
    const auto count = [&](Field field) { return *fields[field].count; };
    const auto decimal = [&](Field field) { return *fields[field].decimal; };
    auto& results = evaluation.results;

    // DeepSeek LLM: M (from the active parameters when given), C, and the two fits of C.
    std::optional<double> deepseek_batch, deepseek_rate;
    const bool active_usable = fields[active_non_embedding_parameters].ok() || fields[active_non_embedding_parameters].status == FieldStatus::empty;
    if (ok({layers, hidden_size, sequence_length}) && active_usable) {
        evaluation.active_counted = fields[active_non_embedding_parameters].ok();
        const u128 per_token = evaluation.active_counted
                                   ? flops_per_token_of_active(count(active_non_embedding_parameters), count(layers), count(hidden_size), count(sequence_length))
                                   : flops_per_token_of(count(layers), count(hidden_size), count(sequence_length));
        results[deepseek_flops_per_token] = exact_figure(per_token);
        if (ok({tokens})) {
            const std::optional<u128> compute = times(per_token, count(tokens));
            results[deepseek_compute] = exact_figure(compute);
            if (compute) {
                const double c = static_cast<double>(*compute);
                deepseek_batch = deepseek_fit_batch(c);
                deepseek_rate = deepseek_fit_rate(c);
                results[deepseek_batch_tokens] = finite(*deepseek_batch);
                results[deepseek_learning_rate] = finite(*deepseek_rate);
                evaluation.deepseek_extrapolated = c < deepseek_min_compute || c > deepseek_max_compute;
            }
        }
    }

    // Step Law: N typed, or 12 n_layer d^2 from the shape.
    std::optional<u128> n;
    if (fields[non_embedding_parameters].ok()) {
        n = count(non_embedding_parameters);
    } else if (fields[non_embedding_parameters].status == FieldStatus::empty && ok({layers, hidden_size})) {
        n = 12 * u128{count(layers)} * count(hidden_size) * count(hidden_size);
        evaluation.parameters_estimated = true;
    }
    if (n) results[steplaw_parameters] = exact_figure(*n);
    std::optional<double> steplaw_batch, steplaw_rate;
    if (ok({tokens})) {
        const double d = static_cast<double>(count(tokens));
        steplaw_batch = steplaw_fit_batch(d);
        results[steplaw_batch_tokens] = finite(*steplaw_batch);
        evaluation.steplaw_extrapolated = count(tokens) < steplaw_min_tokens || count(tokens) > steplaw_max_tokens;
        if (n) {
            steplaw_rate = steplaw_fit_rate(static_cast<double>(*n), d);
            results[steplaw_learning_rate] = finite(*steplaw_rate);
            evaluation.steplaw_extrapolated = !steplaw_inside(*n, count(tokens));
        }
    }

    // The recommendation: the chosen law's batch in whole sequences, and its rate.
    // Only while every field either law reads is valid (N may be left empty), so
    // switching the law never turns an unseen error into a figure.
    // The law chosen, unless it is extrapolated and the other, with both its
    // figures, lies inside its own range: then the other recommends.
    const bool recommendable = ok({layers, hidden_size, sequence_length, tokens, law}) && active_usable &&
                               (fields[non_embedding_parameters].ok() || fields[non_embedding_parameters].status == FieldStatus::empty);
    bool steplaw_chosen = recommendable && static_cast<Law>(count(law)) == Law::steplaw;
    if (recommendable) {
        const bool deepseek_inside = deepseek_batch && deepseek_rate && !evaluation.deepseek_extrapolated;
        const bool steplaw_fit_inside = steplaw_batch && steplaw_rate && !evaluation.steplaw_extrapolated;
        evaluation.law_switched = steplaw_chosen ? (!steplaw_fit_inside && deepseek_inside) : (!deepseek_inside && steplaw_fit_inside);
        if (evaluation.law_switched) steplaw_chosen = !steplaw_chosen;
        evaluation.recommended_law = steplaw_chosen ? Law::steplaw : Law::deepseek;
    }
    const std::optional<double> batch = !recommendable ? std::nullopt : steplaw_chosen ? steplaw_batch : deepseek_batch;
    const std::optional<double> rate = !recommendable ? std::nullopt : steplaw_chosen ? steplaw_rate : deepseek_rate;
    std::optional<double> recommended_tokens;
    if (batch && std::isfinite(*batch)) {  // recommendable: the sequence length is valid
        const std::uint64_t sequences = nearest_sequences(*batch, count(sequence_length));
        results[recommended_sequences] = Product{sequences};
        results[recommended_batch_tokens] = tokens_of(sequences, count(sequence_length));
        results[recommended_steps] = steps_of(count(tokens), sequences, count(sequence_length));
        recommended_tokens = static_cast<double>(sequences) * static_cast<double>(count(sequence_length));
    }
    if (rate) results[recommended_learning_rate] = finite(*rate);

    // The batch that splits over d = the GPUs (times b when given), and how far it moved, in percent.
    const auto* whole_sequences = std::get_if<Product>(&results[recommended_sequences]);
    if (whole_sequences && ok({gpus}) && (fields[micro_batch].ok() || fields[micro_batch].status == FieldStatus::empty)) {
        const std::uint64_t sequences = std::get<std::uint64_t>(*whole_sequences);
        const u128 multiple = u128{count(gpus)} * (fields[micro_batch].ok() ? count(micro_batch) : 1);
        results[split_multiple] = exact_figure(multiple);
        if (const std::optional<std::uint64_t> split = nearest_multiple(sequences, multiple)) {
            results[split_sequences] = Product{*split};
            results[split_batch_tokens] = tokens_of(*split, count(sequence_length));
            results[split_shift] = (static_cast<double>(*split) / static_cast<double>(sequences) - 1) * 100;
            results[split_steps] = steps_of(count(tokens), *split, count(sequence_length));
        }
    }

    // McCandlish et al.: the recommended batch against a measured noise scale, and the curve around B_noise.
    if (fields[noise_scale].ok()) {
        const double noise = static_cast<double>(count(noise_scale));
        if (recommended_tokens) {
            const NoisePoint at = noise_point(*recommended_tokens, noise);
            results[noise_steps] = finite(at.steps_multiple);
            results[noise_tokens] = finite(at.tokens_multiple);
        }
        for (int power = -4; power <= 4; ++power) evaluation.noise_curve.push_back(noise_point(std::ldexp(noise, power), noise));
    }

    // The cluster's floor: d = the GPUs, all data-parallel.
    if (!ok({gpus, gpus_per_node, peak_tflops, utilization, gradient_precision, intra_bandwidth, sequence_length})) return evaluation;
    const std::optional<double> bandwidth = count(gpus) <= count(gpus_per_node)
        ? std::optional<double>(decimal(intra_bandwidth))
        : dp_scaling::inter_node_bandwidth(fields[inter_bandwidth], fields[nics_per_node], fields[nic_rate], fields[intra_bandwidth]);
    if (!bandwidth) return evaluation;
    results[bus_bandwidth] = *bandwidth;
    const double floor_tokens = floor_tokens_of(count(gpus), bytes_per_gradient(static_cast<GradientPrecision>(count(gradient_precision))), decimal(peak_tflops) * flops_per_teraflop,
                                                         decimal(utilization) / 100, *bandwidth * bytes_per_gigabyte);
    results[floor_tokens_per_replica] = finite(floor_tokens);
    const double sequences = std::max(1.0, std::ceil(floor_tokens / static_cast<double>(count(sequence_length))));
    if (!std::isfinite(sequences) || sequences > 1.8e19) return evaluation;
    const auto whole = static_cast<std::uint64_t>(sequences);
    results[floor_sequences_per_replica] = Product{whole};
    results[floor_batch_tokens] = tokens_of(whole, count(sequence_length), count(gpus));
    if (recommended_tokens) {
        evaluation.below_floor = *recommended_tokens < static_cast<double>(whole) * static_cast<double>(count(sequence_length)) *
                                                           static_cast<double>(count(gpus));
    }
    return evaluation;
}

}  // namespace batch_planner::optimal_batch
