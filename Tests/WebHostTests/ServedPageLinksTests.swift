import FlowHostApp
import FlowTesting
import HTMLPresenter
import Testing
import WebHost

/// A snapshot test's page (FlowTesting's links) reads like the page the host serves, so the `.html`
/// snapshots show what a browser gets.
@MainActor
@Suite("Served page links")
struct ServedPageLinksTests {
    @Test("a snapshot's page is the served page without the session's own controls")
    func snapshotLinksAreServed() async throws {
        let app = try labApp()
        let scene = SessionScene(app: app)
        await scene.settle()
        let tree = scene.window.updatedScreenTree()
        let renderer = PageRenderer(templates: app.templates)
        let served = try renderer.render(tree, links: .served)
        #expect(served == (try renderer.render(tree, links: .snapshot)))
        #expect(served.contains(#"<form method="post" action="/_action/\#(tree.actions[0].token)""#))
        scene.window.rootViewController = nil
    }
}
