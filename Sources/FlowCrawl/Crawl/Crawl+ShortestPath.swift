import FlowHostApp

extension Crawl {
    /// The crawled state a way into the app opens on: the start, or the deep link `link` (a path
    /// such as `/link/movies/1`, as a crawl's entry names it); nil when the crawl has none for it.
    /// A deep link the crawl did not try is matched by the case of its first step, as
    /// ``TrafficMap/walk(_:)`` matches it (`movies/7` opens where `movies/2` did).
    public func entryState(forLink link: String?, deepLinks: DeepLinks) -> Int? {
        guard let link else { return map.entries.first { $0.label == "start" }?.state }
        guard link.hasPrefix(DeepLinks.pathPrefix) else { return nil }
        let path = String(link.dropFirst(DeepLinks.pathPrefix.count))
        let walk = TrafficMap(crawl: self, deepLinks: deepLinks).walk(ClickPath([.deepLink(path)]))
        return walk.stops.first?.state
    }

    /// The fewest clicks from one of the states `states` to a state of one of `goals` (each a
    /// storyboard screen's id, or a template standing for every screen of it), over the actions
    /// the crawl followed; nil when none leads there. Zero clicks when a state of `states` shows a
    /// goal already. One breadth-first search over the crawl's edges; of two equally short ways,
    /// the one from the first of `states`, whose actions come first on their pages.
    public func shortestPath(fromStates states: [Int], toScreens goals: [String]) -> ShortestPath? {
        let starts = states.filter { map.states.indices.contains($0) }
        var screenOfState = [String](repeating: "", count: map.states.count)
        var isGoal = [Bool](repeating: false, count: map.states.count)
        for screen in map.storyboard.screens {
            let goal = goals.contains { $0 == screen.id || $0 == screen.template }
            for state in screen.states where map.states.indices.contains(state) {
                screenOfState[state] = screen.id
                isGoal[state] = goal
            }
        }
        var outgoing = [[FlowMap.Edge]](repeating: [], count: map.states.count)
        for edge in map.edges where map.states.indices.contains(edge.from) {
            outgoing[edge.from].append(edge)
        }
        // The edge each state was first reached by: the way back to the start.
        var reachedBy = [FlowMap.Edge?](repeating: nil, count: map.states.count)
        var seen = [Bool](repeating: false, count: map.states.count)
        var queue: [Int] = []
        for state in starts where !seen[state] {
            seen[state] = true
            queue.append(state)
        }
        var next = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            if isGoal[current] {
                var actions: [String] = []
                var screens = [screenOfState[current]]
                var at = current
                while let edge = reachedBy[at] {
                    actions.append(edge.label)
                    screens.append(screenOfState[edge.from])
                    at = edge.from
                }
                return ShortestPath(screens: screens.reversed(), actions: actions.reversed())
            }
            for edge in outgoing[current] {
                guard let to = edge.to, map.states.indices.contains(to), !seen[to] else { continue }
                seen[to] = true
                reachedBy[to] = edge
                queue.append(to)
            }
        }
        return nil
    }
}
