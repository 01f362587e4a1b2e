import FlowCore
import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WebHost

/// The README's examples (`README/`, laid out as the user's package would be) do what the README
/// says they do. `scripts/check-snippets` keeps each README block equal to its file here.
@MainActor
@Suite("README examples")
struct READMEExampleTests {
    let templates = try! TemplateLibrary(directory: templatesDirectory)

    @Test("MovieFlow shows the list, and the list's action opens the movie's detail")
    func movieFlowNavigates() async throws {
        let window = HTMLWindow()
        let flow = MovieFlow()
        window.rootViewController = flow.navigationController
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: MovieStep.movieList))
        await coordinator.waitUntilIdle()

        let renderer = PageRenderer(templates: templates)
        let list = try renderer.render(window.updatedScreenTree(), links: .served)
        #expect(list.contains("Heat") && list.contains("Alien") && list.contains("Amélie"))

        let open = try #require(window.updatedScreenTree().action("step movieDetail(id: 2)"))
        #expect(try await window.perform(open.token) == .accepted)
        await coordinator.waitUntilIdle()
        #expect(flow.navigationController.viewControllers.map(\.title) == ["Movies", "Alien"])
        let detail = try renderer.render(window.updatedScreenTree(), links: .served)
        #expect(detail.contains("<h1>Alien</h1>") && detail.contains("Released in 1979."))
    }

    @Test("HelloFlow, the README's first example, pushes a screen for each More")
    func helloFlowPushes() async throws {
        let window = HTMLWindow()
        let flow = HelloFlow()
        window.rootViewController = flow.navigation
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: HelloStep.hello))
        await coordinator.waitUntilIdle()
        let page = try PageRenderer(templates: templates).render(window.updatedScreenTree(), links: .served)
        #expect(page.contains(">More</a>"))

        let more = try #require(window.updatedScreenTree().action("step more"))
        #expect(try await window.perform(more.token) == .accepted)
        await coordinator.waitUntilIdle()
        #expect(flow.navigation.viewControllers.map(\.title) == ["hello", "more"])
    }

    @Test("the list template renders each movie as a form that posts its action")
    func listTemplateRenders() throws {
        let html = try templates.render(
            ["movies": [["title": "Heat", "open": "/_action/1"], ["title": "Alien", "open": "/_action/2"]]],
            template: "movies/list")
        #expect(html.contains(#"<form method="post" action="/_action/1" class="action">"#))
        #expect(html.contains(#"<span class="cell-title">Alien</span>"#))
    }

    @Test("the served app shows the list at /, opens a detail by its action and by a deep link")
    func servedApp() async throws {
        var configuration = WebHostConfiguration()
        configuration.port = 0
        var logger = Logger(label: "readme")
        logger.logLevel = .warning
        let app = try makeMovieApp(folders: AppFolders(templates: URL(filePath: templatesDirectory)))
        let server = FlowHostServer(app: app, configuration: configuration, logger: logger)
        try await server.makeApplication().test(.router) { client in
            var cookie: String?
            func get(_ path: String) async throws -> String {
                var response = try await send(path, method: .get)
                while response.status == .seeOther, let location = response.headers[.location] {
                    response = try await send(location, method: .get)
                }
                return String(buffer: response.body)
            }
            func send(_ path: String, method: HTTPRequest.Method) async throws -> TestResponse {
                var headers: HTTPFields = [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]
                if let cookie { headers[.cookie] = cookie }
                let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: nil)
                if let set = response.headers[values: .setCookie].first(where: { $0.hasPrefix("flowhost_session=") }) {
                    cookie = String(set.prefix { $0 != ";" })
                }
                return response
            }

            let list = try await get("/")
            #expect(list.contains(#"<span class="cell-title">Heat</span>"#))
            let heat = try #require(list.firstMatch(of: /action="(\/_action\/[A-Za-z0-9_-]{22})"/)?.1)
            let posted = try await send(String(heat), method: .post)
            #expect(posted.status == .seeOther)
            #expect(try await get(try #require(posted.headers[.location])).contains("<h1>Heat</h1>"))

            #expect(try await get("/link/movies/3").contains("<h1>Amélie</h1>"))
        }
    }
}
