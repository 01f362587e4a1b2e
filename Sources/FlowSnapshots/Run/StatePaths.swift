import FlowCrawl

/// The way to each state as a person clicks it: where it starts (`start`, a deep link's path),
/// then the label of each action, along the actions that found it first (the crawl is
/// breadth-first, so these are among the shortest).
enum StatePaths {
    /// The labels for each state of `map`, by state number.
    static func labels(_ map: FlowMap) -> [[String]] {
        var starts: [Int: String] = [:]
        for entry in map.entries where starts[entry.state] == nil { starts[entry.state] = entry.label }
        var found: [Int: FlowMap.Edge] = [:]
        for edge in map.edges {
            guard let to = edge.to, to != edge.from, found[to] == nil, starts[to] == nil else { continue }
            found[to] = edge
        }
        return map.states.map { state in
            var labels: [String] = []
            var current = state.id
            while let edge = found[current], labels.count < map.states.count {
                labels.append(edge.label)
                current = edge.from
            }
            labels.append(starts[current] ?? "start")
            return labels.reversed()
        }
    }
}
