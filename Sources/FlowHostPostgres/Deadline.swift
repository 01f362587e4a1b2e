import Synchronization

/// Waits at most a given time for work that may not heed cancellation: a statement in flight on a
/// connection whose server went silent (a host that crashed, a network that dropped) is answered
/// only when TCP gives up, minutes later, and postgres-nio's queries do not end when their task is
/// cancelled. A task group would wait for such a child; this returns at the deadline, cancels the
/// work, and leaves it to end by itself (it holds its pool connection until then, so a pool full
/// of stuck work makes the next calls wait for a connection, and time out the same way).
package enum Deadline {
    /// The value of `body`, or nil when it has not ended within `patience`; its error when it
    /// fails in time.
    /// - Throws: `CancellationError` when the calling task is cancelled first.
    package static func run<Value: Sendable>(
        within patience: Duration, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value? {
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation, patience: patience, body: body)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The work, the timer and the caller's cancellation: the first to finish answers the caller
    /// and cancels the others.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value?, any Error>?
            var tasks: [Task<Void, Never>] = []
            var finished = false
        }

        private let state = Mutex(State())

        func start(
            _ continuation: CheckedContinuation<Value?, any Error>, patience: Duration,
            body: @escaping @Sendable () async throws -> Value
        ) {
            let cancelledAlready = state.withLock { state in
                if !state.finished { state.continuation = continuation }
                return state.finished
            }
            guard !cancelledAlready else {
                continuation.resume(throwing: CancellationError())
                return
            }
            let work = Task {
                do {
                    finish(.success(try await body()))
                } catch {
                    finish(.failure(error))
                }
            }
            let timer = Task {
                try? await Task.sleep(for: patience)
                if !Task.isCancelled { finish(.success(nil)) }
            }
            let finishedAlready = state.withLock { state in
                if !state.finished { state.tasks = [work, timer] }
                return state.finished
            }
            if finishedAlready {
                work.cancel()
                timer.cancel()
            }
        }

        func finish(_ result: Result<Value?, any Error>) {
            let (continuation, tasks) = state.withLock { state in
                defer {
                    state.continuation = nil
                    state.tasks = []
                    state.finished = true
                }
                return (state.continuation, state.tasks)
            }
            continuation?.resume(with: result)
            for task in tasks { task.cancel() }
        }
    }
}
