/// One contributor a flow returned, as the navigation log records it.
public enum ContributionRecord: Sendable, CustomStringConvertible {
    /// A presentable and the stepper the coordinator now listens to.
    case screen(presentable: Any.Type, stepper: Any.Type)
    /// A child flow, coordinated by a new child coordinator.
    case childFlow(Any.Type, stepper: Any.Type)
    // The cases with a step are indirect (boxed): they are rare, and the log keeps a record of
    // every contribution the size of the two types instead of the size of a step.

    /// A step forwarded to the same flow.
    indirect case forwardToCurrentFlow(any Step)
    /// A step forwarded to the parent flow.
    indirect case forwardToParentFlow(any Step)
    /// The flow ended, forwarding a step to its parent.
    indirect case end(forwardToParentFlowWithStep: any Step)

    /// A readable account, e.g. `screen MovieDetailScreen (stepper MovieDetailViewModel)`.
    public var description: String {
        switch self {
        case .screen(let presentable, let stepper): "screen \(presentable) (stepper \(stepper))"
        case .childFlow(let flow, let stepper): "child flow \(flow) (stepper \(stepper))"
        case .forwardToCurrentFlow(let step): "forwardToCurrentFlow(\(step))"
        case .forwardToParentFlow(let step): "forwardToParentFlow(\(step))"
        case .end(let step): "end(forwardToParentFlowWithStep: \(step))"
        }
    }
}
