import FlowCore
import HTMLPresenter

/// The Settings tab: Sign Out emits ``OnboardingStep/signOut``.
final class SettingsViewModel: HTMLViewModel, Stepper {
    let steps = Steps()

    func templateValues(actions: ScreenActions) -> TemplateValue {
        ["signOut": actions.step(OnboardingStep.signOut)]
    }
}
