import FlowCore
import HTMLPresenter

enum DashboardStep: Step, Equatable {
    case start
    case logout
}

/// The signed-in app: a tab bar of four flows, each with its own stack.
final class DashboardFlow: Flow {
    private let tabBarController = HTMLTabBarController()
    private let account: Account
    private let deepLink: (any Step)?
    var root: any Presentable { tabBarController }

    private enum Tab: Int {
        case movies, watched, stack, profile
    }

    /// `deepLink`, a step that arrived signed out, is opened once the tabs are ready.
    init(account: Account, deepLink: (any Step)?) {
        self.account = account
        self.deepLink = deepLink
    }

    func navigate(to step: any Step) -> FlowContributors {
        switch step {
        case DashboardStep.start: return start()
        case DashboardStep.logout: return .end(forwardToParentFlowWithStep: AppStep.loggedOut)
        case is MovieStep: tabBarController.selectedIndex = Tab.movies.rawValue
        case is StackStep: tabBarController.selectedIndex = Tab.stack.rawValue
        default: break
        }
        return .none
    }

    private func start() -> FlowContributors {
        let movies = MoviesFlow(account: account)
        let watched = WatchedFlow(account: account)
        let stack = StackFlow()
        let profile = ProfileFlow(account: account)
        let stackLink = deepLink as? StackStep
        let stackStep: any Step = stackLink ?? StackStep.screen("A")
        let selectedTab = stackLink == nil ? Tab.movies : .stack
        // The tabs go in at once (`.created`): a deep link's alert may be presented from a tab
        // before the child flows have navigated, and AppFlow waits for this flow to be ready
        // before it puts the tab bar in the window.
        Flows.use(movies, watched, stack, profile, when: .created) {
            [tabBarController]
            (
                movies: HTMLNavigationController, watched: HTMLNavigationController,
                stack: HTMLNavigationController, profile: HTMLNavigationController
            ) in
            movies.tabBarItem = TabBarItem(title: "Movies", icon: "film")
            watched.tabBarItem = TabBarItem(title: "Watched", icon: "checkmark-circle")
            stack.tabBarItem = TabBarItem(title: "Stack", icon: "square-stack")
            profile.tabBarItem = TabBarItem(title: "Profile", icon: "person")
            tabBarController.setViewControllers([movies, watched, stack, profile])
            tabBarController.selectedIndex = selectedTab.rawValue
        }
        var movieSteps: [any Stepper] = [OneStepper(withSingleStep: MovieStep.list)]
        if let link = deepLink as? MovieStep { movieSteps.append(OneStepper(withSingleStep: link)) }
        return .multiple(
            flowContributors: [
                .contribute(withNextPresentable: movies, withNextStepper: CompositeStepper(steppers: movieSteps)),
                .contribute(
                    withNextPresentable: watched, withNextStepper: OneStepper(withSingleStep: WatchedStep.list)),
                .contribute(withNextPresentable: stack, withNextStepper: OneStepper(withSingleStep: stackStep)),
                .contribute(
                    withNextPresentable: profile, withNextStepper: OneStepper(withSingleStep: ProfileStep.profile)),
            ])
    }
}
