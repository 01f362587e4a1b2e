import FlowCore
import FlowCrawl
import FlowHostApp
import FlowTesting
import HTMLPresenter
import SnapshotTesting
import Testing

// The examples of FlowTesting's doc comments, compiled and run.

@MainActor
@Suite("FlowTesting's doc comment examples")
struct FlowTestingExamples {
    @Test("a store sends a step and reads the log")
    func flowTestStore() async {
        // example: Sources/FlowTesting/FlowTestStore.swift
        let store = FlowTestStore(flow: MovieFlow())
        let entries = await store.send(MovieStep.movieList)
        #expect(entries.first?.outcome.contributions.count == 1)
        #expect(store.log.last?.outcome.dropReason == nil)
        // end of example
    }

    @Test("a test presentable is hidden and dismissed by the test")
    func testPresentable() {
        // example: Sources/FlowTesting/TestPresentable.swift
        let screen = TestPresentable("detail")
        screen.presentation.isVisible = false  // something was pushed on top
        screen.presentation.markDismissed()  // popped
        // end of example
        #expect(screen.presentation.isDismissed)
    }

    @Test("a test stepper counts when the coordinator listened")
    func testStepper() async {
        // example: Sources/FlowTesting/TestStepper.swift
        let stepper = TestStepper(initialStep: MovieStep.movieList)
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: MovieFlow(), with: stepper)
        await coordinator.waitUntilIdle()
        stepper.steps.send(MovieStep.movieDetail(id: 3))
        #expect(stepper.readyCount == 1)
        // end of example
    }

    /// Compiled, not run: a snapshot test records its first snapshot.
    func snapshot(renderer: PageRenderer, window: HTMLWindow) throws {
        // example: Sources/FlowTesting/Snapshotting+HTML.swift
        assertSnapshot(of: try renderer.validatedPage(window.updatedScreenTree()), as: .html)
        // end of example
    }

    /// Compiled, not run: it would record the sample's snapshots beside this file.
    func appSnapshot() async throws {
        // example: Sources/FlowTesting/AppSnapshot.swift
        try await assertAppSnapshot(of: try makeMovieApp(folders: AppFolders(packageContaining: #filePath)))
        // end of example
    }

    /// Compiled, not run: a snapshot test records its first snapshot.
    func flowMapSnapshot(app: WebApp) async throws {
        // example: Sources/FlowTesting/Snapshotting+FlowMap.swift
        let map = try await Crawler(app: app).crawl().map
        assertSnapshot(of: map, as: .flowMap)
        // end of example
    }
}
