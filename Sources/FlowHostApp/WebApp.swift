import FlowCore
import Foundation
import HTMLPresenter

/// What a web host serves: an app's templates, its static files, its deep links, and how a new
/// browser session starts its root flow.
///
/// ```swift
/// let app = try WebApp(
///     templates: try TemplateLibrary(directory: templatesDirectory),
///     publicDirectory: URL(filePath: "Public"),
///     deepLinks: DeepLinks().adding("movies/:id") { Int($0["id"]!).map { MovieStep.movieDetail(id: $0) } }
/// ) { window in
///     let flow = MovieFlow()
///     window.rootViewController = flow.navigationController
///     let coordinator = FlowCoordinator()
///     coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: MovieStep.movieList))
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
    /// How a test makes this app, for the inspector's "Copy as test"; nil hides that section.
    public var testSource: ClickPathTestSource?

    /// An app served by `FlowHostServer`.
    ///
    /// - Throws: ``WebAppError/noPublicDirectory(_:)`` when `publicDirectory` is given and is not a
    ///   folder.
    public init(
        templates: TemplateLibrary,
        publicDirectory: URL? = nil,
        deepLinks: DeepLinks = DeepLinks(),
        start: @escaping @MainActor @Sendable (HTMLWindow) -> FlowCoordinator
    ) throws(WebAppError) {
        if let publicDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: publicDirectory.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { throw WebAppError.noPublicDirectory(publicDirectory) }
        }
        self.templates = templates
        self.publicDirectory = publicDirectory
        self.deepLinks = deepLinks
        self.start = start
    }
}
