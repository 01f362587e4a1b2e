/// Which on-screen action a template value stands for: its token in the capture that issued it, or
/// none where the action cannot be taken (a screen or bar under an alert is issued no actions).
///
/// A view model never looks inside: it puts what ``ScreenActions`` returns where the template wants
/// the action, and the page writes it for what it renders for (``PageLinks``).
public struct ActionReference: Sendable, Hashable, CustomStringConvertible {
    /// The action's token (see ``OnScreenAction/token``); nil for an action of a covered layer.
    public let token: String?

    init(token: String?) {
        self.token = token
    }

    /// An action that cannot be taken: its attribute is left out of the page.
    static let inert = ActionReference(token: nil)

    /// `action <token>`, or `action (covered)`.
    public var description: String { "action \(token ?? "(covered)")" }
}
