import FlowCore

/// A button of an ``HTMLAlertController``.
@MainActor
public struct HTMLAlertAction {
    /// How the button is drawn.
    public enum Style: Sendable {
        /// Regular.
        case `default`
        /// Bold; the way out.
        case cancel
        /// Red; for what deletes or signs out.
        case destructive
    }

    enum Effect {
        case step(any Step)
        case run(@MainActor () -> Void)
        case none
    }

    /// The label.
    public let title: String
    /// How it is drawn.
    public let style: Style
    let effect: Effect

    /// A button that only dismisses the alert.
    public init(title: String, style: Style = .default) {
        self.title = title
        self.style = style
        effect = .none
    }

    /// A button that emits `step` from the alert, then dismisses it.
    public init(title: String, style: Style = .default, step: any Step) {
        self.title = title
        self.style = style
        effect = .step(step)
    }

    /// A button that runs `handler`, then dismisses the alert.
    public init(title: String, style: Style = .default, handler: @escaping @MainActor () -> Void) {
        self.title = title
        self.style = style
        effect = .run(handler)
    }
}
