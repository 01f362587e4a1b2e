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
    public static func app(templates: String, publicDirectory: URL? = nil) throws(TemplateLoadError) -> WebApp {
        app(templates: try TemplateLibrary(directory: templates), publicDirectory: publicDirectory)
    }

    /// The sample as a web app with templates already loaded (a server that watches them loads
    /// them with ``TemplateLibrary/loadingValid(directory:)``, problems and all).
    public static func app(templates: TemplateLibrary, publicDirectory: URL? = nil) -> WebApp {
        WebApp(
            templates: templates, publicDirectory: publicDirectory,
            deepLinks: DeepLinkStep.routes
        ) { window in
            let coordinator = FlowCoordinator()
            coordinator.coordinate(flow: AppFlow(window: window), with: OneStepper(withSingleStep: AppStep.start))
            return coordinator
        }
    }
}
