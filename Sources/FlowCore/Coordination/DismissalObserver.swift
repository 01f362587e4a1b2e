/// Who a ``Presentation`` tells when its presentable is dismissed: a subscription gated on it
/// (which stops listening) or the coordinator of the flow it is the root of (which ends). Held
/// as the object itself rather than a closure: every live screen and flow root has one, and a
/// closure capturing them would be one more allocation each.
@MainActor
enum DismissalObserver {
    /// A coordinator's subscription to the stepper of this presentable (it holds the presentable
    /// weakly: no cycle).
    case subscription(StepSubscription)
    /// The coordinator of the flow whose root this is, held weakly (it holds the flow).
    case flow(WeakFlowCoordinator)

    /// The presentable was dismissed.
    func presentableDismissed() {
        switch self {
        case .subscription(let subscription): subscription.presentableDismissed()
        case .flow(let flow): flow.coordinator?.rootDismissed()
        }
    }

    /// Whether the two tell the same object.
    func isSame(as other: DismissalObserver) -> Bool {
        switch (self, other) {
        case (.subscription(let a), .subscription(let b)): a === b
        case (.flow(let a), .flow(let b)): a.coordinator === b.coordinator
        default: false
        }
    }
}

/// A coordinator, held weakly.
@MainActor
struct WeakFlowCoordinator {
    weak var coordinator: FlowCoordinator?
}
