import FlowCore

/// An alert over the screen: a title, a message and actions. It is its own Stepper: contribute it
/// so that actions that emit steps reach the flow.
///
/// ```swift
/// let alert = HTMLAlertController(title: "Log out?", message: "You can sign in again at any time.")
/// alert.addAction(HTMLAlertAction(title: "Cancel", style: .cancel))
/// alert.addAction(HTMLAlertAction(title: "Log Out", style: .destructive, step: ProfileStep.logout))
/// rootViewController.present(alert)
/// return .one(flowContributor: .contribute(withNext: alert))
/// ```
///
/// Choosing an action emits its step (or runs its handler), then dismisses the alert. The screen
/// under an alert stays visible, as on iOS.
@MainActor
public final class HTMLAlertController: HTMLViewController, Stepper {
    /// Its own action: one of its buttons.
    public enum Choice: ContainerAction {
        /// The button with this title.
        case button(String)

        /// None of its own: the button's step may dismiss the alert or navigate anywhere.
        public var transition: Transition? { nil }
        /// `alert Log Out`.
        public var description: String {
            switch self {
            case .button(let title): "alert \(title)"
            }
        }
    }

    /// Where step actions are emitted.
    public let steps = Steps()
    /// The text under the title.
    public let message: String?
    /// The actions, in the order added.
    public private(set) var actions: [HTMLAlertAction] = []

    /// An alert with a title and an optional message.
    public init(title: String, message: String? = nil) {
        self.message = message
        super.init(containerTitle: title)
    }

    /// None: an alert holds no view controllers (answered without a conformance lookup).
    override var container: (any HTMLContainer)? { nil }

    /// Adds an action button.
    public func addAction(_ action: HTMLAlertAction) {
        actions.append(action)
        setNeedsUpdate()
    }

    /// Runs `action` as if its button was tapped: emits its step or runs its handler, then dismisses.
    func choose(_ action: HTMLAlertAction) {
        switch action.effect {
        case .step(let step): steps.send(step)
        case .run(let handler): handler()
        case .none: break
        }
        dismiss()
    }

    /// The alert as rendered, its buttons registered in `table` (an alert is always on top).
    func snapshot(table: ActionTable) -> AlertSnapshot {
        let buttons = actions.map { action in
            let reference = table.register(.own(Choice.button(action.title)), of: id) { [weak self] _ in
                self?.choose(action)
                return .accepted
            }
            return AlertSnapshot.Action(
                title: action.title, isCancel: action.style == .cancel, isDestructive: action.style == .destructive,
                action: reference)
        }
        return AlertSnapshot(id: id, title: title, message: message, actions: buttons)
    }
}
