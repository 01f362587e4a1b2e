/// Why a ``ClickPathStore`` could not open, keep or give back a path. Session and share identifiers
/// are cookie values and links: messages show only their first eight characters, as the logs do.
public enum ClickPathStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is there and readable but is no FlowHost store: not a database, a corrupt one,
    /// another program's database, or one written by a newer FlowHost.
    case notAStore(file: String, reason: String)
    /// The file or its folder cannot be created, read or written.
    case unreadable(file: String, reason: String)
    /// An append's `start` is not the number of entries stored (a gap or an overlap); `stored` is
    /// nil when the store has no such session (it ended, or was evicted to keep the store bounded).
    /// Nothing of the append was stored.
    case startMismatch(session: String, start: Int, stored: Int?)
    /// The append would make the session's path longer than `limit` entries. Nothing of it was
    /// stored, and every later append to that session fails the same way.
    case pathTooLong(session: String, limit: Int)
    /// A stored path or entry cannot be decoded (written by a FlowHost whose click paths differ,
    /// or a secret value sealed with another key).
    case undecodable(file: String, reason: String)
    /// The key that encrypts secret values (`FLOWHOST_STORE_KEY`, or the key file beside the
    /// store) cannot be read, created or used.
    case unusableKey(source: String, reason: String)
    /// A session cannot start from the share: there is none under its id, or it expired or was
    /// revoked. Nothing was stored.
    case shareNotOpen(share: String)
    /// The store holds `limit` shares, as many as it may (expired and revoked ones count until the
    /// sweep removes them). Nothing was stored.
    case tooManyShares(limit: Int)
    /// The store cannot be reached now (its database is down or restarting); `reason` says what
    /// failed. Nothing was read or stored; the same call may succeed once the store is back.
    case unavailable(reason: String)

    // MARK: - Comments

    /// A comment or reply breaks ``ClickPathStoreLimits/refusal(commentBy:text:)`` (or its point
    /// is off the screen); `reason` says why, for whoever wrote it. Nothing was stored.
    case commentRefused(reason: String)
    /// The store holds `limit` comments, as many as it may. Nothing was stored.
    case tooManyComments(limit: Int)
    /// The thread of the comment `comment` holds `limit` replies, as many as it may. Nothing was
    /// stored.
    case tooManyReplies(comment: String, limit: Int)

    /// What went wrong and what to do, for the log.
    public var description: String {
        switch self {
        case .notAStore(let file, let reason):
            "\(file) is not a FlowHost store (\(reason)): move it away, or pass another --store PATH or --store memory"
        case .unreadable(let file, let reason):
            "\(file) cannot be opened as a FlowHost store (\(reason)): check the permissions of the file and its"
                + " folder, or pass another --store PATH or --store memory"
        case .startMismatch(let session, let start, let stored?):
            "Session \(session.prefix(8)): an append at entry \(start) does not follow the \(stored) entries stored"
        case .startMismatch(let session, let start, nil):
            "Session \(session.prefix(8)): an append at entry \(start), but the store has no such session"
                + " (it ended or was evicted)"
        case .pathTooLong(let session, let limit):
            "Session \(session.prefix(8)): its click path would pass \(limit) entries, the store's limit;"
                + " it is no longer recorded"
        case .undecodable(let file, let reason):
            "\(file) holds a click path this FlowHost cannot read (\(reason))"
        case .unusableKey(let source, let reason):
            "\(source) gives no usable key for the store's secret values (\(reason)): it holds 32 random bytes in"
                + " base64 (openssl rand -base64 32); a key file that is moved away is made anew, and values"
                + " encrypted with the old key are then lost"
        case .shareNotOpen(let share):
            "Share \(share.prefix(8)): no session can start from it (it is gone, expired or revoked)"
        case .tooManyShares(let limit):
            "The store holds \(limit) share links, its limit: no new one is kept until older ones expire"
                + " (--share-ttl) or are revoked"
        case .unavailable(let reason):
            "The click path store cannot be reached (\(reason)): actions are refused until it is back"
        case .commentRefused(let reason):
            "A comment was refused: \(reason)"
        case .tooManyComments(let limit):
            "The store holds \(limit) comments, its limit: no new one is kept until some are deleted"
        case .tooManyReplies(let comment, let limit):
            "ScreenComment \(comment.prefix(8)): its thread holds \(limit) replies, its limit"
        }
    }
}
