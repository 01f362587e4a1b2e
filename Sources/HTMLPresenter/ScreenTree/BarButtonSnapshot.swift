/// A button in the chrome (a bar item, the back button) as rendered: label, action URL, weight.
public struct BarButtonSnapshot: Sendable, Equatable {
    /// The label.
    public let title: String
    /// The URL to POST to; empty when the layer is not interactive.
    public let action: String
    /// Drawn bold (a "Done" item).
    public let isProminent: Bool
}
