import ArgumentParser
import FlowCrawl
import FlowHostApp
import FlowSnapshots
import Foundation
import HTMLPresenter

/// `snapshot`: a picture of every state's screen in headless Chromium, compared with the baselines,
/// and a review report.
public struct SnapshotCommand: AsyncParsableCommand {
    /// Its name, help and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Crawl the app, shoot every state's screen in headless Chromium and compare with the baselines.",
        discussion: """
            Each state's page is loaded as a static export lays it out and its phone's screen shot in Debian's \
            Chromium (apt-get install chromium), several tabs at once. A state whose page and files are unchanged \
            since its baseline is not shot again (--all shoots it anyway, --every-screen one state of each screen); \
            a picture with other bytes is compared pixel by pixel (YIQ distance, anti-aliasing left out). The \
            report (index.html, report.json) shows what changed first, by storyboard screen. Exit status: 0 when every picture is the same, 1 when any \
            changed, is new, is gone or failed (0 when --record recorded them), 2 when the run could not be made.
            """)

    @OptionGroup var crawlArguments: CrawlArguments

    @Option(
        help: "The folder of baseline pictures. (default: Snapshots, beside the templates folder: the app's package)")
    var baseline: String?

    @Option(
        help: "The folder the review report is written into. (default: .flowhost/snapshot-report beside the baselines)")
    var report: String?

    @Flag(help: "Accept what the run finds: write new and changed pictures as the baselines, remove gone ones.")
    var record = false

    @Flag(help: "Shoot every state, also those whose page and files are unchanged since their baseline.")
    var all = false

    @Flag(help: "Shoot one state of every storyboard screen too, even when unchanged: a cheap check of the pictures.")
    var everyScreen = false

    @Option(
        help:
            "Device pixels per CSS pixel (the phone's screen is 390 x 844 CSS pixels). (default: the baselines', else 2)"
    )
    var scale: Double?

    @Flag(help: "Shoot every state in the dark colour scheme too (pictures named <state>.dark).")
    var dark = false

    @Option(help: "How far apart two pixels' colours may be (0 to 1, YIQ distance) and still count as the same.")
    var threshold = SnapshotOptions().threshold

    @Option(help: "How many pixels may differ before a state counts as changed.")
    var allowedDifferentPixels = SnapshotOptions().allowedDifferentPixels

    @Option(help: "How many tabs shoot at once.")
    var tabs = SnapshotOptions().tabs

    @Option(
        help: "How long a page may take to load before its state fails: 30s, 2m.", transform: DurationArgument.parse)
    var pageTimeout = SnapshotOptions().pageTimeout

    @Option(help: "The Chromium executable. (default: $FLOWHOST_CHROMIUM, else Debian's /usr/lib/chromium/chromium)")
    var chromium: String?

    /// Made by ArgumentParser.
    public init() {}

    /// Checks the numbers given.
    public func validate() throws {
        if let scale, !(scale > 0 && scale <= 4) { throw ValidationError("--scale must be more than 0 and at most 4.") }
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be from 0 to 1.") }
        guard allowedDifferentPixels >= 0 else {
            throw ValidationError("--allowed-different-pixels must be 0 or more.")
        }
        guard (1...16).contains(tabs) else { throw ValidationError("--tabs must be from 1 to 16.") }
    }

    /// Checks what can be checked, crawls, shoots, compares, reports; exits 0, 1 or 2.
    public func run() async throws {
        let app: WebApp
        do {
            app = try crawlArguments.app()
        } catch {
            throw ExitCode(2)
        }
        // The folder that holds the templates: the app's package, when they are its own.
        let folders = try? AppFolders.resolving(
            templates: crawlArguments.templates, public: crawlArguments.public,
            defaultFolders: AppDefinition.required.defaultFolders)
        let root =
            folders?.templates.standardizedFileURL.deletingLastPathComponent()
            ?? URL(filePath: FileManager.default.currentDirectoryPath, directoryHint: .isDirectory)
        let baselineFolder =
            baseline.map { URL(filePath: $0, directoryHint: .isDirectory) }
            ?? root.appending(path: "Snapshots", directoryHint: .isDirectory)
        let reportFolder =
            report.map { URL(filePath: $0, directoryHint: .isDirectory) }
            ?? root.appending(path: ".flowhost/snapshot-report", directoryHint: .isDirectory)
        var options = SnapshotOptions()
        options.scale = scale ?? PixelSnapshots.baselineScale(in: baselineFolder) ?? options.scale
        options.dark = dark
        options.threshold = threshold
        options.allowedDifferentPixels = allowedDifferentPixels
        options.all = all
        options.everyScreen = everyScreen
        options.recording = record ? (all ? .all : .failed) : .never
        options.tabs = tabs
        options.pageTimeout = pageTimeout
        options.chromium = chromium
        let snapshots: PixelSnapshots
        do {
            snapshots = try PixelSnapshots(baseline: baselineFolder, report: reportFolder, options: options)
        } catch {
            Self.say("error: \(error)")
            throw ExitCode(2)
        }
        for notice in snapshots.notices { Self.say("note: \(notice)") }
        let crawl: Crawl
        do {
            crawl = try await crawlArguments.bounds.crawl(app)
        } catch {
            Self.say("error: \(error)")
            throw ExitCode(2)
        }
        let started = ContinuousClock.now
        let progress = ShotProgress()
        let run: SnapshotRun
        do {
            run = try await snapshots.run(crawl, app: app, acceptCommand: acceptCommand) { done, total in
                progress.show(done: done, total: total)
            }
        } catch {
            progress.finish()
            Self.say("error: \(error)")
            throw ExitCode(2)
        }
        progress.finish()
        for notice in run.notices.dropFirst(snapshots.notices.count) { Self.say("note: \(notice)") }
        for state in run.states where state.status != .same {
            Self.say(
                state.description + (state.wasRecorded ? (state.status == .gone ? " (removed)" : " (recorded)") : ""))
        }
        let seconds = (ContinuousClock.now - started).components
        let elapsed = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
        Self.say(run.summary + String(format: " in %.1f s, Chromium %@", elapsed, run.chromium))
        if let page = run.report { Self.say("report: \(page.absoluteString)") }
        if run.exitStatus != 0 {
            Self.say("accept these changes with: \(acceptCommand)")
            throw ExitCode(run.exitStatus)
        }
    }

    /// The command line as given, with `--record`: what accepts the changes it finds.
    private var acceptCommand: String {
        let arguments = CommandLine.arguments
        let name = arguments.first.map { URL(filePath: $0).lastPathComponent } ?? "flowhost"
        let given = arguments.dropFirst().filter { $0 != "--record" }
        return ([name] + given + ["--record"]).map(Self.quoted).joined(separator: " ")
    }

    private static func quoted(_ argument: String) -> String {
        argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@".contains($0) }
            ? argument : "'" + argument.replacing("'", with: #"'\''"#) + "'"
    }

    private static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
