/// The newest entries of a coordinator tree's log, bounded so that a long session does not grow.
struct NavigationLogBuffer {
    let capacity: Int
    private var storage: [NavigationLogEntry] = []
    private(set) var count = 0

    init(capacity: Int) {
        precondition(capacity > 0, "The navigation log needs room for at least one entry")
        self.capacity = capacity
    }

    /// Appends an entry numbered after the last one; amortised O(1).
    mutating func append(
        step: any Step, origin: StepOrigin, flow: Any.Type?, outcome: NavigationOutcome
    ) -> NavigationLogEntry {
        count += 1
        let entry = NavigationLogEntry(sequence: count, step: step, origin: origin, flow: flow, outcome: outcome)
        if storage.count >= 2 * capacity {
            storage.removeFirst(storage.count - capacity + 1)
        }
        storage.append(entry)
        return entry
    }

    /// The newest entries, oldest first, at most `capacity`.
    var entries: ArraySlice<NavigationLogEntry> { storage.suffix(capacity) }
}
