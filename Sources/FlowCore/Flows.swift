/// Waits for flows before using their roots, typically to put child flows' roots in a container.
///
/// ```swift
/// Flows.use(moviesFlow, profileFlow, when: .ready) {
///     (movies: HTMLNavigationController, profile: HTMLNavigationController) in
///     tabBar.setViewControllers([movies, profile])
///     window.rootViewController = tabBar
/// }
/// return .multiple(flowContributors: [
///     .contribute(
///         withNextPresentable: moviesFlow, withNextStepper: OneStepper(withSingleStep: MovieStep.movieList)),
///     .contribute(
///         withNextPresentable: profileFlow, withNextStepper: OneStepper(withSingleStep: ProfileStep.home)),
/// ])
/// ```
@MainActor
public enum Flows {
    /// When ``Flows/use(_:when:block:)`` calls its block.
    public enum ExecuteStrategy: Sendable {
        /// At once: the flows exist, their roots may still be empty.
        case created
        /// Once every flow's root has received its first navigation.
        case ready
    }

    /// Calls `block` with the flows' roots, cast to the block's parameter types, at once
    /// (`.created`) or once every flow has navigated its first step (`.ready`).
    public static func use<each F: Flow, each Root>(
        _ flows: repeat each F, when strategy: ExecuteStrategy, block: @escaping @MainActor (repeat each Root) -> Void
    ) where (repeat (each F, each Root)): Any {
        let call = { block(repeat root(of: each flows, as: (each Root).self)) }
        guard strategy == .ready else { return call() }
        var presentations: [Presentation] = []
        for flow in repeat each flows {
            presentations.append(flow.presentation)
        }
        var waiting = presentations.count
        for presentation in presentations {
            presentation.whenFlowReady {
                waiting -= 1
                if waiting == 0 { call() }
            }
        }
    }

    private static func root<F: Flow, Root>(of flow: F, as rootType: Root.Type) -> Root {
        guard let root = flow.root as? Root else {
            preconditionFailure("Flows.use: the root of \(F.self) is a \(type(of: flow.root)), not a \(Root.self)")
        }
        return root
    }
}
