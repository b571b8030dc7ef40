// The only file that knows about Emscripten. Value objects in and out: the four
// fields' text in, a status per field and the results out, all as strings.
// 64-bit results travel as decimal strings, because Embind 3.1.6 hands uint64_t
// to JS as a signed BigInt.
#include <emscripten/bind.h>

#include <string>

#include "effective_batch.hpp"

namespace {

using namespace effective_batch;

// The four fields' text, as JS hands it over: {microBatch, dataParallel, ...}.
struct FieldTextsInput {
    std::string microBatch;
    std::string dataParallel;
    std::string accumulationSteps;
    std::string sequenceLength;
};

struct FieldReport {
    std::string status;  // "ok", "empty", "not-a-number", ...
    std::string value;   // plain digits when status is "ok", else ""
};

struct ProductReport {
    std::string status;  // "ok", "overflow", or "none" when an input is invalid
    std::string value;   // plain digits when status is "ok", else ""
};

struct EvaluationReport {
    FieldReport microBatch;
    FieldReport dataParallel;
    FieldReport accumulationSteps;
    FieldReport sequenceLength;
    ProductReport effectiveBatch;
    ProductReport tokensPerStep;
};

FieldReport report_field(const ParsedField& field) {
    const bool ok = field.status == FieldStatus::ok;
    return {status_name(field.status), ok ? to_decimal(field.value) : std::string()};
}

ProductReport report_product(bool has_result, const Product& product) {
    if (!has_result) return {"none", ""};
    if (product.overflow) return {"overflow", ""};
    return {"ok", to_decimal(product.value)};
}

EvaluationReport evaluate_fields(const FieldTextsInput& texts) {
    const Evaluation evaluation = evaluate(
        {texts.microBatch, texts.dataParallel, texts.accumulationSteps, texts.sequenceLength});
    return {
        report_field(evaluation.micro_batch),
        report_field(evaluation.data_parallel),
        report_field(evaluation.accumulation_steps),
        report_field(evaluation.sequence_length),
        report_product(evaluation.has_result, evaluation.result.effective_batch),
        report_product(evaluation.has_result, evaluation.result.tokens_per_step),
    };
}

}  // namespace

EMSCRIPTEN_BINDINGS(effective_batch) {
    emscripten::value_object<FieldTextsInput>("FieldTexts")
        .field("microBatch", &FieldTextsInput::microBatch)
        .field("dataParallel", &FieldTextsInput::dataParallel)
        .field("accumulationSteps", &FieldTextsInput::accumulationSteps)
        .field("sequenceLength", &FieldTextsInput::sequenceLength);
    emscripten::value_object<FieldReport>("FieldReport")
        .field("status", &FieldReport::status)
        .field("value", &FieldReport::value);
    emscripten::value_object<ProductReport>("ProductReport")
        .field("status", &ProductReport::status)
        .field("value", &ProductReport::value);
    emscripten::value_object<EvaluationReport>("EvaluationReport")
        .field("microBatch", &EvaluationReport::microBatch)
        .field("dataParallel", &EvaluationReport::dataParallel)
        .field("accumulationSteps", &EvaluationReport::accumulationSteps)
        .field("sequenceLength", &EvaluationReport::sequenceLength)
        .field("effectiveBatch", &EvaluationReport::effectiveBatch)
        .field("tokensPerStep", &EvaluationReport::tokensPerStep);
    emscripten::function("evaluate", &evaluate_fields);
}
