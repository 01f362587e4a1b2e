/// What a refused form submission left on its screen: what was typed and the field errors. The
/// template sees it as `form.values.NAME`, `form.errors.NAME` and `form.hasErrors`.
struct FormState: Sendable, Equatable {
    let fields: FormFields
    let errors: [String: String]

    var templateValue: TemplateValue {
        var values: [String: TemplateValue] = [:]
        for field in fields.fields where values[field.name] == nil {
            values[field.name] = .string(field.value)
        }
        return [
            "values": .object(values),
            "errors": .object(errors.mapValues { .string($0) }),
            "hasErrors": .bool(!errors.isEmpty),
        ]
    }
}
