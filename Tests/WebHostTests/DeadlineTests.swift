import FlowHostPostgres
import Synchronization
import Testing

/// The PostgreSQL store's wait for work that may not heed cancellation (a statement on a silent
/// connection): the caller gets its answer at the deadline, not when the work ends.
@Suite("Waiting at most a given time")
struct DeadlineTests {
    private struct Failure: Error, Equatable {}

    /// Work that waits until the test lets it end, and says whether it did; cancelling its task
    /// does not end the wait, as it does not end a statement in flight.
    private final class HeldWork: Sendable {
        private let state = Mutex<(released: Bool, ended: Bool, waiter: CheckedContinuation<Void, Never>?)>(
            (false, false, nil))

        /// Waits until ``release()``, then marks the work ended.
        func run() async {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if state.released { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            state.withLock { $0.ended = true }
        }

        func release() {
            let waiter = state.withLock { state in
                state.released = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }

        var hasEnded: Bool { state.withLock { $0.ended } }
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
        let work = HeldWork()
        // The work ends only when the test lets it: the answer came while it still ran, however
        // late a busy machine runs either.
        let result = try await Deadline.run(within: .milliseconds(100)) { () -> Int in
            await work.run()
            return 1
        }

        #expect(result == nil)
        #expect(!work.hasEnded, "the answer did not wait for the work")
        work.release()
        while !work.hasEnded { try await Task.sleep(for: .milliseconds(10)) }
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
