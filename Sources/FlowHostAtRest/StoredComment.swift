import FlowHostApp
import HTMLPresenter

/// A comment as a store at rest keeps it, one column a property: its path sealed
/// (``SealedClickPaths``), its author's session as a digest (``IdentifierDigest``), what never
/// changes after it is written as one JSON text and its thread as another (a reply is appended to
/// it). One way for every store that keeps text, so that each store writes only its statements.
package struct StoredComment: Sendable {
    /// The comment's id.
    package var id: String
    /// The digest of the session that wrote it.
    package var author: String
    /// Its click path, secret values sealed.
    package var path: String
    /// What never changes after it is written, as JSON.
    package var fields: String
    /// Its replies, as JSON.
    package var replies: String
    /// Whether its thread is resolved.
    package var isResolved: Bool
    /// Where its path stopped when it is outdated (nil: current).
    package var outdatedAt: String?

    /// The columns a store read.
    package init(
        id: String, author: String, path: String, fields: String, replies: String, isResolved: Bool,
        outdatedAt: String?
    ) {
        self.id = id
        self.author = author
        self.path = path
        self.fields = fields
        self.replies = replies
        self.isResolved = isResolved
        self.outdatedAt = outdatedAt
    }

    /// `comment`, written by `session`, as a store keeps it, its path sealed by `paths`.
    /// - Throws: ``ClickPathStoreError/commentRefused(reason:)`` when it breaks a bound
    ///   (``ClickPathStoreLimits/refusal(adding:)``), checked before anything is sealed.
    package init(_ comment: ScreenComment, bySession session: String, sealedBy paths: SealedClickPaths) throws {
        if let reason = ClickPathStoreLimits.refusal(adding: comment) {
            throw ClickPathStoreError.commentRefused(reason: reason)
        }
        self.init(
            id: comment.id, author: IdentifierDigest.of(session), path: try paths.text(of: comment.path),
            fields: comment.storedFields, replies: ScreenComment.storedReplies(comment.replies),
            isResolved: comment.isResolved, outdatedAt: comment.storedOutdatedAt)
    }

    /// The comment, its path opened by `paths`, as the session whose digest is `asker` sees it
    /// (nil: no session, the owner).
    /// - Throws: ``ClickPathStoreError/undecodable(file:reason:)`` for a text this FlowHost cannot
    ///   read.
    package func comment(openedBy paths: SealedClickPaths, askedBy asker: String?) throws -> ScreenComment {
        try ScreenComment(
            id: id, path: try paths.path(path), storedFields: fields, storedReplies: replies, isResolved: isResolved,
            outdatedAt: outdatedAt, isAuthor: asker == author, source: paths.source)
    }
}
