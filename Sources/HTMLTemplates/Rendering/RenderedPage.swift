/// A page and the actions it shows, read while it rendered: what a crawl labels its edges with,
/// without reading the HTML back.
public struct RenderedPage: Sendable, Equatable {
    /// One action as the page shows it.
    public struct Action: Sendable, Equatable {
        /// The action's token in the capture the page was rendered from.
        public let token: String
        /// The text of what a person clicks to take it (the form's button, the `formaction` button,
        /// the link), tags dropped and spaces collapsed; nil when it has none (an icon, an input).
        public internal(set) var label: String?
    }

    /// The HTML.
    public let html: String
    /// Every action written into an action attribute, in the order written (each screen's content,
    /// then the bars and the alert).
    public let actions: [Action]

    /// The page `html` and the actions its render wrote (``RenderContext/actions``).
    public init(html: String, actions: [Action]) {
        self.html = html
        self.actions = actions
    }

    /// The label of the action `token`, if the page shows it with one.
    public func label(of token: String) -> String? {
        actions.first { $0.token == token && $0.label != nil }?.label
    }
}
