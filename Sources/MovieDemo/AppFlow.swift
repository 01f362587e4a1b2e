import FlowCore
import HTMLPresenter

enum AppStep: Step {
    case start
}

/// Owns the window: a tab bar whose Stack tab is the stack lab's flow.
final class AppFlow: Flow {
    private let window: HTMLWindow
    private let tabBar = HTMLTabBarController()
    var root: any Presentable { tabBar }

    init(window: HTMLWindow) {
        self.window = window
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? AppStep else { return .none }
        switch step {
        case .start:
            let stackFlow = StackFlow()
            Flows.use(stackFlow, when: .created) { [tabBar, window] (stack: HTMLNavigationController) in
                stack.tabBarItem = TabBarItem(title: "Stack", icon: "square-stack")
                tabBar.setViewControllers([stack])
                window.rootViewController = tabBar
            }
            return .one(
                flowContributor: .contribute(
                    withNextPresentable: stackFlow, withNextStepper: OneStepper(withSingleStep: StackStep.screen("A"))))
        }
    }
}
