import FlowCrawl
import FlowHostApp
import FlowSnapshots
import Foundation
// The record mode as swift-snapshot-testing's own assertions read it (the test's `.snapshots(record:)`
// trait, `withSnapshotTesting`, then SNAPSHOT_TESTING_RECORD): public in spirit, SPI in 1.19.
@_spi(Internals) import SnapshotTesting

/// Pixel snapshots of a whole app in one test: the app is crawled, every state's screen is shot in
/// headless Chromium (Debian's `chromium`) and compared with its baseline picture, as
/// `flowhost snapshot` does; a state whose page and files are unchanged since its baseline is not
/// shot again. The failure names every picture that changed, is new, is gone or failed, the way
/// to its state, and the review report (expected, actual and diff side by side).
///
/// Recording follows `SNAPSHOT_TESTING_RECORD` (or `record`), as for every snapshot of
/// swift-snapshot-testing: `missing` (the default) writes the pictures of new states and fails
/// once, `failed` writes those of new and changed states and removes gone ones, `all` shoots and
/// writes every picture anew, `never` (CI) writes nothing. A test that recorded fails: run it again.
/// `FLOWHOST_SNAPSHOT_ALL=1` shoots every state, unchanged or not, so that the pictures themselves
/// are checked on this machine; `FLOWHOST_SNAPSHOT_SCREENS=1` shoots one state of every storyboard
/// screen besides the changed ones, a cheaper such check (CI sets it).
///
/// ```swift
/// try await assertAppSnapshot(of: try makeMovieApp(folders: AppFolders(packageContaining: #filePath)), as: .image)
/// ```
///
/// - Throws: What the crawl throws; `FlowSnapshots/SnapshotError` when the pictures cannot be
///   taken (no Chromium, a baseline that is no PNG); ``PixelSnapshotMismatch`` with every picture
///   that differs or was recorded.
/// - Parameters:
///   - app: The app to crawl.
///   - strategy: How pictures are taken and compared (``AppSnapshotStrategy/image``).
///   - options: The crawl's bounds.
///   - record: The record mode; by default swift-snapshot-testing's (`SNAPSHOT_TESTING_RECORD`).
///   - snapshotDirectory: The folder of the baseline pictures; by default
///     `__Snapshots__/<test file>/<test name>/` beside the test file.
///   - fileID: The test's file, for the failure (the caller's by default).
///   - filePath: The test's file path, beside which the pictures are kept (the caller's by default).
///   - testName: The test's name, which names its folder of pictures (the caller's by default).
///   - line: The line the failure is reported at (the caller's by default).
///   - column: The column the failure is reported at (the caller's by default).
@MainActor
public func assertAppSnapshot(
    of app: WebApp, as strategy: AppSnapshotStrategy, options: CrawlOptions = CrawlOptions(),
    record: SnapshotTestingConfiguration.Record? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) async throws {
    let testName = String(testName.prefix { $0 != "(" })
    let testFile = URL(filePath: "\(filePath)")
    let fileName = testFile.deletingPathExtension().lastPathComponent
    let baseline =
        snapshotDirectory.map { URL(filePath: $0, directoryHint: .isDirectory) }
        ?? testFile.deletingLastPathComponent().appending(path: "__Snapshots__").appending(path: fileName)
        .appending(path: testName, directoryHint: .isDirectory)
    let artifacts = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
    let report = URL(filePath: artifacts, directoryHint: .isDirectory).appending(path: fileName)
        .appending(path: testName + "-pixels", directoryHint: .isDirectory)
    let mode = record ?? SnapshotTestingConfiguration.current?.record ?? _record
    var snapshotOptions = strategy.options
    // The pictures themselves checked on this machine: all of them, or one state of each screen (CI).
    let environment = ProcessInfo.processInfo.environment
    if environment["FLOWHOST_SNAPSHOT_ALL"] == "1" { snapshotOptions.all = true }
    if environment["FLOWHOST_SNAPSHOT_SCREENS"] == "1" { snapshotOptions.everyScreen = true }
    snapshotOptions.recording =
        switch mode {
        case .all: .all
        case .failed: .failed
        case .never: .never
        default: .missing
        }
    let snapshots = try PixelSnapshots(baseline: baseline, report: report, options: snapshotOptions)
    let crawl = try await Crawler(app: app, options: options).crawl()
    let run = try await snapshots.run(
        crawl, app: app, acceptCommand: "SNAPSHOT_TESTING_RECORD=failed swift test --filter \(testName)")
    let differing = run.states.filter { $0.status != .same || $0.wasRecorded }
    guard !differing.isEmpty else { return }
    let pictures = differing.map { state in
        state.description
            + (state.wasRecorded ? (state.status == .gone ? " (removed)" : " (recorded: run the test again)") : "")
    }
    throw PixelSnapshotMismatch(pictures: pictures, notices: run.notices, summary: run.summary, report: run.report)
}
