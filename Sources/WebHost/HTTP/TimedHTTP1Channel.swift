import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Hummingbird's HTTP/1.1 channel with a ``ConnectionTimer`` around it: a connection is closed when
/// a request takes too long to arrive or when it waits too long between requests.
///
/// Hummingbird 2.28's own `idleTimeout` (`HTTP1Channel.Configuration`) is one bound for both,
/// counted from the last request part read or answer written, and it cannot tell a client that
/// trickles a request head from one that sends nothing: so the timer watches the bytes too. The
/// pipeline is Hummingbird's, with ``HTTP1ServerCodec`` for NIOHTTPTypes' codec.
struct TimedHTTP1Channel: HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let requestTimeout: TimeAmount
    let idleTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let timer = NIOLoopBound(
                ConnectionTimer(channel: channel, requestTimeout: requestTimeout, idleTimeout: idleTimeout),
                eventLoop: channel.eventLoop)
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(ConnectionTimer.BytesHandler(timer.value), position: .first)
            // Hummingbird 2.28's `HTTP1Channel.setup` with its default configuration, but for the
            // codec (``HTTP1ServerCodec``) and the timer's handler.
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = Self.decoderLimits.maxHeaderFieldSize
            limits.maxHeaderListSize = Self.decoderLimits.maxHeaderListSize
            limits.maxHeaderFieldCount = Self.decoderLimits.maxHeaderFieldCount
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false,  // NIOAsyncChannel takes one request at a time
                withErrorHandling: false,  // HTTPChannelHandler answers a parse error
                withOutboundHeaderValidation: false,  // HTTPTypes checked the fields when they were made
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: limits)
            try pipeline.addHandler(HTTP1ServerCodec())
            try pipeline.addHandler(ConnectionTimer.PartsHandler(timer.value))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    /// Hummingbird's default bounds of a request head.
    private static let decoderLimits = HTTP1Channel.Configuration.DecoderConfiguration()

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
