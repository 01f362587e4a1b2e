/// A comment's status as tools and the comments pages (served and exported) name it: resolved
/// first (a resolved thread needs no attention, wherever its path leads), else whether its path
/// still reaches its screen.
package enum CommentStatus: String, Sendable, Encodable {
    /// Open, and its path still reaches its screen.
    case current
    /// Open, and its path no longer reaches its screen.
    case outdated
    /// Its thread was resolved.
    case resolved

    /// The status of `comment`.
    package init(_ comment: ScreenComment) {
        if comment.isResolved {
            self = .resolved
        } else if case .outdated = comment.reach {
            self = .outdated
        } else {
            self = .current
        }
    }

    /// As the comments page says it.
    package var title: String {
        switch self {
        case .current: "Open"
        case .outdated: "Open, outdated (its clicks no longer lead to this screen)"
        case .resolved: "Resolved"
        }
    }
}
