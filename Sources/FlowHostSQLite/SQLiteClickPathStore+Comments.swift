import FlowHostApp
import FlowHostAtRest
import Foundation
import GRDB
import HTMLPresenter

/// Comments pinned to states, in the `comments` table: each keeps its path sealed, its author's
/// session as a digest, what never changes as one JSON text and its thread as another; `position`
/// orders them as they were written.
extension SQLiteClickPathStore {
    /// Keeps `comment` as written by `session`, within the limits, in one transaction.
    public func addComment(_ comment: ScreenComment, bySession session: String) async throws {
        let stored = try StoredComment(comment, bySession: session, sealedBy: sealed)
        let maxComments = limits.maxComments
        try await write { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM comments") ?? 0
            guard count < maxComments else { throw ClickPathStoreError.tooManyComments(limit: maxComments) }
            try db.execute(
                sql: """
                    INSERT INTO comments (id, position, author, path, fields, replies, resolved, outdatedAt)
                    VALUES (?, (SELECT COALESCE(MAX(position), 0) + 1 FROM comments), ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    stored.id, stored.author, stored.path, stored.fields, stored.replies, stored.isResolved,
                    stored.outdatedAt,
                ])
        }
    }

    /// Every comment, the oldest first, as `session` sees it.
    public func comments(askedBy session: String?) async throws -> [ScreenComment] {
        let asker = session.map(IdentifierDigest.of)
        let rows = try await read { db -> [StoredComment] in
            try Row.fetchAll(
                db,
                sql: "SELECT id, author, path, fields, replies, resolved, outdatedAt FROM comments ORDER BY position"
            ).map {
                StoredComment(
                    id: $0["id"], author: $0["author"], path: $0["path"], fields: $0["fields"], replies: $0["replies"],
                    isResolved: $0["resolved"], outdatedAt: $0["outdatedAt"])
            }
        }
        return try rows.map { try $0.comment(openedBy: sealed, askedBy: asker) }
    }

    /// Appends `reply` to the thread of the comment `id`, in one transaction.
    public func reply(_ reply: ScreenComment.Reply, toComment id: String) async throws -> Bool {
        if let reason = ClickPathStoreLimits.refusal(commentBy: reply.author, text: reply.text) {
            throw ClickPathStoreError.commentRefused(reason: reason)
        }
        let (maxReplies, file) = (limits.maxRepliesPerComment, file)
        return try await write { db in
            guard
                let replies = try String.fetchOne(db, sql: "SELECT replies FROM comments WHERE id = ?", arguments: [id])
            else { return false }
            var thread = try ScreenComment.replies(stored: replies, ofComment: id, source: file)
            guard thread.count < maxReplies else {
                throw ClickPathStoreError.tooManyReplies(comment: id, limit: maxReplies)
            }
            thread.append(reply)
            try db.execute(
                sql: "UPDATE comments SET replies = ? WHERE id = ?",
                arguments: [ScreenComment.storedReplies(thread), id])
            return true
        }
    }

    /// Marks the thread of the comment `id` resolved or open.
    public func resolveComment(id: String, resolved: Bool) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE comments SET resolved = ? WHERE id = ?", arguments: [resolved, id])
            return db.changesCount > 0
        }
    }

    /// Deletes the comment `id` if `session` wrote it, or for the owner (nil).
    public func removeComment(id: String, bySession session: String?) async throws -> Bool {
        let author = session.map(IdentifierDigest.of)
        return try await write { db in
            if let author {
                try db.execute(sql: "DELETE FROM comments WHERE id = ? AND author = ?", arguments: [id, author])
            } else {
                try db.execute(sql: "DELETE FROM comments WHERE id = ?", arguments: [id])
            }
            return db.changesCount > 0
        }
    }

    /// Sets the reach of the comments named, in one transaction.
    public func markComments(_ reaches: [String: ScreenComment.Reach]) async throws {
        let rows = reaches.map { id, reach in (id, reach.storedOutdatedAt) }
        try await write { db in
            for (id, outdatedAt) in rows {
                try db.execute(sql: "UPDATE comments SET outdatedAt = ? WHERE id = ?", arguments: [outdatedAt, id])
            }
        }
    }
}
