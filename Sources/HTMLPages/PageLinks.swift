import HTMLPresenter
import HTMLTemplates

/// What a page links to, for what it is rendered for: the web host serves pages with its own URLs,
/// a static export with relative files, a snapshot test with the served page's shape. The renderer
/// knows no URL of its own: it writes these.
///
/// ```swift
/// let links = PageLinks(
///     stylesheet: "flowhost/flowhost.css", publicFiles: "public/",
///     actions: .resolve { token in files[token].map(ActionTarget.link) ?? .disabled(reason: "Not crawled") })
/// let html = try renderer.render(tree, links: links)
/// ```
public struct PageLinks: Sendable {
    /// A page that moves on by itself after a while (a static export of a screen whose flow moved
    /// on its own, a timer): no script needed.
    public struct Refresh: Sendable, Equatable {
        /// Where it moves to.
        public var url: String
        /// After how many seconds.
        public var seconds: Int

        /// Moves to `url` after `seconds`.
        public init(url: String, seconds: Int) {
            self.url = url
            self.seconds = seconds
        }
    }

    /// The chrome's stylesheet.
    public var stylesheet: String
    /// The chrome's script (live moves, the inspector panel, copying); nil for a page without script.
    public var script: String?
    /// What a `TemplateValue.publicFile(_:)` path is written after (`/public/`, or `public/` in a
    /// static export).
    public var publicFiles: String
    /// How the page writes its actions.
    public var actions: ActionLinks
    /// Where the page's script listens for live moves; nil for none.
    public var events: String?
    /// The address of the screen the page shows, which its script puts in the address bar when the
    /// page came as an action's answer (`<body data-url>`); nil for none.
    public var screenURL: String?
    /// Where the Share control beside the phone posts; nil for no Share control.
    public var share: String?
    /// The inspector's page, opened from the toolbar beside Share; nil for none.
    public var inspector: String?
    /// The flow map, linked beside the phone (a static export's `map.html`); nil for none.
    public var flowMap: String?
    /// Where the page moves on by itself, and when; nil when it does not.
    public var refresh: Refresh?
    /// A static export's forms of the page, each with where every sending led, listed beside the
    /// phone; none elsewhere.
    public var forms: [ExportedForm] = []
    /// A study's task under way in a tester's session, shown above the phone; nil elsewhere.
    public var taskPrompt: TaskPrompt?
    /// The comments on the screen and the Comment control beside Share; nil for none (comments
    /// off, a static export).
    public var comments: PageComments?

    /// The links given; the optional ones default to none.
    public init(
        stylesheet: String, script: String? = nil, publicFiles: String, actions: ActionLinks, events: String? = nil,
        share: String? = nil, inspector: String? = nil, flowMap: String? = nil, refresh: Refresh? = nil
    ) {
        self.stylesheet = stylesheet
        self.script = script
        self.publicFiles = publicFiles
        self.actions = actions
        self.events = events
        self.share = share
        self.inspector = inspector
        self.flowMap = flowMap
        self.refresh = refresh
    }

    /// A render of one page with these links: its actions and public files written as they say.
    func renderContext(readingLabels: Bool = false) -> RenderContext {
        RenderContext(actionLinks: actions, publicFiles: publicFiles, readingLabels: readingLabels)
    }
}
