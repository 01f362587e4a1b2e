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
    /// The sample as a web app, its templates loaded (and validated) from `templates`.
    public static func app(templates: String, publicDirectory: URL? = nil) throws(TemplateLoadError) -> WebApp {
        WebApp(
            templates: try TemplateLibrary(directory: templates), publicDirectory: publicDirectory,
            deepLinks: deepLinks
        ) { window in
            let coordinator = FlowCoordinator()
            coordinator.coordinate(flow: AppFlow(window: window), with: OneStepper(withSingleStep: AppStep.start))
            return coordinator
        }
    }

    /// `/link/movies/<id>` opens that movie in the Movies tab, `/link/stack/<letter>` the stack lab
    /// at that letter. Signed out, the link waits through login.
    static let deepLinks = DeepLinks()
        .adding("movies/:id") { parameters in
            Int(parameters["id"] ?? "").flatMap { MovieCatalog.bundled.movie($0) }.map { MovieStep.detail(id: $0.id) }
        }
        .adding("stack/:letter") { parameters in
            StackStep.letters.contains(parameters["letter"]?.uppercased() ?? "")
                ? StackStep.jump(to: parameters["letter"]!.uppercased()) : nil
        }
}
