import Synchronization

/// Runs one session's requests one at a time, in arrival order (a FIFO async lock). Different
/// sessions have different queues and run concurrently.
final class RequestQueue: Sendable {
    private struct State {
        var isBusy = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var head = 0
    }

    private let state = Mutex(State())

    /// Runs `body` once every request queued before it has finished.
    func run<Result: Sendable>(_ body: () async throws -> Result) async rethrows -> Result {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        let acquired = state.withLock { state in
            guard state.isBusy else {
                state.isBusy = true
                return true
            }
            return false
        }
        guard !acquired else { return }
        await withCheckedContinuation { continuation in
            // The continuation is stored before anyone can resume it: resumption happens in
            // `release`, under the same lock. Ownership passes straight to this waiter.
            let resumeNow = state.withLock { state in
                guard state.isBusy else {
                    state.isBusy = true
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.head < state.waiting.count else {
                state.isBusy = false
                state.waiting.removeAll(keepingCapacity: false)
                state.head = 0
                return nil
            }
            let next = state.waiting[state.head]
            state.head += 1
            return next
        }
        next?.resume()
    }
}
