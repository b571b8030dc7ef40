#include "batch_arithmetic.hpp"

namespace batch_planner::batch_arithmetic {

Product batch(std::uint64_t micro_batch, std::uint64_t data_parallel, std::uint64_t accumulation_steps) {
    return checked_multiply(checked_multiply(Product{micro_batch}, data_parallel), accumulation_steps);
}

Product tokens_per_step(const Product& batch, std::uint64_t sequence_length) { return checked_multiply(batch, sequence_length); }

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

}  // namespace batch_planner::batch_arithmetic
