import FlowHostApp
import HTMLPresenter

/// A crawl's state graph indexed to fold stored click paths onto its storyboard without replaying
/// them: each path is walked from the start state (or its opening deep link's state), each entry
/// followed along the crawl's edge for it, each state counted as its screen. Building it is one
/// pass over the crawl; walking a path is a dictionary look-up per entry, so 10,000 sessions of 22
/// entries fold in about 60 ms (`Benchmarks/traffic.sh`, release build).
///
/// How each entry is followed:
/// - an on-screen action: the crawl's edge of the same action position from the state; a form
///   sent with the crawl's sample values or empty follows that sending's edge, one sent with other
///   values follows the first edge of the position (the sample's: other values usually land on
///   the same screen). Secret values are not compared (stores leave them out); a form whose
///   other values are all empty is the empty sending;
/// - Back or Forward to a screen: the latest state of the walk whose visible screen is at that
///   position (the screen the browser brought back);
/// - a deep link: the crawl's entry for the same path, else the entry whose first step has the
///   same case as the one the app maps the path to (`movies/7` lands where `movies/2` did);
/// - a live move: the state's live move edge.
///
/// A path that leaves the crawled graph (an action the crawl did not see or did not follow from
/// that state, a state it did not reach, a screen no longer there) is counted up to there and
/// then as off the map: the crawl's bounds (`--max-states`, `--max-depth`) make a map that
/// may not hold all that people did.
///
/// ```swift
/// let traffic = TrafficMap(crawl: crawl, deepLinks: app.deepLinks)
/// let walks = try await store.sessionPaths(usedSince: nil, limit: 10_000).map(traffic.walk)
/// let figures = traffic.figures(of: walks)
/// ```
public struct TrafficMap: Sendable {
    /// A move the crawl followed from a state.
    private struct Move: Sendable {
        /// The state it leads to; nil when the crawl did not follow it.
        let to: Int?
        let segue: Int?
        /// The fields a form was sent with, secret values left out; nil for a button.
        let fields: FormFields?
    }

    /// The storyboard the figures are counted on.
    public let storyboard: Storyboard
    /// The screen of each state, by index in the storyboard.
    let screenOfState: [Int]
    /// Each state's actions' moves, by position: in the crawl's order (the sample first).
    private let actions: [[ActionPosition: [Move]]]
    /// Each state's live move.
    private let liveMoves: [Move?]
    /// Where each state's visible screen is.
    private let visibleScreens: [ScreenPosition?]
    /// The start: its state and segue.
    let start: (state: Int, segue: Int?)?
    /// The deep link entries, by path (without `/link/`), and by the case of their first step.
    private let linksByPath: [String: (state: Int, segue: Int?)]
    private let linksByStep: [String: (state: Int, segue: Int?)]
    private let deepLinks: DeepLinks
    /// The moves into each state, for the shortest ways of funnels.
    let predecessors: [[Int]]

    // MARK: - Initialization

    /// The traffic map of `crawl`, whose app maps deep links by `deepLinks`.
    public init(crawl: Crawl, deepLinks: DeepLinks) {
        let map = crawl.map
        let folded = Storyboard.folding(
            states: map.states, pages: crawl.pages, edges: map.edges, entries: map.entries)
        storyboard = folded.storyboard
        var screenOfState = Array(repeating: 0, count: map.states.count)
        for (index, screen) in storyboard.screens.enumerated() {
            for state in screen.states { screenOfState[state] = index }
        }
        self.screenOfState = screenOfState
        var actions = Array(repeating: [ActionPosition: [Move]](), count: map.states.count)
        var liveMoves = [Move?](repeating: nil, count: map.states.count)
        var predecessors = Array(repeating: [Int](), count: map.states.count)
        for (edge, segue) in zip(map.edges, folded.edgeSegues) where map.states.indices.contains(edge.from) {
            let move = Move(to: edge.to, segue: segue, fields: edge.fields.map(\.secretValuesLeftOut))
            if let to = edge.to, to != edge.from { predecessors[to].append(edge.from) }
            guard let action = edge.action else {
                liveMoves[edge.from] = move
                continue
            }
            let positions = crawl.pages[edge.from].positions
            guard positions.indices.contains(action), let position = positions[action] else { continue }
            actions[edge.from][position, default: []].append(move)
        }
        self.actions = actions
        self.liveMoves = liveMoves
        self.predecessors = predecessors
        visibleScreens = crawl.pages.map(\.screen)
        var start: (state: Int, segue: Int?)?
        var linksByPath: [String: (state: Int, segue: Int?)] = [:]
        var linksByStep: [String: (state: Int, segue: Int?)] = [:]
        for (entry, segue) in zip(map.entries, folded.entrySegues) where map.states.indices.contains(entry.state) {
            if entry.label == "start" {
                start = (entry.state, segue)
                continue
            }
            let path = String(entry.label.dropFirst(DeepLinks.pathPrefix.count))
            linksByPath[path] = linksByPath[path] ?? (entry.state, segue)
            if let step = entry.step { linksByStep[step] = linksByStep[step] ?? (entry.state, segue) }
        }
        self.start = start
        self.linksByPath = linksByPath
        self.linksByStep = linksByStep
        self.deepLinks = deepLinks
    }

