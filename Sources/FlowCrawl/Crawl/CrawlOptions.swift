/// How far the crawler goes.
public struct CrawlOptions: Sendable, Hashable {
    /// At most this many states; an action that would lead to one more is not followed.
    public var maxStates = 2000
    /// A state whose deepest navigation stack holds more than this many screens over its root is
    /// kept, but its actions are not followed.
    public var maxDepth = 4
    /// A state more than this many steps (clicks, form sendings, live moves) from its entry is
    /// kept, but its actions are not followed. What an app's data remembers (a rating, a watched
    /// list) multiplies its pages: this keeps a crawl short while every screen is still reached.
    public var maxSteps = 5
    /// How long one step's navigation may take to settle.
    public var settleTimeout: Duration = .seconds(1)

    /// The defaults: 2000 states, depth 4, 5 steps.
    public init() {}
}
