import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// NIOHTTPTypes' `HTTP1ToHTTPServerCodec` (swift-nio-extras 1.35), giving the same requests for
/// less work on the event loop: turns NIOHTTP1's parts into HTTPTypes' and back.
///
/// Its request conversion (`HTTPRequest(_:secure:splitCookie:)`) parses every target with
/// Foundation's `URLComponents` to find an absolute form's path, and lowercases each field's name
/// until it meets `Host`: 2 % of the server's CPU on a click's round trip. A target that starts
/// with `/` (the origin form every browser sends) has no scheme, so that conversion keeps it as it
/// is: here it is kept without the parse. Any other target (absolute form, `*`) still goes through
/// the library's conversion. Answers are converted as the library converts them.
final class HTTP1ServerCodec: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            do {
                context.fireChannelRead(wrapInboundOut(.head(try Self.request(head))))
            } catch {
                context.fireErrorCaught(error)
            }
        case .body(let body):
            context.fireChannelRead(wrapInboundOut(.body(body)))
        case .end(let trailers):
            context.fireChannelRead(wrapInboundOut(.end(trailers.map { HTTPFields($0, splitCookie: false) })))
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            context.write(wrapOutboundOut(.head(HTTPResponseHead(response))), promise: promise)
        case .body(let body):
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: promise)
        case .end(let trailers):
            context.write(wrapOutboundOut(.end(trailers.map(HTTPHeaders.init))), promise: promise)
        }
    }

    /// The request `head` is, as `HTTPRequest(head, secure: false, splitCookie: false)` makes it:
    /// the first `Host` field (any case) becomes the authority and leaves the fields, a field whose
    /// name is no token is dropped, the other fields keep their order, names and values.
    static func request(_ head: HTTPRequestHead) throws -> HTTPRequest {
        guard head.uri.utf8.first == UInt8(ascii: "/") else {
            return try HTTPRequest(head, secure: false, splitCookie: false)
        }
        let method = try HTTPRequest.Method(head.method)
        var fields = HTTPFields()
        fields.reserveCapacity(head.headers.count)
        var authority: String?
        var hostSeen = false
        for (name, value) in head.headers {
            if !hostSeen, isHost(name) {
                hostSeen = true
                authority = value
                continue
            }
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return HTTPRequest(method: method, scheme: "http", authority: authority, path: head.uri, headerFields: fields)
    }

    /// Whether `name` is `Host` in any case, compared in place (the library lowercased a copy).
    private static func isHost(_ name: String) -> Bool {
        let host = "host".utf8
        return name.utf8.count == host.count
            && zip(name.utf8, host).allSatisfy { $0 | 0x20 == $1 }
    }
}
