/// Who emitted a step, as the navigation log records it.
public enum StepOrigin: Sendable, Equatable, CustomStringConvertible {
    /// The initial step of a stepper, navigated when the coordinator started listening.
    case initialStep(of: Any.Type)
    /// A step a stepper sent after it was ready.
    case stepper(Any.Type)
    /// ``FlowCoordinator/navigate(to:)``, from outside the flows.
    case deepLink
    /// `.forwardToCurrentFlow` or `.forwardToParentFlow` returned by a flow.
    case forwardedBy(flow: Any.Type)
    /// `.end(forwardToParentFlowWithStep:)` returned by a child flow.
    case endOf(flow: Any.Type)

    /// A readable account: `stepper MovieListViewModel`, `deep link`, `end of LoginFlow`.
    public var description: String {
        switch self {
        case .initialStep(let type): "initial step of \(type)"
        case .stepper(let type): "stepper \(type)"
        case .deepLink: "deep link"
        case .forwardedBy(let flow): "forwarded by \(flow)"
        case .endOf(let flow): "end of \(flow)"
        }
    }

    /// Origins are equal when they are of the same kind and name the same type.
    public static func == (lhs: StepOrigin, rhs: StepOrigin) -> Bool {
        switch (lhs, rhs) {
        case (.initialStep(let a), .initialStep(let b)), (.stepper(let a), .stepper(let b)),
            (.forwardedBy(let a), .forwardedBy(let b)), (.endOf(let a), .endOf(let b)):
            ObjectIdentifier(a) == ObjectIdentifier(b)
        case (.deepLink, .deepLink): true
        default: false
        }
    }
}
