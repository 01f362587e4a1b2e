import FlowCore
import HTMLPresenter

/// Emits `timerFired` `delay` (3 seconds in the app) after its coordinator starts listening. The coordinator drops the
/// step if the timer screen is no longer visible by then (the navigation log says why).
final class TimerModel: HTMLViewModel, Stepper {
    let steps = Steps()
    private let delay: Duration
    private let clock: FlowClock

    init(delay: Duration, clock: FlowClock) {
        self.delay = delay
        self.clock = clock
    }

    func readyToEmitSteps() {
        // The outlet, not the model, is kept: the step is sent even after the screen left, so the
        // coordinator drops it and the navigation log says why.
        Task { [steps, delay, clock] in
            try? await clock.sleep(for: delay)
            steps.send(StackStep.timerFired)
        }
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        ["seconds": .string("\(delay.components.seconds)")]
    }
}
