import FlowCore
import HTMLPresenter

/// Signing in: one screen; on success the flow ends and tells AppFlow who signed in.
final class LoginFlow: Flow {
    private let navigationController = HTMLNavigationController()
    private let signInDelay: Duration
    var root: any Presentable { navigationController }

    private let clock: FlowClock

    init(signInDelay: Duration = .milliseconds(300), clock: FlowClock) {
        self.signInDelay = signInDelay
        self.clock = clock
        navigationController.prefersLargeTitles = true
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? LoginStep else { return .none }
        switch step {
        case .login:
            let model = LoginModel(delay: signInDelay, clock: clock)
            let screen = HTMLViewController(template: "login/login", viewModel: model, title: "Sign In")
            navigationController.setViewControllers([screen])
            return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: model))
        case .signedIn(let email):
            return .end(forwardToParentFlowWithStep: AppStep.signedIn(email: email))
        }
    }
}
