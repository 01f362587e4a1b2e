/// One kind of screen of a storyboard: a template at a place in the navigation, and the crawl's
/// states that show it.
public struct StoryboardScreen: Sendable, Equatable, Codable {
    /// What names it, the same for the same build: its template and its place
    /// (`movies/detail in tab Movies › navigation`, `alert "Log out?"`).
    public let id: String
    /// Its title: the screens' common title, or the template's name where they differ (a movie's
    /// detail shows each movie's title).
    public let title: String
    /// The template (`alert` for an alert).
    public let template: String
    /// Where it is, outermost first: `tab Movies`, `sheet`, `full screen`, `navigation`; an
    /// alert's place is its title.
    public let place: [String]
    /// The tab it is in, or the template's folder where there are no tabs: the group it is drawn in.
    public let flow: String
    /// The crawl's states that show it, by number, the first one reached first (its thumbnail).
    public internal(set) var states: [Int]
    /// The ways into the app that open on it: `start`, a deep link's path (`/link/movies/2`).
    public internal(set) var entries: [String]

    /// How many of the crawl's states show it.
    public var stateCount: Int { states.count }

    /// A screen as read back from JSON or built by the storyboard.
    public init(
        id: String, title: String, template: String, place: [String], flow: String, states: [Int],
        entries: [String]
    ) {
        self.id = id
        self.title = title
        self.template = template
        self.place = place
        self.flow = flow
        self.states = states
        self.entries = entries
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, template, place, flow, states, stateCount, entries
    }

    /// Reads a screen back; `stateCount` is ignored (it is the number of `states`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            template: try container.decode(String.self, forKey: .template),
            place: try container.decode([String].self, forKey: .place),
            flow: try container.decode(String.self, forKey: .flow),
            states: try container.decode([Int].self, forKey: .states),
            entries: try container.decode([String].self, forKey: .entries))
    }

    /// Writes the screen with its `stateCount`, for tools that only count.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(template, forKey: .template)
        try container.encode(place, forKey: .place)
        try container.encode(flow, forKey: .flow)
        try container.encode(states, forKey: .states)
        try container.encode(stateCount, forKey: .stateCount)
        try container.encode(entries, forKey: .entries)
    }
}
