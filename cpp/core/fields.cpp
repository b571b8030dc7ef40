#include "fields.hpp"

namespace batch_planner {

FieldReading read_field(std::string_view text, const FieldSpec& spec, NumberSyntax syntax) {
    return read_field(text, spec, syntax, spec.form);
}

FieldReading read_field(std::string_view text, const FieldSpec& spec, NumberSyntax syntax, CountForm form) {
    switch (spec.kind) {
        case FieldKind::decimal: return read_field_of_kind<FieldKind::decimal>(text, spec, syntax, form);
        case FieldKind::choice: return read_field_of_kind<FieldKind::choice>(text, spec, syntax, form);
        case FieldKind::count: break;
    }
    return read_field_of_kind<FieldKind::count>(text, spec, syntax, form);
}

}  // namespace batch_planner
