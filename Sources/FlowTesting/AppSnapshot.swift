import FlowCrawl
import FlowHostApp
import FlowSnapshots
import Foundation
import HTMLPages
import HTMLPresenter
import SnapshotTesting
import Testing

/// A snapshot of a whole app in one test: the app is crawled (as `export` and `map` crawl it) and
/// every state's page is compared with its `.html` snapshot, and the flow map with its JSON
/// snapshot. A change to any screen or step then shows in review as the snapshots of the states
/// that changed, appeared (a new file) or went (the map's difference names them).
///
/// Recording works as for every snapshot of swift-snapshot-testing: a missing snapshot is written
/// and the test fails once (run it again), `SNAPSHOT_TESTING_RECORD=all` writes them all anew, and
/// CI sets `SNAPSHOT_TESTING_RECORD=never`, so that nothing is recorded there.
///
/// ```swift
/// try await assertAppSnapshot(of: try makeMovieApp(folders: AppFolders(packageContaining: #filePath)))
/// ```
///
/// Pages are named after their state's template and a digest of its click path (`.../everyScreen.items-detail-3f09a6c2.html`),
/// so that a new state elsewhere in the app renames nothing.
///
/// The crawl also checks that templates and view models agree on names (`Crawl.nameFindings(templates:)`,
/// as `flowhost check` does): each name a template reads that no crawled state fills (`{{nmae}}`),
/// each value a view model gives that its template never reads, each partial that is no template.
/// Each is recorded as a warning (`Templates/items/detail.mustache:4:9: warning: ...`), or, with
/// `strictNames`, fails the test.
///
/// - Throws: What the crawl throws (a template that does not render), ``InvalidPageError`` listing
///   the problems of every state's page that is not valid HTML, ``TemplateNamesMismatch`` with the
///   names that do not agree (with `strictNames` only), or ``AppSnapshotMismatch`` with every
///   snapshot that differs or was recorded.
/// - Parameters:
///   - app: The app to crawl.
///   - options: The crawl's bounds (a large app may snapshot the states a few steps deep).
///   - includingPages: Whether every state's page is snapshot too, or only the map.
///   - strictNames: Whether names that do not agree fail the test instead of warning.
///   - record: The record mode; by default swift-snapshot-testing's (`SNAPSHOT_TESTING_RECORD`).
///   - snapshotDirectory: Where the snapshots are kept; by default `__Snapshots__/<test file>/`
///     beside the test file.
///   - fileID: The test's file, for the failure (the caller's by default).
///   - filePath: The test's file path, beside which the snapshots are kept (the caller's by default).
///   - testName: The test's name, which names its snapshots (the caller's by default).
///   - line: The line the failure is reported at (the caller's by default).
///   - column: The column the failure is reported at (the caller's by default).
@MainActor
public func assertAppSnapshot(
    of app: WebApp, options: CrawlOptions = CrawlOptions(), includingPages: Bool = true, strictNames: Bool = false,
    record: SnapshotTestingConfiguration.Record? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) async throws {
    let crawl = try await Crawler(app: app, options: options).crawl()
    let testName = String(testName.prefix { $0 != "(" })
    func verify<Value>(_ value: Value, as strategy: Snapshotting<Value, String>, named name: String) -> String? {
        verifySnapshot(
            of: value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
            fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    }
    var failures = [verify(crawl.map, as: .flowMap, named: "map")].compactMap { $0 }
    var invalid: [HTMLProblem] = []
    if includingPages {
        let renderer = PageRenderer(templates: app.templates)
        for (state, page) in zip(crawl.map.states, crawl.pages) {
            // As a browser gets it from a server (tokens renamed by the `.html` strategy).
            let html = try renderer.render(page.tree, links: .snapshot)
            invalid += HTMLValidator.problems(in: html)
            if let failure = verify(html, as: .html, named: state.snapshotName) {
                failures.append("state \(state.id), \(state.title) (\(state.template)): \(failure)")
            }
        }
    }
    if !invalid.isEmpty { throw InvalidPageError(problems: invalid) }
    let names = crawl.nameFindings(templates: app.templates)
    if strictNames, !names.isEmpty { throw TemplateNamesMismatch(findings: names) }
    let location = SourceLocation(
        fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line), column: Int(column)
    )
    for finding in names {
        Issue.record(Comment(rawValue: finding.description), severity: .warning, sourceLocation: location)
    }
    if !failures.isEmpty { throw AppSnapshotMismatch(failures: failures) }
}

/// What ``assertAppSnapshot(of:options:includingPages:strictNames:record:snapshotDirectory:fileID:file:testName:line:column:)``
/// found different from its snapshots (or recorded).
public struct AppSnapshotMismatch: Error, CustomStringConvertible {
    /// One message per snapshot that differs or was recorded, the map's first.
    public let failures: [String]

    /// The messages, one after the other.
    public var description: String {
        "\(failures.count) snapshot\(failures.count == 1 ? "" : "s") of the app differ or were recorded:\n\n"
            + failures.joined(separator: "\n\n")
    }
}
