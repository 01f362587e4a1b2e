import ArgumentParser
import FlowCrawl
import FlowHostApp
import Foundation

/// `study rerun ID [--store STORE] [--templates DIR] [--format json]`: every recorded path of the
/// study `ID` replayed on today's build (`FlowCrawl`'s `StudyRerun`), for CI: exit status 1 when a
/// path that reached its goal no longer does.
struct StudyRerunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rerun",
        abstract: "Replay every tester's recorded path of a study on today's build.",
        discussion: """
            Each task's part of each tester's path is replayed with the app's real coordinators, in a fresh \
            window at the task's start, as sessions are rebuilt. For each it says whether it still reaches a goal \
            screen of the task, and if not the first step that no longer exists (its screen, the label the tester read and its position); for \
            each task, today's shortest way from its start to a goal, from a crawl of the app. Typed values are \
            never printed. The last line is the summary ("41 of 45 recorded paths still reach their goal").

            Exit status: 0 when every path that succeeded still reaches its goal (a path that gave up and still \
            fails is no regression), 1 when one no longer does, 65 for a template or app that cannot be used, 66 \
            for a study the store does not have, 69 for a store that cannot be opened or read. The store is only \
            read: a file that is not there is not created, one that is no store is not moved aside, an older \
            store is not migrated (serve it once with this build).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The study's id: its file's name in Studies/ (rating for Studies/rating.json).")
    var id: String

    @Option(
        help: """
            The click path store the study's testers were recorded in: a SQLite file, or a PostgreSQL URL. \
            (default: as serve's, FLOWHOST_STORE, else DATABASE_URL when it is a postgres:// URL, else \
            .flowhost/flowhost.sqlite)
            """)
    var store: String?

    @Option(
        help: """
            The folder of the app's mustache templates: today's build. (default: Templates, in the app's package \
            or the current folder)
            """)
    var templates: String?

    @Option(help: "What to print: text, or json (its keys: StudyRerun.json() in FlowCrawl's documentation).")
    var format = Format.text

    @OptionGroup var bounds: CrawlBounds

    func run() async throws {
        let definition = AppDefinition.required
        let app: WebApp
        do {
            app = try definition.make(
                try AppFolders.resolving(templates: templates, public: nil, defaultFolders: definition.defaultFolders))
        } catch {
            Self.report(String(describing: error))
            throw ExitCode(65)
        }
        let environment = ProcessInfo.processInfo.environment
        let name = try ServeOptions.parse(store.map { ["--store", $0] } ?? []).storeName(environment: environment)
        let opened = try await ReadOnlyStore.openOrExit(name, environment: environment)
        let (stored, testers) = try await ReadOnlyStore.read(name, from: opened) { [id] store in
            guard let stored = try await store.study(id: id) else { return (StoredStudy?.none, [StudyTester]()) }
            return (stored, try await store.testers(ofStudy: id))
        }
        guard let stored else {
            Self.report("error: the store has no study \"\(id)\" (a study is kept when serve reads its Studies/ file)")
            throw ExitCode(66)
        }
        let crawl: Crawl
        do {
            crawl = try await bounds.crawl(app)
        } catch {
            Self.report("error: \(error)")
            throw ExitCode(65)
        }
        let started = ContinuousClock.now
        let rerun = await StudyRerun.run(study: stored.study, testers: testers, app: app, crawl: crawl)
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        Self.report(
            String(
                format: "replayed %d recorded paths of %d testers in %.2f s", rerun.paths.count, testers.count, seconds)
        )
        switch format {
        case .json:
            FileHandle.standardOutput.write(rerun.json())
            print()
        case .text:
            print(Self.text(of: rerun, id: id))
        }
        if rerun.regressions > 0 { throw ExitCode(1) }
    }

    /// One line per task (its shortest way today), one per path, then the summary.
    static func text(of rerun: StudyRerun, id: String) -> String {
        var lines = ["study \(id) (\"\(rerun.study.title)\")"]
        for (index, (task, way)) in zip(rerun.study.tasks, rerun.shortestPaths).enumerated() {
            let shortest =
                way.map { "\($0) (\($0.clicks) \($0.clicks == 1 ? "click" : "clicks"))" } ?? "none on the crawl"
            lines.append("task \(index + 1) (\"\(task.prompt)\"): today's shortest way: \(shortest)")
        }
        for path in rerun.paths {
            var line = "tester \(path.tester), task \(path.task + 1), \(ended(path.ending)): "
            if let step = path.reachedGoalAt {
                line += "still reaches \(path.endsOn) (after \(step) of \(path.entries) steps)"
            } else {
                line += path.isRegression ? "NO LONGER reaches its goal" : "does not reach its goal"
                if let missing = path.missingStep {
                    let label = missing.label.map { " \"\($0)\"" } ?? ""
                    line += ": step \(missing.step)\(label) (\(missing.action)) on \(missing.screen) \(missing.reason)"
                } else {
                    line += " (ends on \(path.endsOn))"
                }
            }
            lines.append(line)
        }
        lines.append(rerun.summary)
        return lines.joined(separator: "\n")
    }

    private static func ended(_ ending: RerunPath.Ending) -> String {
        switch ending {
        case .succeeded: "succeeded"
        case .done: "said done"
        case .gaveUp: "gave up"
        case .bounced: "bounced"
        }
    }

    private static func report(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
