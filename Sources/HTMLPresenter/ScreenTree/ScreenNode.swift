/// A view controller and what it contains, as a plain value: the structure of what the window
/// holds, visible or not.
public indirect enum ScreenNode: Sendable, Equatable {
    /// A screen with its title and template.
    case screen(id: ScreenID, title: String, template: String?)
    /// A navigation controller and its stack, bottom first.
    case navigation(id: ScreenID, stack: [ScreenNode])
    /// A tab bar controller, its tabs and the selected one.
    case tabBar(id: ScreenID, tabs: [ScreenNode], selectedIndex: Int)
    /// An alert.
    case alert(id: ScreenID, title: String)

    /// The view controller's identifier.
    public var id: ScreenID {
        switch self {
        case .screen(let id, _, _), .navigation(let id, _), .tabBar(let id, _, _), .alert(let id, _): id
        }
    }

    /// Whether this node or one inside it has identifier `id`.
    public func contains(_ id: ScreenID) -> Bool {
        switch self {
        case .screen, .alert: self.id == id
        case .navigation(let own, let stack): own == id || stack.contains { $0.contains(id) }
        case .tabBar(let own, let tabs, _): own == id || tabs.contains { $0.contains(id) }
        }
    }
}
