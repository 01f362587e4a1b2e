import FlowCrawl
import FlowTesting
import Foundation
import SnapshotTesting
import Testing

@MainActor
@Suite("A whole app's snapshot (FlowTesting's assertAppSnapshot)")
struct AppSnapshotTests {
    @Test("it records every state's page and the map, fails when a template changes, and passes once recorded again")
    func failsOnAChangedTemplateUntilRecorded() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "app-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = CrawlOptions()
        options.maxSteps = 1
        func snapshot(_ templates: [String: String], record: SnapshotTestingConfiguration.Record) async throws {
            try await assertAppSnapshot(
                of: try labApp(templates: templates), options: options, record: record,
                snapshotDirectory: folder.path)
        }

        await #expect(throws: AppSnapshotMismatch.self, "the first run records") {
            try await snapshot(labTemplates, record: .missing)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.contains("snapshot.map.json"), "named after the calling function")
        #expect(files.filter { $0.hasSuffix(".html") }.count >= 3, "a page per state: \(files)")
        try await snapshot(labTemplates, record: .never)

        var changed = labTemplates
        changed["lab/page"] = changed["lab/page"]!.replacing(
            "<h1>Page {{number}}</h1>", with: "<h1>Screen {{number}}</h1>")
        let mismatch = await #expect(throws: AppSnapshotMismatch.self) {
            try await snapshot(changed, record: .never)
        }
        #expect(mismatch?.description.contains("Screen 1") == true, "the diff shows the changed page")
        #expect(mismatch?.failures.contains { $0.hasPrefix("state ") } == true)

        await #expect(throws: AppSnapshotMismatch.self, "recording again writes the new pages") {
            try await snapshot(changed, record: .all)
        }
        try await snapshot(changed, record: .never)
    }

    @Test(
        "a name no state fills is a warning that lets the snapshots be compared, or with strictNames a failure at its file:line:col"
    )
    func misspelledName() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "app-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = CrawlOptions()
        options.maxSteps = 1
        func snapshot(_ templates: [String: String], strictNames: Bool) async throws {
            try await assertAppSnapshot(
                of: try labApp(templates: templates), options: options, includingPages: false, strictNames: strictNames,
                record: .missing, snapshotDirectory: folder.path)
        }
        await #expect(throws: AppSnapshotMismatch.self, "the lab's names agree: on to the snapshots, recorded") {
            try await snapshot(labTemplates, strictNames: true)
        }

        var misspelled = labTemplates
        misspelled["lab/page"] = misspelled["lab/page"]!.replacing(
            "<h1>Page {{number}}</h1>", with: "<h1>Page {{numbre}}</h1>")
        let mismatch = await #expect(throws: TemplateNamesMismatch.self) {
            try await snapshot(misspelled, strictNames: true)
        }
        #expect(
            mismatch?.description.contains(
                #"lab/page.mustache:1:10: error: "numbre" is read here but never filled; did you mean "number"?"#)
                == true,
            "\(mismatch?.description ?? "")")
        #expect(mismatch?.findings.map(\.kind) == [.neverRead, .neverFilled], "number given, numbre read")
        // A warning only: the map, which does not change, is compared and passes.
        try await snapshot(misspelled, strictNames: false)
    }
}
