import FlowHostApp
import FlowHostAtRest
import Foundation
import HTMLPresenter
import PostgresNIO

/// Share links, in `flowhost_shares`: each keeps its path sealed, its sharer's digest, when it
/// expires and whether it was revoked; sessions started from one refer to its row.
extension PostgresClickPathStore {
    /// Keeps `path` under the share id `id` until `expires`, replacing what was shared under it;
    /// one statement, which stores nothing when the store holds `maxShares` others.
    public func share(_ path: ClickPath, id: String, bySession session: String, expires: Date) async throws {
        let json = try sealed.text(of: path)
        let (key, sharer) = (IdentifierDigest.of(id), IdentifierDigest.of(session))
        let (now, until, count) = (Date.now.timeIntervalSince1970, expires.timeIntervalSince1970, path.entries.count)
        // An upsert, not a delete and insert: sessions may refer to the row.
        let maxShares = limits.maxShares
        let stored = try await reaching { client, logger in
            try await client.query(
                """
                INSERT INTO flowhost_shares (id, path, entry_count, created, expires, sharer, revoked)
                SELECT \(key), \(json), \(count), \(now), \(until), \(sharer), false
                WHERE (SELECT count(*) FROM flowhost_shares WHERE id <> \(key)) < \(maxShares)
                ON CONFLICT (id) DO UPDATE SET
                    path = excluded.path, entry_count = excluded.entry_count, created = excluded.created,
                    expires = excluded.expires, sharer = excluded.sharer, revoked = false
                RETURNING 1
                """, logger: logger
            ).collect()
        }
        guard !stored.isEmpty else { throw ClickPathStoreError.tooManyShares(limit: maxShares) }
    }

    /// The share `id` as `session` sees it, or nil.
    public func share(id: String, askedBy session: String?) async throws -> SharedPath? {
        let key = IdentifierDigest.of(id)
        let rows = try await reaching { client, logger in
            try await client.query(
                "SELECT path, expires, sharer, revoked FROM flowhost_shares WHERE id = \(key)", logger: logger
            ).collect()
        }
        guard let row = rows.first else { return nil }
        let (json, seconds, sharer, revoked) = try row.decode((String, Double, String?, Bool).self)
        let expires = Date(timeIntervalSince1970: seconds)
        return SharedPath(
            path: try sealed.path(json), expires: expires,
            status: SharedPath.status(revoked: revoked, expires: expires, now: .now),
            isSharer: sharer != nil && session.map(IdentifierDigest.of) == sharer)
    }

    /// Revokes the share `id` if `session` shared it.
    public func revokeShare(id: String, bySession session: String) async throws -> Bool {
        let (key, sharer) = (IdentifierDigest.of(id), IdentifierDigest.of(session))
        return try await reaching { client, logger in
            try await !client.query(
                "UPDATE flowhost_shares SET revoked = true WHERE id = \(key) AND sharer = \(sharer) RETURNING 1",
                logger: logger
            ).collect().isEmpty
        }
    }

    /// Removes the expired shares no session refers to, and forgets the paths of revoked ones no
    /// session refers to, in one statement; returns how many were removed.
    public func removeExpiredShares() async throws -> Int {
        let now = Date.now.timeIntervalSince1970
        let empty = String(decoding: try JSONEncoder().encode(ClickPath()), as: UTF8.self)
        return try await reaching { client, logger in
            try await client.query(
                """
                WITH removed AS (
                    DELETE FROM flowhost_shares WHERE expires <= \(now) AND \(unescaped: Self.unreferred) RETURNING 1
                ), forgotten AS (
                    UPDATE flowhost_shares SET path = \(empty), entry_count = 0
                    WHERE revoked AND entry_count > 0 AND expires > \(now) AND \(unescaped: Self.unreferred)
                )
                SELECT count(*) FROM removed
                """, logger: logger
            ).collect().first?.decode(Int.self) ?? 0
        }
    }

    /// The condition of a share no session refers to.
    private static let unreferred = "NOT EXISTS (SELECT 1 FROM flowhost_sessions WHERE share = flowhost_shares.id)"
}
