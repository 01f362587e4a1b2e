import FlowHostApp
import HTMLPresenter

/// What the crawler found: every state the app shows (numbered in the order a breadth-first crawl
/// reaches them), every on-screen action between them, and what the bounds cut. Its JSON (keys
/// sorted) is the same byte for byte for the same build.
public struct FlowMap: Sendable, Equatable, Codable {
    /// One page a person can see; two paths that show the same page are the same state.
    public struct State: Sendable, Equatable, Codable {
        /// Its number: 0 is the start screen.
        public let id: Int
        /// The visible screen's title (the alert's, when one is up).
        public let title: String
        /// The visible screen's template (`alert` for an alert).
        public let template: String
        /// The tab selected under it, or the template's folder where there are no tabs.
        public let group: String
        /// The screens over the root of its deepest navigation stack.
        public let depth: Int
        /// How to get here from a fresh window.
        public let clickPath: ClickPath
        /// Why its actions were not followed, when a bound cut them.
        public var cut: String?
        /// No action leads anywhere else.
        public var isDeadEnd: Bool
    }

    /// One action from a state: a button, a tab, a back button, an alert action, a form sent
    /// with some values, or a live move.
    public struct Edge: Sendable, Equatable, Codable {
        /// The state it starts from.
        public let from: Int
        /// The state it leads to; nil when it was not followed.
        public let to: Int?
        /// The button's text (`Sign In`, `Heat`, `Back`), with how a form was sent.
        public let label: String
        /// Its index among the state's actions in the capture's order; nil for a live move.
        public let action: Int?
        /// The fields a form was sent with (nil for a button).
        public let fields: FormFields?
        /// Why it was not followed.
        public let cut: String?
        /// The case of the step the action sent, as the navigation log recorded it, with its
        /// argument labels and without its values (`detail(id:)`); nil when it sent none (a back
        /// button, a tab) or was not followed.
        public var step: String?
    }

    /// A way into the app: the start, or a deep link.
    public struct Entry: Sendable, Equatable, Codable {
        /// `start`, or the link's path (`/link/movies/2`).
        public let label: String
        /// The state it opens on.
        public let state: Int
        /// The case of the first step it sent (`login`, `movie(id:)`), as for ``Edge/step``.
        public var step: String?
    }

    /// States, by number.
    public var states: [State]
    /// Edges, in the order crawled.
    public var edges: [Edge]
    /// The start and each deep link example.
    public var entries: [Entry]
    /// The states folded onto screens and their edges onto segues.
    public var storyboard: Storyboard

    /// A map of `states`, `edges` and `entries`, with the storyboard `pages` show.
    public init(states: [State], edges: [Edge], entries: [Entry], pages: [CrawledPage]) {
        self.states = states
        self.edges = edges
        self.entries = entries
        storyboard = Storyboard(states: states, pages: pages, edges: edges, entries: entries)
    }

    private enum CodingKeys: String, CodingKey {
        case screens, segues, states, edges, entries
    }

    /// Reads a map back from its JSON: the storyboard's screens and segues beside the states.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        states = try container.decode([State].self, forKey: .states)
        edges = try container.decode([Edge].self, forKey: .edges)
        entries = try container.decode([Entry].self, forKey: .entries)
        storyboard = Storyboard(
            screens: try container.decode([StoryboardScreen].self, forKey: .screens),
            segues: try container.decode([Segue].self, forKey: .segues))
    }

    /// Writes the map: `screens` and `segues` (the storyboard), `states`, `edges` and `entries`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(storyboard.screens, forKey: .screens)
        try container.encode(storyboard.segues, forKey: .segues)
        try container.encode(states, forKey: .states)
        try container.encode(edges, forKey: .edges)
        try container.encode(entries, forKey: .entries)
    }

    /// States whose actions a bound kept from being followed.
    public var statesCut: Int { states.count { $0.cut != nil } }
    /// Actions not followed.
    public var edgesCut: Int { edges.count { $0.cut != nil } }
}
