/// The steps FlowCore itself emits, as RxFlow's `RxFlowStep`: a flow coordinated without a
/// stepper is sent ``home`` first (by ``DefaultStepper``), so it can show its start screen.
///
/// ```swift
/// func navigate(to step: any Step) -> FlowContributors {
///     if case FlowCoreStep.home = step { return showList() }
///     return .none
/// }
/// ```
public enum FlowCoreStep: Step, Equatable {
    /// Show the flow's first screen.
    case home
}
