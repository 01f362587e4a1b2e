/// What performing an action did.
public enum ActionResult: Sendable, Equatable {
    /// It ran: show whatever is on screen now.
    case performed
    /// A form was refused with field errors: show the same screen with them (HTTP 422).
    case invalid([String: String])
}
