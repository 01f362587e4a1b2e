/// The stepper ``FlowCoordinator/coordinate(flow:with:allowStepWhenDismissed:)`` uses when none is
/// given: as RxFlow's, it emits ``FlowCoreStep/home`` once, as its initial step. A flow that does
/// not navigate that step ignores it (and is then driven by deep links,
/// ``FlowCoordinator/navigate(to:)``); use ``NoneStepper`` for a stepper that emits nothing.
public final class DefaultStepper: Stepper {
    /// Where nothing more is ever sent.
    public let steps = Steps()
    /// ``FlowCoreStep/home``.
    public var initialStep: any Step { FlowCoreStep.home }

    /// Creates the default stepper.
    public init() {}
}
