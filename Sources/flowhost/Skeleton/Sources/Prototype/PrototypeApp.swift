import FlowCore
import FlowHostApp
import HTMLPresenter

/// The prototype as a web app: each browser session gets its own window, ``ItemFlow`` and
/// coordinator; `/link/items/<id>` opens an item's detail.
public enum PrototypeApp {
    /// The app, its templates loaded (and checked) from `folders`.
    public static func make(folders: AppFolders) throws -> WebApp {
        try WebApp(
            templates: try TemplateLibrary(directory: folders.templates.path),
            publicDirectory: folders.publicDirectory,
            deepLinks: DeepLinks().adding("items/:id") { Int($0["id"]!).map { ItemStep.itemDetail(id: $0) } }
        ) { window in  // once per browser session
            let flow = ItemFlow()
            window.rootViewController = flow.navigationController
            let coordinator = FlowCoordinator()
            coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: ItemStep.itemList))
            return coordinator
        }
    }
}
