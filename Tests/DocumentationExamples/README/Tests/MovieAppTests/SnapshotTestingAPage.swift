import FlowTesting
import Foundation
import HTMLPresenter
import SnapshotTesting
import Testing

/// The package's `Templates/`, found from this file (`Tests/<target>/`) so tests run from any directory.
let templatesDirectory = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Templates").path

@MainActor @Test func movieListPage() async throws {
    let window = HTMLWindow()
    let store = FlowTestStore(flow: MovieFlow(), initialStep: MovieStep.movieList)
    window.rootViewController = store.flow.navigationController
    await store.settle()
    let renderer = PageRenderer(templates: try TemplateLibrary(directory: templatesDirectory))
    assertSnapshot(of: try renderer.validatedPage(window.updatedScreenTree()), as: .html)
}
