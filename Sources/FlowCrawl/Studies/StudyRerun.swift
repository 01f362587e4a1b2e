import FlowHostApp
import Foundation
import HTMLPresenter

/// A study's recorded paths replayed on today's build: for each tester and task they started,
/// whether their way still reaches a goal screen, and if not the first step that no longer
/// exists; for each task, today's shortest way from its start to a goal on the crawl.
///
/// Each path is replayed in a fresh window of the app with its real coordinators, as a session
/// rebuilt from the store or a comment's path is (`SessionScene.replay(_:settleTimeout:holdingWaits:afterEach:)`):
/// a task's part of a tester's copy runs from its `started` event's entry to its end event's (a
/// bounced task's to the copy's end; a bounced task of which nothing was kept is left out). Secret
/// values come as the store unsealed them and are typed again; nothing here shows a value.
///
/// ```swift
/// let rerun = await StudyRerun.run(
///     study: stored.study, testers: try await store.testers(ofStudy: stored.id), app: app, crawl: crawl)
/// print(rerun.summary)  // 41 of 45 recorded paths still reach their goal
/// ```
public struct StudyRerun: Sendable, Equatable {
    /// The study re-run.
    public let study: Study
    /// Each recorded path replayed, by tester, then by the order the tester did the tasks.
    public let paths: [RerunPath]
    /// Today's shortest way from each task's start to one of its goal screens, by task; nil where
    /// the crawl has none (its start opens no crawled screen, or no crawled action leads there).
    /// A deep link the crawl did not try starts from every crawled state of the screen it opens.
    public let shortestPaths: [ShortestPath?]

    /// A re-run of these parts.
    public init(study: Study, paths: [RerunPath], shortestPaths: [ShortestPath?]) {
        self.study = study
        self.paths = paths
        self.shortestPaths = shortestPaths
    }

    /// How many paths still reach a goal of their task.
    public var reaching: Int { paths.count { $0.reachesGoal } }

    /// How many paths reached a goal when recorded and no longer do (``RerunPath/isRegression``).
    public var regressions: Int { paths.count { $0.isRegression } }

    /// `41 of 45 recorded paths still reach their goal`, and how many that succeeded no longer do.
    public var summary: String {
        var summary = "\(reaching) of \(paths.count) recorded \(paths.count == 1 ? "path" : "paths")"
        summary += paths.count == 1 ? " still reaches its goal" : " still reach their goal"
        if regressions > 0 {
            summary += "; \(regressions) that succeeded \(regressions == 1 ? "no longer does" : "no longer do")"
        }
        return summary
    }

    // MARK: - Running

    /// Replays every task's part of each of `testers`' paths in a fresh window of `app`, and finds
    /// each task's shortest way on `crawl`.
    /// - Parameters:
    ///   - study: What the testers were asked: each task's start and goal screens.
    ///   - testers: The study's testers as the store keeps them, in the order they started.
    ///   - app: Today's build of the app.
    ///   - crawl: A crawl of `app`, for the shortest ways.
    ///   - settleTimeout: How long each step may take to settle, as sessions replay.
    @MainActor
    public static func run(
        study: Study, testers: [StudyTester], app: WebApp, crawl: Crawl, settleTimeout: Duration = .seconds(1)
    ) async -> StudyRerun {
        var shortestPaths: [ShortestPath?] = []
        for task in study.tasks {
            let states = await startStates(of: task.start, app: app, crawl: crawl, settleTimeout: settleTimeout)
            shortestPaths.append(crawl.shortestPath(fromStates: states, toScreens: task.goal))
        }
        var paths: [RerunPath] = []
        for (number, tester) in zip(1..., testers) {
            for part in parts(of: tester) where study.tasks.indices.contains(part.task) {
                let goal = study.tasks[part.task].goal
                let replayed = await replay(
                    part.path, labels: part.labels, goal: goal, app: app, settleTimeout: settleTimeout)
                paths.append(
                    RerunPath(
                        tester: number, task: part.task, ending: part.ending, entries: part.path.entries.count,
                        reachedGoalAt: replayed.reachedAt, endsOn: replayed.endsOn, missingStep: replayed.missing))
            }
        }
        return StudyRerun(study: study, paths: paths, shortestPaths: shortestPaths)
    }

