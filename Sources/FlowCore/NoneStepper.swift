/// A stepper that never emits: for screens that only display.
public final class NoneStepper: Stepper {
    /// Where nothing is ever sent.
    public let steps = Steps()

    /// Creates a silent stepper.
    public init() {}
}
