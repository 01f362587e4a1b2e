import FlowHostApp
import FlowTesting
import HTMLPresenter
import SnapshotTesting
import Testing

@testable import Prototype

/// The list page as the browser gets it, compared with `__Snapshots__/ItemPageTests/itemListPage.1.html`
/// (delete that file and run the tests again to record a new one).
@MainActor @Test func itemListPage() async throws {
    let store = FlowTestStore(flow: ItemFlow(), initialStep: ItemStep.itemList, inWindow: true)
    await store.settle()
    let folders = try AppFolders(packageContaining: #filePath)
    let renderer = PageRenderer(templates: try TemplateLibrary(directory: folders.templates.path))
    assertSnapshot(of: try renderer.validatedPage(store.window.updatedScreenTree()), as: .html)
}
