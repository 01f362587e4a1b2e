/// Why a step was not navigated.
public enum DropReason: Sendable, Equatable, CustomStringConvertible {
    /// Its stepper's presentable was not visible (steps are dropped, not buffered for later).
    case notVisible
    /// Its stepper's presentable had been dismissed.
    case dismissed
    /// The flow's `adapt(step:)` returned nil (or ``NoneStep``).
    case adaptedToNil
    /// The flow that should navigate it had ended (`.end`, or its root was dismissed).
    case flowEnded
    /// It was forwarded to the parent flow of a root flow, which has none.
    case noParentFlow

    /// A readable reason.
    public var description: String {
        switch self {
        case .notVisible: "not visible"
        case .dismissed: "dismissed"
        case .adaptedToNil: "adapted to nil"
        case .flowEnded: "flow ended"
        case .noParentFlow: "no parent flow"
        }
    }
}
