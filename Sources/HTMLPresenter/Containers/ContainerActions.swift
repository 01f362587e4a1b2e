import HTMLTemplates

/// Hands out the actions of one container's bar for one capture: the container's own, typed by it
/// (a tab bar can register a tab, not a back button), and the bar buttons of the screens it shows.
/// Each is without a token where the layer is covered (an alert or a sheet over it): the bar draws
/// it disabled. A navigation controller's bar, for one:
/// `actions.action(.back(to: previous.title)) { $0.popViewController() }`.
@MainActor
public struct ContainerActions<Container: HTMLContainer> {
    private let table: ActionTable?
    private let container: Container

    init(table: ActionTable?, container: Container) {
        self.table = table
        self.container = container
    }

    /// The container's own `action`, which runs `perform` with the container when taken.
    public func action(_ action: Container.Action, perform: @escaping @MainActor (Container) -> Void)
        -> ActionReference
    {
        guard let table else { return .inert }
        return table.register(.own(action), of: container.id) { [weak container] _ in
            if let container { perform(container) }
            return .accepted
        }
    }

    /// The action of `item`, a bar button of `screen` that this container's bar shows (a navigation
    /// bar shows its top screen's): it belongs to `screen`, whose stepper sends its step.
    public func action(for item: BarButtonItem, of screen: HTMLViewController) -> ActionReference {
        ScreenActions(table: table, screen: screen).action(for: item)
    }
}
