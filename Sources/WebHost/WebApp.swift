import FlowCore
import Foundation
import HTMLPresenter

/// What a web host serves: an app's templates, its static files, its deep links, and how a new
/// browser session starts its root flow.
///
/// ```swift
/// let app = WebApp(
///     templates: try TemplateLibrary(directory: "Templates"),
///     publicDirectory: URL(filePath: "Public"),
///     deepLinks: DeepLinks().adding("movies/:id") { MovieStep.movieDetail(id: Int($0["id"]!)!) }
/// ) { window in
///     let coordinator = FlowCoordinator()
///     coordinator.coordinate(flow: AppFlow(window: window), with: OneStepper(withSingleStep: AppStep.start))
///     return coordinator
/// }
/// ```
public struct WebApp: Sendable {
    /// The app's templates (the chrome is always included).
    public let templates: TemplateLibrary
    /// The folder served at `/public/`, if any.
    public let publicDirectory: URL?
    /// The `/link/...` paths the app maps to steps.
    public let deepLinks: DeepLinks
    /// Starts a session: put the root flow's first screen in `window` and return its coordinator.
    public let start: @MainActor @Sendable (HTMLWindow) -> FlowCoordinator

    /// An app served by ``FlowHostServer``.
    public init(
        templates: TemplateLibrary,
        publicDirectory: URL? = nil,
        deepLinks: DeepLinks = DeepLinks(),
        start: @escaping @MainActor @Sendable (HTMLWindow) -> FlowCoordinator
    ) {
        self.templates = templates
        self.publicDirectory = publicDirectory
        self.deepLinks = deepLinks
        self.start = start
    }
}
