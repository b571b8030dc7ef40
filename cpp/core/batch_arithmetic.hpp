// The batch arithmetic every part of the core shares: B = b·d·a sequences per
// optimizer step, T = B·L tokens, and d = GPUs ÷ (TP·PP·CP), each once, exact
// in 64 bits. The home calculator, the memory and scaling pages and the planner
// all call these; none holds a copy.
#pragma once

#include <cstdint>
#include <optional>

#include "checked_math.hpp"

namespace batch_planner::batch_arithmetic {

// B = b·d·a, exact or Overflow.
Product batch(std::uint64_t micro_batch, std::uint64_t data_parallel, std::uint64_t accumulation_steps);

// T = B·L, exact or Overflow (whenever B overflowed, unless L = 0).
Product tokens_per_step(const Product& batch, std::uint64_t sequence_length);

// d = GPUs ÷ (TP·PP·CP), when it divides (and every degree is at least 1): tensor, pipeline and context parallelism
// do not enlarge B.
std::optional<std::uint64_t> data_parallel_of(std::uint64_t gpus, std::uint64_t tp, std::uint64_t pp, std::uint64_t cp);

}  // namespace batch_planner::batch_arithmetic
