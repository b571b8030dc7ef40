#include "dp_scaling.hpp"

#include <algorithm>

namespace batch_planner::dp_scaling {

double ring_allreduce_seconds(double bytes, std::uint64_t replicas, double bandwidth) {
    if (replicas <= 1) return 0;
    const double n = static_cast<double>(replicas);
    return 2 * (n - 1) / n * bytes / bandwidth;
}

namespace {

// The accumulation steps each replica runs at n, or none when strong scaling does not divide.
std::optional<std::uint64_t> accumulation_at(const Cluster& cluster, std::uint64_t replicas) {
    if (cluster.mode == Mode::weak) return cluster.accumulation_steps;
    if (cluster.accumulation_steps % replicas != 0) return std::nullopt;
    return cluster.accumulation_steps / replicas;
}

}  // namespace

Point point_at(const Cluster& cluster, std::uint64_t replicas) {
    Point point{};
    point.replicas = replicas;
    point.across_nodes = replicas > cluster.gpus_per_node;
    point.allreduce_seconds = ring_allreduce_seconds(
        cluster.gradient_bytes, replicas, point.across_nodes ? cluster.inter_bandwidth : cluster.intra_bandwidth);
    point.accumulation_steps = accumulation_at(cluster, replicas);
    if (!point.accumulation_steps) return point;
    const double steps = static_cast<double>(*point.accumulation_steps);
    point.compute_seconds = cluster.compute_seconds * steps / static_cast<double>(cluster.accumulation_steps);
    point.step_seconds = point.compute_seconds + (1 - cluster.overlap) * point.allreduce_seconds;
    point.samples_per_second =
        static_cast<double>(cluster.micro_batch) * steps * static_cast<double>(replicas) / point.step_seconds;
    point.tokens_per_second = point.samples_per_second * static_cast<double>(cluster.sequence_length);
    point.efficiency = point.compute_seconds / point.step_seconds;
    return point;
}

std::vector<std::uint64_t> curve_replicas(std::uint64_t replicas, std::uint64_t gpus_per_node) {
    std::vector<std::uint64_t> points;
    for (std::uint64_t power = 1; power < replicas; power *= 2) points.push_back(power);
    if (gpus_per_node < replicas) points.push_back(gpus_per_node);
    points.push_back(replicas);
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    return points;
}

namespace {

FieldReading read_field(std::string_view text, const FieldSpec& spec, NumberSyntax syntax) {
    switch (spec.kind) {
        case FieldKind::decimal: return reading_of(parse_decimal(text, syntax, spec.maximum));
        case FieldKind::choice: return reading_of(parse_choice(text, spec.choices));
        case FieldKind::count: break;
    }
    return reading_of(parse_count(text, syntax, spec.limits, spec.form));
}

constexpr double bytes_per_gigabyte = 1e9;

}  // namespace

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    Evaluation evaluation;
    auto& fields = evaluation.fields;
    for (std::size_t i = 0; i < field_specs.size(); ++i) fields[i] = read_field(texts[i], field_specs[i], syntax);
    const auto ok = [&](std::initializer_list<Field> needed) {
        return std::all_of(needed.begin(), needed.end(), [&](Field field) { return fields[field].ok(); });
    };
    const auto count = [&](Field field) { return *fields[field].count; };
    const auto decimal = [&](Field field) { return *fields[field].decimal; };
    auto& results = evaluation.results;

    const bool batch_known = ok({micro_batch, accumulation_steps});
    const bool shape_known = batch_known && ok({replicas, mode});
    const Mode chosen_mode = fields[mode].ok() ? static_cast<Mode>(count(mode)) : Mode::weak;

    // The gradients every replica sends, exact (at most 10^15 * 16 bytes).
    std::optional<double> payload;
    if (ok({parameters, gradient_bytes})) {
        results[gradient_payload] = Product{count(parameters) * count(gradient_bytes)};
        payload = static_cast<double>(count(parameters) * count(gradient_bytes));
    }

