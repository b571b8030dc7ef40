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

Product checked_add(const Product& left, const Product& right) {
    const auto* a = std::get_if<std::uint64_t>(&left);
    const auto* b = std::get_if<std::uint64_t>(&right);
    if (!a || !b || *a > std::numeric_limits<std::uint64_t>::max() - *b) return Overflow{};
    return *a + *b;
}

std::optional<std::uint64_t> fits(u128 value) {
    if (value > std::numeric_limits<std::uint64_t>::max()) return std::nullopt;
    return static_cast<std::uint64_t>(value);
}

Division divide(u128 numerator, u128 denominator) {
    // Both within 64 bits: the machine's own division (no 128-bit runtime routine).
    if ((numerator >> 64) == 0 && (denominator >> 64) == 0 && denominator != 0) {
        const auto n = static_cast<std::uint64_t>(numerator);
        const auto d = static_cast<std::uint64_t>(denominator);
        return Division{n / d, n % d};
    }
    Division result{0, 0};
    for (int bit = 127; bit >= 0; --bit) {
        result.remainder = (result.remainder << 1) | ((numerator >> bit) & 1);
        if (result.remainder >= denominator) {
            result.remainder -= denominator;
            result.quotient |= u128{1} << bit;
        }
    }
    return result;
}

// A product that wrapped does not divide back to its factor.
std::optional<u128> times(std::optional<u128> left, u128 right) {
    if (!left) return std::nullopt;
    if (right == 0) return u128{0};
    // Two factors below 2^64 multiply below 2^128: nothing can wrap.
    if ((*left >> 64) == 0 && (right >> 64) == 0) return *left * right;
    const u128 product = *left * right;
    if (divide(product, right).quotient != *left) return std::nullopt;
    return product;
}

std::string to_decimal_128(u128 value) {
    if (value == 0) return "0";
    std::string digits;
    while (value != 0) {
        const Division division = divide(value, 10);
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(division.remainder)));
        value = division.quotient;
    }
    return digits;
}

Product ceil_div(std::optional<u128> numerator, u128 denominator) {
    if (!numerator) return Overflow{};
    const Division division = divide(*numerator, denominator);
    const auto quotient = fits(division.quotient + (division.remainder != 0 ? 1 : 0));
    if (!quotient) return Overflow{};
    return *quotient;
}

}  // namespace batch_planner
