/// What a form handler decided.
public enum FormOutcome: Sendable, Equatable {
    /// The submission was taken (the handler may have emitted steps).
    case accepted
    /// Field errors, by field name: the same screen is shown again with these messages next to the
    /// fields and what the user typed kept. Use the empty name for a message about the whole form.
    case invalid([String: String])
}
