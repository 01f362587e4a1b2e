import FlowCrawl
import FlowHostApp
import FlowTesting
import HTMLPresenter
import Testing

@testable import MovieDemo

/// Stored click paths folded onto the sample's storyboard: sessions driven through real scenes, as
/// browsers drive them, then counted on the crawl's graph without replaying them.
@MainActor
@Suite("Traffic on the sample's storyboard", .serialized)
struct TrafficTests {
    /// A session driven in a scene of its own, its clock holding waits (signing in takes no time);
    /// remembers the page on screen after each entry of its path.
    @MainActor
    final class Session {
        let scene = SessionScene(app: DemoDriver.app)
        private(set) var pages: [String] = []

        static func start() async throws -> Session {
            let session = Session()
            session.scene.window.clock.beginReplay()
            await session.scene.settle()
            session.pages.append(try session.page())
            return session
        }

        func tap(_ description: String, fields: FormFields = FormFields()) async throws {
            let tree = scene.window.updatedScreenTree()
            let action = try #require(tree.action(description), "no '\(description)' in \(tree.actions)")
            _ = try await scene.perform(action.token, fields: fields)
            await settled()
        }

        func signIn() async throws {
            try await tap("form", fields: ["email": Account.demoEmail, "password": Account.demoPassword])
        }

        /// The browser's Back to the screen `id`.
        func back(to id: ScreenID) async throws {
            #expect(scene.reveal(id))
            await settled()
        }

        var visibleScreen: ScreenID? { scene.window.updatedScreenTree().visibleScreen?.id }
        var path: ClickPath { scene.clickPath }

        private func settled() async {
            await scene.settle()
            pages.append((try? page()) ?? "")
        }

        func page() throws -> String {
            HTMLNormalizer.normalize(
                try PageRenderer(templates: DemoDriver.templates).render(
                    scene.window.updatedScreenTree(), links: .snapshot))
        }
    }

    /// Five sessions sign in, open a movie and rate it; three sign in and open the stack lab; one
    /// signs in, opens a movie, goes Back to the list, opens another and rates it.
    static func scriptedSessions() async throws -> (rated: [Session], stack: [Session], roundabout: Session) {
        var rated: [Session] = []
        for id in [1, 2, 3, 6, 7] {
            let session = try await Session.start()
            try await session.signIn()
            try await session.tap("step detail(id: \(id))")
            try await session.tap("step rate(id: \(id))")
            try await session.tap("step rated(stars: 4)")
            rated.append(session)
        }
        var stack: [Session] = []
        for _ in 0..<3 {
            let session = try await Session.start()
            try await session.signIn()
            try await session.tap("tab Stack")
            stack.append(session)
        }
        let roundabout = try await Session.start()
        try await roundabout.signIn()
        let list = try #require(roundabout.visibleScreen)
        try await roundabout.tap("step detail(id: 1)")
        try await roundabout.back(to: list)
        try await roundabout.tap("step detail(id: 2)")
        try await roundabout.tap("step rate(id: 2)")
        try await roundabout.tap("step rated(stars: 4)")
        return (rated, stack, roundabout)
    }

    /// The crawl's state of each normalised page.
    static func statesByPage(_ crawl: Crawl) throws -> [String: Int] {
        let renderer = PageRenderer(templates: DemoDriver.templates)
        var states: [String: Int] = [:]
        for state in crawl.map.states {
            let page = HTMLNormalizer.normalize(try renderer.render(crawl.pages[state.id].tree, links: .snapshot))
            states[page] = states[page] ?? state.id
        }
        return states
    }

    @Test("walking a stored path goes through the states its scene showed, without replaying it")
    func walksFollowTheScenes() async throws {
        let crawl = try await SampleCrawl.crawl()
        let traffic = TrafficMap(crawl: crawl, deepLinks: DemoDriver.app.deepLinks)
        let states = try Self.statesByPage(crawl)
        let (rated, stack, roundabout) = try await Self.scriptedSessions()

        for session in rated + stack + [roundabout] {
            let walk = traffic.walk(session.path)
            #expect(walk.isOnMap)
            #expect(walk.stops.map(\.state) == session.pages.map { states[$0] ?? -1 }, "\(session.path.entries)")
        }
    }

