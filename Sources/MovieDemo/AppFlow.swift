import FlowCore
import HTMLPresenter

enum AppStep: Step, Equatable {
    case start
    case signedIn(email: String)
    case loggedOut
}

/// Owns the window. Signed out it shows the login flow; signed in, the dashboard's tab bar. A deep
/// link that arrives signed out waits through login and is opened right after.
final class AppFlow: Flow {
    private let window: HTMLWindow
    private let signInDelay: Duration
    private(set) var account: Account?
    private(set) var pendingLink: (any Step)?
    var root: any Presentable { window }

    init(window: HTMLWindow, signInDelay: Duration = .milliseconds(300)) {
        self.window = window
        self.signInDelay = signInDelay
    }

    func navigate(to step: any Step) -> FlowContributors {
        if account == nil, step is MovieStep || step is StackStep {
            pendingLink = step
            return .none
        }
        guard let step = step as? AppStep else { return .none }
        switch step {
        case .start, .loggedOut:
            account = nil
            let loginFlow = LoginFlow(signInDelay: signInDelay)
            Flows.use(loginFlow, when: .created) { [window] (root: HTMLNavigationController) in
                window.rootViewController = root
            }
            return .one(
                flowContributor: .contribute(
                    withNextPresentable: loginFlow, withNextStepper: OneStepper(withSingleStep: LoginStep.login)))
        case .signedIn(let email):
            let account = Account(email: email)
            self.account = account
            let dashboard = DashboardFlow(account: account, deepLink: pendingLink)
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
