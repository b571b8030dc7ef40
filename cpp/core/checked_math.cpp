#include "checked_math.hpp"

#include <limits>

namespace batch_planner {

Product checked_multiply(Product left, std::uint64_t right) {
    if (right == 0) return std::uint64_t{0};
    const auto* value = std::get_if<std::uint64_t>(&left);
    if (value == nullptr) return Overflow{};
    if (*value > std::numeric_limits<std::uint64_t>::max() / right) return Overflow{};
    return *value * right;
}

}  // namespace batch_planner
