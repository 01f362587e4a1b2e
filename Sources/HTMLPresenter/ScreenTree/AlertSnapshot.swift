import HTMLTemplates

/// An alert as rendered.
public struct AlertSnapshot: Sendable, Equatable {
    /// One button.
    public struct Action: Sendable, Equatable {
        /// The label.
        public let title: String
        /// Bold, the way out.
        public let isCancel: Bool
        /// Red.
        public let isDestructive: Bool
        /// Its action.
        public let action: ActionReference
    }

    /// The alert's identifier.
    public let id: ScreenID
    /// The title.
    public let title: String
    /// The message, if any.
    public let message: String?
    /// The buttons, in order.
    public let actions: [Action]
}
