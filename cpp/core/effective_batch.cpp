#include "effective_batch.hpp"

namespace batch_planner::effective_batch {

Results compute(const Inputs& inputs) {
    const Product batch = checked_multiply(
        checked_multiply(Product{inputs.micro_batch}, inputs.data_parallel), inputs.accumulation_steps);
    return {batch, checked_multiply(batch, inputs.sequence_length)};
}

Evaluation evaluate(const FieldTexts& texts, NumberSyntax syntax) {
    const auto parse = [&](std::size_t i) { return parse_count(texts[i], syntax, field_specs[i].limits, field_specs[i].form); };
    Evaluation evaluation{{parse(0), parse(1), parse(2), parse(3)}, std::nullopt, std::nullopt};
    const auto& [micro, data_parallel, accumulation, sequence] = evaluation.fields;
    if (!micro.ok() || !data_parallel.ok() || !accumulation.ok()) return evaluation;

    const Results results = compute({*micro.value(), *data_parallel.value(), *accumulation.value(),
                                     sequence.value().value_or(0)});
    evaluation.effective_batch = results.effective_batch;
    if (sequence.ok()) evaluation.tokens_per_step = results.tokens_per_step;
    return evaluation;
}

std::array<std::optional<Product>, result_keys.size()> results_of(const Evaluation& evaluation) {
    return {evaluation.effective_batch, evaluation.tokens_per_step};
}

}  // namespace batch_planner::effective_batch
