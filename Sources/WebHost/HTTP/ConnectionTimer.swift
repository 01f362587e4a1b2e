import NIOCore
import NIOHTTPTypes

/// Closes one connection when its ``ConnectionDeadlines`` pass. Two handlers feed it: one first in
/// the pipeline that sees bytes arrive (a request has begun, though its head is not whole), one
/// after the HTTP decoder that sees requests' heads and ends and answers' ends. Lives on the
/// connection's event loop.
final class ConnectionTimer {
    private var deadlines: ConnectionDeadlines
    private let channel: any Channel
    private var scheduled: (deadline: NIODeadline, task: Scheduled<Void>)?
    private var isStopped = false

    /// A timer for `channel`, opened now: its first request is expected within the request timeout.
    init(channel: any Channel, requestTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.channel = channel
        deadlines = ConnectionDeadlines(requestTimeout: requestTimeout, idleTimeout: idleTimeout, openedAt: .now())
        reschedule()
    }

    /// Applies an event, then moves the close to the new deadline.
    func update(_ event: (inout ConnectionDeadlines, NIODeadline) -> Void) {
        event(&deadlines, .now())
        reschedule()
    }

    /// The connection closed: nothing more to do.
    func stop() {
        isStopped = true
        cancel()
    }

    private func cancel() {
        scheduled?.task.cancel()
        scheduled = nil
    }

    private func reschedule() {
        let deadline = deadlines.deadline
        guard !isStopped, deadline != scheduled?.deadline else { return }
        cancel()
        guard let deadline else { return }
        let task = channel.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) { [self] in
            scheduled = nil
            channel.close(promise: nil)
        }
        scheduled = (deadline, task)
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
