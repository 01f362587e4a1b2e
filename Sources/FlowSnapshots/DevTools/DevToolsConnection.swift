import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection to Chromium's DevTools protocol over `--remote-debugging-pipe`: JSON messages,
/// each ended by a NUL byte, on one socket whose other end Chromium holds as its descriptors 3
/// (commands in) and 4 (replies and events out). Commands to every tab go through it, each tab's
/// with the `sessionId` of its flattened session; replies are matched by `id`.
///
/// A thread of its own reads (a blocking read, woken when Chromium closes its end: it exited or
/// crashed). Then every command and wait still open fails with ``DevToolsError/closed(reason:)``.
final class DevToolsConnection: Sendable {
    /// A wait for an event, registered before the command that causes it (so that it cannot be
    /// missed), then awaited with ``DevToolsConnection/wait(for:timeout:)``.
    struct Expectation: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct State {
        var nextID = 1
        var replies: [Int: Pending] = [:]
        var expectations: [Int: Expected] = [:]
        var closed: DevToolsError?
        /// Tabs whose renderer crashed or that were detached: what is sent to them fails at once.
        var gone: [String: DevToolsError] = [:]

        /// Settles the unsettled expectations that `matches` with `outcome`: one already awaited is
        /// removed and its waiter returned (to resume outside the lock), another keeps the outcome
        /// for its wait.
        mutating func settle(
            _ outcome: Result<Data, DevToolsError>, where matches: (Expected) -> Bool
        ) -> [CheckedContinuation<Data, any Error>] {
            var waiters: [CheckedContinuation<Data, any Error>] = []
            for (id, var expected) in expectations where expected.outcome == nil && matches(expected) {
                if let waiter = expected.waiter {
                    waiters.append(waiter)
                    expectations[id] = nil
                } else {
                    expected.outcome = outcome
                    expectations[id] = expected
                }
            }
            return waiters
        }
    }

    private struct Pending {
        let method: String
        let session: String?
        let continuation: CheckedContinuation<Data, any Error>
    }

    private struct Expected {
        let method: String
        let session: String?
        var outcome: Result<Data, DevToolsError>?
        var waiter: CheckedContinuation<Data, any Error>?
    }

    private let socket: Int32
    private let state = Mutex(State())

    /// A connection over `socket` (this process's end of the pair), read from now on.
    init(socket: Int32) {
        self.socket = socket
        Thread.detachNewThread { [self] in readUntilClosed() }
    }

    deinit {
        close(socket)
    }

    // MARK: Commands

    /// Sends `method` with `params` (to the tab of `session`, or to the browser) and decodes its
    /// reply's `result` as `Reply`.
    ///
    /// - Throws: ``DevToolsError`` when Chromium refuses it, does not answer within `timeout`, or
    ///   goes away; `CancellationError` when the task is cancelled.
    func send<Reply: Decodable>(
        _ method: String, _ params: some Encodable & Sendable = Empty(), session: String? = nil,
        timeout: Duration = .seconds(30), as reply: Reply.Type = Empty.self
    ) async throws -> Reply {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let message: Data
        do {
            message = try JSONEncoder().encode(Command(id: id, method: method, params: params, sessionId: session))
        } catch {
            throw DevToolsError.unreadable(method: method, reason: "\(error)")
        }
        let data = try await withDeadline(timeout, what: method, expire: { self.expireReply(id, $0) }) {
            try await withCheckedThrowingContinuation { continuation in
                let refused = state.withLock { state -> DevToolsError? in
                    if let closed = state.closed { return closed }
                    if let session, let gone = state.gone[session] { return gone }
                    state.replies[id] = Pending(method: method, session: session, continuation: continuation)
                    return nil
                }
                if let refused { return continuation.resume(throwing: refused) }
                if let failure = write(message) { expireReply(id, failure) }
            }
        }
        do {
            return try JSONDecoder().decode(Answer<Reply>.self, from: data).result
        } catch {
            throw DevToolsError.unreadable(method: method, reason: "\(error)")
        }
    }

