import FlowCrawl
import FlowTesting
import Foundation
import SnapshotTesting
import Testing

@MainActor
@Suite("A whole app's pixel snapshots (FlowTesting's assertAppSnapshot(of:as: .image))")
struct PixelSnapshotTests {
    @Test(
        "it records every state's picture, passes after, and fails on a changed template naming the state and the report"
    )
    func picturesOfEveryState() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "pixel-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = CrawlOptions()
        options.maxSteps = 1
        func snapshot(_ templates: [String: String], record: SnapshotTestingConfiguration.Record) async throws {
            try await assertAppSnapshot(
                of: try labApp(templates: templates), as: .image(scale: 1), options: options, record: record,
                snapshotDirectory: folder.path)
        }

        let recorded = await #expect(throws: PixelSnapshotMismatch.self, "the first run records, and fails once") {
            try await snapshot(labTemplates, record: .missing)
        }
        #expect(recorded?.description.contains("recorded: run the test again") == true)
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(pictures.count >= 3 && pictures.allSatisfy { $0.hasPrefix("lab-") }, "a picture per state: \(pictures)")
        try await snapshot(labTemplates, record: .never)

        var changed = labTemplates
        changed["lab/about"] = "<p>About the lab, in more words</p>"
        let mismatch = await #expect(throws: PixelSnapshotMismatch.self) {
            try await snapshot(changed, record: .never)
        }
        let message = mismatch?.description ?? ""
        #expect(message.contains("changed: lab-about-"), "\(message)")
        #expect(message.contains("pixels differ; reached by start > "), "the way to the state")
        #expect(message.contains("report: file://") && message.contains("-pixels/index.html"))
        #expect(mismatch?.pictures.count == 1, "the About screen only: \(message)")

        await #expect(throws: PixelSnapshotMismatch.self, "recording the changes fails once") {
            try await snapshot(changed, record: .failed)
        }
        try await snapshot(changed, record: .never)
    }
}
