import HTMLTemplates

/// A button in the chrome (a bar item, the back button) as rendered: label, action, weight.
public struct BarButtonSnapshot: Sendable, Equatable {
    /// The label.
    public let title: String
    /// Its action; one without a token when the layer is not interactive.
    public let action: ActionReference
    /// Drawn bold (a "Done" item).
    public let isProminent: Bool

    /// A button labelled `title` that takes `action`, bold when `isProminent`.
    public init(title: String, action: ActionReference, isProminent: Bool) {
        self.title = title
        self.action = action
        self.isProminent = isProminent
    }

    /// `label`, `action` (see `ActionReference.barValue`) and `isProminent`, as the chrome's bar
    /// templates take a button.
    public var templateValue: TemplateValue {
        ["label": .string(title), "action": action.barValue, "isProminent": .bool(isProminent)]
    }
}
