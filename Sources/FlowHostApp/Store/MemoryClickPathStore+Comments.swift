import Foundation

/// Comments pinned to states, the oldest first, each with the session that wrote it.
extension MemoryClickPathStore {
    /// Keeps `comment` as written by `session`, within the limits.
    public func addComment(_ comment: ScreenComment, bySession session: String) async throws {
        if let reason = ClickPathStoreLimits.refusal(adding: comment) {
            throw ClickPathStoreError.commentRefused(reason: reason)
        }
        try state.withLock { state in
            guard state.comments.count < limits.maxComments else {
                throw ClickPathStoreError.tooManyComments(limit: limits.maxComments)
            }
            var kept = comment
            kept.isAuthor = false
            state.comments.append((kept, session))
        }
    }

    /// Every comment, the oldest first, as `session` sees it.
    public func comments(askedBy session: String?) async throws -> [ScreenComment] {
        state.withLock { state in
            state.comments.map { stored in
                var comment = stored.comment
                comment.isAuthor = session == stored.author
                return comment
            }
        }
    }

    /// Appends `reply` to the thread of the comment `id`.
    public func reply(_ reply: ScreenComment.Reply, toComment id: String) async throws -> Bool {
        if let reason = ClickPathStoreLimits.refusal(commentBy: reply.author, text: reply.text) {
            throw ClickPathStoreError.commentRefused(reason: reason)
        }
        return try state.withLock { state in
            guard let index = state.comments.firstIndex(where: { $0.comment.id == id }) else { return false }
            guard state.comments[index].comment.replies.count < limits.maxRepliesPerComment else {
                throw ClickPathStoreError.tooManyReplies(comment: id, limit: limits.maxRepliesPerComment)
            }
            state.comments[index].comment.replies.append(reply)
            return true
        }
    }

    /// Marks the thread of the comment `id` resolved or open.
    public func resolveComment(id: String, resolved: Bool) async throws -> Bool {
        state.withLock { state in
            guard let index = state.comments.firstIndex(where: { $0.comment.id == id }) else { return false }
            state.comments[index].comment.isResolved = resolved
            return true
        }
    }

    /// Deletes the comment `id` if `session` wrote it, or for the owner (nil).
    public func removeComment(id: String, bySession session: String?) async throws -> Bool {
        state.withLock { state in
            guard let index = state.comments.firstIndex(where: { $0.comment.id == id }),
                session == nil || state.comments[index].author == session
            else { return false }
            state.comments.remove(at: index)
            return true
        }
    }

    /// Sets the reach of the comments named.
    public func markComments(_ reaches: [String: ScreenComment.Reach]) async throws {
        state.withLock { state in
            for index in state.comments.indices {
                if let reach = reaches[state.comments[index].comment.id] { state.comments[index].comment.reach = reach }
            }
        }
    }

}
