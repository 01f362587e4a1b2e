import Logging
import Synchronization

/// Logs that a limit was hit at most once per interval, with how many times it was hit since
/// the last line: a flood of refused requests makes one line a minute, not one per request.
final class LimitNotice: Sendable {
    private struct State {
        var lastLogged: ContinuousClock.Instant?
        var hits = 0
    }

    private let message: String
    private let interval: Duration
    private let state = Mutex(State())

    /// A notice that logs `message` (followed by the count) at most once per `interval`.
    init(_ message: String, interval: Duration) {
        self.message = message
        self.interval = interval
    }

    /// Counts one hit; logs at info when the last line is older than the interval.
    func hit(_ logger: Logger, now: ContinuousClock.Instant = .now) {
        let hits = state.withLock { state -> Int? in
            state.hits += 1
            if let last = state.lastLogged, now - last < interval { return nil }
            defer { state.hits = 0 }
            state.lastLogged = now
            return state.hits
        }
        if let hits { logger.info("\(message) (\(hits) time\(hits == 1 ? "" : "s") since the last notice)") }
    }
}
