import HTMLPresenter

/// A state's page as the crawl captured it: what it shows (the static export renders it again, each
/// action linked to the state it leads to) and the label of each action.
public struct CrawledPage: Sendable, Equatable {
    /// What the state shows, its actions with the tokens of that capture.
    public let tree: ScreenTree
    /// The label of each action, by the action's index in ``FlowMap/Edge/action``: the text a person
    /// clicks on, or what the action does where it shows none.
    public let labels: [String]
}
