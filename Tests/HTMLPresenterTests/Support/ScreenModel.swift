import FlowCore
import HTMLPresenter

enum ScreenStep: Step, Equatable {
    case open(Int)
    case signedIn(String)
    case logout
    case done
}

/// A view model whose values the test decides; it emits steps as a Stepper.
final class ScreenModel: HTMLViewModel, Stepper {
    let steps = Steps()
    var values: (ScreenActions) -> TemplateValue

    init(values: @escaping (ScreenActions) -> TemplateValue = { _ in [:] }) {
        self.values = values
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        values(actions)
    }
}

/// A screen with a fresh view model, titled and templated after `name`.
@MainActor
func screen(_ name: String, values: @escaping (ScreenActions) -> TemplateValue = { _ in [:] }) -> HTMLViewController {
    HTMLViewController(template: "screens/\(name)", viewModel: ScreenModel(values: values), title: name)
}
