// A calculator's result that is not always an exact count: absent (a field it
// needs is empty or wrong), exact (or overflowed), a decimal estimate, or
// refused because the numbers do not divide, or exact past 64 bits. What crosses to the page.
#pragma once

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

}  // namespace batch_planner
