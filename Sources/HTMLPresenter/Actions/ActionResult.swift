/// What an action did. A form handler returns it, and ``HTMLWindow/perform(_:fields:)`` answers it
/// for every action.
///
/// ```swift
/// let signIn = actions.form(fields: ["email"]) { fields in
///     guard fields["email"]?.isEmpty == false else { return .invalid(["email": "Enter your email address."]) }
///     return .accepted
/// }
/// ```
public enum ActionResult: Sendable, Equatable {
    /// It ran (a form's submission was taken; the handler may have emitted steps): show whatever
    /// is on screen now.
    case accepted
    /// A form was refused with field errors, by field name: the same screen is shown again (HTTP
    /// 422) with these messages next to the fields and what the user typed kept. Use the empty
    /// name for a message about the whole form.
    case invalid([String: String])
}
