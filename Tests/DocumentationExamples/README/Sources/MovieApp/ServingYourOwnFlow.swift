import FlowCore
import FlowHostApp
import HTMLPresenter

/// The movies as a web app: every browser session gets its own window, `MovieFlow` and coordinator.
/// `folders` are the package's `Templates/` and `Public/` (``AppFolders``), or what `--templates`
/// and `--public` name.
func makeMovieApp(folders: AppFolders) throws -> WebApp {
    try WebApp(
        templates: try TemplateLibrary(directory: folders.templates.path),  // checked now: errors name file:line:col
        publicDirectory: folders.publicDirectory,  // served at /public/; a folder that is not there is an error
        deepLinks: DeepLinks().adding("movies/:id") { Int($0["id"]!).map { MovieStep.movieDetail(id: $0) } }
    ) { window in  // once per browser session
        let flow = MovieFlow()
        window.rootViewController = flow.navigationController  // without it the page says so, and the log warns
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: MovieStep.movieList))
        return coordinator
    }
}
