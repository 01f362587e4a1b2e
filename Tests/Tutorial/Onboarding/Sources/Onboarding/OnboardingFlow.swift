import FlowCore
import HTMLPresenter

/// Owns the window: signed out, a stack of welcome -> sign-up; signed up, a tab bar of Home and
/// Settings.
public final class OnboardingFlow: Flow {
    private let window: HTMLWindow
    /// The flow's root is the window: it swaps what the window shows.
    public var root: any Presentable { window }

    /// A flow that shows its screens in `window`: send ``OnboardingStep/welcome`` first.
    public init(window: HTMLWindow) {
        self.window = window
    }

    /// Shows what `step` asks for.
    public func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? OnboardingStep else { return .none }
        switch step {
        case .welcome, .signOut:
            let welcome = HTMLViewController(
                template: "onboarding/welcome", viewModel: WelcomeViewModel(), title: "Welcome")
            window.rootViewController = HTMLNavigationController(rootViewController: welcome)
            return .one(flowContributor: .contribute(withNext: welcome))
        case .signUp:
            let form = HTMLViewController(template: "onboarding/signup", viewModel: SignUpViewModel(), title: "Sign Up")
            (window.rootViewController as? HTMLNavigationController)?.pushViewController(form, animated: true)
            return .one(flowContributor: .contribute(withNext: form))
        case .signedUp(let name):
            return showTabs(name: name)
        }
    }

    private func showTabs(name: String) -> FlowContributors {
        let home = HTMLViewController(template: "onboarding/home", viewModel: HomeViewModel(name: name), title: "Home")
        let settings = HTMLViewController(
            template: "onboarding/settings", viewModel: SettingsViewModel(), title: "Settings")
        let homeTab = HTMLNavigationController(rootViewController: home)
        homeTab.tabBarItem = TabBarItem(title: "Home", icon: "house")
        let settingsTab = HTMLNavigationController(rootViewController: settings)
        settingsTab.tabBarItem = TabBarItem(title: "Settings", icon: "gear")
        let tabBar = HTMLTabBarController()
        tabBar.setViewControllers([homeTab, settingsTab])
        window.rootViewController = tabBar
        // Home has no stepper: contributing it is allowed, and there is nothing to listen to.
        return .multiple(flowContributors: [.contribute(withNext: home), .contribute(withNext: settings)])
    }
}
