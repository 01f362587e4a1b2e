/// What is on screen, as one plain value: the layers (the window's root, then each modal), the
/// alert over them, and the actions the user can take now.
///
/// The window captures it after navigation; rendering is a pure function of it (see
/// `PageRenderer` of HTMLPages), and tests, logs and the web host read the same value.
///
/// ```swift
/// let tree = window.updatedScreenTree()
/// #expect(tree.visibleScreen?.template == "movies/detail")
/// #expect(tree.layers.last?.bar(NavigationBar.self)?.backButton?.title == "Movies")
/// ```
public struct ScreenTree: Sendable, Equatable {
    /// The window's ``HTMLWindow/version`` when captured: a later capture of a changed window has a
    /// greater one, an unchanged window's capture the same.
    public let version: Int
    /// Bottom first: the window's root, then each presented modal.
    public let layers: [ScreenLayer]
    /// The alert over everything, if any.
    public let alert: AlertSnapshot?
    /// Every action on screen now.
    public let actions: [OnScreenAction]

    /// A window with nothing in it.
    public static let empty = ScreenTree(version: 0, layers: [], alert: nil, actions: [])

    /// The screen the user looks at: the top layer's (under the alert, if one is up).
    public var visibleScreen: ScreenSnapshot? { layers.last?.screen }

    /// Whether the window holds the view controller `id`, visible or not.
    public func contains(_ id: ScreenID) -> Bool {
        layers.contains { $0.root.contains(id) } || alert?.id == id
    }

    /// The on-screen action whose description is `description` (`"back to Movies"`), for tests.
    public func action(_ description: String) -> OnScreenAction? {
        actions.first { $0.description == description }
    }
}
