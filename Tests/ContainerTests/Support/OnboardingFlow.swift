import FlowCore
import HTMLPresenter

/// The onboarding's steps: its pages shown, then done.
enum OnboardingStep: Step, Equatable {
    case start
    case finish
}

/// An onboarding in a page view inside a navigation controller (its bar on top, the page control
/// under the page); Get started, on the last page, swaps the window's root for the home screen.
final class OnboardingFlow: WindowFlow {
    let window: HTMLWindow
    var root: any Presentable { window }

    init(window: HTMLWindow) {
        self.window = window
    }

    func navigate(to step: any Step) -> FlowContributors {
        switch step as? OnboardingStep {
        case .start:
            let last = StepModel { ["start": $0.step(OnboardingStep.finish)] }
            let pages = HTMLPageViewController(
                pages: [
                    HTMLViewController(template: "onboarding/welcome", title: "Welcome"),
                    HTMLViewController(template: "onboarding/sync", title: "Sync"),
                    HTMLViewController(template: "onboarding/ready", viewModel: last, title: "Ready"),
                ], title: "Welcome")
            window.rootViewController = HTMLNavigationController(rootViewController: pages)
            return .one(flowContributor: .contribute(withNext: pages.pages[2]))
        case .finish:
            window.rootViewController = HTMLNavigationController(
                rootViewController: HTMLViewController(template: "onboarding/home", title: "Home"))
            return .none
        case nil:
            return .none
        }
    }
}
