import HTMLPresenter

extension FlowHostRoute {
    /// What a request does to one comment's thread.
    public enum CommentAction: String, Sendable, CaseIterable {
        /// Append a reply (POST: `author`, `text`).
        case reply
        /// Mark the thread resolved (POST).
        case resolve
        /// Open the thread again (POST).
        case reopen
        /// Delete it, for its author's session or the owner (POST).
        case delete
        /// A fresh session replayed to its state (GET).
        case open
    }

    static let commentPrefix = "/_flowhost/comments/"

    /// The thread of the comment `id` on the comments page.
    static func commentThreadURL(id: String) -> String {
        FlowHostRoute.comments.url + "#c-" + id
    }

    /// `<id>/<action>` as a route, when the id is a token's text and the action known.
    static func comment(_ rest: Substring) -> FlowHostRoute? {
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, OpaqueToken(String(parts[0])) != nil,
            let action = CommentAction(rawValue: String(parts[1]))
        else { return nil }
        return .comment(id: String(parts[0]), action)
    }
}
