#include "dp_scaling.hpp"

#include "batch_arithmetic.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace batch_planner::dp_scaling {

double ring_allreduce_seconds(double bytes, std::uint64_t replicas, double bandwidth) {
    if (replicas <= 1) return 0;
    const double n = static_cast<double>(replicas);
    return 2 * (n - 1) / n * bytes / bandwidth;
}

double rail_bandwidth(std::uint64_t nics_per_node, double nic_gigabits, double intra_bandwidth) {
    return std::min(static_cast<double>(nics_per_node) * nic_gigabits / 8, intra_bandwidth);
}

void drop_unread_nics(const FieldReading& inter, FieldReading& nics, FieldReading& rate) {
    if (inter.status == FieldStatus::empty) return;
    for (FieldReading* field : {&nics, &rate}) {
        if (!field->ok() && field->status != FieldStatus::empty) *field = FieldReading{};
    }
}

std::optional<double> inter_node_bandwidth(const FieldReading& inter, const FieldReading& nics, const FieldReading& rate,
                                           const FieldReading& intra) {
    if (inter.ok()) return *inter.decimal;
    if (inter.status != FieldStatus::empty || !nics.ok() || !rate.ok() || !intra.ok()) return std::nullopt;
    return rail_bandwidth(*nics.count, *rate.decimal, *intra.decimal);
}

std::optional<Split> strong_split(std::uint64_t micro_batch, std::uint64_t accumulation_steps, std::uint64_t replicas) {
    if (accumulation_steps % replicas == 0) return Split{micro_batch, accumulation_steps / replicas};
    // b, a < 2^32, so b*a fits 64 bits.
    const std::uint64_t samples = micro_batch * accumulation_steps;
    if (samples % replicas != 0) return std::nullopt;
    const std::uint64_t each = samples / replicas;
    // The largest b' <= b dividing each replica's samples, looked for among the
    // 65,536 below min(b, each); every real micro-batch is in that range.
    // gcd(b, each) divides both, so it is a valid split past it.
    const std::uint64_t top = std::min(micro_batch, each);
    const std::uint64_t bottom = top > 65'536 ? top - 65'536 : 1;
    for (std::uint64_t candidate = top; candidate >= bottom; --candidate) {
        if (each % candidate == 0) return Split{candidate, each / candidate};
    }
    std::uint64_t x = micro_batch, y = each;
    while (y != 0) x = std::exchange(y, x % y);
    return Split{x, each / x};
}

namespace {

// What each replica runs at n: b and a themselves under weak scaling; under
// strong scaling b*a shared, or none when n does not divide it.
std::optional<Split> split_at(Mode mode, std::uint64_t micro_batch, std::uint64_t accumulation_steps, std::uint64_t replicas) {
    if (mode == Mode::weak) return Split{micro_batch, accumulation_steps};
    return strong_split(micro_batch, accumulation_steps, replicas);
}

// Samples per replica per step under a split.
double samples_of(const Split& split) {
    return static_cast<double>(split.micro_batch) * static_cast<double>(split.accumulation_steps);
}

// A replica's compute time under a split, from the time one replica takes for all b*a samples.
double compute_seconds_of(double compute_one, std::uint64_t micro_batch, std::uint64_t accumulation_steps, const Split& split) {
    return compute_one * samples_of(split) / (static_cast<double>(micro_batch) * static_cast<double>(accumulation_steps));
}

// Communication hides behind the computation, never beyond it.
double step_seconds_of(double compute, double allreduce, double overlap) {
    return std::max(compute + (1 - overlap) * allreduce, allreduce);
}

}  // namespace

