/// The fewest clicks from a way into the app to a set of screens on today's crawl
/// (``Crawl/shortestPath(fromStates:toScreens:)``): the storyboard screens it goes through and the
/// label of each action taken, as the flow map shows them.
///
/// ```swift
/// let way = crawl.shortestPath(fromStates: [start], toScreens: ["rating/thanks"])
/// print(way?.description ?? "no way")  // login/login in navigation → "Sign In (sample)" → ...
/// ```
public struct ShortestPath: Sendable, Equatable, CustomStringConvertible {
    /// The screens, by storyboard id, from the one the way starts on to the goal screen reached:
    /// one more than ``actions``.
    public let screens: [String]
    /// The label of each action taken, the first on `screens[0]`: the text a person clicks on
    /// (`Rate`), with how a form was sent (`Sign In (sample)`).
    public let actions: [String]

    /// A way through `screens` by `actions`.
    public init(screens: [String], actions: [String]) {
        self.screens = screens
        self.actions = actions
    }

    /// How many clicks it takes.
    public var clicks: Int { actions.count }

    /// `movies/list → "Heat" → movies/detail`: each screen, then the label clicked there.
    public var description: String {
        zip(screens, actions).map { "\($0) → \"\($1)\" → " }.joined() + (screens.last ?? "")
    }
}