    /// The crawl's states a task starts on: the crawl's entry for its start, else (a deep link
    /// the crawl did not try, whose first step's case it does not know) every state of the screen
    /// the link opens in a fresh window of `app`.
    @MainActor
    private static func startStates(of start: StudyStart, app: WebApp, crawl: Crawl, settleTimeout: Duration) async
        -> [Int]
    {
        let link: String? =
            switch start {
            case .appStart: nil
            case .deepLink(let path): path.removingPercentEncoding ?? path
            }
        if let state = crawl.entryState(forLink: link, deepLinks: app.deepLinks) { return [state] }
        guard let link, link.hasPrefix(DeepLinks.pathPrefix) else { return [] }
        let scene = SessionScene(app: app, maxPathEntries: 1)
        defer { scene.close() }
        let opening = ClickPath([.deepLink(String(link.dropFirst(DeepLinks.pathPrefix.count)))])
        guard await scene.replay(opening, settleTimeout: settleTimeout).stoppedBecause == nil else { return [] }
        let screen = scene.window.updatedScreenTree().storyboardScreen
        return crawl.map.storyboard.screen(screen)?.states ?? []
    }

    /// Each task's part of `tester`'s copy, in the order they started: from its `started` entry to
    /// its end event's entry, else (bounced) to the copy's end, with its entries' labels; a bounced
    /// part with no entries kept is none.
    static func parts(of tester: StudyTester) -> [(
        task: Int, ending: RerunPath.Ending, path: ClickPath, labels: [String?]
    )] {
        let entries = tester.path.entries
        var parts: [(task: Int, ending: RerunPath.Ending, path: ClickPath, labels: [String?])] = []
        for (index, event) in tester.events.enumerated() {
            guard case .started(let start) = event.kind else { continue }
            var end: (entry: Int, ending: RerunPath.Ending) = (entries.count, .bounced)
            for later in tester.events[(index + 1)...] {
                if case .started = later.kind { break }
                guard later.task == event.task else { continue }
                switch later.kind {
                case .succeeded(let entry): end = (entry, .succeeded)
                case .done(let entry): end = (entry, .done)
                case .gaveUp(let entry): end = (entry, .gaveUp)
                case .started, .screenTime, .misclick, .scriptRan: continue
                }
                break
            }
            let lower = min(max(start, 0), entries.count)
            let upper = min(max(end.entry, lower), entries.count)
            if end.ending == .bounced, lower == upper { continue }
            parts.append(
                (event.task, end.ending, ClickPath(Array(entries[lower..<upper])), (lower..<upper).map(tester.label)))
        }
        return parts
    }

    /// Replays `part` in a fresh window of `app`: after how many entries it first shows a screen of
    /// `goal`, the screen it ends on, and the first step it could not do when it reached no goal,
    /// with its label from `labels` (by entry).
    @MainActor
    private static func replay(
        _ part: ClickPath, labels: [String?], goal: [String], app: WebApp, settleTimeout: Duration
    ) async -> (
        reachedAt: Int?, endsOn: String, missing: RerunPath.MissingStep?
    ) {
        let scene = SessionScene(app: app, maxPathEntries: part.entries.count)
        defer { scene.close() }
        var reachedAt: Int?
        var reachedScreen = ""
        let replay = await scene.replay(part, settleTimeout: settleTimeout) { done in
            guard reachedAt == nil else { return }
            let tree = scene.window.updatedScreenTree()
            let screen = tree.storyboardScreen
            guard goal.contains(where: { $0 == screen || $0 == tree.visibleScreen?.template }) else { return }
            reachedAt = done
            reachedScreen = screen
        }
        if reachedAt != nil { return (reachedAt, reachedScreen, nil) }
        let screen = scene.window.updatedScreenTree().storyboardScreen
        guard let stopped = replay.stoppedBecause, part.entries.indices.contains(replay.replayed) else {
            return (nil, screen, nil)
        }
        let entry = part.entries[replay.replayed]
        // The replay names the step, then says why: the reason alone is kept.
        let named = "step \(replay.replayed + 1) of \(replay.total) (\(entry)) "
        let reason = stopped.hasPrefix(named) ? String(stopped.dropFirst(named.count)) : stopped
        let missing = RerunPath.MissingStep(
            step: replay.replayed + 1, screen: screen, action: entry.description,
            label: labels.indices.contains(replay.replayed) ? labels[replay.replayed] : nil, reason: reason)
        return (nil, screen, missing)
    }
}
