import FlowTesting
import Foundation
import HTMLPresenter
import SnapshotTesting
import Testing

/// The package's `Templates/`, found from this file (`Tests/<target>/`) so tests run from any directory.
/// (In a package of your own, `AppFolders(packageContaining: #filePath).templates` finds it.)
let templatesDirectory = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Templates").path

@MainActor @Test func movieListPage() async throws {
    let store = FlowTestStore(flow: MovieFlow(), initialStep: MovieStep.movieList, inWindow: true)
    await store.settle()
    let renderer = PageRenderer(templates: try TemplateLibrary(directory: templatesDirectory))
    assertSnapshot(of: try renderer.validatedPage(store.window.updatedScreenTree()), as: .html)
}
