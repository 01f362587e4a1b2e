/// A navigation area: it owns a ``root`` presentable and turns steps into changes of it.
///
/// ```swift
/// final class MovieFlow: Flow {
///     let navigationController = HTMLNavigationController()
///     var root: any Presentable { navigationController }
///
///     func navigate(to step: any Step) -> FlowContributors {
///         guard case MovieStep.movieList = step else { return .none }
///         let viewModel = MovieListViewModel()  // an HTMLViewModel and a Stepper
///         let screen = HTMLViewController(template: "movies/list", viewModel: viewModel, title: "Movies")
///         navigationController.setViewControllers([screen], animated: false)
///         return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: viewModel))
///     }
/// }
/// ```
///
/// A flow is itself a ``Presentable``: it is visible and dismissed when its root is.
@MainActor
public protocol Flow: Presentable {
    /// The presentable that shows this flow.
    var root: any Presentable { get }
    /// Changes what is on screen for `step` and says who emits the next steps.
    func navigate(to step: any Step) -> FlowContributors
    /// Checks or rewrites a step before it is navigated (a permission check may suspend);
    /// `nil` drops the step. Returns `step` unchanged by default.
    func adapt(step: any Step) async -> (any Step)?
}

extension Flow {
    /// The root's presentation: a flow is visible and dismissed when its root is.
    public var presentation: Presentation { root.presentation }

    /// Lets every step through unchanged.
    public func adapt(step: any Step) async -> (any Step)? { step }
}
