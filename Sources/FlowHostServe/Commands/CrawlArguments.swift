import ArgumentParser
import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPresenter

/// What `export` and `map` share: the app's folders and the crawl's bounds.
struct CrawlArguments: ParsableArguments {
    @Option(
        help: """
            The folder of the app's mustache templates, validated at start. (default: Templates, in the app's \
            package or the current folder)
            """)
    var templates: String?

    @Option(
        help:
            "A folder of static files the app uses at /public/. (default: Public, when it exists, in the app's package)"
    )
    var `public`: String?

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

    /// The app, its templates validated: a broken template or a folder that does not exist exits 65
    /// with its messages, as `serve` does.
    func app() throws -> WebApp {
        let app = AppDefinition.required
        do {
            return try app.make(
                try AppFolders.resolving(templates: templates, public: self.public, defaultFolders: app.defaultFolders))
        } catch {
            FileHandle.standardError.write(Data((String(describing: error) + "\n").utf8))
            throw ExitCode(65)
        }
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