Point point_at(const Cluster& cluster, std::uint64_t replicas) {
    Point point{};
    point.replicas = replicas;
    point.across_nodes = replicas > cluster.gpus_per_node;
    point.allreduce_seconds = ring_allreduce_seconds(
        cluster.gradient_bytes, replicas, point.across_nodes ? cluster.inter_bandwidth : cluster.intra_bandwidth);
    point.split = split_at(cluster.mode, cluster.micro_batch, cluster.accumulation_steps, replicas);
    if (!point.split) return point;
    point.compute_seconds = compute_seconds_of(cluster.compute_seconds, cluster.micro_batch, cluster.accumulation_steps, *point.split);
    point.step_seconds = step_seconds_of(point.compute_seconds, point.allreduce_seconds, cluster.overlap);
    point.samples_per_second = samples_of(*point.split) * static_cast<double>(replicas) / point.step_seconds;
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

constexpr double bytes_per_gigabyte = 1e9;


}  // namespace

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    Evaluation evaluation;
    evaluation.fields = read_fields<field_specs>(texts, syntax);
    drop_unread_nics(evaluation.fields[inter_bandwidth], evaluation.fields[nics_per_node], evaluation.fields[nic_rate]);
    const auto& fields = evaluation.fields;
    const auto ok = [&](std::initializer_list<std::size_t> needed) { return all_ok(fields, needed); };
    const auto count = [&](Field field) { return *fields[field].count; };
    const auto decimal = [&](Field field) { return *fields[field].decimal; };
    auto& results = evaluation.results;

    const bool batch_known = ok({micro_batch, accumulation_steps});
    const bool shape_known = batch_known && ok({data_parallel, mode});
    const Mode chosen_mode = fields[mode].ok() ? static_cast<Mode>(count(mode)) : Mode::weak;

    // The gradients every replica sends, exact (at most 10^15 * 4 bytes).
    std::optional<double> payload;
    if (ok({parameters, gradient_precision})) {
        const std::uint64_t bytes = count(parameters) * bytes_per_gradient(static_cast<GradientPrecision>(count(gradient_precision)));
        results[gradient_payload] = Product{bytes};
        payload = static_cast<double>(bytes);
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

    std::optional<Split> split;
    if (shape_known) {
        const std::uint64_t b = count(micro_batch);
        const std::uint64_t a = count(accumulation_steps);
        const std::uint64_t n = count(data_parallel);
        results[global_batch] = batch_arithmetic::batch(b, chosen_mode == Mode::weak ? n : 1, a);
        split = split_at(chosen_mode, b, a, n);
        results[micro_batch_at_n] = split ? Figure{Product{split->micro_batch}} : Figure{NotDivisible{}};
        results[accumulation_at_n] = split ? Figure{Product{split->accumulation_steps}} : Figure{NotDivisible{}};
    }

    // Across nodes: typed, or from the NICs when left empty.
    const std::optional<double> inter =
        inter_node_bandwidth(fields[inter_bandwidth], fields[nics_per_node], fields[nic_rate], fields[intra_bandwidth]);
    // The bandwidth the ring runs at for n replicas: within one node, or across nodes.
    std::optional<double> bandwidth;
    const bool across_nodes = ok({data_parallel, gpus_per_node}) && count(data_parallel) > count(gpus_per_node);
    if (ok({data_parallel, gpus_per_node})) {
        const std::optional<double> chosen = across_nodes ? inter
                                             : fields[intra_bandwidth].ok() ? std::optional<double>(decimal(intra_bandwidth))
                                                                            : std::nullopt;
        if (chosen) {
            bandwidth = *chosen * bytes_per_gigabyte;
            results[bus_bandwidth] = *chosen;
        }
    }
    std::optional<double> allreduce;
    if (payload && bandwidth) {
        allreduce = ring_allreduce_seconds(*payload, count(data_parallel), *bandwidth);
        results[allreduce_time] = finite(*allreduce);
    }

    if (!compute_one || !shape_known) return evaluation;
    if (!split) {
        for (const Result refused : {compute_at_n, step_time, throughput_samples, throughput_tokens, scaling_efficiency}) {
            results[refused] = NotDivisible{};
        }
    } else {
        const double compute = compute_seconds_of(*compute_one, count(micro_batch), count(accumulation_steps), *split);
        results[compute_at_n] = finite(compute);
        if (allreduce && fields[overlap].ok()) {
            const double step = step_seconds_of(compute, *allreduce, static_cast<double>(count(overlap)) / 100);
            const double samples = samples_of(*split) * static_cast<double>(count(data_parallel)) / step;
            results[step_time] = finite(step);
            results[throughput_samples] = finite(samples);
            if (fields[sequence_length].ok()) results[throughput_tokens] = finite(samples * static_cast<double>(count(sequence_length)));
            results[scaling_efficiency] = finite(compute / step);
        }
    }

    // The curve needs every field of every point up to n.
    if (!payload || !ok({gpus_per_node, intra_bandwidth, overlap, sequence_length}) || (across_nodes && !inter)) {
        return evaluation;
    }
    const Cluster cluster{*payload,
                          *compute_one,
                          count(gpus_per_node),
                          decimal(intra_bandwidth) * bytes_per_gigabyte,
                          across_nodes ? *inter * bytes_per_gigabyte : 0,
                          static_cast<double>(count(overlap)) / 100,
                          chosen_mode,
                          count(micro_batch),
                          count(accumulation_steps),
                          count(sequence_length)};
    for (const std::uint64_t n : curve_replicas(count(data_parallel), count(gpus_per_node))) {
        const Point point = point_at(cluster, n);
        // A point past what a double holds is left out rather than drawn.
        if (!std::isfinite(point.allreduce_seconds) || !std::isfinite(point.step_seconds) ||
            !std::isfinite(point.tokens_per_second)) {
            evaluation.curve.clear();
            return evaluation;
        }
        evaluation.curve.push_back(point);
    }
    return evaluation;
}

}  // namespace batch_planner::dp_scaling
