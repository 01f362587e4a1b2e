/// An action on screen: its token and what it does, for the screen tree, logs and the debugger.
public struct OnScreenAction: Sendable, Equatable, CustomStringConvertible {
    /// The 32-hex-digit token in the action's URL.
    public let token: String
    /// What it does: `step detail(id: 3)`, `back to Movies`, `tab Profile`, `form`.
    public let description: String

    /// The URL to POST to.
    public var url: String { ActionTable.pathPrefix + token }
}
