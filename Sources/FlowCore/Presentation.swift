/// What happened to a ``Presentable``: whether it is visible now, and whether it was dismissed.
///
/// The coordinator reads it to gate steps: a stepper whose presentable is not visible has its
/// steps dropped (not buffered, unlike AsyncFlow: a step from a screen the user cannot see is not
/// an intent the user had), and a dismissed presentable's stepper is released.
///
/// ```swift
/// screen.presentation.isVisible = true  // it is on the path from the window to the top
/// screen.presentation.markDismissed()  // popped, dismissed or replaced: final
/// ```
@MainActor
public final class Presentation {
    /// Whether the presentable is on screen now. Always false once dismissed.
    public var isVisible: Bool {
        didSet {
            if isDismissed { isVisible = false }
        }
    }
    /// Whether the presentable was dismissed; dismissal is final.
    public private(set) var isDismissed = false

    /// Usually one: the coordinator gating steps on this presentable, or the one whose flow
    /// this is the root of.
    private var dismissalObservers = InlineList<DismissalObserver>()
    private var readiness = FlowReadiness.waiting([])

    /// Creates the presentation state of a presentable, hidden unless told otherwise.
    public init(isVisible: Bool = false) {
        self.isVisible = isVisible
    }

    /// Reports that the presentable left for good: popped, dismissed, or replaced.
    public func markDismissed() {
        guard !isDismissed else { return }
        isDismissed = true
        isVisible = false
        let observers = dismissalObservers
        dismissalObservers = InlineList()
        for observer in observers {
            observer.presentableDismissed()
        }
    }

    /// Tells `observer` when the presentable is dismissed (once).
    func onDismissal(_ observer: DismissalObserver) {
        dismissalObservers.append(observer)
    }

    /// Stops telling `observer` (a flow that ended before its root was dismissed).
    func removeDismissalObserver(_ observer: DismissalObserver) {
        dismissalObservers.removeAll { $0.isSame(as: observer) }
    }

    // MARK: Readiness of the flow whose root this is (used by `Flows.use(_:when: .ready)`)

    func markFlowReady() {
        guard case .waiting(let waiters) = readiness else { return }
        readiness = .ready
        for waiter in waiters {
            waiter()
        }
    }

    func whenFlowReady(_ action: @escaping @MainActor () -> Void) {
        switch readiness {
        case .ready: action()
        case .waiting(let waiters): readiness = .waiting(waiters + [action])
        }
    }
}

/// Whether the flow rooted at a presentation has received its first navigation.
private enum FlowReadiness {
    case waiting([@MainActor () -> Void])
    case ready
}
