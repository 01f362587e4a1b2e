/// A view controller and what it contains, as a plain value: the structure of what the window
/// holds, visible or not. A container's node has its ``place`` (what the container says of itself:
/// see ``HTMLContainer``), its children and the one shown; a screen's has its template.
public struct ScreenNode: Sendable, Equatable {
    /// The view controller's identifier.
    public let id: ScreenID
    /// Its title.
    public let title: String
    /// Its template; nil for a container or an alert.
    public let template: String?
    /// Where a container puts its screens in a storyboard; nil for a screen or an alert.
    public let place: ContainerPlace?
    /// What a container holds, in order (a whole stack, every tab); empty for a screen.
    public let children: [ScreenNode]
    /// The index in ``children`` of the one shown; nil for a screen or an empty container.
    public let visibleIndex: Int?

    /// The child shown, if any.
    public var visibleChild: ScreenNode? {
        visibleIndex.map { children[$0] }
    }

    /// Whether this node or one inside it has identifier `id`.
    public func contains(_ id: ScreenID) -> Bool {
        self.id == id || children.contains { $0.contains(id) }
    }
}
