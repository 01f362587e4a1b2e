import FlowCore
import Foundation
import HTMLPresenter

/// The sign-in form: checks the email, then the password (about 300 ms, like a network call).
final class LoginModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let delay: Duration
    private let clock: FlowClock

    init(delay: Duration = .milliseconds(300), clock: FlowClock) {
        self.delay = delay
        self.clock = clock
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        [
            "signIn": actions.form(
                fields: ["email", .secret("password")],
                samples: ["email": Account.demoEmail, "password": Account.demoPassword]
            ) { [weak self] fields in await self?.signIn(fields) ?? .accepted },
            "demoEmail": .string(Account.demoEmail),
            "demoPassword": .string(Account.demoPassword),
        ]
    }

    private func signIn(_ fields: FormFields) async -> ActionResult {
        let email = (fields["email"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let password = fields["password"] ?? ""
        if email.isEmpty { return .invalid(["email": "Enter your email address."]) }
        guard Self.isEmailAddress(email) else { return .invalid(["email": "“\(email)” is not an email address."]) }
        if password.isEmpty { return .invalid(["password": "Enter your password."]) }
        try? await clock.sleep(for: delay)
        guard email.lowercased() == Account.demoEmail, password == Account.demoPassword else {
            return .invalid(["password": "Wrong email or password. Try the demo account below."])
        }
        steps.send(LoginStep.signedIn(email: email.lowercased()))
        return .accepted
    }

    private static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
            && !parts[1].hasSuffix(".") && !text.contains(" ")
    }
}
