import Dispatch
import FlowHostPostgres
import Synchronization
import Testing

/// The PostgreSQL store's wait for work that may not heed cancellation (a statement on a silent
/// connection): the caller gets its answer at the deadline, not when the work ends.
@Suite("Waiting at most a given time")
struct DeadlineTests {
    private struct Failure: Error, Equatable {}

    /// Whether the work ended, read from the test.
    private final class Ended: Sendable {
        private let value = Mutex(false)
        func mark() { value.withLock { $0 = true } }
        var isMarked: Bool { value.withLock { $0 } }
    }

    @Test("work that ends in time gives its value, or its error")
    func inTime() async throws {
        #expect(try await Deadline.run(within: .seconds(10)) { 42 } == 42)
        await #expect(throws: Failure()) {
            try await Deadline.run(within: .seconds(10)) { () throws -> Int in throw Failure() }
        }
    }

    @Test("work that ignores cancellation and outlasts the deadline: nil at once, the work ends later by itself")
    func outlasted() async throws {
        let ended = Ended()
        let result = try await Deadline.run(within: .milliseconds(100)) { () -> Int in
            // A wait that cancelling its task does not end, as a statement in flight does not.
            await withCheckedContinuation { continuation in
                DispatchQueue.global().asyncAfter(deadline: .now() + 3) {
                    ended.mark()
                    continuation.resume()
                }
            }
            return 1
        }

        #expect(result == nil)
        #expect(!ended.isMarked, "the answer did not wait for the work")
    }

    @Test("a caller that is cancelled gets CancellationError")
    func cancelled() async throws {
        let waiting = Task {
            try await Deadline.run(within: .seconds(60)) { () -> Int in
                try await Task.sleep(for: .seconds(60))
                return 1
            }
        }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
