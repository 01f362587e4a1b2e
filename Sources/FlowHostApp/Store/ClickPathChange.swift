/// A change another server process made to a stored session, as ``ClickPathStore/changes()``
/// reports it: a process holding that session in memory drops its copy or moves its page.
public struct ClickPathChange: Sendable, Hashable {
    /// What happened to the session.
    public enum Kind: Sendable, Hashable {
        /// Entries were appended: its stored path now has `length` entries.
        case appended(length: Int)
        /// It was removed (it ended).
        case removed
    }

    /// The session, as ``ClickPathStore/sessionDigest(of:)`` names it.
    public var session: String
    /// What happened to it.
    public var kind: Kind

    /// A change to `session` (its digest).
    public init(session: String, kind: Kind) {
        self.session = session
        self.kind = kind
    }
}