    // One replica's compute per optimizer step: typed, or b*a*L tokens at the given rate.
    std::optional<double> compute_one;
    if (fields[compute_seconds].ok()) {
        compute_one = decimal(compute_seconds);
    } else if (fields[compute_seconds].status == FieldStatus::empty && fields[tokens_per_second].ok() && batch_known &&
               ok({sequence_length})) {
        compute_one = static_cast<double>(count(micro_batch)) * static_cast<double>(count(accumulation_steps)) *
                      static_cast<double>(count(sequence_length)) / decimal(tokens_per_second);
    }

    std::optional<std::uint64_t> accumulation;
    if (shape_known) {
        const std::uint64_t b = count(micro_batch);
        const std::uint64_t a = count(accumulation_steps);
        const std::uint64_t n = count(replicas);
        results[global_batch] = chosen_mode == Mode::weak ? checked_multiply(Product{b * a}, n) : Product{b * a};
        if (chosen_mode == Mode::weak) {
            accumulation = a;
        } else if (a % n == 0) {
            accumulation = a / n;
        }
        results[accumulation_at_n] = accumulation ? Figure{Product{*accumulation}} : Figure{NotDivisible{}};
    }

    // The bandwidth the ring runs at for n replicas: within one node, or across nodes.
    std::optional<double> bandwidth;
    const bool across_nodes = ok({replicas, gpus_per_node}) && count(replicas) > count(gpus_per_node);
    if (ok({replicas, gpus_per_node}) && fields[across_nodes ? inter_bandwidth : intra_bandwidth].ok()) {
        bandwidth = decimal(across_nodes ? inter_bandwidth : intra_bandwidth) * bytes_per_gigabyte;
        results[bus_bandwidth] = *bandwidth / bytes_per_gigabyte;
    }
    std::optional<double> allreduce;
    if (payload && bandwidth) {
        allreduce = ring_allreduce_seconds(*payload, count(replicas), *bandwidth);
        results[allreduce_time] = *allreduce;
    }

    if (!compute_one || !shape_known) return evaluation;
    if (!accumulation) {
        for (const Result refused : {compute_at_n, step_time, throughput_samples, throughput_tokens, scaling_efficiency}) {
            results[refused] = NotDivisible{};
        }
    } else {
        const double compute = *compute_one * static_cast<double>(*accumulation) / static_cast<double>(count(accumulation_steps));
        results[compute_at_n] = compute;
        if (allreduce && fields[overlap].ok()) {
            const double step = compute + (1 - static_cast<double>(count(overlap)) / 100) * *allreduce;
            const double samples = static_cast<double>(count(micro_batch)) * static_cast<double>(*accumulation) *
                                   static_cast<double>(count(replicas)) / step;
            results[step_time] = step;
            results[throughput_samples] = samples;
            if (fields[sequence_length].ok()) results[throughput_tokens] = samples * static_cast<double>(count(sequence_length));
            results[scaling_efficiency] = compute / step;
        }
    }

    // The curve needs every field of every point up to n.
    if (!payload || !ok({gpus_per_node, intra_bandwidth, overlap, sequence_length}) ||
        (across_nodes && !fields[inter_bandwidth].ok())) {
        return evaluation;
    }
    const Cluster cluster{*payload,
                          *compute_one,
                          count(gpus_per_node),
                          decimal(intra_bandwidth) * bytes_per_gigabyte,
                          across_nodes ? decimal(inter_bandwidth) * bytes_per_gigabyte : 0,
                          static_cast<double>(count(overlap)) / 100,
                          chosen_mode,
                          count(micro_batch),
                          count(accumulation_steps),
                          count(sequence_length)};
    for (const std::uint64_t n : curve_replicas(count(replicas), count(gpus_per_node))) {
        evaluation.curve.push_back(point_at(cluster, n));
    }
    return evaluation;
}

}  // namespace batch_planner::dp_scaling
