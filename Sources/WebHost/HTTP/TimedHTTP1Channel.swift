import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Hummingbird's HTTP/1.1 channel with a ``ConnectionTimer`` around it: a connection is closed when
/// a request takes too long to arrive or when it waits too long between requests.
///
/// Hummingbird 2.28's own `idleTimeout` (`HTTP1Channel.Configuration`) is one bound for both,
/// counted from the last request part read or answer written, and it cannot tell a client that
/// trickles a request head from one that sends nothing: so the timer watches the bytes too.
struct TimedHTTP1Channel: HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let requestTimeout: TimeAmount
    let idleTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let timer = NIOLoopBound(
            ConnectionTimer(channel: channel, requestTimeout: requestTimeout, idleTimeout: idleTimeout),
            eventLoop: channel.eventLoop)
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionTimer.BytesHandler(timer.value), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        let http = HTTP1Channel(
            responder: responder,
            configuration: .init(additionalChannelHandlers: [ConnectionTimer.PartsHandler(timer.value)]))
        return http.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the two bounds of ``TimedHTTP1Channel``.
    static func http1(requestHeadTimeout: Duration, idleTimeout: Duration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            TimedHTTP1Channel(
                responder: responder, requestTimeout: TimeAmount(requestHeadTimeout),
                idleTimeout: TimeAmount(idleTimeout))
        }
    }
}
