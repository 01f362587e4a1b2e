import HTMLPresenter

/// The Home tab: it only shows, so it is no stepper.
final class HomeViewModel: HTMLViewModel {
    let name: String

    init(name: String) { self.name = name }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        ["name": .string(name)]
    }
}
