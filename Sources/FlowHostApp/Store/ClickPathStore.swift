import HTMLPresenter

/// Where click paths outlive the server process: each session's path under its session id, and
/// shared paths under their share id. The session code only talks to this protocol, so an
/// embedded store (SQLite, the default), none (memory) and a store shared by several server
/// processes (PostgreSQL) are interchangeable.
///
/// Writes are appends: a session's path only grows while it lives, and is removed when it ends.
public protocol ClickPathStore: Sendable {
    /// The stored path of the session `session`, or nil when the store has none.
    func path(ofSession session: String) async throws -> ClickPath?

    /// Appends `entries` to the session's path, the first of them at index `start` (the number of
    /// entries stored before), creating the session when `start` is 0. Marks the session used now.
    func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws

    /// Forgets the sessions `sessions` and their paths (they ended: logged out, idle, evicted).
    func removeSessions(_ sessions: [String]) async throws

    /// Forgets the sessions whose last append (an empty one counts) is longer ago than `interval`,
    /// except those in `keeping` (live in memory); returns how many. Sessions that left memory
    /// (hibernated, or the server restarted) end this way.
    func removeSessions(unusedFor interval: Duration, keeping: Set<String>) async throws -> Int

    /// Keeps `path` under the share id `id`, for good.
    func share(_ path: ClickPath, id: String) async throws

    /// The path shared under `id`, or nil.
    func sharedPath(id: String) async throws -> ClickPath?
}
