/// One contributor a flow returned, as the navigation log records it.
public enum ContributionRecord: Sendable, CustomStringConvertible {
    /// A presentable and the stepper the coordinator now listens to.
    case screen(presentable: Any.Type, stepper: Any.Type)
    /// A child flow, coordinated by a new child coordinator.
    case childFlow(Any.Type, stepper: Any.Type)
    /// A step forwarded to the same flow.
    case forwardToCurrentFlow(any Step)
    /// A step forwarded to the parent flow.
    case forwardToParentFlow(any Step)
    /// The flow ended, forwarding a step to its parent.
    case end(forwardToParentFlowWithStep: any Step)

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
