/// The newest entries of a coordinator tree's log, bounded so that a long session does not grow:
/// a ring of at most `capacity` entries (the oldest is overwritten), whose storage grows only as
/// entries come, by a quarter at a time (at least four entries) rather than doubling: a signed-in
/// session of the sample keeps 9 entries of 120 bytes in room for 12, not 16, in every live session.
struct NavigationLogBuffer {
    private(set) var capacity: Int
    private var storage: [NavigationLogEntry] = []
    /// Where the oldest entry is, once the ring is full.
    private var start = 0
    private(set) var count = 0

    init(capacity: Int) {
        precondition(capacity > 0, "The navigation log needs room for at least one entry")
        self.capacity = capacity
    }

    /// Appends an entry numbered after the last one, overwriting the oldest when full; O(1).
    mutating func append(
        step: any Step, origin: StepOrigin, flow: Any.Type?, outcome: NavigationOutcome
    ) -> NavigationLogEntry {
        count += 1
        let entry = NavigationLogEntry(sequence: count, step: step, origin: origin, flow: flow, outcome: outcome)
        if storage.count < capacity {
            if storage.count == storage.capacity {
                storage.reserveCapacity(min(capacity, storage.count + max(4, storage.count / 4)))
            }
            storage.append(entry)
        } else {
            storage[start] = entry
            start = (start + 1) % capacity
        }
        return entry
    }

    /// The newest entries, oldest first, at most `capacity`.
    var entries: [NavigationLogEntry] { Array(storage[start...] + storage[..<start]) }

    /// Keeps at most `capacity` entries from now on: the newest, when there are more.
    mutating func bound(to capacity: Int) {
        precondition(capacity > 0, "The navigation log needs room for at least one entry")
        storage = Array(entries.suffix(capacity))
        start = 0
        self.capacity = capacity
    }
}
