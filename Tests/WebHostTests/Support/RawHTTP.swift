import Foundation
import NIOCore
import NIOPosix

/// Bytes over a real socket, for what HTTP clients will not send (a `Host` of the test's choosing,
/// two of them, half a request head) and to see when the server closes the connection.
struct RawHTTP {
    /// A response as read off the socket.
    struct Response {
        let status: Int
        let head: String
        let body: String

        /// The first value of header `name` (case-insensitive).
        func header(_ name: String) -> String? {
            head.split(separator: "\r\n").dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// What the server did with a connection: everything it sent, and whether and when it closed.
    struct Outcome {
        let received: String
        /// From the connect to the close; nil when still open at the limit.
        let closedAfter: Duration?
        /// From the connect to the client's last piece: on a busy machine the pauses
        /// between pieces run late, and a close due after the last request moves with them.
        let lastSentAfter: Duration
    }

    let port: Int

    /// Sends one request (it should say `Connection: close`) and reads the whole answer. The limit
    /// is only for a server that never closes: a busy machine's answer may take many seconds.
    func send(_ request: String) async throws -> Response {
        let outcome = try await hold([request], pause: .zero, limit: .seconds(30))
        let text = outcome.received
        let parts = text.split(separator: "\r\n\r\n", maxSplits: 1, omittingEmptySubsequences: false)
        let head = String(parts.first ?? "")
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return Response(status: status, head: head, body: parts.count == 2 ? String(parts[1]) : "")
    }

    /// Sends `pieces` one after the other, `pause` apart (stopping if the server closes), then reads
    /// until the server closes the connection or `limit` (from the first byte) passes.
    func hold(_ pieces: [String], pause: Duration, limit: Duration) async throws -> Outcome {
        // The server's request timeout starts when it accepts the connection, so the clock starts
        // before the connect: on a busy machine the first byte can go out well after it.
        let connecting = ContinuousClock.now
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            let sent = connecting
            // At the limit the test hangs up itself, which ends the reading below.
            let hangUp = Task { [channel = channel.channel] in
                try await Task.sleep(until: sent + limit)
                try await channel.close()
            }
            var lastSent = sent
            do {
                for (index, piece) in pieces.enumerated() {
                    if index > 0 { try await Task.sleep(for: pause) }
                    lastSent = ContinuousClock.now
                    try await outbound.write(ByteBuffer(string: piece))
                }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // The server closed while the client was still sending.
            }
            defer { hangUp.cancel() }
            var received = ""
            do {
                for try await chunk in inbound { received += String(buffer: chunk) }
            } catch {
                // A reset is a close too.
            }
            let elapsed = ContinuousClock.now - sent
            return Outcome(
                received: received, closedAfter: elapsed < limit ? elapsed : nil, lastSentAfter: lastSent - sent)
        }
    }
}
