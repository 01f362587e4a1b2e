import ArgumentParser
import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPresenter

/// The crawl's bounds, as `export`, `map` and `check` take them, and the crawl they bound.
struct CrawlBounds: ParsableArguments {
    @Option(help: "At most this many states; actions that would lead to more are shown as cut.")
    var maxStates = CrawlOptions().maxStates

    @Option(help: "Do not follow the actions of a state whose deepest stack holds more screens over its root.")
    var maxDepth = CrawlOptions().maxDepth

    @Option(help: "Do not follow the actions of a state more than this many steps from the start.")
    var maxSteps = CrawlOptions().maxSteps

    func validate() throws {
        guard maxStates >= 1 else { throw ValidationError("--max-states must be at least 1.") }
        guard maxDepth >= 0 else { throw ValidationError("--max-depth must be 0 or more.") }
        guard maxSteps >= 0 else { throw ValidationError("--max-steps must be 0 or more.") }
    }

    /// Crawls `app`, showing progress on standard error, and says what it found.
    @MainActor
    func crawl(_ app: WebApp) async throws -> Crawl {
        var options = CrawlOptions()
        options.maxStates = maxStates
        options.maxDepth = maxDepth
        options.maxSteps = maxSteps
        let started = ContinuousClock.now
        let progress = CrawlProgress()
        let crawl = try await Crawler(app: app, options: options).crawl { found, queued in
            progress.show(found: found, queued: queued)
        }
        progress.finish()
        let seconds = (ContinuousClock.now - started).components
        let elapsed = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
        let map = crawl.map
        var summary = "crawled \(map.states.count) states and \(map.edges.count) actions in "
        summary += String(format: "%.1f s", elapsed)
        // Folded again to say how long folding takes (it is part of the crawl's result already).
        let folding = ContinuousClock.now
        let storyboard = Storyboard(states: map.states, pages: crawl.pages, edges: map.edges, entries: map.entries)
        let fold = (ContinuousClock.now - folding).components
        let milliseconds = Double(fold.seconds) * 1000 + Double(fold.attoseconds) / 1e15
        summary += "; \(storyboard.screens.count) screens and \(storyboard.segues.count) segues, folded in "
        summary += String(format: "%.1f ms", milliseconds)
        if map.statesCut + map.edgesCut > 0 {
            summary += "; cut by the bounds: \(map.statesCut) states not explored, \(map.edgesCut) actions not followed"
        }
        FileHandle.standardError.write(Data((summary + "\n").utf8))
        return crawl
    }
}
