/// What a flow's ``Flow/navigate(to:)`` returns.
///
/// ```swift
/// return .multiple(flowContributors: [
///     .contribute(
///         withNextPresentable: moviesFlow, withNextStepper: OneStepper(withSingleStep: MovieStep.movieList)),
///     .contribute(
///         withNextPresentable: profileFlow, withNextStepper: OneStepper(withSingleStep: ProfileStep.home)),
/// ])
/// ```
@MainActor
public enum FlowContributors {
    /// Several contributors, handled in order.
    case multiple(flowContributors: [FlowContributor])
    /// A single contributor.
    case one(flowContributor: FlowContributor)
    /// This flow is over: its coordinator, steppers and presentables are released and the parent
    /// flow navigates `forwardToParentFlowWithStep`.
    case end(forwardToParentFlowWithStep: any Step)
    /// Nothing more to listen to.
    case none

    /// Several contributors, handled in order.
    public static func multiple(_ flowContributors: FlowContributor...) -> FlowContributors {
        .multiple(flowContributors: flowContributors)
    }
}