    // MARK: Events

    /// Starts waiting for the event `method` of `session`'s tab (nil: the browser's).
    func expect(_ method: String, session: String?) -> Expectation {
        state.withLock { state in
            defer { state.nextID += 1 }
            var expected = Expected(method: method, session: session)
            if let closed = state.closed ?? session.flatMap({ state.gone[$0] }) { expected.outcome = .failure(closed) }
            state.expectations[state.nextID] = expected
            return Expectation(id: state.nextID)
        }
    }

    /// The parameters of the event `expectation` waits for, once it has come.
    ///
    /// - Throws: ``DevToolsError/timedOut(what:seconds:)`` when it does not come within `timeout`
    ///   (named `what`); ``DevToolsError/tabGone(reason:)`` when its tab crashed or closed;
    ///   ``DevToolsError/closed(reason:)`` when Chromium went away.
    func wait(for expectation: Expectation, timeout: Duration, what: String) async throws -> Data {
        try await withDeadline(timeout, what: what, expire: { self.expire(expectation, $0) }) {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = state.withLock { state -> Result<Data, DevToolsError>? in
                    guard var expected = state.expectations[expectation.id] else {
                        return .failure(.timedOut(what: what, seconds: 0))
                    }
                    if let outcome = expected.outcome {
                        state.expectations[expectation.id] = nil
                        return outcome
                    }
                    expected.waiter = continuation
                    state.expectations[expectation.id] = expected
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        }
    }

    /// Stops waiting for `expectation` (its command failed: the event will not matter).
    func cancel(_ expectation: Expectation) {
        expire(expectation, .tabGone(reason: "no longer awaited"))
    }

    // MARK: Closing

    /// Ends the connection from this side: everything open fails, and Chromium, whose pipe closes,
    /// exits.
    func shutDown() {
        _ = shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Whether Chromium's end has closed.
    var isClosed: Bool { state.withLock { $0.closed != nil } }

    // MARK: Reading

    private func readUntilClosed() {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        var reason = "Chromium closed the pipe"
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { reason = String(cString: strerror(errno)) }
            guard count > 0 else { break }
            var start = buffer.count
            buffer.append(contentsOf: chunk[0..<count])
            var consumed = 0
            while let end = buffer[start...].firstIndex(of: 0) {
                dispatch(Data(buffer[consumed..<end]))
                consumed = end + 1
                start = consumed
            }
            if consumed > 0 { buffer.removeFirst(consumed) }
        }
        closeAll(.closed(reason: reason))
    }

    private func dispatch(_ message: Data) {
        // A successful reply (a screenshot's is hundreds of KB) goes to its caller unparsed here:
        // the caller decodes it once.
        if let id = Self.successfulReplyID(message) {
            state.withLock { $0.replies.removeValue(forKey: id) }?.continuation.resume(returning: message)
            return
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: message) else { return }
        if let id = header.id {
            guard let pending = state.withLock({ $0.replies.removeValue(forKey: id) }) else { return }
            if let error = header.error {
                pending.continuation.resume(
                    throwing: DevToolsError.command(method: pending.method, message: error.message))
            } else {
                pending.continuation.resume(returning: message)
            }
            return
        }
        guard let method = header.method else { return }
        switch method {
        case "Inspector.targetCrashed":
            failSession(header.sessionId, .tabGone(reason: "its renderer crashed"))
        case "Target.detachedFromTarget":
            let detached = try? JSONDecoder().decode(Event<Detached>.self, from: message).params.sessionId
            failSession(detached, .tabGone(reason: "it was detached"))
        default:
            let waiters = state.withLock { state in
                state.settle(.success(message)) { $0.method == method && $0.session == header.sessionId }
            }
            for waiter in waiters { waiter.resume(returning: message) }
        }
    }

    /// The `id` of a message that starts `{"id":<digits>,"result":`, as Chromium writes every
    /// successful reply; nil for anything else (an error, an event), which is parsed whole.
    static func successfulReplyID(_ message: Data) -> Int? {
        let prefix = Array(#"{"id":"#.utf8)
        guard message.starts(with: prefix) else { return nil }
        var id = 0
        var index = message.startIndex + prefix.count
        while index < message.endIndex, id < 100_000_000, case let digit = Int(message[index]) - 48,
            (0...9).contains(digit)
        {
            id = id * 10 + digit
            index += 1
        }
        let result = Array(#","result":"#.utf8)
        guard index > message.startIndex + prefix.count, message[index...].starts(with: result) else { return nil }
        return id
    }

    private func failSession(_ session: String?, _ error: DevToolsError) {
        guard let session else { return }
        let (replies, waiters) = state.withLock { state in
            state.gone[session] = error
            let replies = state.replies.filter { $0.value.session == session }
            for id in replies.keys { state.replies[id] = nil }
            let waiters = state.settle(.failure(error)) { $0.session == session }
            return (replies.values.map(\.continuation), waiters)
        }
        for continuation in replies + waiters { continuation.resume(throwing: error) }
    }

    private func closeAll(_ error: DevToolsError) {
        let continuations = state.withLock { state in
            state.closed = error
            let continuations = state.replies.values.map(\.continuation)
            state.replies = [:]
            return continuations + state.settle(.failure(error)) { _ in true }
        }
        for continuation in continuations { continuation.resume(throwing: error) }
    }

    // MARK: Writing

    /// Writes `message` and its NUL; returns why not, if it could not.
    private func write(_ message: Data) -> DevToolsError? {
        var bytes = [UInt8](message)
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { sendWithoutSignal(socket, $0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return .closed(reason: String(cString: strerror(errno))) }
            offset += count
        }
        return nil
    }

    // MARK: Deadlines

    private func expireReply(_ id: Int, _ error: DevToolsError) {
        state.withLock { $0.replies.removeValue(forKey: id) }?.continuation.resume(throwing: error)
    }

    private func expire(_ expectation: Expectation, _ error: DevToolsError) {
        state.withLock { $0.expectations.removeValue(forKey: expectation.id) }?.waiter?.resume(throwing: error)
    }

    /// Runs `operation`, and calls `expire` with a timeout when it has not finished after
    /// `timeout` (or with the cancellation when the task is cancelled): `expire` resumes what
    /// `operation` waits on.
    private func withDeadline(
        _ timeout: Duration, what: String, expire: @escaping @Sendable (DevToolsError) -> Void,
        _ operation: () async throws -> Data
    ) async throws -> Data {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let timer = Task {
            try await Task.sleep(for: timeout)
            expire(.timedOut(what: what, seconds: seconds))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await operation()
        } onCancel: {
            expire(.timedOut(what: what + " (cancelled)", seconds: 0))
        }
    }
}

extension DevToolsConnection {
    /// No parameters, or a result that is not read.
    struct Empty: Codable, Sendable {}

    private struct Command<Params: Encodable>: Encodable {
        let id: Int
        let method: String
        let params: Params
        let sessionId: String?
    }

    private struct Header: Decodable {
        struct Failure: Decodable {
            let message: String
        }
        let id: Int?
        let method: String?
        let sessionId: String?
        let error: Failure?
    }

    private struct Answer<Result: Decodable>: Decodable {
        let result: Result
    }

    /// An event as it comes: its parameters.
    struct Event<Params: Decodable>: Decodable {
        let params: Params
    }

    private struct Detached: Decodable {
        let sessionId: String
    }
}

/// Sends `bytes` on `socket`; a write after Chromium died fails with EPIPE instead of raising SIGPIPE,
/// which would end this process.
private func sendWithoutSignal(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
        send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
        send(socket, bytes.baseAddress, bytes.count, 0)
    #endif
}
