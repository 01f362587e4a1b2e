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

    private var dismissalObservers: [(id: Int, action: @MainActor () -> Void)] = []
    private var nextObserverID = 0
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
        dismissalObservers = []
        for observer in observers {
            observer.action()
        }
    }

    func onDismissal(_ action: @escaping @MainActor () -> Void) -> Int {
        nextObserverID += 1
        dismissalObservers.append((nextObserverID, action))
        return nextObserverID
    }

    func removeDismissalObserver(_ id: Int) {
        dismissalObservers.removeAll { $0.id == id }
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
