import HTMLTemplates

/// What a refused form submission left on its screen: what was typed and the field errors. The
/// template sees it as `form.values.NAME`, `form.errors.NAME` and `form.hasErrors`. Secret values
/// are not kept: a page never shows one again (a password field comes back empty, as browsers do).
struct FormState: Sendable, Equatable {
    let fields: FormFields
    let errors: [String: String]

    init(fields: FormFields, errors: [String: String]) {
        self.fields = FormFields(fields.fields.filter { !$0.isSecret })
        self.errors = errors
    }

    var templateValue: TemplateValue {
        var values: [TemplateKey: TemplateValue] = [:]
        for field in fields.fields where values[TemplateKey(field.name)] == nil {
            values[TemplateKey(field.name)] = .string(field.value)
        }
        var errorValues: [TemplateKey: TemplateValue] = [:]
        for (name, error) in errors { errorValues[TemplateKey(name)] = .string(error) }
        return [
            "values": .object(values),
            "errors": .object(errorValues),
            "hasErrors": .bool(!errors.isEmpty),
        ]
    }
}
