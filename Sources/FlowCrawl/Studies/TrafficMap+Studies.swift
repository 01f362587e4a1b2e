import FlowHostApp
import Foundation

/// A study's results on the crawl's graph: each tester's part of each task (the entries of their
/// path copy from the task's `started` event to its end) walked like a session's path
/// (``TrafficMap/walk(_:)``), without replaying it, so 10,000 testers fold in well under a second.
extension TrafficMap {
    /// The results of `study` over its `testers` (as the store gives them, in the order they
    /// started), as of `now`: a task a tester did not end is bounced once their last event and
    /// their session's last stored click (`FlowHostApp/StudyTester/lastClick`) are both more than
    /// `idleTime` old (their session is gone by then), under way before.
    public func results(of study: Study, testers: [StudyTester], now: Date, idleTime: Duration) -> StudyResults {
        let idle = Double(idleTime.components.seconds) + Double(idleTime.components.attoseconds) / 1e18
        var successors: [[Int]]?
        let screenIDs = Dictionary(storyboard.screens.enumerated().map { ($1.id, $0) }) { first, _ in first }
        let tasks = study.tasks.enumerated().map { index, task in
            var plan = TaskPlan(task, on: self)
            if plan.scored.isEmpty, let start = plan.start {
                if successors == nil { successors = successorsOfStates() }
                plan.scoreShortestPath(from: start, successors: successors ?? [], on: self)
            }
            var results = TaskResults(task: index, screens: storyboard.screens.count, segues: storyboard.segues.count)
            results.scoresExpectedPath = !task.expected.isEmpty && !plan.scored.isEmpty
            results.screens = plan.scored
            for (tester, copy) in testers.enumerated() {
                count(tester, copy, in: &results, plan: plan, screenIDs: screenIDs, now: now, idle: idle)
            }
            return results
        }
        return StudyResults(storyboard: storyboard, tasks: tasks)
    }

    /// What a task's parts are measured against: its start, its goal's screens, its expected paths
    /// and the screens it scores.
    private struct TaskPlan {
        /// The crawl's state it starts at, when the crawl has it.
        let start: Int?
        /// The screen it starts on.
        let startScreen: Int?
        /// The fewest clicks from its start to a goal screen.
        let shortestClicks: Int?
        /// The expected paths, each screen as the storyboard screens its name stands for.
        let expected: [[Set<Int>]]
        /// The screens scored.
        var scored: [ScreenScore]
        /// The fewest moves from each state to a goal screen.
        let distances: [Int?]

        init(_ task: StudyTask, on map: TrafficMap) {
            let screens = map.storyboard.screens
            func named(_ name: String) -> Set<Int> {
                Set(screens.indices.filter { screens[$0].id == name || screens[$0].template == name })
            }
            let goal = task.goal.reduce(into: Set<Int>()) { $0.formUnion(named($1)) }
            var distances = [Int?](repeating: nil, count: map.screenOfState.count)
            for screen in goal {
                for (state, distance) in map.distances(toScreen: screen).enumerated() {
                    if let distance, distance < distances[state] ?? .max { distances[state] = distance }
                }
            }
            self.distances = distances
            switch task.start {
            case .appStart: start = map.start?.state
            case .deepLink(let path):
                let link = String(path.dropFirst(DeepLinks.pathPrefix.count))
                start = map.entry(forLink: link.removingPercentEncoding ?? link)?.state
            }
            startScreen = start.map { map.screenOfState[$0] }
            shortestClicks = start.flatMap { distances[$0] }
            expected = task.expected.map { $0.map(named) }
            scored =
                task.expected.first.map { path in path.map { ScreenScore(name: $0, screens: named($0).sorted()) } }
                ?? []
        }

        /// Scores the screens of a shortest path of the crawl from the state `start` to a goal.
        mutating func scoreShortestPath(from start: Int, successors: [[Int]], on map: TrafficMap) {
            guard var left = distances[start] else { return }
            var state = start
            var path = [map.screenOfState[state]]
            while left > 0, let next = successors[state].first(where: { distances[$0] == left - 1 }) {
                state = next
                left -= 1
                if path.last != map.screenOfState[state] { path.append(map.screenOfState[state]) }
            }
            scored = path.map { ScreenScore(name: map.storyboard.screens[$0].id, screens: [$0]) }
        }

        /// Whether `screens` (a part's, consecutive duplicates folded) follow an expected path: one
        /// for one, or after the start screen when the expected path leaves it out.
        func followsExpected(_ screens: [Int]) -> Bool {
            expected.contains { path in
                let walked = path.first?.contains(screens.first ?? -1) == false ? Array(screens.dropFirst()) : screens
                return walked.count == path.count && zip(walked, path).allSatisfy { $1.contains($0) }
            }
        }
    }

    /// The states each state's moves lead to (the inverse of the predecessors).
    private func successorsOfStates() -> [[Int]] {
        var successors = [[Int]](repeating: [], count: predecessors.count)
        for (state, previous) in predecessors.enumerated() {
            for from in previous { successors[from].append(state) }
        }
        return successors
    }

