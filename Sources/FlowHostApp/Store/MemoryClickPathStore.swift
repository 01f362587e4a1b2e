import HTMLPresenter
import Synchronization

/// A ``ClickPathStore`` in memory, gone with the process: `--store memory`, and tests. Bounded and
/// checked like ``SQLiteClickPathStore``: at most `maxSessions` sessions (a new one beyond removes
/// the least recently used with its path), at most `maxEntriesPerSession` entries a path (an append
/// past it throws ``ClickPathStoreError/pathTooLong(session:limit:)`` and stores nothing), and an
/// append must start where the stored path ends.
public final class MemoryClickPathStore: ClickPathStore {
    // MARK: - Stored properties

    private struct StoredSession {
        var entries: [ClickPath.Entry]
        var recency: Int
        var lastUsed = ContinuousClock.now
    }

    private struct State {
        var sessions: [String: StoredSession] = [:]
        var shares: [String: ClickPath] = [:]
        var uses = 0
    }

    /// At most this many sessions are kept; a new one beyond removes the least recently used.
    public let maxSessions: Int
    /// At most this many entries are kept for a session.
    public let maxEntriesPerSession: Int
    private let state = Mutex(State())

    // MARK: - Initialization

    /// An empty store with these bounds (at least one session).
    public init(maxSessions: Int = 2000, maxEntriesPerSession: Int = 2000) {
        precondition(maxSessions > 0 && maxEntriesPerSession >= 0, "a store keeps at least one session")
        self.maxSessions = maxSessions
        self.maxEntriesPerSession = maxEntriesPerSession
    }

    // MARK: - API

    /// The stored path of the session `session`, or nil when the store has none.
    public func path(ofSession session: String) async throws -> ClickPath? {
        state.withLock { state in state.sessions[session].map { ClickPath($0.entries) } }
    }

    /// Appends `entries` at `start`, which must be the number of entries stored (0 creates the
    /// session); throws ``ClickPathStoreError`` and stores nothing otherwise, or past the bound.
    public func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
        try state.withLock { state in
            let stored = state.sessions[session]?.entries.count
            guard start == (stored ?? 0) else {
                throw ClickPathStoreError.startMismatch(session: session, start: start, stored: stored)
            }
            guard start + entries.count <= maxEntriesPerSession else {
                throw ClickPathStoreError.pathTooLong(session: session, limit: maxEntriesPerSession)
            }
            state.uses += 1
            state.sessions[session, default: StoredSession(entries: [], recency: 0)].entries += entries
            state.sessions[session]?.recency = state.uses
            state.sessions[session]?.lastUsed = .now
            if stored == nil, state.sessions.count > maxSessions,
                let oldest = state.sessions.min(by: { $0.value.recency < $1.value.recency })?.key
            {
                state.sessions[oldest] = nil
            }
        }
    }

    /// Forgets the sessions `sessions` and their paths.
    public func removeSessions(_ sessions: [String]) async throws {
        state.withLock { state in
            for session in sessions { state.sessions[session] = nil }
        }
    }

    /// Forgets the sessions not appended to for `interval`, except `keeping`; returns how many.
    public func removeSessions(unusedFor interval: Duration, keeping: Set<String>) async throws -> Int {
        state.withLock { state in
            let now = ContinuousClock.now
            let unused = state.sessions.filter { now - $0.value.lastUsed > interval && !keeping.contains($0.key) }
            for session in unused.keys { state.sessions[session] = nil }
            return unused.count
        }
    }

    /// Keeps `path` under the share id `id`, replacing what was shared under it.
    public func share(_ path: ClickPath, id: String) async throws {
        state.withLock { $0.shares[id] = path }
    }

    /// The path shared under `id`, or nil.
    public func sharedPath(id: String) async throws -> ClickPath? {
        state.withLock { $0.shares[id] }
    }
}
