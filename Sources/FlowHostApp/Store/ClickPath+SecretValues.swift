import HTMLPresenter

extension ClickPath.Entry {
    /// The entry with the value of each secret field (`FormFields/Field/isSecret`) left empty, its
    /// name and mark kept: what ``ClickPathStore/sessionPaths(usedSince:limit:)`` returns, since no
    /// figure needs what a person typed, and a store at rest then decrypts nothing.
    public var secretValuesLeftOut: ClickPath.Entry {
        guard case .action(let position, let fields) = self, fields.hasSecrets else { return self }
        return .action(position, fields: fields.secretValuesLeftOut)
    }
}

extension FormFields {
    /// The fields with each secret one's value left empty, its name and mark kept.
    public var secretValuesLeftOut: FormFields {
        guard hasSecrets else { return self }
        return FormFields(fields.map { $0.isSecret ? Field(name: $0.name, value: "", isSecret: true) : $0 })
    }
}
