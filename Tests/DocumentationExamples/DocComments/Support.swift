import FlowCore
import HTMLPresenter

// What the doc comment examples name beyond the README's movies (`MovieStep`, `MovieFlow`, ...).

enum AppStep: Step {
    case launch
    case signedIn
}

enum ProfileStep: Step {
    case home
    case logout
}

enum RatingStep: Step {
    case done
}

/// A flow with a navigation controller for its root, for examples that need a child flow.
final class StackFlow: Flow {
    let navigationController = HTMLNavigationController()
    var root: any Presentable { navigationController }

    func navigate(to step: any Step) -> FlowContributors {
        navigationController.setViewControllers([HTMLViewController(template: "movies/detail", title: "\(step)")])
        return .none
    }
}

@MainActor
final class SignInViewModel {
    func signIn(_ fields: FormFields) async -> ActionResult {
        fields["email"]?.isEmpty == false ? .accepted : .invalid(["email": "Enter your email address."])
    }
}
