import FlowCore
import HTMLPresenter

/// Emits `timerFired` 3 seconds after its coordinator starts listening. The coordinator drops the
/// step if the timer screen is no longer visible by then (the navigation log says why).
final class TimerModel: HTMLViewModel, Stepper {
    let steps = Steps()
    static let delay = Duration.seconds(3)

    func readyToEmitSteps() {
        Task { [weak self] in
            try? await Task.sleep(for: Self.delay)
            self?.steps.send(StackStep.timerFired)
        }
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        ["seconds": .string("\(Self.delay.components.seconds)")]
    }
}
