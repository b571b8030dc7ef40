// Exact unsigned arithmetic, the one module for it: 64-bit products that are
// a value or the fact that they do not fit, and 128-bit intermediates for
// products of two 64-bit counts, divided and rounded up exactly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
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

// left + right, exact or Overflow.
Product checked_add(const Product& left, const Product& right);

inline bool overflowed(const Product& product) { return std::holds_alternative<Overflow>(product); }

__extension__ typedef unsigned __int128 u128;  // exact products of two 64-bit counts

// A 128-bit value as a 64-bit one, or nothing above 2^64 - 1.
std::optional<std::uint64_t> fits(u128 value);

// left * right, or nothing above 2^128 - 1.
std::optional<u128> times(std::optional<u128> left, u128 right);

// numerator / denominator (denominator > 0), by shifting and subtracting: the
// compiler's own 128-bit division is a runtime routine of almost 1 KB of wasm.
struct Division {
    u128 quotient;
    u128 remainder;
};
Division divide(u128 numerator, u128 denominator);

// A 128-bit value as decimal digits.
std::string to_decimal_128(u128 value);

// ceil(numerator / denominator) as an exact 64-bit count, or Overflow (also for no numerator).
Product ceil_div(std::optional<u128> numerator, u128 denominator);

}  // namespace batch_planner
