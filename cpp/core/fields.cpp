#include "fields.hpp"

namespace batch_planner {

FieldReading read_field(std::string_view text, const FieldSpec& spec, NumberSyntax syntax) {
    return read_field(text, spec, syntax, spec.form);
}

FieldReading read_field(std::string_view text, const FieldSpec& spec, NumberSyntax syntax, CountForm form) {
    switch (spec.kind) {
        case FieldKind::decimal: return reading_of(parse_decimal(text, syntax, spec.decimals));
        case FieldKind::choice: return reading_of(parse_choice(text, spec.choices));
        case FieldKind::count: break;
    }
    return reading_of(parse_count(text, syntax, spec.limits, form));
}

}  // namespace batch_planner
