// A calculator's result that is not always an exact count: absent (a field it
// needs is empty or wrong), exact (or overflowed), a decimal estimate, or
// refused because the numbers do not divide. What crosses to the page.
#pragma once

#include <variant>

#include "checked_math.hpp"

namespace batch_planner {

struct NotDivisible {
    friend bool operator==(NotDivisible, NotDivisible) { return true; }
};

using Figure = std::variant<std::monostate, Product, double, NotDivisible>;

}  // namespace batch_planner
