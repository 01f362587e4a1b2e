// "Copy as test" from FlowHost's inspector: replays a click path of the prototype and snapshots
// the page after each entry (the first run records the snapshots).
import FlowHostApp
import FlowTesting
import Foundation
import HTMLPresenter
import SnapshotTesting
import Testing

@testable import MovieDemo

@MainActor @Test func replaysClickPath() async throws {
    // The package's Templates/, found from this file (Tests/<target>/).
    let templates = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Templates").path
    let app = try MovieDemo.app(templates: templates)
    // What was typed into secret fields is never copied: write each value in its placeholder.
    let secret1: String = "flowhost"
    let path = ClickPath([
        .action(
            ActionPosition(screen: ScreenPosition(layer: 0, path: [0], template: "login/login"), index: 0),
            fields: ["email": "ada@example.com", "password": secret1]),
        .action(
            ActionPosition(screen: ScreenPosition(layer: 0, path: [0, 0], template: "movies/list"), index: 0),
            fields: [:]),
        .action(
            ActionPosition(screen: ScreenPosition(layer: 0, path: [0, 1], template: "movies/detail"), index: 2),
            fields: [:]),
        .reveal(ScreenPosition(layer: 0, path: [0, 1], template: "movies/detail")),
        .action(
            ActionPosition(screen: ScreenPosition(layer: 0, path: [], template: nil), index: 2),
            fields: [:]),
        .action(
            ActionPosition(screen: ScreenPosition(layer: 0, path: [2, 0], template: "stack/letter"), index: 6),
            fields: [:]),
        .deepLink("movies/2"),
    ])
    let scene = SessionScene(app: app)
    var pages: [ScreenTree] = []
    let replay = await scene.replay(path) { _ in pages.append(scene.window.updatedScreenTree()) }
    #expect(replay.stoppedBecause == nil)
    let renderer = PageRenderer(templates: app.templates)
    for (index, page) in pages.enumerated() {
        assertSnapshot(of: try renderer.validatedPage(page), as: .html, named: "\(index + 1)")
    }
}
