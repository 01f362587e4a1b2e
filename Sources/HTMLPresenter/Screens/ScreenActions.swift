import FlowCore

/// Hands out actions for one render of one screen: each is an opaque, unguessable URL that stays
/// valid only while this screen is on screen as rendered.
///
/// ```swift
/// let values: TemplateValue = [
///     "open": actions.step(MovieStep.movieDetail(id: 3)),
///     "signIn": actions.form(fields: ["email", .secret("password")]) { fields in
///         await self.viewModel.signIn(fields)
///     },
/// ]
/// ```
@MainActor
public struct ScreenActions {
    private let table: ActionTable?
    private let screen: HTMLViewController

    init(table: ActionTable?, screen: HTMLViewController) {
        self.table = table
        self.screen = screen
    }

    /// An action that emits `step` from the screen's stepper (its view model, or the screen).
    public func step(_ step: any Step) -> TemplateValue {
        .string(stepURL(step))
    }

    /// An action that runs `handler` with the submitted fields that `fields` declares (any other
    /// is dropped before the handler sees it and before it is recorded; see ``FormField``); field
    /// errors show the same screen again with the messages and what the user typed, secret values
    /// left out. A value longer than ``FormField/maxValueBytes`` is refused the same way, with a
    /// field error, before the handler runs. `samples`, when given, is a submission that works (a
    /// demo account): the crawler submits it and the static export shows the form filled with it,
    /// secret fields left empty.
    public func form(
        fields: [FormField], samples: FormFields? = nil,
        _ handler: @escaping @MainActor (FormFields) async -> ActionResult
    ) -> TemplateValue {
        guard let table else { return "" }
        return .string(
            table.register(.text("form"), of: screen.id, fields: fields, sampleFields: samples) {
                [weak screen] fields in
                let outcome = await handler(fields)
                screen?.formDidSubmit(fields, outcome: outcome)
                return outcome
            })
    }

    /// An action that runs `handler` (for what is not a step: toggling a setting, say).
    public func run(_ handler: @escaping @MainActor () -> Void) -> TemplateValue {
        .string(runURL(handler))
    }

    /// The URL of a bar button's action.
    func url(for item: BarButtonItem) -> String {
        switch item.action {
        case .step(let step): stepURL(step)
        case .run(let handler): runURL(handler)
        }
    }

    private func stepURL(_ step: any Step) -> String {
        guard let table else { return "" }
        guard let stepper = screen.stepper else {
            preconditionFailure(
                "Screen '\(screen.templateName ?? "\(type(of: screen))")' asks for a step action but has no stepper: "
                    + "give it a view model that is a Stepper, or use actions.run")
        }
        return table.register(.step(step), of: screen.id) { [weak stepper] _ in
            stepper?.steps.send(step)
            return .accepted
        }
    }

    private func runURL(_ handler: @escaping @MainActor () -> Void) -> String {
        guard let table else { return "" }
        return table.register(.text("run"), of: screen.id) { _ in
            handler()
            return .accepted
        }
    }
}
