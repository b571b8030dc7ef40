// What a model's shape is made of, shared by the config reader
// (model_config), the memory model (grad_memory) and through it the step
// time and the layout search, so that each part of a shape has one name and
// one meaning across the core.
#pragma once

#include <cstdint>

namespace batch_planner::model_shape {

// Norms over the queries and keys inside attention: none; per head, a norm of
// d_h for the queries and one for the keys (Megatron-LM's --qk-layernorm,
// Qwen3's q_norm and k_norm); or over all heads, n·d_h for the queries and
// g·d_h for the keys (OLMo 2, OLMoE).
enum class QkNorm : std::uint8_t { none, head, all };

}  // namespace batch_planner::model_shape
