// Test helper: evaluates a calculator on texts given as strings, in field
// order; missing trailing fields are empty. The strings outlive the call, so
// the views evaluate() reads stay valid.
#pragma once

#include <string>
#include <vector>

#include "number_text.hpp"

template <typename FieldTexts, typename Evaluate>
auto evaluate_texts(std::vector<std::string> texts, batch_planner::NumberSyntax syntax, Evaluate evaluate) {
    FieldTexts views{};
    texts.resize(views.size());
    for (std::size_t i = 0; i < views.size(); ++i) views[i] = texts[i];
    return evaluate(views, syntax);
}
