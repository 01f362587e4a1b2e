/// A ``NavigationLogEntry`` as the log keeps it: without its sequence number, which the log
/// counts from its own total (entries are numbered one after another), and with a compact
/// outcome. A live session keeps its last steps for the inspector: 72 bytes each, not 88.
struct LoggedStep: Sendable {
    let step: any Step
    let origin: StepOrigin
    let flow: Any.Type?
    let outcome: LoggedOutcome

    init(step: any Step, origin: StepOrigin, flow: Any.Type?, outcome: NavigationOutcome) {
        self.step = step
        self.origin = origin
        self.flow = flow
        self.outcome = LoggedOutcome(outcome, of: step)
    }
}