    @Test("the figures of scripted sessions are what they did: who reached each screen, took each segue, left where")
    func figuresOfScriptedSessions() async throws {
        let crawl = try await SampleCrawl.crawl()
        let traffic = TrafficMap(crawl: crawl, deepLinks: DemoDriver.app.deepLinks)
        let (rated, stack, roundabout) = try await Self.scriptedSessions()
        let sessions = rated + stack + [roundabout]

        let figures = traffic.figures(of: sessions.map(\.path))

        let storyboard = traffic.storyboard
        func screen(_ template: String) throws -> Int {
            try #require(storyboard.screens.firstIndex { $0.template == template }, "no screen \(template)")
        }
        func visits(_ template: String) throws -> Int { figures.screens[try screen(template)].visits }
        func exits(_ template: String) throws -> Int { figures.screens[try screen(template)].exits }
        #expect(figures.sessions == 9)
        #expect(figures.offMap == 0)
        #expect(try visits("login/login") == 9)
        #expect(try visits("movies/list") == 9, "the Movies tab is the first after signing in")
        #expect(try visits("movies/detail") == 6)
        #expect(try visits("rating/rate") == 6)
        #expect(try visits("rating/thanks") == 6)
        #expect(try exits("rating/thanks") == 6)
        #expect(try visits("stack/letter") == 3)
        #expect(try exits("stack/letter") == 3)
        #expect(try exits("movies/list") == 0)
        #expect(figures.screens.map(\.exits).reduce(0, +) == 9, "each session ends on one screen")
        #expect(try visits("profile/profile") == 0)
        // Each segue: the sessions whose scenes went from its screen to its other screen that way.
        func took(from: String, to: String) throws -> Int {
            let (from, to) = (storyboard.screens[try screen(from)].id, storyboard.screens[try screen(to)].id)
            return zip(storyboard.segues, figures.segues).filter { $0.0.from == from && $0.0.to == to }
                .map(\.1).reduce(0, +)
        }
        #expect(try took(from: "login/login", to: "movies/list") == 9)
        #expect(try took(from: "movies/list", to: "movies/detail") == 6)
        #expect(try took(from: "movies/detail", to: "rating/rate") == 6)
        #expect(try took(from: "rating/rate", to: "rating/thanks") == 6)
        #expect(try took(from: "movies/list", to: "stack/letter") == 3)
        let start = try #require(storyboard.segues.firstIndex { $0.kind == .start })
        #expect(figures.segues[start] == 9)
        // Back is the browser's: no segue counts it.
        #expect(try took(from: "movies/detail", to: "movies/list") == 0)
    }

    @Test("a funnel from the movies to the thanks: who got there, in how many clicks, directly or not")
    func funnel() async throws {
        let crawl = try await SampleCrawl.crawl()
        let traffic = TrafficMap(crawl: crawl, deepLinks: DemoDriver.app.deepLinks)
        let (rated, stack, roundabout) = try await Self.scriptedSessions()
        let screens = traffic.storyboard.screens
        let list = try #require(screens.firstIndex { $0.template == "movies/list" })
        let thanks = try #require(screens.firstIndex { $0.template == "rating/thanks" })

        let funnel = traffic.funnel(
            from: list, to: thanks, over: (rated + stack + [roundabout]).map { traffic.walk($0.path) })

        #expect(funnel.reachedFrom == 9)
        #expect(funnel.reachedTo == 6)
        #expect(funnel.shortestClicks == 3, "a movie, Rate, the stars")
        #expect(funnel.medianClicks == 3)
        #expect(funnel.direct == 5)
        #expect(funnel.indirect == 1, "the session that went Back and opened another movie took 5 clicks")
        let backwards = traffic.funnel(from: thanks, to: list, over: rated.map { traffic.walk($0.path) })
        #expect(backwards.reachedFrom == 5)
        #expect(backwards.reachedTo == 0)
        #expect(backwards.medianClicks == nil)
    }

    @Test("a path that leaves the crawled graph counts up to there, then as off the map")
    func offTheMap() async throws {
        let crawl = try await SampleCrawl.crawl()
        let traffic = TrafficMap(crawl: crawl, deepLinks: DemoDriver.app.deepLinks)
        let session = try await Session.start()
        try await session.signIn()
        let nowhere = ActionPosition(screen: ScreenPosition(layer: 0, path: [7], template: "movies/list"), index: 0)
        let path = ClickPath(session.path.entries + [.action(nowhere, fields: FormFields()), .liveMove])

        let walk = traffic.walk(path)
        let figures = traffic.figures(of: [path])

        #expect(walk.leftMapAt == 1)
        #expect(walk.stops.map { traffic.storyboard.screens[$0.screen].template } == ["login/login", "movies/list"])
        #expect(figures.offMap == 1)
        #expect(figures.screens.map(\.exits).reduce(0, +) == 0, "where it went is not known: no exit")
        #expect(figures.screens.map(\.visits).reduce(0, +) == 2)
    }

    @Test("a deep link the crawl did not open lands where its example did; other form values where the sample did")
    func linksAndFormsOfOtherValues() async throws {
        let crawl = try await SampleCrawl.crawl()
        let traffic = TrafficMap(crawl: crawl, deepLinks: DemoDriver.app.deepLinks)
        let example = try #require(crawl.map.entries.first { $0.label == "/link/movies/2" })

        let linked = traffic.walk(ClickPath([.deepLink("movies/7")]))

        #expect(linked.isOnMap)
        #expect(linked.stops.map(\.state) == [example.state])
        #expect(linked.stops.first.flatMap { $0.segue.map { traffic.storyboard.segues[$0].kind } } == .deepLink)
        #expect(traffic.walk(ClickPath([.deepLink("nothing/here")])).stops.isEmpty)

        let session = try await Session.start()
        try await session.tap("form", fields: ["email": "grace@example.com", "password": "typed"])
        let sample = try await Session.start()
        try await sample.signIn()
        #expect(traffic.walk(session.path).stops.map(\.state) == traffic.walk(sample.path).stops.map(\.state))
    }
}
