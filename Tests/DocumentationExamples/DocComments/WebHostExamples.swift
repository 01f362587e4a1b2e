import FlowCore
import FlowCrawl
import FlowHostApp
import FlowHostServe
import Foundation
import HTMLPresenter
import MovieDemo
import Testing
import WebHost

// The examples of WebHost's and MovieDemo's doc comments, compiled; where it is cheap, run and checked.

@Suite("WebHost's doc comment examples")
struct WebHostExamples {
    @Test("routes parse and build")
    func flowHostRoute() {
        // example: Sources/WebHost/HTTP/FlowHostRoute.swift
        #expect(FlowHostRoute(path: "/screen/12", query: nil) == .screen(ScreenID(rawValue: 12)))
        #expect(FlowHostRoute.events(after: 4).url == "/_events?v=4")
        // end of example
    }

    @Test("deep links map paths to steps")
    func deepLinks() {
        // example: Sources/FlowHostApp/DeepLinks.swift
        let links = DeepLinks()
            .adding("movies") { _ in MovieStep.movieList }
            .adding("movies/:id", examples: [["id": "3"]]) { parameters in
                Int(parameters["id"]!).map { MovieStep.movieDetail(id: $0) }
            }
        let step = links.step(for: "movies/3")  // MovieStep.movieDetail(id: 3)
        // end of example
        #expect(step.map { "\($0)" } == "movieDetail(id: 3)")
        #expect(links.examplePaths == ["movies/3"])
    }

    @Test("a configuration is a value")
    func configuration() {
        // example: Sources/WebHost/WebHostConfiguration.swift
        var configuration = WebHostConfiguration()
        configuration.port = 8080
        configuration.maxSessions = 500
        // end of example
        #expect(configuration.maxSessions == 500)
    }

    /// Compiled, not run: it serves until SIGINT or SIGTERM.
    func serve(app: WebApp) async throws {
        // example: Sources/WebHost/FlowHostServer.swift
        var configuration = WebHostConfiguration()
        configuration.port = 8080
        let server = FlowHostServer(app: app, configuration: configuration)
        try await server.run()  // until SIGINT or SIGTERM; in-flight requests finish
        // end of example
    }

    /// Compiled, not run: it serves until SIGINT or SIGTERM.
    func serveTheSample() async throws {
        // example: Sources/MovieDemo/MovieDemo.swift
        let app = try MovieDemo.app(templates: "Templates")
        try await FlowHostServer(app: app).run()
        // end of example
    }

    /// Compiled, not run: the crawl of a whole app is what the sample's crawl tests check.
    @MainActor func crawlAndExport(app: WebApp) async throws {
        // example: Sources/FlowCrawl/Crawl/Crawler.swift
        let crawl = try await Crawler(app: app).crawl()
        print(crawl.map.states.count, crawl.map.edges.count)
        // end of example
        // example: Sources/FlowCrawl/Crawl/Crawl+Names.swift
        for finding in crawl.nameFindings(templates: app.templates) { print(finding) }
        // end of example
        // example: Sources/FlowCrawl/Export/StaticExport.swift
        let result = try StaticExport(crawl: crawl, app: app).write(to: URL(filePath: "site"))
        if let problem = result.mapProblem { print(problem) }  // dot missing: the rest is written
        // end of example
    }

    /// Compiled, not run: `StoryboardTests` checks the sample's storyboard.
    @MainActor func storyboard(app: WebApp) async throws {
        // example: Sources/FlowCrawl/Storyboard/Storyboard.swift
        let storyboard = try await Crawler(app: app).crawl().map.storyboard
        print(storyboard.screens.map(\.title), storyboard.segues.count)
        // end of example
    }

    /// Compiled, not run: `TrafficTests` checks the figures of the sample's sessions.
    @MainActor func traffic(app: WebApp, crawl: Crawl, store: any ClickPathStore) async throws {
        // example: Sources/FlowCrawl/Traffic/TrafficMap.swift
        let traffic = TrafficMap(crawl: crawl, deepLinks: app.deepLinks)
        let walks = try await store.sessionPaths(usedSince: nil, limit: 10_000).map(traffic.walk)
        let figures = traffic.figures(of: walks)
        // end of example
        print(figures.sessions)
    }

    /// Compiled, not run: `StudyRerunTests` re-run the lab's and the sample's recorded paths.
    @MainActor func studyRerun(app: WebApp, crawl: Crawl, store: any ClickPathStore, stored: StoredStudy)
        async throws
    {
        // example: Sources/FlowCrawl/Studies/StudyRerun.swift
        let rerun = await StudyRerun.run(
            study: stored.study, testers: try await store.testers(ofStudy: stored.id), app: app, crawl: crawl)
        print(rerun.summary)  // 41 of 45 recorded paths still reach their goal
        // end of example
    }

    /// Compiled, not run: `StudyRerunTests` check today's shortest ways.
    func shortestPath(crawl: Crawl, start: Int) {
        // example: Sources/FlowCrawl/Crawl/ShortestPath.swift
        let way = crawl.shortestPath(fromStates: [start], toScreens: ["rating/thanks"])
        print(way?.description ?? "no way")  // login/login in navigation → "Sign In (sample)" → ...
        // end of example
    }

    @Test("a web app starts one MovieFlow per session")
    @MainActor func webApp() throws {
        func makeApp(templatesDirectory: String) throws -> WebApp {
            // example: Sources/FlowHostApp/WebApp.swift
            let app = try WebApp(
                templates: try TemplateLibrary(directory: templatesDirectory),
                publicDirectory: URL(filePath: "Public"),
                deepLinks: DeepLinks().adding("movies/:id") { Int($0["id"]!).map { MovieStep.movieDetail(id: $0) } }
            ) { window in
                let flow = MovieFlow()
                window.rootViewController = flow.navigationController
                let coordinator = FlowCoordinator()
                coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: MovieStep.movieList))
                return coordinator
            }
            // end of example
            return app
        }
        let app = try makeApp(templatesDirectory: templatesDirectory)
        let window = HTMLWindow()
        _ = app.start(window)
        #expect(window.rootViewController is HTMLNavigationController)
    }

    @Test("a scene's click path replays in a fresh scene")
    @MainActor func sceneReplay() async throws {
        let app = try makeMovieApp(folders: AppFolders(templates: URL(filePath: templatesDirectory)))
        // example: Sources/FlowHostApp/SessionScene.swift
        let scene = SessionScene(app: app)
        await scene.settle()
        let open = scene.window.updatedScreenTree().action("step movieDetail(id: 2)")!
        _ = try await scene.perform(open.token)
        await scene.settle()
        let (copy, replay) = await SessionScene.replaying(scene.clickPath, app: app)  // copy shows what scene shows
        // end of example
        #expect(replay.stoppedBecause == nil)
        #expect(copy.window.updatedScreenTree().visibleScreen?.title == "Alien")
    }
}

/// The app of the command line example: the movies, under another name.
private let makeNotesApp = makeMovieApp

/// Compiled, not run: it reads the test runner's command line and serves until SIGINT or SIGTERM.
func serveWithTheCommandLine() async {
    // example: Sources/FlowHostServe/Commands/FlowHostCommand.swift
    // main.swift of NotesServer: `swift run NotesServer`, `swift run NotesServer export --out site`
    await FlowHostCommand.main(appName: "Notes", app: makeNotesApp)
    // end of example
}
