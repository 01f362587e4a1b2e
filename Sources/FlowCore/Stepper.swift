/// Something that emits steps: a view model, a screen, a timer.
///
/// A coordinator listens to a stepper when a ``FlowContributor`` names it: it navigates the
/// ``initialStep`` first, then calls ``readyToEmitSteps()`` and navigates everything sent to
/// ``steps``.
///
/// ```swift
/// final class LoginViewModel: Stepper {
///     let steps = Steps()
///     func signedIn() { steps.send(AppStep.signedIn) }
/// }
/// ```
@MainActor
public protocol Stepper: AnyObject, Sendable {
    /// Where the stepper emits its steps.
    var steps: Steps { get }
    /// The first step, navigated as soon as a coordinator listens; ``NoneStep`` by default.
    var initialStep: any Step { get }
    /// Called once a coordinator listens, so that steps emitted from here on are received.
    func readyToEmitSteps()
}

extension Stepper {
    /// No initial step.
    public var initialStep: any Step { NoneStep() }
    /// Nothing to prepare.
    public func readyToEmitSteps() {}
}
