import FlowCore
import HTMLPresenter

/// The sign-up form: a name, an email and a secret password, each checked; a field error shows the
/// same screen again with the message and what was typed (never the password).
final class SignUpViewModel: HTMLViewModel, Stepper {
    let steps = Steps()

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "create": actions.form(
                fields: ["name", "email", .secret("password")],
                samples: ["name": "Ada", "email": "ada@example.com", "password": "correct horse"]
            ) { [weak self] fields in self?.signUp(fields) ?? .accepted }
        ]
    }

    private func signUp(_ fields: FormFields) -> ActionResult {
        let name = fields["name"] ?? ""
        var errors: [String: String] = [:]
        if name.isEmpty { errors["name"] = "Enter your name." }
        if !(fields["email"] ?? "").contains("@") { errors["email"] = "Enter an email address." }
        if (fields["password"] ?? "").count < 8 { errors["password"] = "Use at least 8 characters." }
        guard errors.isEmpty else { return .invalid(errors) }
        steps.send(OnboardingStep.signedUp(name: name))
        return .accepted
    }
}
