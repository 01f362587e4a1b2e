import FlowCore
import HTMLPresenter

/// The sign-up's steps.
enum SignUpStep: Step, Equatable {
    case welcome
    case signUp
    case signedUp(name: String)
    case signOut
}

/// Issue 43's newcomer: a welcome screen pushes a sign-up form, which swaps the window's root for a
/// tab bar (Home, Settings); Settings signs out, back to the welcome screen.
final class SignUpFlow: WindowFlow {
    let window: HTMLWindow
    var root: any Presentable { window }

    init(window: HTMLWindow) {
        self.window = window
    }

    func navigate(to step: any Step) -> FlowContributors {
        switch step as? SignUpStep {
        case .welcome:
            let model = StepModel { ["signUp": $0.step(SignUpStep.signUp)] }
            let welcome = HTMLViewController(template: "signup/welcome", viewModel: model, title: "Welcome")
            window.rootViewController = HTMLNavigationController(rootViewController: welcome)
            return .one(flowContributor: .contribute(withNext: welcome))
        case .signUp:
            let model = StepModel()
            let form = HTMLViewController(template: "signup/form", viewModel: model, title: "Sign Up")
            model.values = { [steps = model.steps] actions in
                [
                    "send": actions.form(fields: ["name"], samples: ["name": "Ada"]) { fields in
                        let name = fields["name"] ?? ""
                        guard !name.isEmpty else { return .invalid(["name": "Enter your name."]) }
                        steps.send(SignUpStep.signedUp(name: name))
                        return .accepted
                    }
                ]
            }
            (window.rootViewController as? HTMLNavigationController)?.pushViewController(form)
            return .one(flowContributor: .contribute(withNext: form))
        case .signedUp(let name):
            let home = HTMLViewController(template: "signup/home", title: "Hello, \(name)")
            let homeTab = HTMLNavigationController(rootViewController: home)
            homeTab.tabBarItem = TabBarItem(title: "Home", icon: "house")
            let model = StepModel { ["signOut": $0.step(SignUpStep.signOut)] }
            let settings = HTMLViewController(template: "signup/settings", viewModel: model, title: "Settings")
            let settingsTab = HTMLNavigationController(rootViewController: settings)
            settingsTab.tabBarItem = TabBarItem(title: "Settings", icon: "gear")
            let tabs = HTMLTabBarController()
            tabs.setViewControllers([homeTab, settingsTab], animated: false)
            window.rootViewController = tabs
            return .one(flowContributor: .contribute(withNext: settings))
        case .signOut:
            return navigate(to: SignUpStep.welcome)
        case nil:
            return .none
        }
    }
}
