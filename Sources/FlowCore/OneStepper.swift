/// A stepper that emits a single step, as its initial step.
///
/// ```swift
/// coordinator.coordinate(flow: MovieFlow(), with: OneStepper(withSingleStep: MovieStep.movieList))
/// ```
public final class OneStepper: Stepper {
    /// Where nothing more is ever sent.
    public let steps = Steps()
    /// The single step.
    public let initialStep: any Step

    /// Creates a stepper that emits `step` once.
    public init(withSingleStep step: any Step) {
        initialStep = step
    }
}
