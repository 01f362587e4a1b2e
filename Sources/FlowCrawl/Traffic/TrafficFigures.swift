/// Where the sessions went, on a storyboard: how many reached each screen, how many ended on it,
/// how many took each segue. Each session counts at most once per screen and segue, whatever
/// it did there.
public struct TrafficFigures: Sendable, Equatable {
    /// What happened on one screen.
    public struct ScreenFigures: Sendable, Equatable {
        /// Sessions that reached it.
        public var visits = 0
        /// Sessions whose last screen it is (the drop-off).
        public var exits = 0

        /// Figures of `visits` and `exits`.
        public init(visits: Int = 0, exits: Int = 0) {
            self.visits = visits
            self.exits = exits
        }
    }

    /// The sessions counted.
    public var sessions = 0
    /// Sessions that left the crawled graph (see ``TrafficMap``): counted up to where they left,
    /// with no exit.
    public var offMap = 0
    /// By screen, as the storyboard's ``Storyboard/screens``.
    public var screens: [ScreenFigures]
    /// Sessions that took each segue, as the storyboard's ``Storyboard/segues``.
    public var segues: [Int]

    /// No sessions, on a storyboard of `screens` screens and `segues` segues.
    public init(screens: Int, segues: Int) {
        self.screens = Array(repeating: ScreenFigures(), count: screens)
        self.segues = Array(repeating: 0, count: segues)
    }

    /// Counts one walked session.
    public mutating func count(_ walk: PathWalk) {
        sessions += 1
        for screen in Set(walk.stops.map(\.screen)) { screens[screen].visits += 1 }
        for segue in Set(walk.stops.compactMap(\.segue)) { segues[segue] += 1 }
        if let last = walk.lastScreen {
            screens[last].exits += 1
        } else {
            offMap += 1
        }
    }
}
