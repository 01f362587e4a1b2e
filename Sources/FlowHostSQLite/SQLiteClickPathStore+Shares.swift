import FlowHostApp
import FlowHostAtRest
import Foundation
import GRDB
import HTMLPresenter

/// Share links, in the `shares` table: each keeps its path sealed, its sharer's digest, when it
/// expires and whether it was revoked; sessions started from one refer to its row.
extension SQLiteClickPathStore {
    /// Keeps `path` under the share id `id` until `expires`, replacing what was shared under it.
    public func share(_ path: ClickPath, id: String, bySession session: String, expires: Date) async throws {
        let json = try sealed.text(of: path)
        let (key, sharer, maxShares) = (IdentifierDigest.of(id), IdentifierDigest.of(session), limits.maxShares)
        let now = Date.now.timeIntervalSince1970
        try await write { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM shares WHERE id != ?", arguments: [key]) ?? 0
            guard count < maxShares else { throw ClickPathStoreError.tooManyShares(limit: maxShares) }
            // An upsert, not a replace: a replace deletes the row, which sessions may refer to.
            try db.execute(
                sql: """
                    INSERT INTO shares (id, path, entryCount, created, expires, sharer, revoked)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0)
                    ON CONFLICT (id) DO UPDATE SET
                        path = ?2, entryCount = ?3, created = ?4, expires = ?5, sharer = ?6, revoked = 0
                    """,
                arguments: [key, json, path.entries.count, now, expires.timeIntervalSince1970, sharer])
        }
    }

    /// The share `id` as `session` sees it, or nil.
    public func share(id: String, askedBy session: String?) async throws -> SharedPath? {
        let key = IdentifierDigest.of(id)
        let row = try await read { db -> (path: String, expires: Double, sharer: String?, revoked: Bool)? in
            try Row.fetchOne(
                db, sql: "SELECT path, expires, sharer, revoked FROM shares WHERE id = ?", arguments: [key]
            )
            .map { ($0["path"], $0["expires"], $0["sharer"], $0["revoked"]) }
        }
        guard let row else { return nil }
        let expires = Date(timeIntervalSince1970: row.expires)
        return SharedPath(
            path: try sealed.path(row.path), expires: expires,
            status: SharedPath.status(revoked: row.revoked, expires: expires, now: .now),
            isSharer: row.sharer != nil && session.map(IdentifierDigest.of) == row.sharer)
    }

    /// Revokes the share `id` if `session` shared it.
    public func revokeShare(id: String, bySession session: String) async throws -> Bool {
        let (key, sharer) = (IdentifierDigest.of(id), IdentifierDigest.of(session))
        return try await write { db in
            try db.execute(
                sql: "UPDATE shares SET revoked = 1 WHERE id = ? AND sharer = ?", arguments: [key, sharer])
            return db.changesCount > 0
        }
    }

    /// Removes the expired shares no session refers to, and forgets the paths of revoked ones no
    /// session refers to, in one transaction; returns how many were removed.
    public func removeExpiredShares() async throws -> Int {
        let now = Date.now.timeIntervalSince1970
        let empty = String(decoding: try JSONEncoder().encode(ClickPath()), as: UTF8.self)
        return try await write { db in
            let unreferred = "id NOT IN (SELECT share FROM sessions WHERE share IS NOT NULL)"
            try db.execute(sql: "DELETE FROM shares WHERE expires <= ? AND \(unreferred)", arguments: [now])
            let removed = db.changesCount
            try db.execute(
                sql:
                    "UPDATE shares SET path = ?, entryCount = 0 WHERE revoked = 1 AND entryCount > 0 AND \(unreferred)",
                arguments: [empty])
            return removed
        }
    }
}
