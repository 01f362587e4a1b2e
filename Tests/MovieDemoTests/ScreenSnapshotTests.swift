import FlowCore
import FlowTesting
import HTMLPresenter
import SnapshotTesting
import Testing

@testable import MovieDemo

/// Every screen of the sample as a committed HTML snapshot (FlowTesting's `.html` strategy:
/// normalised by libxml2, tokens renamed). Record with `SNAPSHOT_TESTING_RECORD=all swift test`.
@MainActor
@Suite("Sample screen snapshots")
struct ScreenSnapshotTests {
    private func snapshot(_ demo: DemoDriver, named name: String) throws {
        let html = try PageRenderer(templates: DemoDriver.templates).validatedPage(demo.tree)
        assertSnapshot(of: html, as: .html, testName: name)
    }

    @Test("login, empty and with errors")
    func login() async throws {
        let demo = await DemoDriver()
        try snapshot(demo, named: "login")
        try await demo.perform("form", fields: ["email": "ada@example", "password": "x"])
        try snapshot(demo, named: "login-invalid-email")
    }

    @Test("movies: list, detail, cast member, restricted alert, add alert")
    func movies() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try snapshot(demo, named: "movies-list")
        try await demo.perform("step detail(id: 1)")
        try snapshot(demo, named: "movie-detail")
        try await demo.perform("step addToWatched(id: 1)")
        try snapshot(demo, named: "movie-add-to-watched-alert")
        try await demo.perform("alert Add")
        try snapshot(demo, named: "movie-detail-watched")
        try await demo.perform("step person(id: 101)")
        try snapshot(demo, named: "person")
        try await demo.perform("back to Heat")
        try await demo.perform("back to Movies")
        try await demo.perform("step detail(id: 4)")
        try snapshot(demo, named: "restricted-alert")
    }

    @Test("rating sheet: rate and thanks")
    func rating() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.perform("step detail(id: 1)")
        try await demo.perform("step rate(id: 1)")
        try snapshot(demo, named: "rate")
        try await demo.perform("step rated(stars: 4)")
        try snapshot(demo, named: "thanks")
    }

    @Test("watched (empty and with a movie), profile and its log out alert")
    func tabs() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.perform("tab Watched")
        try snapshot(demo, named: "watched-empty")
        try await demo.perform("tab Movies")
        try await demo.perform("step detail(id: 1)")
        try await demo.perform("step addToWatched(id: 1)")
        try await demo.perform("alert Add")
        try await demo.perform("tab Watched")
        try snapshot(demo, named: "watched")
        try await demo.perform("tab Profile")
        try snapshot(demo, named: "profile")
        try await demo.perform("step logout")
        try snapshot(demo, named: "logout-alert")
    }

    @Test("stack lab: a letter screen and the timer")
    func stack() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.perform("tab Stack")
        try await demo.perform("step screen(\"B\")")
        try snapshot(demo, named: "stack-b")
        try await demo.perform("step timer")
        try snapshot(demo, named: "timer")
    }
}
