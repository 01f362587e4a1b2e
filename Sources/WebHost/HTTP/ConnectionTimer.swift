import NIOCore
import NIOHTTPTypes

/// Closes one connection when its ``ConnectionDeadlines`` pass. Two handlers feed it: one first in
/// the pipeline that sees bytes arrive (a request has begun, though its head is not whole), one
/// after the HTTP decoder that sees requests' heads and ends and answers' ends. Lives on the
/// connection's event loop.
///
/// The close is scheduled lazily: every request moves the deadline (four events a request), and
/// scheduling and cancelling an event-loop task for each cost a page GET about 5 % of its CPU.
/// So a later deadline leaves the scheduled check where it is; when the check runs, it closes the
/// connection if the deadline passed, else schedules itself for the deadline as it is now. Only an
/// earlier deadline than the scheduled check moves it.
final class ConnectionTimer {
    private var deadlines: ConnectionDeadlines
    private let channel: any Channel
    private var scheduled: (deadline: NIODeadline, task: Scheduled<Void>)?
    private var isStopped = false

    /// A timer for `channel`, opened now: its first request is expected within the request timeout.
    init(channel: any Channel, requestTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.channel = channel
        deadlines = ConnectionDeadlines(requestTimeout: requestTimeout, idleTimeout: idleTimeout, openedAt: .now())
        scheduleCheck()
    }

    /// Applies an event; the close follows the new deadline.
    func update(_ event: (inout ConnectionDeadlines, NIODeadline) -> Void) {
        event(&deadlines, .now())
        scheduleCheck()
    }

    /// The connection closed: nothing more to do.
    func stop() {
        isStopped = true
        scheduled?.task.cancel()
        scheduled = nil
    }

    /// Makes sure a check runs by the deadline: one scheduled at or before it stays.
    private func scheduleCheck() {
        guard !isStopped, let deadline = deadlines.deadline else { return }
        if let scheduled {
            guard deadline < scheduled.deadline else { return }
            scheduled.task.cancel()
        }
        let task = channel.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) { [self] in
            scheduled = nil
            check()
        }
        scheduled = (deadline, task)
    }

    /// The scheduled check: closes the connection when its deadline passed, else waits for it.
    private func check() {
        guard !isStopped, let deadline = deadlines.deadline else { return }
        if deadline <= .now() {
            channel.close(promise: nil)
        } else {
            scheduleCheck()
        }
    }
}

extension ConnectionTimer {
    /// First in the pipeline: bytes arriving begin a request.
    final class BytesHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer

        private let timer: ConnectionTimer

        init(_ timer: ConnectionTimer) {
            self.timer = timer
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            timer.update { $0.bytesArrived(at: $1) }
            context.fireChannelRead(data)
        }

        func channelInactive(context: ChannelHandlerContext) {
            timer.stop()
            context.fireChannelInactive()
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            timer.stop()
        }
    }

    /// After the HTTP decoder: requests' heads and ends in, answers' ends out.
    final class PartsHandler: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart
        typealias OutboundIn = HTTPResponsePart
        typealias OutboundOut = HTTPResponsePart

        private let timer: ConnectionTimer

        init(_ timer: ConnectionTimer) {
            self.timer = timer
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head: timer.update { $0.headRead(at: $1) }
            case .body: break
            case .end: timer.update { $0.requestEnded(at: $1) }
            }
            context.fireChannelRead(data)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if case .end = unwrapOutboundIn(data) { timer.update { $0.answered(at: $1) } }
            context.write(data, promise: promise)
        }
    }
}
