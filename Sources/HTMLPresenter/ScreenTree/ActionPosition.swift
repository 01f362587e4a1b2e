/// Which on-screen action, in terms that hold in a new process: the view controller it belongs to,
/// by position, and its index among that view controller's actions in the capture's stable order
/// (see ``OnScreenAction``).
public struct ActionPosition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The view controller the action belongs to.
    public let screen: ScreenPosition
    /// Its index among that view controller's actions.
    public let index: Int

    /// A position.
    public init(screen: ScreenPosition, index: Int) {
        self.screen = screen
        self.index = index
    }

    /// `action 2 of layer 0 / 0.1 (movies/detail)`.
    public var description: String { "action \(index) of \(screen)" }
}
