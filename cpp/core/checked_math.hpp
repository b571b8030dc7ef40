// Exact unsigned 64-bit products: a value, or the fact that it does not fit.
#pragma once

#include <cstdint>
#include <variant>

namespace batch_planner {

// The true product is above 2^64 - 1; no wrapped or rounded value is kept.
struct Overflow {
    friend bool operator==(Overflow, Overflow) { return true; }
};

using Product = std::variant<std::uint64_t, Overflow>;

// left * right, exact or Overflow, never wrapped. An overflowed product times
// zero is still exactly zero.
Product checked_multiply(Product left, std::uint64_t right);

inline bool overflowed(const Product& product) { return std::holds_alternative<Overflow>(product); }

}  // namespace batch_planner
