import FlowCore
import FlowTesting
import HTMLPresenter
import Testing

@testable import MovieDemo

@MainActor
@Suite("MoviesFlow, RatingFlow, WatchedFlow, ProfileFlow")
struct MoviesFlowTests {
    @Test("adapt turns a restricted title into the Restricted alert unless the profile allows it")
    func restrictedTitles() async throws {
        let account = Account(email: "ada@example.com")
        let flow = MoviesFlow(account: account)
        let window = HTMLWindow()
        window.rootViewController = flow.root as? HTMLViewController
        let store = FlowTestStore(flow: flow, initialStep: MovieStep.list)
        await store.settle()

        let refused = await store.send(MovieStep.detail(id: 4))
        #expect(refused.first?.outcome.adaptedStep as? MovieStep == .restricted(id: 4))
        let root = try #require(store.flow.root as? HTMLNavigationController)
        #expect((root.presentedViewController as? HTMLAlertController)?.title == "Restricted")
        root.presentedViewController?.dismiss()

        account.showsRestrictedTitles = true
        let allowed = await store.send(MovieStep.detail(id: 4))
        #expect(allowed.first?.outcome.adaptedStep as? MovieStep == .detail(id: 4))
        #expect(root.topViewController?.title == "Taxi Driver")
    }

    @Test("list -> detail -> cast member -> their movie -> detail, as deep as the user goes")
    func drillDown() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.perform("step detail(id: 1)")
        #expect(demo.title == "Heat")
        let pacino = try #require(MovieCatalog.bundled.movies.first { $0.id == 1 }?.cast.first)
        try await demo.perform("step person(id: \(pacino))")
        #expect(demo.title == "Al Pacino")
        try await demo.perform("step detail(id: 3)")
        #expect(demo.title == "The Godfather Part II")
        try await demo.perform("back to Al Pacino")
        #expect(demo.title == "Al Pacino")
    }

    @Test("Rate presents the rating flow with its own stack; Done dismisses it and the rating shows")
    func rating() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.perform("step detail(id: 1)")
        try await demo.perform("step rate(id: 1)")
        #expect(demo.tree.layers.map(\.style) == [.window, .pageSheet])
        #expect(demo.title == "Rate")
        try await demo.perform("step rated(stars: 4)")
        #expect(demo.title == "Thanks")
        try await demo.perform("step done")
        #expect(demo.tree.layers.count == 1)
        #expect(demo.title == "Heat")
        #expect(try demo.page().contains("Your rating: ★★★★☆"))

        try await demo.perform("step rate(id: 1)")
        try await demo.perform("step cancel")
        #expect(demo.tree.layers.count == 1 && demo.title == "Heat")
    }

    @Test("Add to Watched confirms with an alert; the Watched tab lists the movie")
    func addToWatched() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.perform("tab Watched")
        #expect(try demo.page().contains("Nothing watched yet"))
        try await demo.perform("tab Movies")
        try await demo.perform("step detail(id: 1)")
        try await demo.perform("step addToWatched(id: 1)")
        #expect(demo.tree.alert?.title == "Add to Watched?")
        try await demo.perform("alert Add")
        #expect(try demo.page().contains("In Watched"))
        try await demo.perform("tab Watched")
        #expect(try demo.page().contains(#"<span class="cell-title">Heat</span>"#))
    }

    @Test("the profile's switch lets restricted titles open")
    func profileSwitch() async throws {
        let demo = await DemoDriver()
        try await demo.signIn()
        try await demo.perform("tab Profile")
        #expect(try demo.page().contains(#"aria-pressed="false""#))
        try await demo.perform("run")
        #expect(try demo.page().contains(#"aria-pressed="true""#))
        try await demo.perform("tab Movies")
        try await demo.perform("step detail(id: 4)")
        #expect(demo.title == "Taxi Driver")
    }
}
