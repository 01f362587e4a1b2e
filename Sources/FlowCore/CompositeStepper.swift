/// A stepper that merges several: their initial steps first, in order, then whatever each emits.
///
/// ```swift
/// let stepper = CompositeStepper(steppers: [viewModel, reminder])
/// return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: stepper))
/// ```
public final class CompositeStepper: Stepper {
    /// Where the inner steppers' steps are forwarded.
    public let steps = Steps()
    private let innerSteppers: [any Stepper]

    /// Creates a stepper that forwards every step of `steppers`.
    public init(steppers: [any Stepper]) {
        innerSteppers = steppers
    }

    /// Forwards the inner steppers' initial steps, then listens to them.
    public func readyToEmitSteps() {
        for stepper in innerSteppers {
            steps.send(stepper.initialStep)
        }
        for stepper in innerSteppers {
            stepper.steps.listen { [weak self] step in self?.steps.send(step) }
            stepper.readyToEmitSteps()
        }
    }
}
