import FlowHostApp
import FlowTesting
import HTMLPresenter
import Testing

@testable import Prototype

/// Every screen of the prototype in one test: the app is crawled as `swift run PrototypeServer
/// export` crawls it, and each state's page and the flow map are compared with their snapshots in
/// `__Snapshots__/AppSnapshotTests/`. A change to a template or a step shows in review as the pages
/// that changed (or appeared); record them anew with `SNAPSHOT_TESTING_RECORD=all swift test`.
@MainActor @Test func everyScreen() async throws {
    try await assertAppSnapshot(of: try PrototypeApp.make(folders: AppFolders(packageContaining: #filePath)))
}
