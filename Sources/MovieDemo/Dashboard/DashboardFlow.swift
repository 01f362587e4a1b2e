import FlowCore
import HTMLPresenter

enum DashboardStep: Step, Equatable {
    case start
    case logout
}

/// The signed-in app: a tab bar of four flows, each with its own stack. It lands every deep link
/// (``DeepLinkStep``).
final class DashboardFlow: Flow {
    private let tabBarController = HTMLTabBarController()
    private let account: Account
    private let deepLink: DeepLinkStep?
    /// What a deep link sends the Movies and Stack flows: a parent flow reaches a child flow only
    /// through a stepper it gave it.
    private let movieLinks = LinkStepper()
    private let stackLinks = LinkStepper()
    var root: any Presentable { tabBarController }

    private enum Tab: Int {
        case movies, watched, stack, profile
    }

    private let clock: FlowClock

    /// `deepLink`, a link that arrived signed out, is landed once the tabs are there; `clock` is
    /// what the stack lab's timer waits on.
    init(account: Account, deepLink: DeepLinkStep?, clock: FlowClock) {
        self.account = account
        self.deepLink = deepLink
        self.clock = clock
    }

    func navigate(to step: any Step) -> FlowContributors {
        switch step {
        case DashboardStep.start: return start()
        case DashboardStep.logout: return .end(forwardToParentFlowWithStep: AppStep.loggedOut)
        case let link as DeepLinkStep: open(link)
        default: break
        }
        return .none
    }

    private func start() -> FlowContributors {
        let movies = MoviesFlow(account: account)
        let watched = WatchedFlow(account: account)
        let stack = StackFlow(clock: clock)
        let profile = ProfileFlow(account: account)
        // The tabs go in at once (`.created`), so the tab bar is whole when AppFlow puts it in the
        // window (once this flow is ready, before the child flows have navigated).
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
        }
        var contributors: [FlowContributor] = [
            .contribute(
                withNextPresentable: movies,
                withNextStepper: CompositeStepper(steppers: [OneStepper(withSingleStep: MovieStep.list), movieLinks])),
            .contribute(withNextPresentable: watched, withNextStepper: OneStepper(withSingleStep: WatchedStep.list)),
            .contribute(
                withNextPresentable: stack,
                withNextStepper: CompositeStepper(steppers: [
                    OneStepper(withSingleStep: StackStep.screen("A")), stackLinks,
                ])
            ),
            .contribute(withNextPresentable: profile, withNextStepper: OneStepper(withSingleStep: ProfileStep.profile)),
        ]
        // Once the tabs have started, the waiting link lands as one that arrives now would.
        if let deepLink { contributors.append(.forwardToCurrentFlow(withStep: deepLink)) }
        return .multiple(flowContributors: contributors)
    }

    /// Lands `link` the same whatever is on screen: what is presented over the tabs is dismissed,
    /// the link's tab is selected and its stack rebuilt from the root.
    private func open(_ link: DeepLinkStep) {
        if tabBarController.presentedViewController != nil { tabBarController.dismiss() }
        switch link {
        case .movie(let id):
            tabBarController.selectedIndex = Tab.movies.rawValue
            movieLinks.steps.send(MovieStep.list)
            movieLinks.steps.send(MovieStep.detail(id: id))
        case .stack(let letter):
            tabBarController.selectedIndex = Tab.stack.rawValue
            stackLinks.steps.send(StackStep.jump(to: letter))
        }
    }
}

/// A stepper whose steps its owner sends: how a parent flow passes steps to a child flow.
private final class LinkStepper: Stepper {
    let steps = Steps()
}
