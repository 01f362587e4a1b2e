/// An action a template value stands for (``TemplateValue/action(_:)``): its token, which the page
/// writes as ``ActionLinks`` say, or none where the action cannot be taken (a screen or bar under an
/// alert is issued no actions).
///
/// The engine knows no more of it: HTMLPresenter's `ScreenActions` hands these out, one per
/// on-screen action, and a view model puts them where its template wants the action, without
/// looking inside.
public struct ActionReference: Sendable, Hashable, CustomStringConvertible {
    /// The action's token (HTMLPresenter's `OnScreenAction.token`); nil for an action of a covered
    /// layer.
    public let token: String?

    /// The action `token` stands for; only the module that issues tokens makes these.
    package init(token: String?) {
        self.token = token
    }

    /// An action that cannot be taken: its attribute is left out of the page.
    package static let inert = ActionReference(token: nil)

    /// `action <token>`, or `action (covered)`.
    public var description: String { "action \(token ?? "(covered)")" }
}
