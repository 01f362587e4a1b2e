import Foundation
import HTMLPresenter
import Testing

@MainActor
@Suite("Declared form fields")
struct FormFieldTests {
    /// A window showing a sign-in form that declares `email` and a secret `password`, and what its
    /// handler was given.
    @MainActor
    private final class SignIn {
        let window = HTMLWindow()
        var received: [FormFields] = []

        init() {
            let model = ScreenModel { [unowned self] actions in
                [
                    "signIn": actions.form(fields: ["email", .secret("password")]) { fields in
                        self.received.append(fields)
                        return fields["password"] == "right" ? .accepted : .invalid(["password": "Wrong password."])
                    },
                    "other": actions.run {},
                ]
            }
            window.rootViewController = HTMLViewController(template: "login", viewModel: model, title: "Sign In")
        }

        func token(_ key: TemplateKey) throws -> String {
            guard case .action(let action) = window.updatedScreenTree().visibleScreen?.values?[key],
                let token = action.token
            else { throw TokenMissing() }
            return token
        }

        var formValues: TemplateValue? { window.updatedScreenTree().visibleScreen?.values?["form"] }

        struct TokenMissing: Error {}
    }

    @Test("only the declared fields reach the handler, in the order sent, the secret one marked")
    func declaredFieldsOnly() async throws {
        let screen = SignIn()

        let result = try await screen.window.perform(
            try screen.token("signIn"),
            fields: FormFields([
                .init(name: "junk", value: String(repeating: "x", count: 50_000)),
                .init(name: "password", value: "right"), .init(name: "email", value: "ada@example.com"),
                .init(name: "admin", value: "true"),
            ]))

        #expect(result == .accepted)
        #expect(
            screen.received == [
                FormFields([
                    .init(name: "password", value: "right", isSecret: true),
                    .init(name: "email", value: "ada@example.com"),
                ])
            ])
    }

    @Test("a refused form shows what was typed again, but never a secret value, even when the template asks")
    func secretNeverShownAgain() async throws {
        let screen = SignIn()

        let result = try await screen.window.perform(
            try screen.token("signIn"), fields: ["email": "ada@example.com", "password": "hunter2"])

        #expect(result == .invalid(["password": "Wrong password."]))
        #expect(screen.formValues?["values"]?["email"] == "ada@example.com")
        #expect(screen.formValues?["values"]?["password"] == nil)
        #expect(screen.formValues?["errors"]?["password"] == "Wrong password.")
    }

    @Test("a value past 1 KiB is refused with a field error before the handler runs; what was typed stays")
    func valueTooLong() async throws {
        let screen = SignIn()
        let long = String(repeating: "é", count: FormField.maxValueBytes / 2 + 1)  // two bytes each

        let result = try await screen.window.perform(
            try screen.token("signIn"), fields: ["email": long, "password": "right"])

        let message =
            "This field takes at most 1024 bytes of text; this was \(long.utf8.count). Shorten it and send again."
        #expect(result == .invalid(["email": message]))
        #expect(screen.received.isEmpty, "the handler never saw it")
        #expect(screen.formValues?["errors"]?["email"] == .string(message))
        #expect(screen.formValues?["values"]?["email"] == .string(long), "nothing typed is lost")
        // A value of exactly the bound is taken.
        _ = try await screen.window.perform(
            try screen.token("signIn"),
            fields: ["email": String(repeating: "a", count: FormField.maxValueBytes), "password": "right"])
        #expect(screen.received.count == 1)
    }

    @Test("declared values past 8 KiB together are refused with a message for the whole form")
    func submissionTooLong() async throws {
        let screen = SignIn()
        let value = String(repeating: "a", count: FormField.maxValueBytes)
        let fields = FormFields((0..<9).map { _ in .init(name: "email", value: value) })

        let result = try await screen.window.perform(try screen.token("signIn"), fields: fields)

        #expect(
            result
                == .invalid([
                    "": "This form takes at most 8192 bytes of text in all; this was 9216. Shorten it and send again."
                ]))
        #expect(screen.received.isEmpty)
    }

    @Test("an action that is no form takes no field, whatever was posted")
    func buttonTakesNoFields() async throws {
        let screen = SignIn()
        var taken: FormFields?

        _ = try await screen.window.perform(
            try screen.token("other"), fields: ["email": "ada@example.com"], willRun: { fields, _ in taken = fields },
            refused: { _ in })

        #expect(taken == FormFields())
    }

    @Test("a field is written with `secret` only when secret; one written before fields could be secret reads back")
    func fieldCoding() throws {
        let fields = FormFields([
            .init(name: "email", value: "ada@example.com"), .init(name: "password", value: "p", isSecret: true),
        ])
        let json = String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)

        #expect(json.contains(#""secret":true"#))
        #expect(json.components(separatedBy: "secret").count == 2, "once, for the password")
        #expect(try JSONDecoder().decode(FormFields.self, from: Data(json.utf8)) == fields)
        let old = #"{"fields":[{"name":"email","value":"ada@example.com"}]}"#
        #expect(try JSONDecoder().decode(FormFields.self, from: Data(old.utf8)) == ["email": "ada@example.com"])
    }
}
