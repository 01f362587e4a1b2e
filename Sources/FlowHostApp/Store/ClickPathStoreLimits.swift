/// How much a ``ClickPathStore`` keeps, the same for every store: anonymous visitors write to it,
/// so it is bounded, and a bound reached is an error that stores nothing, never a silent cut.
///
/// The checks every append goes through are written here once (``refusal(appending:toSession:at:stored:)``);
/// what must hold against other writers (the count an append compares with, the least recently
/// used session evicted by a new one, the share count) each store reads in its own transaction.
public struct ClickPathStoreLimits: Sendable, Equatable {
    /// At most this many sessions are kept; a new one beyond removes the least recently used,
    /// with its path.
    public var maxSessions: Int
    /// At most this many entries a session's path holds (for a session started from a share, the
    /// shared ones count); an append past it throws ``ClickPathStoreError/pathTooLong(session:limit:)``.
    public var maxEntriesPerSession: Int
    /// At most this many shares are kept (expired and revoked ones count until the sweep removes
    /// them); a new one beyond throws ``ClickPathStoreError/tooManyShares(limit:)``.
    public var maxShares: Int
    /// At most this many testers a study keeps; a new one beyond throws
    /// ``StudyRecordError/tooManyTesters(study:limit:)``.
    public var maxTestersPerStudy: Int
    /// At most this many events a tester keeps; a record past it throws
    /// ``StudyRecordError/tooManyEvents(tester:limit:)``.
    public var maxEventsPerTester: Int
    /// At most this many studies are kept (made on the live map or imported from files); a new
    /// one beyond throws ``StudyRecordError/tooManyStudies(limit:)``.
    public var maxStudies = 1_000

    // MARK: - Comments

    /// At most this many comments are kept (resolved and outdated ones count until deleted); a new
    /// one beyond throws ``ClickPathStoreError/tooManyComments(limit:)``.
    public var maxComments = 10_000
    /// At most this many replies a comment's thread holds; one more throws
    /// ``ClickPathStoreError/tooManyReplies(comment:limit:)``.
    public var maxRepliesPerComment = 200

    /// These bounds: at least one session, no bound below zero.
    public init(
        maxSessions: Int = 2000, maxEntriesPerSession: Int = 2000, maxShares: Int = 10_000,
        maxTestersPerStudy: Int = 10_000, maxEventsPerTester: Int = 2000
    ) {
        precondition(
            maxSessions > 0 && maxEntriesPerSession >= 0 && maxShares >= 0 && maxTestersPerStudy >= 0
                && maxEventsPerTester >= 0, "a store keeps at least one session")
        self.maxSessions = maxSessions
        self.maxEntriesPerSession = maxEntriesPerSession
        self.maxShares = maxShares
        self.maxTestersPerStudy = maxTestersPerStudy
        self.maxEventsPerTester = maxEventsPerTester
    }

    /// Why appending `count` entries at `start` to the session `session`, which has `stored`
    /// entries (nil: the store has no such session), is refused; nil when it may be stored.
    ///
    /// The entry index guard comes first: an append must start where the stored path ends (0 for a
    /// session the store does not have), else ``ClickPathStoreError/startMismatch(session:start:stored:)``
    /// tells the caller that another process appended first or the session ended. Only then the
    /// path bound: past ``maxEntriesPerSession``, ``ClickPathStoreError/pathTooLong(session:limit:)``.
    public func refusal(appending count: Int, toSession session: String, at start: Int, stored: Int?)
        -> ClickPathStoreError?
    {
        guard start == (stored ?? 0) else { return .startMismatch(session: session, start: start, stored: stored) }
        guard start + count <= maxEntriesPerSession else {
            return .pathTooLong(session: session, limit: maxEntriesPerSession)
        }
        return nil
    }

    /// Whether an append of `count` entries at `start`, refused as
    /// ``ClickPathStoreError/startMismatch(session:start:stored:)`` because the store holds `stored`
    /// entries, may be a retry of one that was stored: it would end where the stored path ends.
    /// Only then does a store read the stored tail for ``isRetry(of:storedTail:)``.
    public static func mayBeRetry(appending count: Int, at start: Int, stored: Int?) -> Bool {
        count > 0 && stored == start + count
    }

    /// Whether appending `entries` repeats the session's last append: `storedTail`, the session's own
    /// entries from the append's `start` to the end (secret values decrypted, whose ciphertexts differ
    /// on every seal), is exactly `entries`. Such an append succeeds and changes nothing, so that
    /// the caller of an append answered ``ClickPathStoreError/unavailable(reason:)`` that committed
    /// anyway (PostgreSQL's, past the store's patience) can make it again. A tail that reaches into
    /// the entries of the share the session started from is shorter than `entries`, never a retry.
    public static func isRetry(of entries: [ClickPath.Entry], storedTail: [ClickPath.Entry]) -> Bool {
        !entries.isEmpty && storedTail == entries
    }
}
