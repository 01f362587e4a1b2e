import FlowHostApp

/// A comment's status as tools and the comments page name it: resolved first (a resolved thread
/// needs no attention, wherever its path leads), else whether its path still reaches its screen.
enum CommentStatus: String, Sendable, Encodable {
    case current, outdated, resolved

    init(_ comment: ScreenComment) {
        if comment.isResolved {
            self = .resolved
        } else if case .outdated = comment.reach {
            self = .outdated
        } else {
            self = .current
        }
    }

    /// As the comments page says it.
    var title: String {
        switch self {
        case .current: "Open"
        case .outdated: "Open, outdated (its clicks no longer lead to this screen)"
        case .resolved: "Resolved"
        }
    }
}
