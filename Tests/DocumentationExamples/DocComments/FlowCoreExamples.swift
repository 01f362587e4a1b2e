import FlowCore
import FlowTesting
import HTMLPresenter
import Testing

// The examples of FlowCore's doc comments, compiled; where it is cheap, run and checked.

enum FlowExample {
    // example: Sources/FlowCore/Flow.swift
    final class MovieFlow: Flow {
        let navigationController = HTMLNavigationController()
        var root: any Presentable { navigationController }

        func navigate(to step: any Step) -> FlowContributors {
            guard case MovieStep.movieList = step else { return .none }
            let viewModel = MovieListViewModel()  // an HTMLViewModel and a Stepper
            let screen = HTMLViewController(template: "movies/list", viewModel: viewModel, title: "Movies")
            navigationController.setViewControllers([screen], animated: false)
            return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: viewModel))
        }
    }
    // end of example
}

enum StepExample {
    // example: Sources/FlowCore/Step.swift
    enum MovieStep: Step {
        case movieList
        case movieDetail(id: Int)
    }
    // end of example
}

enum StepperExample {
    // example: Sources/FlowCore/Stepper.swift
    final class LoginViewModel: Stepper {
        let steps = Steps()
        func signedIn() { steps.send(AppStep.signedIn) }
    }
    // end of example
}

enum StepsExample {
    // example: Sources/FlowCore/Steps.swift
    final class MovieListViewModel: Stepper {
        let steps = Steps()
        func pick(_ movie: Movie) { steps.send(MovieStep.movieDetail(id: movie.id)) }
    }
    // end of example
}

enum PresentableExample {
    // example: Sources/FlowCore/Presentable.swift
    final class ScreenDouble: Presentable {
        let presentation = Presentation(isVisible: true)
    }
    // end of example
}

enum FlowCoreStepExample {
    final class MovieFlow: Flow {
        let root: any Presentable = TestPresentable()

        // example: Sources/FlowCore/FlowCoreStep.swift
        func navigate(to step: any Step) -> FlowContributors {
            if case FlowCoreStep.home = step { return showList() }
            return .none
        }
        // end of example

        func showList() -> FlowContributors { .none }
    }
}

