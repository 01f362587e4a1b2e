import Synchronization

/// The server-wide bound on open live-move streams. A stream holds a ``Slot`` for as long as its
/// response body lives; the slot gives its place back when released, so a stream that ends any
/// way at all (finished, cancelled, never written) frees it.
final class EventStreamSlots: Sendable {
    /// One open stream's place.
    final class Slot: Sendable {
        private let slots: EventStreamSlots

        fileprivate init(_ slots: EventStreamSlots) {
            self.slots = slots
        }

        deinit {
            slots.open.subtract(1, ordering: .relaxed)
        }
    }

    /// The most streams open at once.
    let limit: Int
    private let open = Atomic(0)
    private let refused = Atomic(0)

    init(limit: Int) {
        precondition(limit > 0, "maxEventStreams must be at least 1")
        self.limit = limit
    }

    /// A place for one more stream, or nil when `limit` are open.
    func reserve() -> Slot? {
        let count = open.add(1, ordering: .relaxed).newValue
        guard count <= limit else {
            open.subtract(1, ordering: .relaxed)
            refused.add(1, ordering: .relaxed)
            return nil
        }
        return Slot(self)
    }

    /// How many streams are open.
    var openCount: Int { open.load(ordering: .relaxed) }

    /// How many streams were refused so far.
    var refusedCount: Int { refused.load(ordering: .relaxed) }
}
