import FlowHostApp
import FlowTesting
import HTMLPresenter
import Testing
import WebHost

/// A snapshot test's page (FlowTesting's links) reads like the page the host serves, so the `.html`
/// snapshots show what a browser gets: only the version the served page links the chrome's files
/// under is left out, since it changes with every FlowHost whose stylesheet or script changed.
@MainActor
@Suite("Served page links")
struct ServedPageLinksTests {
    @Test("a snapshot's page is the served page without the session's own controls and the chrome files' version")
    func snapshotLinksAreServed() async throws {
        let app = try labApp()
        let scene = SessionScene(app: app)
        await scene.settle()
        let tree = scene.window.updatedScreenTree()
        let renderer = PageRenderer(templates: app.templates)
        let served = try renderer.render(tree, links: .served)
        let version = try #require(served.firstMatch(of: /"\/_flowhost\/(v[0-9a-f]{16})\/flowhost.css"/)?.output.1)
        #expect(
            served.replacing("/_flowhost/\(version)/", with: "/_flowhost/")
                == (try renderer.render(tree, links: .snapshot)))
        #expect(served.contains(#"<form method="post" action="/_action/\#(tree.actions[0].token)""#))
        scene.window.rootViewController = nil
    }
}
