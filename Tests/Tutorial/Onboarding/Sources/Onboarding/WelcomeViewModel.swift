import FlowCore
import HTMLPresenter

/// The first screen: one button that emits ``OnboardingStep/signUp``.
final class WelcomeViewModel: HTMLViewModel, Stepper {
    let steps = Steps()

    func templateValues(actions: ScreenActions) -> TemplateValue {
        ["signUp": actions.step(OnboardingStep.signUp)]
    }
}
