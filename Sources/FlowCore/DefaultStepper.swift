/// The stepper ``FlowCoordinator/coordinate(flow:with:allowStepWhenDismissed:)`` uses when none is
/// given: it emits nothing by itself, and the flow is driven by deep links
/// (``FlowCoordinator/navigate(to:)``).
public final class DefaultStepper: Stepper {
    /// Where nothing is ever sent.
    public let steps = Steps()

    /// Creates the default stepper.
    public init() {}
}
