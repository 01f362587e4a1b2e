/// What a container says about where it puts the screens it holds, as the screen tree keeps it: a
/// storyboard names a screen by its template and the places of the containers it is in (`movies/list
/// in tab Movies › navigation`), groups screens by flow, and reads a change of the child shown as a
/// segue by the container's ``order``.
public struct ContainerPlace: Sendable, Hashable, CustomStringConvertible {
    /// How showing another of its children reads as a segue.
    public enum Order: Sendable, Hashable {
        /// A stack (a navigation controller's): a later child shown is a push, an earlier one back.
        case stack
        /// Alternatives (a tab bar's): showing another one is `transition`.
        case alternatives(Transition)
    }

    /// The kind of container, the same whatever it shows (`navigation`, `tab`): two containers of
    /// one kind at one spot, holding the same screens, are the same place to a storyboard.
    public let kind: String
    /// The flow its visible child is, when its children are flows of their own (the selected tab's
    /// title); nil where they are not (a stack).
    public let flow: String?
    /// How showing another child reads.
    public let order: Order

    /// A place of the container kind `kind`, naming the flow of its visible child if it has one.
    public init(kind: String, flow: String? = nil, order: Order) {
        self.kind = kind
        self.flow = flow
        self.order = order
    }

    /// As a storyboard writes it: `navigation`, `tab Movies`.
    public var description: String { flow.map { "\(kind) \($0)" } ?? kind }
}
