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
    public var step: any Step { logged.step }
    /// Who emitted it.
    public var origin: StepOrigin { logged.origin }
    /// The flow it was routed to, if it reached one.
    public var flow: Any.Type? { logged.flow }
    /// What became of it.
    public var outcome: NavigationOutcome { logged.outcome.outcome(of: logged.step) }
    /// The rest of the entry, as the log keeps it.
    private let logged: LoggedStep

    init(sequence: Int, logged: LoggedStep) {
        self.sequence = sequence
        self.logged = logged
    }

    /// A readable line for logs and the debugger panel.
    public var description: String {
        let target = flow.map { " to \($0)" } ?? ""
        return "#\(sequence) \(step) from \(origin)\(target): \(outcome)"
    }
}
