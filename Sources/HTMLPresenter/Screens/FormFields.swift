/// The fields of a submitted form, in the order the browser sent them.
///
/// ```swift
/// let subscribe = actions.form(fields: ["email"]) { fields in
///     guard let email = fields["email"], !email.isEmpty else { return .invalid(["email": "Enter your email."]) }
///     return .accepted
/// }
/// ```
public struct FormFields: Sendable, Equatable, Codable {
    /// One name and value.
    public struct Field: Sendable, Equatable, Codable {
        /// The field's `name` attribute.
        public let name: String
        /// What the user typed or chose.
        public let value: String
        /// Whether the form declared the field secret (``FormField/secret(_:)``): its value is never
        /// shown or copied, and a store keeps it encrypted.
        public let isSecret: Bool

        /// Creates a field.
        public init(name: String, value: String, isSecret: Bool = false) {
            self.name = name
            self.value = value
            self.isSecret = isSecret
        }

        private enum CodingKeys: String, CodingKey {
            case name, value, secret
        }

        /// Reads a field; one written before fields could be secret is not.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            value = try container.decode(String.self, forKey: .value)
            isSecret = try container.decodeIfPresent(Bool.self, forKey: .secret) ?? false
        }

        /// Writes `secret` only for a secret field, so that other fields read as they always did.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(value, forKey: .value)
            if isSecret { try container.encode(true, forKey: .secret) }
        }
    }

    /// Every field, in order; a name may repeat (checkboxes).
    public let fields: [Field]

    /// Creates the fields of a submission.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// The first value named `name`, or nil.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value named `name`, in order.
    public func values(named name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// Whether a field is secret.
    public var hasSecrets: Bool { fields.contains(where: \.isSecret) }

    /// The fields `declared` names, each marked secret as declared; every other field dropped.
    package func declared(by declared: [FormField]) -> FormFields {
        FormFields(
            fields.compactMap { field in
                declared.first { $0.name == field.name }.map {
                    Field(name: field.name, value: field.value, isSecret: $0.isSecret)
                }
            })
    }

    /// Why these fields are refused before the form's handler sees them (too long to record), as
    /// field errors by name; nil when they are taken.
    package var boundErrors: [String: String]? {
        var errors: [String: String] = [:]
        for field in fields where field.value.utf8.count > FormField.maxValueBytes && errors[field.name] == nil {
            errors[field.name] =
                "This field takes at most \(FormField.maxValueBytes) bytes of text; this was \(field.value.utf8.count)."
                + " Shorten it and send again."
        }
        let total = fields.reduce(0) { $0 + $1.value.utf8.count }
        if errors.isEmpty, total > FormField.maxSubmissionBytes {
            errors[""] =
                "This form takes at most \(FormField.maxSubmissionBytes) bytes of text in all; this was \(total)."
                + " Shorten it and send again."
        }
        return errors.isEmpty ? nil : errors
    }
}

extension FormFields: ExpressibleByDictionaryLiteral {
    /// Fields from name-value pairs, for tests.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Field(name: $0.0, value: $0.1) })
    }
}
