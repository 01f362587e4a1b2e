/// How sessions went from one screen to another (Maze's path analysis): of those that reached the
/// first, how many reached the second afterwards, in how many clicks, and how many by a shortest
/// way.
public struct Funnel: Sendable, Equatable {
    /// The first screen, by index in the storyboard's ``Storyboard/screens``.
    public let from: Int
    /// The second screen.
    public let to: Int
    /// Sessions that reached `from`.
    public var reachedFrom = 0
    /// Of those, sessions that reached `to` after it.
    public var reachedTo = 0
    /// The fewest clicks the crawl needs from `from`'s states to `to`, nil when it has no way.
    public let shortestClicks: Int?
    /// Of those that reached `to`: the median number of click path entries (clicks, Back, live
    /// moves) from their first arrival on `from` to their first arrival on `to` after it.
    public var medianClicks: Double? {
        guard !clicks.isEmpty else { return nil }
        let sorted = clicks.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2)
            ? Double(sorted[middle - 1] + sorted[middle]) / 2 : Double(sorted[middle])
    }
    /// Of those that reached `to`: sessions that took no more clicks than the crawl's shortest way
    /// from the state they were in on `from`.
    public var direct = 0
    /// Of those that reached `to`: sessions that took a longer way.
    public var indirect: Int { reachedTo - direct }
    /// The clicks each session that reached `to` took.
    private var clicks: [Int] = []

    /// An empty funnel from `from` to `to`.
    init(from: Int, to: Int, shortestClicks: Int?) {
        self.from = from
        self.to = to
        self.shortestClicks = shortestClicks
    }

    /// Counts a session that reached `from`, and reached `to` in `clicks` (nil if it did not),
    /// where the shortest way was `shortest` clicks.
    mutating func count(clicks: Int?, shortest: Int?) {
        reachedFrom += 1
        guard let clicks else { return }
        reachedTo += 1
        self.clicks.append(clicks)
        if let shortest, clicks <= shortest { direct += 1 }
    }
}
