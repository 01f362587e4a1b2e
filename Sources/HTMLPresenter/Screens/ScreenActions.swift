import FlowCore
import HTMLTemplates

/// Hands out actions for one render of one screen: each is an opaque value (`TemplateValue/action(_:)`)
/// that the page writes where it links (an unguessable URL on a served page, the file of the state it
/// leads to in a static export), valid only while this screen is on screen as rendered.
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
    /// Whether the screen has a stepper, asked once per render of the screen rather than once per
    /// step action (a list's every row has one).
    private let hasStepper: Bool

    init(table: ActionTable?, screen: HTMLViewController) {
        self.table = table
        self.screen = screen
        hasStepper = table != nil && screen.stepper != nil
    }

    /// An action that emits `step` from the screen's stepper (its view model, or the screen).
    public func step(_ step: any Step) -> TemplateValue {
        .action(stepAction(step))
    }

    /// An action that runs `handler` with the submitted fields that `fields` declares (any other
    /// is dropped before the handler sees it and before it is recorded; see ``FormField``); field
    /// errors show the same screen again with the messages and what the user typed, secret values
    /// left out. A value longer than ``FormField/maxValueBytes`` is refused the same way, with a
    /// field error, before the handler runs. `samples`, when given, is a submission that works (a
    /// demo account): the crawler submits it (and the form empty, for its errors), and a static
    /// export's form leads where it led, its values listed beside the phone, secret ones hidden.
    public func form(
        fields: [FormField], samples: FormFields? = nil,
        _ handler: @escaping @MainActor (FormFields) async -> ActionResult
    ) -> TemplateValue {
        guard let table else { return .action(.inert) }
        return .action(
            table.register(.form, of: screen.id, fields: fields, sampleFields: samples) {
                [weak screen] fields in
                let outcome = await handler(fields)
                screen?.formDidSubmit(fields, outcome: outcome)
                return outcome
            })
    }

    /// An action that runs `handler` (for what is not a step: toggling a setting, say).
    public func run(_ handler: @escaping @MainActor () -> Void) -> TemplateValue {
        .action(runAction(handler))
    }

    /// A bar button's action.
    func action(for item: BarButtonItem) -> ActionReference {
        switch item.action {
        case .step(let step): stepAction(step)
        case .run(let handler): runAction(handler)
        }
    }

    private func stepAction(_ step: any Step) -> ActionReference {
        guard let table else { return .inert }
        guard hasStepper else {
            preconditionFailure(
                "Screen '\(screen.templateName ?? "\(type(of: screen))")' asks for a step action but has no stepper: "
                    + "give it a view model that is a Stepper, or use actions.run")
        }
        return table.register(step: step, of: screen.id)
    }

    private func runAction(_ handler: @escaping @MainActor () -> Void) -> ActionReference {
        guard let table else { return .inert }
        return table.register(.run, of: screen.id) { _ in
            handler()
            return .accepted
        }
    }
}
