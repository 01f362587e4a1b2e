import Foundation
import HTMLPresenter
import Synchronization

/// A ``ClickPathStore`` in memory, gone with the process: `--store memory`, and tests. Bounded and
/// checked like ``SQLiteClickPathStore``: at most `maxSessions` sessions (a new one beyond removes
/// the least recently used with its path), at most `maxEntriesPerSession` entries a path (an append
/// past it throws ``ClickPathStoreError/pathTooLong(session:limit:)`` and stores nothing), at most
/// `maxShares` shares, and an append must start where the stored path ends. Nothing is at rest, so
/// identifiers and secret values are kept as they are.
public final class MemoryClickPathStore: ClickPathStore {
    // MARK: - Stored properties

    private struct StoredSession {
        /// The share it started from, whose path comes before its own entries.
        var share: String?
        /// How many entries come from the share.
        var sharedCount = 0
        var entries: [ClickPath.Entry]
        var recency: Int
        var lastUsed = ContinuousClock.now
        /// When it was last used, on the wall clock: what ``sessionPaths(usedSince:limit:)`` compares.
        var usedAt = Date.now

        var count: Int { sharedCount + entries.count }
    }

    private struct StoredShare {
        var path: ClickPath
        let sharer: String
        let expires: Date
        var revoked = false
    }

    private struct State {
        var sessions: [String: StoredSession] = [:]
        var shares: [String: StoredShare] = [:]
        var uses = 0

        /// The shares some stored session refers to.
        var referredShares: Set<String> { Set(sessions.values.compactMap(\.share)) }
    }

    /// At most this many sessions are kept; a new one beyond removes the least recently used.
    public let maxSessions: Int
    /// At most this many entries are kept for a session.
    public let maxEntriesPerSession: Int
    /// At most this many shares are kept; a new one beyond is refused.
    public let maxShares: Int
    private let state = Mutex(State())
    private let key: [UInt8]

    // MARK: - Initialization

    /// An empty store with these bounds (at least one session).
    public init(maxSessions: Int = 2000, maxEntriesPerSession: Int = 2000, maxShares: Int = 10_000) {
        precondition(
            maxSessions > 0 && maxEntriesPerSession >= 0 && maxShares >= 0, "a store keeps at least one session")
        self.maxSessions = maxSessions
        self.maxEntriesPerSession = maxEntriesPerSession
        self.maxShares = maxShares
        var generator = SystemRandomNumberGenerator()
        key = (0..<32).map { _ in generator.next() }
    }

    // MARK: - API

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
    /// session); throws ``ClickPathStoreError`` and stores nothing otherwise, or past the bound.
    public func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws {
        try state.withLock { state in
            let stored = state.sessions[session]?.count
            guard start == (stored ?? 0) else {
                throw ClickPathStoreError.startMismatch(session: session, start: start, stored: stored)
            }
            guard start + entries.count <= maxEntriesPerSession else {
                throw ClickPathStoreError.pathTooLong(session: session, limit: maxEntriesPerSession)
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
        state.sessions[session]?.lastUsed = .now
        state.sessions[session]?.usedAt = .now
        if isNew, state.sessions.count > maxSessions,
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

    /// Forgets the sessions not appended to for `interval`, except `keeping`; returns how many.
    public func removeSessions(unusedFor interval: Duration, keeping: Set<String>) async throws -> Int {
        state.withLock { state in
            let now = ContinuousClock.now
            let unused = state.sessions.filter { now - $0.value.lastUsed > interval && !keeping.contains($0.key) }
            for session in unused.keys { state.sessions[session] = nil }
            return unused.count
        }
    }

    /// Keeps `path` under the share id `id` until `expires`, replacing what was shared under it.
    public func share(_ path: ClickPath, id: String, bySession session: String, expires: Date) async throws {
        try state.withLock { state in
            guard state.shares[id] != nil || state.shares.count < maxShares else {
                throw ClickPathStoreError.tooManyShares(limit: maxShares)
            }
            state.shares[id] = StoredShare(path: path, sharer: session, expires: expires)
        }
    }

    /// The share `id` as `session` sees it, or nil.
    public func share(id: String, askedBy session: String?) async throws -> SharedPath? {
        state.withLock { state in
            state.shares[id].map { share in
                SharedPath(
                    path: share.path, expires: share.expires,
                    status: SharedPath.status(revoked: share.revoked, expires: share.expires, now: .now),
                    isSharer: session == share.sharer)
            }
        }
    }

    /// Revokes the share `id` if `session` shared it.
    public func revokeShare(id: String, bySession session: String) async throws -> Bool {
        state.withLock { state in
            guard state.shares[id]?.sharer == session else { return false }
            state.shares[id]?.revoked = true
            return true
        }
    }

    /// Removes the expired shares no session refers to, and forgets the paths of revoked ones no
    /// session refers to; returns how many were removed.
    public func removeExpiredShares() async throws -> Int {
        state.withLock { state in
            let referred = state.referredShares
            let now = Date.now
            var removed = 0
            for (id, share) in state.shares where !referred.contains(id) {
                if share.expires <= now {
                    state.shares[id] = nil
                    removed += 1
                } else if share.revoked {
                    state.shares[id]?.path = ClickPath()
                }
            }
            return removed
        }
    }

    /// A random key, the store's alone: no other process shares a store in memory.
    public func tokenKey() async throws -> [UInt8] { key }

    /// `session` itself: nothing is at rest.
    public func sessionDigest(of session: String) -> String { session }
}
