import FlowCrawl
import FlowHostApp
import FlowTesting
import HTMLPresenter
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SnapshotTesting
import Testing
import WebHost

/// A container FlowHost does not ship (``HTMLPageViewController``, one file of this target, and its
/// bar's template) renders, replays, crawls, maps and serves like the built-in ones: nothing in
/// FlowHost names it.
@MainActor
@Suite("A container of the app's own")
struct PageViewControllerTests {
    /// The onboarding, started in a fresh window.
    private func onboarding() async throws -> (WebApp, SessionScene) {
        let app = try webApp(OnboardingFlow.self, first: OnboardingStep.start)
        let scene = SessionScene(app: app)
        await scene.settle()
        return (app, scene)
    }

    private func take(_ description: String, in scene: SessionScene) async throws {
        let action = try #require(scene.window.updatedScreenTree().action(description), "no '\(description)'")
        _ = try await scene.perform(action.token)
        await scene.settle()
    }

    @Test("its bar is drawn under the page by the app's template, with the navigation bar over the page")
    func rendersItsBar() async throws {
        let (app, scene) = try await onboarding()
        let tree = scene.window.updatedScreenTree()
        let layer = try #require(tree.layers.first)
        let control = try #require(layer.bar(HTMLPageViewController.PageControl.self))
        #expect(control.dots.map(\.number) == [1, 2, 3])
        #expect(control.previous == nil && control.next?.token != nil)
        #expect(layer.bar(NavigationBar.self)?.title == "Welcome")
        assertSnapshot(of: try PageRenderer(templates: app.templates).validatedPage(tree), as: .html)
    }

    @Test("its actions are its own type: Next says push, Previous back, a dot leaves it to the page order")
    func typedActions() async throws {
        let (_, scene) = try await onboarding()
        #expect(scene.window.updatedScreenTree().action("next page")?.transition == .push)
        #expect(scene.window.updatedScreenTree().action("page 3")?.transition == nil)
        try await take("next page", in: scene)
        let tree = scene.window.updatedScreenTree()
        #expect(tree.visibleScreen?.template == "onboarding/sync")
        #expect(tree.action("previous page")?.transition == .back)
        // A stack's order: the click path's positions find the same page in a fresh window.
        let (replayed, replay) = await SessionScene.replaying(
            scene.clickPath,
            app: try webApp(
                OnboardingFlow.self, first: OnboardingStep.start))
        #expect(replay.stoppedBecause == nil)
        #expect(replayed.window.updatedScreenTree().visibleScreen?.template == "onboarding/sync")
    }

    @Test("the crawl maps each page at its place, with the segue kinds its actions make")
    func crawlsIntoTheStoryboard() async throws {
        let app = try webApp(OnboardingFlow.self, first: OnboardingStep.start)
        let storyboard = try await Crawler(app: app).crawl().map.storyboard
        #expect(
            storyboard.screens.map(\.id) == [
                "onboarding/welcome in navigation › pages", "onboarding/sync in navigation › pages",
                "onboarding/ready in navigation › pages", "onboarding/home in navigation",
            ])
        func kinds(_ from: String, _ to: String) -> [Segue.Kind] {
            storyboard.segues.filter {
                $0.from.flatMap(storyboard.screen)?.template == "onboarding/\(from)"
                    && storyboard.screen($0.to)?.template == "onboarding/\(to)"
            }.map(\.kind)
        }
        #expect(kinds("welcome", "sync") == [.push])
        #expect(kinds("sync", "welcome") == [.back])
        #expect(kinds("welcome", "ready") == [.push], "a dot to a later page")
        #expect(kinds("ready", "welcome") == [.back], "a dot to an earlier page")
        #expect(kinds("ready", "home") == [.replace])
        #expect(storyboard.segues.first { $0.kind == .replace }?.steps == ["finish"])
    }

    @Test("a served page draws it, and its Next button moves the page")
    func serves() async throws {
        var configuration = WebHostConfiguration()
        configuration.port = 0
        var logger = Logger(label: "container")
        logger.logLevel = .warning
        let server = FlowHostServer(
            app: try webApp(OnboardingFlow.self, first: OnboardingStep.start), configuration: configuration,
            store: MemoryClickPathStore(), logger: logger)
        try await server.makeApplication().test(.router) { client in
            let root = try await client.executeRequest(uri: "/", method: .get, headers: [:], body: nil)
            let session = try #require(root.headers[values: .setCookie].first { $0.hasPrefix("flowhost_session=") })
            let cookie = String(session.prefix { $0 != ";" })
            let location = try #require(root.headers[.location])
            let first = try await client.executeRequest(
                uri: location, method: .get, headers: [.cookie: cookie], body: nil)
            let page = String(buffer: first.body)
            #expect(page.contains(#"<nav class="tab-bar page-control" aria-label="Pages">"#))
            let next = try #require(
                page.firstMatch(
                    of: /action="(\/_action\/[A-Za-z0-9_-]{22})" class="action"><button type="submit" class="tab">Next/)
            )
            let moved = try await client.executeRequest(
                uri: String(next.output.1), method: .post,
                headers: [
                    .cookie: cookie, .contentType: "application/x-www-form-urlencoded", Self.fetchSite: "same-origin",
                ],
                body: ByteBuffer())
            #expect(moved.status == .seeOther, "\(String(buffer: moved.body))")
            let after = try await client.executeRequest(
                uri: try #require(moved.headers[.location]), method: .get, headers: [.cookie: cookie], body: nil)
            #expect(String(buffer: after.body).contains("Your lists follow you on every device."))
        }
    }

    private static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
