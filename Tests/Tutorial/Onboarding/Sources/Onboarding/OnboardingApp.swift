import FlowCore
import FlowHostApp
import HTMLPresenter

/// The prototype as a web app: each browser session gets its own window, ``OnboardingFlow`` and
/// coordinator.
public enum OnboardingApp {
    /// The app, its templates loaded (and checked) from `folders`.
    public static func make(folders: AppFolders) throws -> WebApp {
        try WebApp(
            templates: try TemplateLibrary(directory: folders.templates.path),
            publicDirectory: folders.publicDirectory
        ) { window in  // once per browser session
            let coordinator = FlowCoordinator()
            coordinator.coordinate(
                flow: OnboardingFlow(window: window), with: OneStepper(withSingleStep: OnboardingStep.welcome))
            return coordinator
        }
    }
}
