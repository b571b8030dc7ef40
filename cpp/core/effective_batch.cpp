#include "effective_batch.hpp"

#include "batch_arithmetic.hpp"

namespace batch_planner::effective_batch {

Results compute(const Inputs& inputs) {
    const Product effective = batch_arithmetic::batch(inputs.micro_batch, inputs.data_parallel, inputs.accumulation_steps);
    return {effective, batch_arithmetic::tokens_per_step(effective, inputs.sequence_length)};
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