    /// Counts the tester `tester` (by index) in a task's results, if they started it.
    private func count(
        _ tester: Int, _ copy: StudyTester, in results: inout TaskResults, plan: TaskPlan, screenIDs: [String: Int],
        now: Date,
        idle: Double
    ) {
        var started: StudyEvent?
        var end: StudyEvent?
        var scriptRan = false
        var misclicks: [(screen: Int?, point: ScreenComment.Point)] = []
        var times: [(screen: Int, seconds: Double)] = []
        var lastEventScreen: Int?
        for event in copy.events where event.task == results.task {
            switch event.kind {
            case .started: if started == nil { started = event }
            case .succeeded, .done, .gaveUp: if end == nil { end = event }
            case .scriptRan: scriptRan = true
            case .misclick(let screen, let x, let y):
                let index = screenIDs[screen]
                misclicks.append((index, ScreenComment.Point(x: x, y: y)))
                lastEventScreen = index ?? lastEventScreen
            case .screenTime(let screen, let seconds):
                let index = screenIDs[screen]
                if let index { times.append((index, seconds)) }
                lastEventScreen = index ?? lastEventScreen
            }
        }
        guard let started, case .started(let first) = started.kind else { return }
        results.testers += 1
        let stored = copy.path.entries
        let last: Int
        switch end?.kind {
        case .succeeded(let entry), .done(let entry), .gaveUp(let entry): last = entry
        default: last = stored.count
        }
        let range = min(first, stored.count)..<max(min(first, stored.count), min(last, stored.count))
        let part = Array(stored[range])
        let walk = part.isEmpty && end == nil ? nil : self.walk(ClickPath(part))
        let outcome: TesterPart.Outcome
        switch end?.kind {
        case .succeeded:
            let clicks = part.count - (part.first.map { if case .deepLink = $0 { 1 } else { 0 } } ?? 0)
            let screens = walk.map { Self.folded($0.stops.map(\.screen)) } ?? []
            let direct =
                plan.expected.isEmpty
                ? plan.shortestClicks.map { clicks <= $0 } ?? false
                : walk?.isOnMap == true && plan.followsExpected(screens)
            outcome = direct ? .directSuccess : .indirectSuccess
        case .done: outcome = .done
        case .gaveUp: outcome = .gaveUp
        default:
            // Study events wait in the session's memory until the task ends; its clicks do not.
            let lastSeen = max(copy.events.last?.at ?? copy.started, copy.lastClick ?? .distantPast)
            outcome = now.timeIntervalSince(lastSeen) > idle ? .bounced : .underWay
        }
        let lastScreen = walk?.stops.last?.screen ?? lastEventScreen ?? plan.startScreen
        let seconds = end.map { $0.at.timeIntervalSince(started.at) }
        tally(outcome, seconds: seconds, in: &results)
        // Where the testers went: each walked part counts once per screen and segue; the exits
        // are the drop-offs only (a success's last screen is its goal, not a drop-off).
        if let walk {
            results.figures.sessions += 1
            for screen in Set(walk.stops.map(\.screen)) { results.figures.screens[screen].visits += 1 }
            for segue in Set(walk.stops.compactMap(\.segue)) { results.figures.segues[segue] += 1 }
            if !walk.isOnMap { results.figures.offMap += 1 }
        }
        let droppedOff = outcome == .gaveUp || outcome == .bounced
        if droppedOff, let lastScreen { results.figures.screens[lastScreen].exits += 1 }
        let clicksByScreen = Self.clicks(of: part, along: walk)
        if scriptRan {
            results.partsWithScript += 1
            results.misclicks += misclicks.count
            results.clicks += part.reduce(0) { if case .action = $1 { $0 + 1 } else { $0 } }
            for (screen, point) in misclicks {
                if let screen { results.misclickPoints[screen, default: []].append(point) }
            }
        }
        let visited = Set(walk?.stops.map(\.screen) ?? lastScreen.map { [$0] } ?? [])
        for index in results.screens.indices {
            let screens = results.screens[index].screens
            guard screens.contains(where: visited.contains) else { continue }
            results.screens[index].reached += 1
            if droppedOff, let lastScreen, screens.contains(lastScreen) { results.screens[index].droppedOff += 1 }
            results.screens[index].times += times.filter { screens.contains($0.screen) }.map(\.seconds)
            guard scriptRan else { continue }
            results.screens[index].misclicksKnown = true
            results.screens[index].misclicks += misclicks.count { $0.screen.map(screens.contains) ?? false }
            results.screens[index].clicks += screens.reduce(0) { $0 + (clicksByScreen[$1] ?? 0) }
        }
        results.parts.append(
            TesterPart(
                tester: tester, started: copy.started, outcome: outcome, entries: range, walk: walk,
                lastScreen: lastScreen, seconds: seconds))
    }

    /// Counts one part's outcome and time.
    private func tally(_ outcome: TesterPart.Outcome, seconds: Double?, in results: inout TaskResults) {
        switch outcome {
        case .directSuccess: results.directSuccess += 1
        case .indirectSuccess: results.indirectSuccess += 1
        case .gaveUp: results.gaveUp += 1
        case .done: results.done += 1
        case .bounced: results.bounced += 1
        case .underWay: results.underWay += 1
        }
        if let seconds { results.seconds.append(seconds) }
    }

    /// The clicks on actions made on each screen of `walk`, by the screen's index.
    private static func clicks(of part: [ClickPath.Entry], along walk: PathWalk?) -> [Int: Int] {
        guard let stops = walk?.stops else { return [:] }
        var clicks: [Int: Int] = [:]
        for (from, to) in zip(stops, stops.dropFirst()) where part.indices.contains(to.entries - 1) {
            if case .action = part[to.entries - 1] { clicks[from.screen, default: 0] += 1 }
        }
        return clicks
    }

    /// `screens` with consecutive duplicates folded.
    private static func folded(_ screens: [Int]) -> [Int] {
        screens.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }
}
