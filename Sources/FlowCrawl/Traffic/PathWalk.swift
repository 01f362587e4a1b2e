/// One click path followed on a crawl's state graph (``TrafficMap/walk(_:)``): the states it went
/// through, the segue each move took, and whether it stayed on the map.
public struct PathWalk: Sendable, Equatable {
    /// One place the path reached.
    public struct Stop: Sendable, Equatable {
        /// The crawl's state.
        public let state: Int
        /// Its screen, by index in the storyboard's ``Storyboard/screens``.
        public let screen: Int
        /// The segue that led here (by index in ``Storyboard/segues``): the start's or a deep link's
        /// for the first stop; nil for a move that stayed on the same state, and for Back and
        /// Forward (the browser's, no segue of the app's).
        public let segue: Int?
        /// How many of the path's entries were done to get here (0 for the start, 1 for a path's
        /// opening deep link).
        public let entries: Int
    }

    /// The places reached, in order; the first is where the path came in.
    public let stops: [Stop]
    /// The index of the first entry that left the crawled graph (a state the crawl did not reach,
    /// an action it did not see there), nil when the whole path was followed: the walk stops there.
    public let leftMapAt: Int?

    /// Whether the whole path was followed.
    public var isOnMap: Bool { leftMapAt == nil }

    /// The screen the path ends on, when it stayed on the map.
    public var lastScreen: Int? { isOnMap ? stops.last?.screen : nil }
}