    // MARK: - API

    /// `path` followed on the crawl's graph, as far as it stays on it.
    public func walk(_ path: ClickPath) -> PathWalk {
        var entries = path.entries[...]
        var first = start
        var firstEntries = 0
        if case .deepLink(let link) = entries.first {
            first = entry(forLink: link)
            firstEntries = 1
            entries = entries.dropFirst()
        }
        guard let first else { return PathWalk(stops: [], leftMapAt: 0) }
        var stops = [
            PathWalk.Stop(
                state: first.state, screen: screenOfState[first.state], segue: first.segue, entries: firstEntries)
        ]
        var state = first.state
        for (index, entry) in zip(entries.indices, entries) {
            guard let (next, segue) = follow(entry, from: state, stops: stops) else {
                return PathWalk(stops: stops, leftMapAt: index)
            }
            stops.append(PathWalk.Stop(state: next, screen: screenOfState[next], segue: segue, entries: index + 1))
            state = next
        }
        return PathWalk(stops: stops, leftMapAt: nil)
    }

    /// The figures of `paths`, each a session.
    public func figures(of paths: [ClickPath]) -> TrafficFigures {
        figures(of: paths.map(walk))
    }

    /// The figures of sessions walked on this map (``walk(_:)``).
    public func figures(of walks: [PathWalk]) -> TrafficFigures {
        var figures = TrafficFigures(screens: storyboard.screens.count, segues: storyboard.segues.count)
        for walk in walks { figures.count(walk) }
        return figures
    }

    /// The funnel from the screen `from` to the screen `to` (indices in the storyboard) over
    /// sessions walked on this map: each from its first arrival on `from` to its first arrival on
    /// `to` after it.
    public func funnel(from: Int, to: Int, over walks: [PathWalk]) -> Funnel {
        let distances = distances(toScreen: to)
        let shortest = storyboard.screens[from].states.compactMap { distances[$0] }.min()
        var funnel = Funnel(from: from, to: to, shortestClicks: shortest)
        for walk in walks {
            let stops = walk.stops
            guard let arrival = stops.firstIndex(where: { $0.screen == from }) else { continue }
            let reached = stops[(arrival + 1)...].first { $0.screen == to }
            funnel.count(
                clicks: reached.map { $0.entries - stops[arrival].entries },
                shortest: distances[stops[arrival].state])
        }
        return funnel
    }

    // MARK: - Following

    /// The state and segue the path's entry `move` leads to from `state`, or nil when it leaves the
    /// graph.
    private func follow(_ move: ClickPath.Entry, from state: Int, stops: [PathWalk.Stop]) -> (Int, Int?)? {
        let followed: Move?
        switch move {
        case .action(let position, let fields):
            guard let moves = actions[state][position] else { return nil }
            let sent = fields.secretValuesLeftOut
            // A form sent empty (each value empty but for secrets, which are left out) is the
            // crawl's empty sending.
            let empty = !fields.fields.isEmpty && fields.fields.allSatisfy { $0.isSecret || $0.value.isEmpty }
            followed =
                moves.first { $0.fields == sent }
                ?? (empty ? moves.first { $0.fields == FormFields() } : nil) ?? moves.first
        case .reveal(let position):
            // The screen the browser brought back: where the walk last was on it.
            guard let earlier = stops.last(where: { visibleScreens[$0.state] == position }) else { return nil }
            // Back and Forward are the browser's: no segue of the storyboard stands for them.
            return (earlier.state, nil)
        case .deepLink(let link):
            return entry(forLink: link).map { ($0.state, $0.segue) }
        case .liveMove:
            followed = liveMoves[state]
        }
        guard let followed, let to = followed.to else { return nil }
        return (to, to == state ? nil : followed.segue)
    }

    /// The crawl's entry for the deep link `link`: the same path, else the same first step.
    func entry(forLink link: String) -> (state: Int, segue: Int?)? {
        if let entry = linksByPath[link] { return entry }
        guard let step = deepLinks.step(for: link) else { return nil }
        return linksByStep[StepSignature.of(String(describing: step))]
    }

    /// The fewest moves from each state to a state of the screen `screen` (nil where there is no
    /// way): one breadth-first search backwards from its states.
    func distances(toScreen screen: Int) -> [Int?] {
        var distances = [Int?](repeating: nil, count: screenOfState.count)
        var queue = storyboard.screens[screen].states
        for state in queue { distances[state] = 0 }
        var next = 0
        while next < queue.count {
            let state = queue[next]
            next += 1
            for previous in predecessors[state] where distances[previous] == nil {
                distances[previous] = (distances[state] ?? 0) + 1
                queue.append(previous)
            }
        }
        return distances
    }
}
