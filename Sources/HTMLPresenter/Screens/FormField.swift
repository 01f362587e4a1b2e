/// A field a form takes, as its action declares it: its name, and whether what is typed into it is
/// secret (a password, a one-time code). Only declared fields reach the form's handler and the
/// click path; a secret value is never shown again: not in a page (`form.values`), the inspector,
/// a log line, a copied test, a share link's session or an export, and a store keeps it encrypted.
///
/// ```swift
/// let login = actions.form(fields: ["email", .secret("password")]) { fields in
///     await self.viewModel.signIn(fields)
/// }
/// ```
///
/// The declaration is the source of truth, not the template: `<input type="password">` is how the
/// page shows the field, `.secret("password")` is what keeps its value to the session that typed it.
public struct FormField: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The field's `name` attribute.
    public let name: String
    /// Whether its value stays with the session that typed it.
    public let isSecret: Bool

    /// The longest value a field takes, in UTF-8 bytes: a longer one is refused with a field error
    /// (what was typed stays in the form), so that a recorded click stays small.
    public static let maxValueBytes = 1024
    /// The most a submission's declared values take together, in UTF-8 bytes (a name may repeat):
    /// more is refused with a message for the whole form (the empty name).
    public static let maxSubmissionBytes = 8 * 1024

    /// A field whose value may be recorded and shown.
    public init(_ name: String) {
        self.init(name, isSecret: false)
    }

    /// A field named by a string literal: `"email"`.
    public init(stringLiteral name: String) {
        self.init(name, isSecret: false)
    }

    private init(_ name: String, isSecret: Bool) {
        self.name = name
        self.isSecret = isSecret
    }

    /// A field whose value is secret: a password, a one-time code.
    public static func secret(_ name: String) -> FormField {
        FormField(name, isSecret: true)
    }

    /// `email`, or `secret password`.
    public var description: String { isSecret ? "secret \(name)" : name }
}
