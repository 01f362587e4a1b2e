import HTMLPresenter

/// A state's page as the crawl rendered it: the HTML, with the tokens of that render, and those
/// tokens in the order of the state's actions (what the static export rewrites into links).
public struct CrawledPage: Sendable, Equatable {
    /// The whole page, as the server would send it.
    public let html: String
    /// The token of each action, by the action's index in ``FlowMap/Edge/action``.
    public let tokens: [String]
    /// The fields each form action shows filled in, by action index (its declared samples).
    public let sampleFields: [Int: FormFields]
}
