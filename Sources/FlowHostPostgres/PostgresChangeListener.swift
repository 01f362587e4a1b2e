import FlowHostApp
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Tells a ``PostgresClickPathStore``'s ``PostgresClickPathStore/changes()`` streams what other
/// processes did to stored sessions, from PostgreSQL's `LISTEN`, while the store runs
/// (``listen()``).
///
/// It listens on a connection of its own, never one of the pool's: a pool closes and replaces its
/// connections when it likes, and a `LISTEN` dies with its connection without a word. When the
/// connection is lost (the server restarted, an administrator ended it) or fails a check (a query
/// every `check` that it must answer in time: a silent server ends no connection) it connects
/// again, with a growing pause up to two seconds, and listens again; the log says so once when it
/// is lost and once when it is back. What was notified in between is not replayed: a process then learns of
/// those changes when it next appends to such a session (the entry index guard); of the comments,
/// its streams hear ``ClickPathChange/comments`` when the listening is back, so that it reads them
/// again.
///
/// Each notification's payload is `ORIGIN DIGEST LENGTH` (an append), `ORIGIN DIGEST -` (a
/// removal) or `ORIGIN comments` (any write to the comments); ORIGIN names the store instance that
/// notified, whose own changes it does not report.
final class PostgresChangeListener: Sendable {
    // MARK: - Stored properties

    /// The channel: one per schema, so that stores in other schemas are not heard.
    let channel: String
    /// This store instance's name in the payloads it sends.
    let origin: String
    private let configuration: PostgresConnection.Configuration
    /// How often the connection is checked: a server that went silent (its host crashed, the
    /// network dropped) ends no connection, and a `LISTEN` on it would hear nothing for good.
    private let check: Duration
    /// How long the check waits for its answer.
    private let patience: Duration
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var streams: [Int: AsyncStream<ClickPathChange>.Continuation] = [:]
        var nextStream = 0
        var readiness = Readiness.waiting([])
        /// The store stopped: a stream asked for now ends at once.
        var finished = false
    }

    /// Whether the first `LISTEN` is in place: what ``ready()`` waits for.
    private enum Readiness {
        /// Not yet; these wait for it.
        case waiting([CheckedContinuation<Void, any Error>])
        /// It was: later losses are the listener's to mend, and no one waits for them.
        case listening
        /// Its connection failed, or the listening ended before it was in place.
        case failed(any Error)
    }

    // MARK: - Initialization

    /// A listener on `channel` with `configuration`, ignoring the payloads of `origin`, that checks
    /// its connection every `check` (a query it must answer within `patience`).
    init(
        channel: String, origin: String, configuration: PostgresConnection.Configuration, check: Duration,
        patience: Duration, logger: Logger
    ) {
        self.channel = channel
        self.origin = origin
        self.configuration = configuration
        self.check = check
        self.patience = patience
        self.logger = logger
    }

    // MARK: - API

    /// Returns once the first `LISTEN` is in place, at once when it was.
    /// - Throws: the first connection's error, or `CancellationError` when the listening ended
    ///   before (the store stopped).
    func ready() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let settled: Result<Void, any Error>? = state.withLock { state in
                switch state.readiness {
                case .waiting(let waiting):
                    state.readiness = .waiting(waiting + [continuation])
                    return nil
                case .listening: return .success(())
                case .failed(let error): return .failure(error)
                }
            }
            if let settled { continuation.resume(with: settled) }
        }
    }

    /// A new stream of the changes other processes make from now on; it ends when the store
    /// stops, at once when it stopped.
    func changes() -> AsyncStream<ClickPathChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: ClickPathChange.self)
        let id: Int? = state.withLock { state in
            guard !state.finished else { return nil }
            state.nextStream += 1
            state.streams[state.nextStream] = continuation
            return state.nextStream
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every stream.
    func finish() {
        let streams = state.withLock { state in
            defer {
                state.streams = [:]
                state.finished = true
            }
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    // MARK: - Listening

    /// Listens until the task is cancelled, connecting again whenever the connection is lost; ends
    /// when the first connection fails (``ready()`` then throws its error).
    func listen() async {
        defer { settle(.failure(CancellationError())) }
        var failures = 0
        var lost = false
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: 0, logger: logger)
                // Closed whatever ends the listening: a connection must be closed before it goes.
                do {
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: channel) { notifications in
                            settle(.success(()))
                            if lost {
                                logger.notice("The store's change notifications are back (LISTEN \(channel))")
                                lost = false
                                // Comments written meanwhile were not heard: read them again.
                                broadcast(.comments)
                            }
                            failures = 0
                            try await hear(notifications, checking: connection)
                        }
                    } onCancel: {
                        connection.close().whenComplete { _ in }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if settle(.failure(error)) { return }
                if !lost && !Task.isCancelled {
                    let reason = PostgresFailure.reason(of: error)
                    logger.warning(
                        """
                        The store's change notifications were lost (\(reason)): listening again when the database \
                        answers; open pages may not move until then
                        """)
                    lost = true
                }
            }
            failures += 1
            try? await Task.sleep(for: .milliseconds(min(2000, 50 << min(failures, 6))))
        }
    }

    /// Delivers `notifications` until they end, or until `connection` does not answer a check
    /// within `patience` (then throws).
    private func hear(_ notifications: PostgresNotificationSequence, checking connection: PostgresConnection)
        async throws
    {
        let (check, patience, logger) = (self.check, self.patience, self.logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                for try await notification in notifications { deliver(notification.payload) }
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: check)
                    let answered = try await Deadline.run(within: patience) {
                        try await connection.query("SELECT 1", logger: logger).collect().count
                    }
                    guard answered != nil else { throw SilentServer(patience: patience) }
                }
            }
            // The first to end ends the other: the notifications ended (the connection closed),
            // or the check failed.
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// The listening connection did not answer its check.
    private struct SilentServer: Error, CustomStringConvertible {
        let patience: Duration
        var description: String { "the listening connection did not answer a check within \(patience)" }
    }

    /// Settles ``ready()`` with `result` when the first `LISTEN` was not settled yet; returns
    /// whether it was still waiting.
    @discardableResult
    private func settle(_ result: Result<Void, any Error>) -> Bool {
        let waiting: [CheckedContinuation<Void, any Error>]? = state.withLock { state in
            guard case .waiting(let waiting) = state.readiness else { return nil }
            switch result {
            case .success: state.readiness = .listening
            case .failure(let error): state.readiness = .failed(error)
            }
            return waiting
        }
        for continuation in waiting ?? [] { continuation.resume(with: result) }
        return waiting != nil
    }

    private func deliver(_ payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count >= 2, parts[0] != origin else { return }
        if parts.count == 2 {
            if parts[1] == Self.commentsPayload { broadcast(.comments) }
            return
        }
        guard parts.count == 3 else { return }
        let kind: ClickPathChange.Kind
        if parts[2] == "-" {
            kind = .removed
        } else if let length = Int(parts[2]) {
            kind = .appended(length: length)
        } else {
            return
        }
        broadcast(ClickPathChange(session: String(parts[1]), kind: kind))
    }

    private func broadcast(_ change: ClickPathChange) {
        for stream in state.withLock({ Array($0.streams.values) }) { stream.yield(change) }
    }

    /// What follows ORIGIN in the payload of a write to the comments (a digest is hexadecimal, so
    /// never this word).
    static let commentsPayload = "comments"
}
