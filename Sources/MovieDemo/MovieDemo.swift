import FlowCore
import FlowHostApp
import Foundation
import HTMLPresenter

/// The sample app served by `flowhost serve`.
///
/// ```swift
/// let app = try MovieDemo.app(templates: "Templates")
/// try await FlowHostServer(app: app).run()
/// ```
public enum MovieDemo {
    /// The sample as a web app, its templates loaded (and validated) from `templates`, its static
    /// files (the posters) served from `publicDirectory` at `/public/`, its deep links
    /// `/link/movies/<id>` and `/link/stack/<letter>` (`DeepLinkStep`).
    ///
    /// - Throws: `TemplateLoadError` for templates that cannot be used, `WebAppError` for a
    ///   public folder that does not exist.
    public static func app(templates: String, publicDirectory: URL? = nil) throws -> WebApp {
        try app(templates: try TemplateLibrary(directory: templates), publicDirectory: publicDirectory)
    }

    /// The sample as a web app with templates already loaded (a server that watches them loads
    /// them with `TemplateLibrary/loadingValid(directory:)`, problems and all).
    ///
    /// - Throws: `WebAppError` for a public folder that does not exist.
    public static func app(templates: TemplateLibrary, publicDirectory: URL? = nil) throws -> WebApp {
        var app = try WebApp(
            templates: templates, publicDirectory: publicDirectory,
            deepLinks: DeepLinkStep.routes
        ) { window in
            let coordinator = FlowCoordinator()
            coordinator.coordinate(flow: AppFlow(window: window), with: OneStepper(withSingleStep: AppStep.start))
            return coordinator
        }
        app.testSource = testSource
        return app
    }

    /// How the inspector's "Copy as test" makes the sample in a test of this package
    /// (`Tests/<target>/<file>.swift`, so the templates are found from the file).
    static let testSource = ClickPathTestSource(
        imports: ["@testable import MovieDemo"],
        makeApp: [
            "// The package's Templates/, found from this file (Tests/<target>/).",
            "let templates = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()",
            "    .deletingLastPathComponent().appending(path: \"Templates\").path",
            "let app = try MovieDemo.app(templates: templates)",
        ])
}
