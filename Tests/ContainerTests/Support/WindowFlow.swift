import FlowCore
import FlowHostApp
import Foundation
import HTMLPresenter

/// A flow that owns the window, as an app's root flow does.
@MainActor
protocol WindowFlow: Flow {
    init(window: HTMLWindow)
}

/// `Flow` as a web app: its root flow owns the window and starts with `first`.
@MainActor
func webApp<F: WindowFlow>(_ flow: F.Type, first: any Step) throws -> WebApp {
    try WebApp(templates: try containerTestTemplates()) { window in
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: F(window: window), with: OneStepper(withSingleStep: first))
        return coordinator
    }
}

/// The templates of this target's apps (`Templates/`), checked as an app's are.
@MainActor
func containerTestTemplates() throws -> TemplateLibrary {
    let folder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    return try TemplateLibrary(directory: folder.appending(path: "Templates").path)
}
