import Foundation
import HTMLPresenter
import Logging
import ServiceLifecycle
import Synchronization

/// A ``ClickPathStore`` in memory, gone with the process: `--store memory`, and tests. It keeps the
/// rules of every store (``ClickPathStore``) within its ``limits``. Nothing is at rest, so
/// identifiers and secret values are kept as they are; nothing can be unreachable, and running it
/// holds nothing, so it serves before and after it runs (a test's next server may use it, as a
/// restarted process would use a file).
public final class MemoryClickPathStore: OpenableClickPathStore {
    // MARK: - Stored properties

    struct StoredSession {
        /// The share it started from, whose path comes before its own entries.
        var share: String?
        /// How many entries come from the share.
        var sharedCount = 0
        var entries: [ClickPath.Entry]
        var recency: Int
        /// When it was last used, on the wall clock, as a store at rest keeps it.
        var usedAt = Date.now

        var count: Int { sharedCount + entries.count }
    }

    struct StoredShare {
        var path: ClickPath
        let sharer: String
        let expires: Date
        var revoked = false
    }

    struct State {
        var sessions: [String: StoredSession] = [:]
        var shares: [String: StoredShare] = [:]
        var uses = 0
        /// Studies by id, and their testers by session.
        var studies: [String: StudyRecord] = [:]
        var testers: [String: TesterRecord] = [:]
        /// The comments, the oldest first, each with the session that wrote it.
        var comments: [(comment: ScreenComment, author: String)] = []

        /// The shares some stored session refers to.
        var referredShares: Set<String> { Set(sessions.values.compactMap(\.share)) }
    }

    /// How much it keeps.
    public let limits: ClickPathStoreLimits
    let state = Mutex(State())
    private let key: [UInt8]

    // MARK: - Initialization

    /// An empty store that keeps at most `limits`.
    public init(limits: ClickPathStoreLimits = ClickPathStoreLimits()) {
        self.limits = limits
        var generator = SystemRandomNumberGenerator()
        key = (0..<32).map { _ in generator.next() }
    }

    /// `--store memory`.
    public static func opens(_ name: String) -> Bool { name == "memory" }

    /// An empty store.
    public static func open(
        named name: String, limits: ClickPathStoreLimits, environment: [String: String], logger: Logger
    ) async throws -> any ClickPathStore {
        MemoryClickPathStore(limits: limits)
    }

    /// Waits for the server's graceful shutdown or cancellation: nothing to hold, nothing to close.
    public func run() async throws {
        try? await gracefulShutdown()
    }

    // MARK: - Sessions

    /// The stored path of the session `session` (after the shared one it started from), or nil.
    public func path(ofSession session: String) async throws -> ClickPath? {
        state.withLock { state in
            guard let stored = state.sessions[session] else { return nil }
            let shared = stored.share.flatMap { state.shares[$0]?.path.entries } ?? []
            return ClickPath(shared + stored.entries)
        }
    }

    /// The paths of the sessions used at or after `since` (all when nil), the most recently used
    /// first, at most `limit`; secret values left empty.
    public func sessionPaths(usedSince since: Date?, limit: Int) async throws -> [ClickPath] {
        state.withLock { state in
            state.sessions.values
                .filter { stored in since.map { stored.usedAt >= $0 } ?? true }
                .sorted { $0.recency > $1.recency }
                .prefix(max(limit, 0))
                .map { stored in
                    let shared = stored.share.flatMap { state.shares[$0]?.path.entries } ?? []
                    return ClickPath((shared + stored.entries).map(\.secretValuesLeftOut))
                }
        }
    }

    /// Appends `entries` at `start`, which must be the number of entries stored (0 creates the
    /// session); throws ``ClickPathStoreError`` and stores nothing otherwise, or past the bound. An
    /// exact repeat of the session's last append succeeds and changes nothing
    /// (``ClickPathStoreLimits/isRetry(of:storedTail:)``).
    public func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
        try state.withLock { state in
            let stored = state.sessions[session]
            if let refusal = limits.refusal(
                appending: entries.count, toSession: session, at: start, stored: stored?.count)
            {
                if let stored,
                    ClickPathStoreLimits.mayBeRetry(appending: entries.count, at: start, stored: stored.count),
                    ClickPathStoreLimits.isRetry(
                        of: entries,
                        storedTail: Array(stored.entries.suffix(stored.count - max(start, stored.sharedCount))))
                {
                    return
                }
                throw refusal
            }
            store(session, in: &state, isNew: stored == nil) { $0.entries += entries }
        }
    }

    /// Starts `session` from the open share `id`, referring to its path.
    public func startSession(_ session: String, fromShare id: String) async throws {
        try state.withLock { state in
            guard let share = state.shares[id],
                SharedPath.status(revoked: share.revoked, expires: share.expires, now: .now) == .open
            else { throw ClickPathStoreError.shareNotOpen(share: id) }
            let isNew = state.sessions[session] == nil
            state.sessions[session] = nil
            store(session, in: &state, isNew: isNew) { stored in
                stored.share = id
                stored.sharedCount = share.path.entries.count
            }
        }
    }

    /// Creates or changes `session`, marks it the most recently used, and keeps the sessions
    /// within the bound.
    private func store(
        _ session: String, in state: inout State, isNew: Bool, _ change: (inout StoredSession) -> Void
    ) {
        state.uses += 1
        change(&state.sessions[session, default: StoredSession(entries: [], recency: 0)])
        state.sessions[session]?.recency = state.uses
        state.sessions[session]?.usedAt = .now
        if isNew, state.sessions.count > limits.maxSessions,
            let oldest = state.sessions.min(by: { $0.value.recency < $1.value.recency })?.key
        {
            state.sessions[oldest] = nil
        }
    }

    /// Forgets the sessions `sessions` and their paths.
    public func removeSessions(_ sessions: [String]) async throws {
        state.withLock { state in
            for session in sessions { state.sessions[session] = nil }
        }
    }

    /// Forgets the sessions last used before `cutoff`, except `keeping`; returns how many.
    public func removeSessions(usedBefore cutoff: Date, keeping: Set<String>) async throws -> Int {
        state.withLock { state in
            let unused = state.sessions.filter { $0.value.usedAt < cutoff && !keeping.contains($0.key) }
            for session in unused.keys { state.sessions[session] = nil }
            return unused.count
        }
    }

    // MARK: - Processes

    /// A random key, the store's alone: no other process shares a store in memory.
    public func tokenKey() async throws -> [UInt8] { key }

    /// `session` itself: nothing is at rest.
    public func sessionDigest(of session: String) -> String { session }
}
