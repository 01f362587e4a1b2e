import FlowHostApp
import FlowHostAtRest
import Foundation
import HTMLPresenter
import PostgresNIO

/// Comments pinned to states, in `flowhost_comments`: each keeps its path sealed, its author's
/// session as a digest, what never changes as one JSON text and its thread as another; `position`
/// orders them as they were written. Every write is one statement, so processes sharing the
/// database never interleave within one, and notifies the other processes (`ORIGIN comments` on
/// the channel of ``changes()``) when it changed a row: their pages show it at once, and none of
/// them polls.
extension PostgresClickPathStore {
    /// Keeps `comment` as written by `session`; one statement, which stores nothing when the store
    /// holds `maxComments`.
    public func addComment(_ comment: ScreenComment, bySession session: String) async throws {
        let stored = try StoredComment(comment, bySession: session, sealedBy: sealed)
        let maxComments = limits.maxComments
        let (channel, payload) = commentsNotification
        let added = try await reaching { client, logger in
            try await client.query(
                """
                WITH changed AS (
                    INSERT INTO flowhost_comments (id, author, path, fields, replies, resolved, outdated_at)
                    SELECT \(stored.id), \(stored.author), \(stored.path), \(stored.fields), \(stored.replies),
                        \(stored.isResolved), \(stored.outdatedAt)
                    WHERE (SELECT count(*) FROM flowhost_comments) < \(maxComments)
                    RETURNING 1)
                SELECT count(*) FROM changed, LATERAL (SELECT pg_notify(\(channel), \(payload))) notified
                """, logger: logger
            ).collect().first?.decode(Int.self) ?? 0
        }
        guard added > 0 else { throw ClickPathStoreError.tooManyComments(limit: maxComments) }
    }

    /// Every comment, the oldest first, as `session` sees it.
    public func comments(askedBy session: String?) async throws -> [ScreenComment] {
        let asker = session.map(IdentifierDigest.of)
        let rows = try await reaching { client, logger in
            try await client.query(
                """
                SELECT id, author, path, fields, replies, resolved, outdated_at
                FROM flowhost_comments ORDER BY position
                """, logger: logger
            ).collect()
        }
        return try rows.map { row in
            let (id, author, path, fields, replies, resolved, outdatedAt) = try row.decode(
                (String, String, String, String, String, Bool, String?).self)
            return try StoredComment(
                id: id, author: author, path: path, fields: fields, replies: replies, isResolved: resolved,
                outdatedAt: outdatedAt
            ).comment(openedBy: sealed, askedBy: asker)
        }
    }

    /// Appends `reply` to the thread of the comment `id` in one statement, which stores nothing
    /// when the thread is full.
    public func reply(_ reply: ScreenComment.Reply, toComment id: String) async throws -> Bool {
        if let reason = ClickPathStoreLimits.refusal(commentBy: reply.author, text: reply.text) {
            throw ClickPathStoreError.commentRefused(reason: reason)
        }
        let (added, maxReplies) = (ScreenComment.storedReplies([reply]), limits.maxRepliesPerComment)
        let (channel, payload) = commentsNotification
        let (appended, exists) = try await reaching { client, logger in
            let appended =
                try await client.query(
                    """
                    WITH changed AS (
                        UPDATE flowhost_comments SET replies = (replies::jsonb || \(added)::jsonb)::text
                        WHERE id = \(id) AND jsonb_array_length(replies::jsonb) < \(maxReplies)
                        RETURNING 1)
                    SELECT count(*) FROM changed, LATERAL (SELECT pg_notify(\(channel), \(payload))) notified
                    """, logger: logger
                ).collect().first?.decode(Int.self) ?? 0
            guard appended == 0 else { return (true, true) }
            let found = try await client.query("SELECT 1 FROM flowhost_comments WHERE id = \(id)", logger: logger)
                .collect()
            return (false, !found.isEmpty)
        }
        if !appended, exists { throw ClickPathStoreError.tooManyReplies(comment: id, limit: maxReplies) }
        return appended
    }

    /// Marks the thread of the comment `id` resolved or open.
    public func resolveComment(id: String, resolved: Bool) async throws -> Bool {
        let (channel, payload) = commentsNotification
        let changed = try await reaching { client, logger in
            try await client.query(
                """
                WITH changed AS (UPDATE flowhost_comments SET resolved = \(resolved) WHERE id = \(id) RETURNING 1)
                SELECT count(*) FROM changed, LATERAL (SELECT pg_notify(\(channel), \(payload))) notified
                """, logger: logger
            ).collect().first?.decode(Int.self) ?? 0
        }
        return changed > 0
    }

    /// Deletes the comment `id` if `session` wrote it, or for the owner (nil).
    public func removeComment(id: String, bySession session: String?) async throws -> Bool {
        let author = session.map(IdentifierDigest.of)
        let (channel, payload) = commentsNotification
        let changed = try await reaching { client, logger in
            try await client.query(
                """
                WITH changed AS (
                    DELETE FROM flowhost_comments
                    WHERE id = \(id) AND (\(author)::text IS NULL OR author = \(author))
                    RETURNING 1)
                SELECT count(*) FROM changed, LATERAL (SELECT pg_notify(\(channel), \(payload))) notified
                """, logger: logger
            ).collect().first?.decode(Int.self) ?? 0
        }
        return changed > 0
    }

    /// Sets the reach of the comments named, in one transaction, which notifies when it commits.
    public func markComments(_ reaches: [String: ScreenComment.Reach]) async throws {
        let rows = reaches.map { id, reach in (id, reach.storedOutdatedAt) }
        guard !rows.isEmpty else { return }
        let (channel, payload) = commentsNotification
        try await transaction { connection, logger in
            for (id, outdatedAt) in rows {
                try await connection.query(
                    "UPDATE flowhost_comments SET outdated_at = \(outdatedAt) WHERE id = \(id)", logger: logger)
            }
            try await connection.query("SELECT pg_notify(\(channel), \(payload))", logger: logger)
        }
    }

    /// The channel and payload that tell the other processes the comments changed.
    private var commentsNotification: (channel: String, payload: String) {
        (listener.channel, "\(listener.origin) \(PostgresChangeListener.commentsPayload)")
    }
}
