import FlowCore

/// A button in a navigation bar: "Cancel", "Done", "Edit".
///
/// ```swift
/// screen.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Done", style: .done, step: RatingStep.done)]
/// ```
@MainActor
public struct BarButtonItem {
    /// How the button is drawn.
    public enum Style: Sendable {
        /// Regular weight.
        case plain
        /// Bold, for the action that completes the screen.
        case done
    }

    /// What tapping it does.
    enum Action {
        case step(any Step)
        case run(@MainActor () -> Void)
    }

    /// The label.
    public let title: String
    /// How it is drawn.
    public let style: Style
    let action: Action

    /// A button that emits `step` from the screen's stepper.
    public init(title: String, style: Style = .plain, step: any Step) {
        self.title = title
        self.style = style
        action = .step(step)
    }

    /// A button that runs `handler`.
    public init(title: String, style: Style = .plain, handler: @escaping @MainActor () -> Void) {
        self.title = title
        self.style = style
        action = .run(handler)
    }
}
