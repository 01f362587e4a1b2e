import FlowCore
import Foundation
import HTMLPresenter
import WebHost

/// The sample app served by `flowhost serve`.
///
/// ```swift
/// let app = try MovieDemo.app(templates: "Templates")
/// try await FlowHostServer(app: app).run()
/// ```
public enum MovieDemo {
    /// The sample as a web app, its templates loaded (and validated) from `templates`, its static
    /// files (the posters) served from `publicDirectory` at `/public/`, its deep links
    /// `/link/movies/<id>` and `/link/stack/<letter>` (``DeepLinkStep``).
    ///
    /// - Throws: ``TemplateLoadError`` for templates that cannot be used, ``WebAppError`` for a
    ///   public folder that does not exist.
    public static func app(templates: String, publicDirectory: URL? = nil) throws -> WebApp {
        try WebApp(
            templates: try TemplateLibrary(directory: templates), publicDirectory: publicDirectory,
            deepLinks: DeepLinkStep.routes
        ) { window in
            let coordinator = FlowCoordinator()
            coordinator.coordinate(flow: AppFlow(window: window), with: OneStepper(withSingleStep: AppStep.start))
            return coordinator
        }
    }
}
