import FlowCore
import HTMLPresenter

enum ProfileStep: Step, Equatable {
    case profile
    case logout
    case logoutConfirmed
}

/// The Profile tab: who is signed in, the restricted-titles switch, and Log out (confirmed by an
/// alert; the dashboard then ends and AppFlow shows login).
final class ProfileFlow: Flow {
    private let navigationController = HTMLNavigationController()
    private let account: Account
    var root: any Presentable { navigationController }

    init(account: Account) {
        self.account = account
        navigationController.prefersLargeTitles = true
    }

    func navigate(to step: any Step) -> FlowContributors {
        guard let step = step as? ProfileStep else { return .none }
        switch step {
        case .profile:
            let model = ProfileModel(account: account)
            let screen = HTMLViewController(template: "profile/profile", viewModel: model, title: "Profile")
            navigationController.setViewControllers([screen])
            return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: model))
        case .logout:
            let alert = HTMLAlertController(title: "Log out?", message: "You will need to sign in again.")
            alert.addAction(HTMLAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(HTMLAlertAction(title: "Log Out", style: .destructive, step: ProfileStep.logoutConfirmed))
            navigationController.present(alert)
            return .one(flowContributor: .contribute(withNextPresentable: alert, withNextStepper: alert))
        case .logoutConfirmed:
            return .one(flowContributor: .forwardToParentFlow(withStep: DashboardStep.logout))
        }
    }
}

/// The signed-in email, the switch, Log out.
final class ProfileModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let account: Account

    init(account: Account) {
        self.account = account
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "email": .string(account.email),
            "initials": .string(String(account.email.prefix(1)).uppercased()),
            "showsRestricted": .bool(account.showsRestrictedTitles),
            "toggleRestricted": actions.run { [account] in account.showsRestrictedTitles.toggle() },
            "watchedCount": .string("\(account.watched.count)"),
            "logout": actions.step(ProfileStep.logout),
        ]
    }
}
