import FlowCrawl
import FlowTesting
import Testing

/// The whole sample's flow graph as a committed snapshot (FlowTesting's `assertAppSnapshot`): a
/// change to any screen, button or step shows here as the states and edges that appeared or went.
/// The sample's pages are not snapshot here (574 states; `ScreenSnapshotTests` keeps one page per
/// screen); an app of a few dozen states snapshots them all, as the `init` skeleton's tests do.
/// Its templates and view models must agree on every name the crawl reads and gives (`strictNames`).
@MainActor
@Suite("The sample's flow map snapshot")
struct FlowMapSnapshotTests {
    @Test("the sample's flow map is the committed one, and its templates and view models agree on names")
    func sampleMap() async throws {
        try await assertAppSnapshot(of: DemoDriver.app, includingPages: false, strictNames: true)
    }
}
