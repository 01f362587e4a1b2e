import FlowHostApp
import HTMLPresenter
import Testing

@Suite("A click path entry")
struct ClickPathEntryTests {
    @Test("a click path entry describes its fields by name, a secret one masked")
    func descriptionMasksSecrets() {
        let entry = ClickPath.Entry.action(
            ActionPosition(screen: ScreenPosition(layer: 0, path: [0], template: "login"), index: 0),
            fields: FormFields([
                .init(name: "email", value: "ada@example.com"),
                .init(name: "password", value: "hunter2", isSecret: true),
            ]))

        #expect(entry.description == "action 0 of layer 0 / 0 (login) with email, password ••••")
    }
}
