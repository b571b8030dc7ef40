// A calculator's result that is not always an exact count: absent (a field it
// needs is empty or wrong), exact (or overflowed), a decimal estimate, or
// refused because the numbers do not divide, or exact past 64 bits. What crosses to the page.
#pragma once

#include <cmath>
#include <optional>
#include <variant>

#include "checked_math.hpp"

namespace batch_planner {

struct NotDivisible {
    friend bool operator==(NotDivisible, NotDivisible) { return true; }
};

// An exact count past 64 bits (training FLOPs reach 10^25 and more).
struct Wide {
    u128 value;
    friend bool operator==(Wide left, Wide right) { return left.value == right.value; }
};

using Figure = std::variant<std::monostate, Product, double, NotDivisible, Wide>;

// A decimal estimate, or a refusal when it is not finite: a figure past what
// a double holds is reported as too large, never shown or drawn.
inline Figure finite(double value) { return std::isfinite(value) ? Figure{value} : Figure{Product{Overflow{}}}; }

// An exact count: 64 bits when it fits, else 128; none (a product past 128 bits) is refused as too large.
inline Figure exact_figure(u128 value) {
    if (const auto small = fits(value)) return Product{*small};
    return Wide{value};
}
inline Figure exact_figure(std::optional<u128> value) { return value ? exact_figure(*value) : Figure{Product{Overflow{}}}; }

}  // namespace batch_planner
