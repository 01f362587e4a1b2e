import FlowTesting
import Testing

/// A picture of every state of the sample (574), compared with the committed baselines in the
/// repository's `Snapshots/` (shot at 1x to keep them small), which `flowhost snapshot` run at the
/// repository's root compares with too. A state whose page and files are unchanged is not shot
/// again; CI sets `FLOWHOST_SNAPSHOT_SCREENS=1` and shoots one state of every screen anyway (13),
/// so that the pictures themselves are checked on its machine; `FLOWHOST_SNAPSHOT_ALL=1` shoots
/// all 574 (minutes on 2 cores).
@MainActor
@Suite("The sample's pixel snapshots")
struct PixelSnapshotTests {
    @Test("every state of the sample looks as its committed picture")
    func everyState() async throws {
        try await assertAppSnapshot(
            of: SampleCrawl.appWithPublicFiles, as: .image(scale: 1),
            snapshotDirectory: DemoDriver.root.appending(path: "Snapshots").path)
    }
}
