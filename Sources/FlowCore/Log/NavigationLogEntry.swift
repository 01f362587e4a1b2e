/// One line of the navigation log: a step, who emitted it, which flow it was for, what became of it.
///
/// ```swift
/// for entry in coordinator.log where entry.outcome.dropReason != nil {
///     print(entry)  // #12 movieDetail(id: 3) from stepper MovieListViewModel to MovieFlow: dropped: not visible
/// }
/// ```
public struct NavigationLogEntry: Sendable, CustomStringConvertible {
    /// Position in the coordinator tree's log, from 1.
    public let sequence: Int
    /// The step as it was emitted.
    public let step: any Step
    /// Who emitted it.
    public let origin: StepOrigin
    /// The flow it was routed to, if it reached one.
    public let flow: Any.Type?
    /// What became of it.
    public var outcome: NavigationOutcome { loggedOutcome.outcome(of: step) }
    /// The outcome, compact: a live session keeps its last entries for the inspector.
    private let loggedOutcome: LoggedOutcome

    init(sequence: Int, step: any Step, origin: StepOrigin, flow: Any.Type?, outcome: NavigationOutcome) {
        self.sequence = sequence
        self.step = step
        self.origin = origin
        self.flow = flow
        loggedOutcome = LoggedOutcome(outcome, of: step)
    }

    /// A readable line for logs and the debugger panel.
    public var description: String {
        let target = flow.map { " to \($0)" } ?? ""
        return "#\(sequence) \(step) from \(origin)\(target): \(outcome)"
    }
}
