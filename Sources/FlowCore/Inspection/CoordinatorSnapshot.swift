/// A coordinator tree as a plain value, for the inspector and for logs: each flow with the
/// steppers its coordinator listens to, their presentables, and its child coordinators
/// (``FlowCoordinator/snapshot(describingPresentables:)``).
public struct CoordinatorSnapshot: Sendable, Equatable {
    /// Where a presentable stands.
    public enum State: String, Sendable, Equatable {
        /// On screen now.
        case visible
        /// Held, but not on screen (a screen under another, an unselected tab).
        case hidden
        /// Left for good (popped, dismissed or replaced).
        case dismissed
    }

    /// A stepper the coordinator listens to, and the presentable that gates its steps.
    public struct Listener: Sendable, Equatable {
        /// The stepper's type.
        public let stepper: String
        /// The presentable (its description when it has one, else its type); nil for the flow's
        /// own stepper, which no presentable gates.
        public let presentable: String?
        /// The presentable's state; nil when there is none.
        public let state: State?
    }

    /// The flow's type; nil once it ended.
    public let flow: String?
    /// The flow's own state as a presentable (its root's).
    public let state: State
    /// The steppers listened to, in the order the coordinator started listening.
    public let listeners: [Listener]
    /// The coordinators of the child flows running now, in the order they started.
    public let children: [CoordinatorSnapshot]
}

extension CoordinatorSnapshot.State {
    @MainActor init(_ presentation: Presentation) {
        self = presentation.isDismissed ? .dismissed : presentation.isVisible ? .visible : .hidden
    }
}
