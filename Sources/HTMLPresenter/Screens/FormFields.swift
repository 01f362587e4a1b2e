/// The fields of a submitted form, in the order the browser sent them.
///
/// ```swift
/// let subscribe = actions.form { fields in
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

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
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
}

extension FormFields: ExpressibleByDictionaryLiteral {
    /// Fields from name-value pairs, for tests.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Field(name: $0.0, value: $0.1) })
    }
}
