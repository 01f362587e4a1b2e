/// The tasks running an action on a ``FlowClock`` (see ``FlowClock/duringAction(isolation:_:)``),
/// each with how many actions it runs (an action can run another).
///
/// Almost always one task runs one action, so the first task is kept inline and a dictionary is
/// made only for others: a dictionary alone was made and freed on every click (its storage,
/// hashed twice), about 0.3 % of a server's CPU on an action.
struct ActionTasks {
    /// The task kept inline and its count; nil when no task is kept inline.
    private var first: (task: Int, count: Int)?
    /// Every other task and its count; emptied to no storage at all.
    private var others: [Int: Int] = [:]

    /// Whether `task` runs an action now.
    func contains(_ task: Int) -> Bool {
        first?.task == task || (!others.isEmpty && others[task] != nil)
    }

    /// `task` starts an action.
    mutating func enter(_ task: Int) {
        if let kept = first, kept.task == task {
            first = (task, kept.count + 1)
        } else if !others.isEmpty, others[task] != nil {
            others[task]! += 1
        } else if first == nil {
            first = (task, 1)
        } else {
            others[task] = 1
        }
    }

    /// `task` ends an action it started (``enter(_:)``).
    mutating func leave(_ task: Int) {
        if let kept = first, kept.task == task {
            first = kept.count > 1 ? (task, kept.count - 1) : nil
            return
        }
        guard let count = others[task] else { preconditionFailure("task \(task) left an action it never entered") }
        if count > 1 {
            others[task] = count - 1
        } else if others.count == 1 {
            // A dictionary emptied key by key keeps its room: about 100 bytes in every live session.
            others = [:]
        } else {
            others[task] = nil
        }
    }
}
