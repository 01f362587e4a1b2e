import FlowCore
import Foundation
import HTMLPresenter
import WebHost

/// The movies as a web app: every browser session gets its own window, `MovieFlow` and coordinator.
func makeMovieApp(templates: String = "Templates") throws -> WebApp {
    WebApp(
        templates: try TemplateLibrary(directory: templates),
        publicDirectory: URL(filePath: "Public"),  // served at /public/
        deepLinks: DeepLinks().adding("movies/:id") { Int($0["id"]!).map { MovieStep.movieDetail(id: $0) } }
    ) { window in  // once per browser session
        let flow = MovieFlow()
        window.rootViewController = flow.navigationController
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: MovieStep.movieList))
        return coordinator
    }
}

/// Serves the movies at http://127.0.0.1:8080/ until SIGINT or SIGTERM: call it from your executable's `main`.
func serveMovies() async throws {
    try await FlowHostServer(app: makeMovieApp()).run()
}
