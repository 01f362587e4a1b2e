import FlowCore
import HTMLPresenter

enum AppStep: Step, Equatable {
    case start
    case signedIn(email: String)
    case loggedOut
}

/// Owns the window. Signed out it shows the login flow; signed in, the dashboard's tab bar. A deep
/// link that arrives signed out waits through login; the dashboard opens it right after.
final class AppFlow: Flow {
    private let window: HTMLWindow
    private let signInDelay: Duration
    private(set) var account: Account?
    /// A deep link that arrived signed out. It is kept here because the tabs it opens do not exist
    /// yet; `DashboardFlow` lands it, as it lands the links that arrive signed in (``DeepLinkStep``).
    private(set) var pendingLink: DeepLinkStep?
    var root: any Presentable { window }

    init(window: HTMLWindow, signInDelay: Duration = .milliseconds(300)) {
        self.window = window
        self.signInDelay = signInDelay
    }

    func navigate(to step: any Step) -> FlowContributors {
        // Signed in, a deep link is the dashboard's: the coordinator hands it to every flow.
        if let link = step as? DeepLinkStep {
            if account == nil { pendingLink = link }
            return .none
        }
        guard let step = step as? AppStep else { return .none }
        switch step {
        case .start, .loggedOut:
            account = nil
            let loginFlow = LoginFlow(signInDelay: signInDelay, clock: window.clock)
            Flows.use(loginFlow, when: .created) { [window] (root: HTMLNavigationController) in
                window.rootViewController = root
            }
            return .one(
                flowContributor: .contribute(
                    withNextPresentable: loginFlow, withNextStepper: OneStepper(withSingleStep: LoginStep.login)))
        case .signedIn(let email):
            let account = Account(email: email)
            self.account = account
            let dashboard = DashboardFlow(account: account, deepLink: pendingLink, clock: window.clock)
            pendingLink = nil
            Flows.use(dashboard, when: .ready) { [window] (tabBar: HTMLTabBarController) in
                window.rootViewController = tabBar
            }
            return .one(
                flowContributor: .contribute(
                    withNextPresentable: dashboard, withNextStepper: OneStepper(withSingleStep: DashboardStep.start)))
        }
    }
}
