import FlowCore
import HTMLPresenter

/// A view model that gives its template the actions `values` makes: each step its stepper sends.
final class StepModel: HTMLViewModel, Stepper {
    let steps = Steps()
    var values: @MainActor (ScreenActions) -> TemplateValue

    init(values: @escaping @MainActor (ScreenActions) -> TemplateValue = { _ in [:] }) {
        self.values = values
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        values(actions)
    }
}
