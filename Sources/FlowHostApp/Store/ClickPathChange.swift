/// A change another server process made to a stored session, or to the comments, as
/// ``ClickPathStore/changes()`` reports it: a process holding that session in memory drops its
/// copy or moves its page; one showing comments reads them again.
public struct ClickPathChange: Sendable, Hashable {
    /// What happened to the session.
    public enum Kind: Sendable, Hashable {
        /// Entries were appended: its stored path now has `length` entries.
        case appended(length: Int)
        /// It was removed (it ended).
        case removed
        /// A comment was written, answered, resolved, reopened, deleted or marked outdated
        /// (``ClickPathChange/comments``): no session.
        case comments
    }

    /// The comments changed: a process reads them again, once for a burst of these.
    public static let comments = ClickPathChange(session: "", kind: .comments)

    /// The session, as ``ClickPathStore/sessionDigest(of:)`` names it; empty for ``Kind/comments``.
    public var session: String
    /// What happened to it.
    public var kind: Kind

    /// A change to `session` (its digest).
    public init(session: String, kind: Kind) {
        self.session = session
        self.kind = kind
    }
}
