import HTMLPresenter

/// A state's page as the crawl captured it: what it shows (the static export renders it again, each
/// action linked to the state it leads to) and the label of each action.
public struct CrawledPage: Sendable, Equatable {
    /// What the state shows, its actions with the tokens of that capture.
    public let tree: ScreenTree
    /// The label of each action, by the action's index in ``FlowMap/Edge/action``: the text a person
    /// clicks on, or what the action does where it shows none.
    public let labels: [String]
    /// Where each action is, by the same index, as a click path names it (nil for one the window
    /// could not place): what traffic figures follow a stored path's actions by.
    public let positions: [ActionPosition?]
    /// Where the visible screen is, as a click path's Back names it.
    public let screen: ScreenPosition?
}
