/// The newest entries of a coordinator tree's log, bounded so that a long session does not grow:
/// a ring of at most `capacity` entries (the oldest is overwritten), whose storage grows only as
/// entries come, two at a time while it is small and then by a quarter rather than doubling: a
/// signed-in session of the sample keeps 9 entries of 72 bytes in room for 10 (doubling would
/// make room for 16) in every live session. The entries are numbered from `count`: the kept
/// ones are the last of them.
struct NavigationLogBuffer {
    private(set) var capacity: Int
    private var storage: [LoggedStep] = []
    /// Where the oldest entry is, once the ring is full.
    private var start = 0
    /// How many entries were ever appended: the newest entry's sequence number.
    private(set) var count = 0

    init(capacity: Int) {
        precondition(capacity > 0, "The navigation log needs room for at least one entry")
        self.capacity = capacity
    }

    /// Appends an entry numbered after the last one, overwriting the oldest when full; O(1)
    /// (a reallocation of the small storage every other entry at first, then every quarter).
    mutating func append(
        step: any Step, origin: StepOrigin, flow: Any.Type?, outcome: NavigationOutcome
    ) -> NavigationLogEntry {
        count += 1
        let logged = LoggedStep(step: step, origin: origin, flow: flow, outcome: outcome)
        if storage.count < capacity {
            if storage.count == storage.capacity {
                storage.reserveCapacity(min(capacity, storage.count + max(2, storage.count / 4)))
            }
            storage.append(logged)
        } else {
            storage[start] = logged
            start = (start + 1) % capacity
        }
        return NavigationLogEntry(sequence: count, logged: logged)
    }

    /// The newest entries, oldest first, at most `capacity`.
    var entries: [NavigationLogEntry] {
        let first = count - storage.count + 1
        var entries: [NavigationLogEntry] = []
        entries.reserveCapacity(storage.count)
        for offset in storage.indices {
            let logged = storage[(start + offset) % storage.count]
            entries.append(NavigationLogEntry(sequence: first + offset, logged: logged))
        }
        return entries
    }

    /// Keeps at most `capacity` entries from now on: the newest, when there are more.
    mutating func bound(to capacity: Int) {
        precondition(capacity > 0, "The navigation log needs room for at least one entry")
        storage = Array((storage[start...] + storage[..<start]).suffix(capacity))
        start = 0
        self.capacity = capacity
    }
}
