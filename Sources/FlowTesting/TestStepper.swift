import FlowCore

/// A stepper for flow tests: the test sends its steps and can see when the coordinator listened.
///
/// ```swift
/// let stepper = TestStepper(initialStep: MovieStep.movieList)
/// let coordinator = FlowCoordinator()
/// coordinator.coordinate(flow: MovieFlow(), with: stepper)
/// await coordinator.waitUntilIdle()
/// stepper.steps.send(MovieStep.movieDetail(id: 3))
/// #expect(stepper.readyCount == 1)
/// ```
public final class TestStepper: Stepper {
    /// Where the test sends steps.
    public let steps = Steps()
    /// The step navigated first.
    public let initialStep: any Step
    /// How many times `readyToEmitSteps()` was called.
    public private(set) var readyCount = 0

    /// Creates a stepper with an initial step (none by default).
    public init(initialStep: any Step = NoneStep()) {
        self.initialStep = initialStep
    }

    /// Counts the call.
    public func readyToEmitSteps() {
        readyCount += 1
    }
}