@MainActor
@Suite("FlowCore's doc comment examples")
struct FlowCoreExamples {
    @Test("CompositeStepper merges the view model's and the timer's steps")
    func compositeStepper() {
        let screen = TestPresentable()
        let viewModel = TestStepper()
        let reminder = TestStepper()
        func navigate() -> FlowContributors {
            // example: Sources/FlowCore/CompositeStepper.swift
            let stepper = CompositeStepper(steppers: [viewModel, reminder])
            return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: stepper))
            // end of example
        }
        guard case .one(.contribute(_, let stepper, _, _)) = navigate() else {
            Issue.record("not one contributor")
            return
        }
        #expect(stepper is CompositeStepper)
    }

    @Test("a flow that contributes two child flows and puts their roots in a tab bar")
    func flowsUse() async {
        let window = HTMLWindow()
        let tabBar = HTMLTabBarController()
        let moviesFlow = StackFlow()
        let profileFlow = StackFlow()
        func navigate() -> FlowContributors {
            // example: Sources/FlowCore/Flows.swift
            Flows.use(moviesFlow, profileFlow, when: .ready) {
                (movies: HTMLNavigationController, profile: HTMLNavigationController) in
                tabBar.setViewControllers([movies, profile])
                window.rootViewController = tabBar
            }
            return .multiple(flowContributors: [
                .contribute(
                    withNextPresentable: moviesFlow, withNextStepper: OneStepper(withSingleStep: MovieStep.movieList)),
                .contribute(
                    withNextPresentable: profileFlow, withNextStepper: OneStepper(withSingleStep: ProfileStep.home)),
            ])
            // end of example
        }
        let store = FlowTestStore(flow: OneShotFlow(window: window, navigate: navigate))
        await store.send(AppStep.launch)
        #expect(tabBar.viewControllers.count == 2)
        #expect(window.rootViewController === tabBar)
    }

    @Test("FlowContributors.multiple lists child flows")
    func flowContributors() {
        let moviesFlow = StackFlow()
        let profileFlow = StackFlow()
        func navigate() -> FlowContributors {
            // example: Sources/FlowCore/FlowContributors.swift
            return .multiple(flowContributors: [
                .contribute(
                    withNextPresentable: moviesFlow, withNextStepper: OneStepper(withSingleStep: MovieStep.movieList)),
                .contribute(
                    withNextPresentable: profileFlow, withNextStepper: OneStepper(withSingleStep: ProfileStep.home)),
            ])
            // end of example
        }
        guard case .multiple(let contributors) = navigate() else {
            Issue.record("not multiple")
            return
        }
        #expect(contributors.count == 2)
    }

    @Test("a coordinator drives a flow and follows a deep link")
    func flowCoordinator() async {
        // example: Sources/FlowCore/FlowCoordinator.swift
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: MovieFlow(), with: OneStepper(withSingleStep: MovieStep.movieList))
        coordinator.navigate(to: MovieStep.movieDetail(id: 3))  // a deep link
        await coordinator.waitUntilIdle()
        // end of example
        #expect(coordinator.log.count == 2)
    }

    @Test("waitUntilIdle(timeout:) says whether the tree settled")
    func waitUntilIdleTimeout() async {
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: MovieFlow(), with: OneStepper(withSingleStep: MovieStep.movieList))
        // example: Sources/FlowCore/FlowCoordinator.swift
        coordinator.navigate(to: MovieStep.movieDetail(id: 3))
        let settled = await coordinator.waitUntilIdle(timeout: .seconds(1))
        // end of example
        #expect(settled)
    }

    @Test("logCapacity bounds the log to the newest entries")
    func logCapacity() async {
        // example: Sources/FlowCore/FlowCoordinator.swift
        let coordinator = FlowCoordinator()
        coordinator.logCapacity = 200  // a host that shows the last 200 steps
        // end of example
        #expect(coordinator.logCapacity == 200)
    }

    @Test("OneStepper sends its one step first")
    func oneStepper() async {
        let coordinator = FlowCoordinator()
        // example: Sources/FlowCore/OneStepper.swift
        coordinator.coordinate(flow: MovieFlow(), with: OneStepper(withSingleStep: MovieStep.movieList))
        // end of example
        await coordinator.waitUntilIdle()
        #expect(coordinator.log.first.map { "\($0.step)" } == "movieList")
    }

    @Test("a presentation reports visibility and dismissal")
    func presentation() {
        let screen = TestPresentable(isVisible: false)
        // example: Sources/FlowCore/Presentation.swift
        screen.presentation.isVisible = true  // it is on the path from the window to the top
        screen.presentation.markDismissed()  // popped, dismissed or replaced: final
        // end of example
        #expect(screen.presentation.isDismissed)
    }

    @Test("the log lists dropped steps")
    func navigationLogEntry() async {
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: MovieFlow(), with: OneStepper(withSingleStep: MovieStep.movieList))
        await coordinator.waitUntilIdle()
        // example: Sources/FlowCore/Log/NavigationLogEntry.swift
        for entry in coordinator.log where entry.outcome.dropReason != nil {
            print(entry)  // #12 movieDetail(id: 3) from stepper MovieListViewModel to MovieFlow: dropped: not visible
        }
        // end of example
    }
}

/// A root flow whose navigation is a closure: examples that are the body of a `navigate(to:)`.
final class OneShotFlow: Flow {
    let window: HTMLWindow
    let body: () -> FlowContributors
    var root: any Presentable { window }

    init(window: HTMLWindow, navigate: @escaping () -> FlowContributors) {
        self.window = window
        body = navigate
    }

    func navigate(to step: any Step) -> FlowContributors { body() }
}

enum FlowClockExample {
    /// Compiled, not run: a model's wait.
    static func signIn(clock: FlowClock) async throws {
        // example: Sources/FlowCore/FlowClock.swift
        try await clock.sleep(for: .milliseconds(300))  // the sign-in "network call"
        // end of example
    }
}
