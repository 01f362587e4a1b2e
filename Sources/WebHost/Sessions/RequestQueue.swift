import NIOCore
import Synchronization

/// Runs one session's requests one at a time, in arrival order (a FIFO async lock). Different
/// sessions have different queues and run concurrently.
///
/// A request waiting its turn is dropped, throwing `CancellationError` and running nothing, when its
/// task is cancelled (the server stops) or its client goes away (`clientGone` completes: the
/// connection closed). One whose turn came runs to the end, so a session is never left halfway.
final class RequestQueue: Sendable {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var isBusy = false
        var waiting: [Waiter] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Runs `body` once every request queued before it has finished.
    ///
    /// - Throws: `CancellationError` when the request was dropped while it waited; what `body` throws.
    func run<Result: Sendable>(
        clientGone: EventLoopFuture<Void>? = nil, _ body: () async throws -> Result
    ) async throws -> Result {
        try await acquire(clientGone: clientGone)
        defer { release() }
        return try await body()
    }

    /// How many requests wait their turn.
    var waitingCount: Int { state.withLock(\.waiting.count) }

    /// Whether a request is running.
    var isBusy: Bool { state.withLock(\.isBusy) }

    private func acquire(clientGone: EventLoopFuture<Void>?) async throws {
        let id = state.withLock { state -> Int? in
            guard state.isBusy else {
                state.isBusy = true
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // The continuation is stored before anyone can resume it: resumption happens in
                // `release` or `drop`, under the same lock. Ownership passes straight to this waiter.
                let resumeNow = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    guard state.isBusy else {
                        state.isBusy = true
                        return true
                    }
                    state.waiting.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                switch resumeNow {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: clientGone?.whenComplete { [weak self] _ in self?.drop(id) }
                }
            }
        } onCancel: {
            drop(id)
        }
    }

    /// Takes the waiter `id` out of the line, if it still waits, and tells it it was dropped.
    private func drop(_ id: Int) {
        let dropped = state.withLock { state -> Waiter? in
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiting.remove(at: index)
        }
        dropped?.continuation.resume(throwing: CancellationError())
    }

    private func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiting.isEmpty else {
                state.isBusy = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume()
    }
}
