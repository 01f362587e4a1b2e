import HTMLTemplates

/// A button in the chrome (a bar item, the back button) as rendered: label, action, weight.
public struct BarButtonSnapshot: Sendable, Equatable {
    /// The label.
    public let title: String
    /// Its action; one without a token when the layer is not interactive.
    public let action: ActionReference
    /// Drawn bold (a "Done" item).
    public let isProminent: Bool
}
