import Foundation
import HTMLPresenter

/// Where click paths outlive the server process: each session's path under its session id, and
/// shared paths under their share id. The session code only talks to this protocol, so an
/// embedded store (SQLite, the default), none (memory) and a store shared by several server
/// processes (PostgreSQL) are interchangeable.
///
/// Writes are appends: a session's path only grows while it lives, and is removed when it ends. A
/// session opened from a share link refers to the share instead of copying it: its path is the
/// shared path followed by what it appended itself (``startSession(_:fromShare:)``).
///
/// Identifiers are the cookie's session id and the link's share id as they are: a store that
/// keeps them at rest keeps their SHA-256 instead (a copy of the store is no set of cookies or
/// links), and keeps the values of secret fields (``FormFields/Field/isSecret``) encrypted.
///
/// Several server processes may share one store (PostgreSQL): they sign action tokens with its
/// ``tokenKey()``, and learn from ``changes()`` what the others did to the sessions they hold.
/// A store that cannot be reached throws ``ClickPathStoreError/unavailable(reason:)``.
public protocol ClickPathStore: Sendable {
    /// The stored path of the session `session`, or nil when the store has none. For a session
    /// opened from a share link: the shared entries, then the session's own.
    func path(ofSession session: String) async throws -> ClickPath?

    /// The paths of the sessions the store holds that were used at or after `since` (all when nil),
    /// the most recently used first, at most `limit` of them.
    ///
    /// Each path is as ``path(ofSession:)`` gives it (for a session opened from a share: the shared
    /// entries, then its own), except that the values of secret fields come back empty
    /// (``HTMLPresenter/ClickPath/Entry/secretValuesLeftOut``): these paths are for figures, which need
    /// none, and a store at rest decrypts nothing for them.
    func sessionPaths(usedSince since: Date?, limit: Int) async throws -> [ClickPath]

    /// Appends `entries` to the session's path, the first of them at index `start` (the number of
    /// entries of its path before: for a session opened from a share, the shared ones count),
    /// creating the session when `start` is 0. Marks the session used now.
    func append(_ entries: [ClickPath.Entry], toSession session: String, at start: Int) async throws

    /// Starts the session `session` from the share `id`: its path is the shared path, which it
    /// refers to (nothing is copied), and its first append comes at that path's length. Marks it
    /// used now.
    /// - Throws: ``ClickPathStoreError/shareNotOpen(share:)`` when the share is not open (gone,
    ///   expired or revoked); nothing is stored.
    func startSession(_ session: String, fromShare id: String) async throws

    /// Forgets the sessions `sessions` and their paths (they ended: logged out, idle, evicted).
    func removeSessions(_ sessions: [String]) async throws

    /// Forgets the sessions whose last append (an empty one counts) is longer ago than `interval`,
    /// except those in `keeping` (live in memory); returns how many. Sessions that left memory
    /// (hibernated, or the server restarted) end this way.
    func removeSessions(unusedFor interval: Duration, keeping: Set<String>) async throws -> Int

    /// Keeps `path` under the share id `id` until `expires`, as shared by the session `session`
    /// (the one that may revoke it).
    /// - Throws: ``ClickPathStoreError/tooManyShares(limit:)`` when the store holds as many
    ///   shares as it may; nothing is stored.
    func share(_ path: ClickPath, id: String, bySession session: String, expires: Date) async throws

    /// The share `id` as the session `session` sees it (nil for a request without one), or nil
    /// when the store has no such share.
    func share(id: String, askedBy session: String?) async throws -> SharedPath?

    /// Revokes the share `id` when the session `session` shared it: it no longer opens (the
    /// sessions already opened from it keep their path). Returns false, changing nothing, when
    /// there is no such share or another session shared it.
    func revokeShare(id: String, bySession session: String) async throws -> Bool

    /// The sweep of shares: removes those expired that no session refers to any more, forgets the
    /// path of those revoked that no session refers to (the share then only says it was revoked,
    /// until it expires); returns how many shares were removed.
    func removeExpiredShares() async throws -> Int

    /// The 32-byte key that signs action tokens: every process sharing the store reads the same
    /// key, so a token one process issued is checked by another. Created on first use, then kept.
    func tokenKey() async throws -> [UInt8]

    /// What the store keeps in place of the session id `session`, the name a ``ClickPathChange``
    /// gives it: a process matches changes to its live sessions by it, and the store need not
    /// keep cleartext ids.
    func sessionDigest(of session: String) -> String

    /// A new stream of the changes other processes make to stored sessions from now on (each
    /// call starts its own). The default, for a store that one process alone writes, yields
    /// nothing and ends.
    func changes() -> AsyncStream<ClickPathChange>
}

extension ClickPathStore {
    /// Nothing: no other process writes this store.
    public func changes() -> AsyncStream<ClickPathChange> {
        AsyncStream { $0.finish() }
    }
}
