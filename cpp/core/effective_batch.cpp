#include "effective_batch.hpp"

namespace batch_planner::effective_batch {

Product batch(std::uint64_t micro_batch, std::uint64_t data_parallel, std::uint64_t accumulation_steps) {
    return checked_multiply(checked_multiply(Product{micro_batch}, data_parallel), accumulation_steps);
}

std::optional<std::uint64_t> data_parallel_of(std::uint64_t gpus, std::uint64_t tp, std::uint64_t pp, std::uint64_t cp) {
    // 64-bit only (a 128-bit division would add its runtime to every module): a
    // TP*PP*CP above 2^64 - 1 exceeds any GPU count, so it does not divide.
    std::uint64_t model_parallel = 0;
    if (tp == 0 || pp == 0 || cp == 0 || __builtin_mul_overflow(tp, pp, &model_parallel) ||
        __builtin_mul_overflow(model_parallel, cp, &model_parallel) || gpus % model_parallel != 0) {
        return std::nullopt;
    }
    return gpus / model_parallel;
}

Results compute(const Inputs& inputs) {
    const Product effective = batch(inputs.micro_batch, inputs.data_parallel, inputs.accumulation_steps);
    return {effective, checked_multiply(effective, inputs.sequence_length)};
}

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    Evaluation evaluation{read_fields<field_specs>(texts, syntax), std::nullopt, std::nullopt};
    const auto& [micro, data_parallel, accumulation, sequence] = evaluation.fields;
    if (!all_ok(evaluation.fields, {0, 1, 2})) return evaluation;

    const Results results = compute({*micro.count, *data_parallel.count, *accumulation.count, sequence.count.value_or(0)});
    evaluation.effective_batch = results.effective_batch;
    if (sequence.ok()) evaluation.tokens_per_step = results.tokens_per_step;
    return evaluation;
}

std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation) {
    return {evaluation.effective_batch, evaluation.tokens_per_step};
}

}  // namespace batch_planner::effective_batch
