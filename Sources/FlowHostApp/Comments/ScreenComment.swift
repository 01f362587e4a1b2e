import Foundation
import HTMLPresenter

/// A comment pinned to a state of a shared demo, as a ``ClickPathStore`` keeps it: the click path
/// that leads to the state (anyone can open it there, with the back stack under it), the
/// storyboard screen it shows, the point of the phone's screen it is pinned to, what the person
/// wrote and the thread under it.
///
/// Everything in it that a person typed is plain text, as typed: whoever shows it escapes it
/// (a page, JSON, the log). ``ClickPathStoreLimits/refusal(commentBy:text:)`` bounds it.
public struct ScreenComment: Sendable, Equatable {
    /// A point of the phone's screen as fractions of its width and height, from its top left.
    public struct Point: Sendable, Equatable, Codable {
        /// From the left edge (0) to the right edge (1).
        public var x: Double
        /// From the top edge (0) to the bottom edge (1).
        public var y: Double

        /// The point at `x`, `y`.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }

        /// Whether both fractions are within the screen (0 to 1).
        public var isOnScreen: Bool { (0...1).contains(x) && (0...1).contains(y) }
    }

    /// An answer in the comment's thread.
    public struct Reply: Sendable, Equatable, Codable {
        /// Who wrote it, as they named themselves.
        public var author: String
        /// What they wrote.
        public var text: String
        /// When.
        public var created: Date

        /// A reply by `author`.
        public init(author: String, text: String, created: Date) {
            self.author = author
            self.text = text
            self.created = created
        }
    }

    /// Whether the comment's click path still leads to its screen on the build that runs.
    public enum Reach: Sendable, Equatable {
        /// It does (or it was not replayed yet).
        case current
        /// It no longer does: where its path stopped, or the screen it reaches instead.
        case outdated(stoppedAt: String)
    }

    /// Its id, a random token: public (it is in the comments' JSON), and no key to anything.
    public var id: String
    /// The click path to the state it was written on.
    public var path: ClickPath
    /// The storyboard screen of that state (its template at its place in the navigation).
    public var screen: String
    /// The point it is pinned to; nil for the whole screen.
    public var point: Point?
    /// The label of the action under the point, if there was one.
    public var actionLabel: String?
    /// Who wrote it, as they named themselves.
    public var author: String
    /// What they wrote.
    public var text: String
    /// When.
    public var created: Date
    /// The thread under it, oldest first.
    public var replies: [Reply]
    /// Whether someone marked the thread resolved.
    public var isResolved: Bool
    /// Whether its path still reaches its screen.
    public var reach: Reach
    /// Whether the session that read it wrote it (and may delete it); false for a new comment.
    public var isAuthor: Bool

    /// A comment as written or as a store read it.
    public init(
        id: String, path: ClickPath, screen: String, point: Point? = nil, actionLabel: String? = nil,
        author: String, text: String, created: Date, replies: [Reply] = [], isResolved: Bool = false,
        reach: Reach = .current, isAuthor: Bool = false
    ) {
        self.id = id
        self.path = path
        self.screen = screen
        self.point = point
        self.actionLabel = actionLabel
        self.author = author
        self.text = text
        self.created = created
        self.replies = replies
        self.isResolved = isResolved
        self.reach = reach
        self.isAuthor = isAuthor
    }
}
