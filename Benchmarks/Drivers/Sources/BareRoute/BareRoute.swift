import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// `flowhost-bare`: the honest limit of serving a page. A bare Hummingbird router whose route
/// `GET /page` answers the bytes it was given from memory with the headers they came with:
/// no session, no cookie read, no lock but the one that hands out the bytes. `flowhost-load --bare
/// URL` first sends it (`PUT /page`) a signed-in session's movie list exactly as `flowhost serve`
/// sent it: the body (compressed, when the server compressed it) and every header of the answer
/// (security headers and the navigation cookie included: each `Bare-Header: Name: value` of the
/// PUT is one field to answer with), then measures `GET /page` in the same run as the server's
/// page GET. Same bytes on the wire both ways: the difference is what the session costs.
///
/// `POST /action` is the same for an action's round trip: it reads the form and answers `303` to
/// `/page` with the headers of a real action's `303` (given with `PUT /action` the same way), so
/// that `POST /action` -> `GET /page` is a round trip of the server's shape and bytes with nothing
/// done in between: no session, no action, no render, no compression. `POST /action?answer=page`,
/// a click as `flowhost.js` sends it, answers the page itself, as the server then does.
///
/// Usage: flowhost-bare --port PORT
@main
struct BareRoute {
    /// The page as it travels, and the headers it travels with.
    struct Page: Sendable {
        var bytes = ByteBuffer()
        var headers: HTTPFields = [.contentType: "text/plain"]
    }

    /// The request header naming one field of the answer: `Bare-Header: Name: value`.
    static let replayedHeader = HTTPField.Name("Bare-Header")!

    static func main() async throws {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--port"), index + 1 < arguments.count,
            let port = Int(arguments[index + 1])
        else {
            FileHandle.standardError.write(Data("Usage: flowhost-bare --port PORT\n".utf8))
            exit(2)
        }
        let page = Mutex(Page())
        let redirect = Mutex(HTTPFields([HTTPField(name: .location, value: "/page")]))
        let router = Router()
        router.put("page") { request, _ -> HTTPResponse.Status in
            let bytes = try await request.body.collect(upTo: 16 << 20)
            let headers = try replayedHeaders(of: request)
            page.withLock { $0 = Page(bytes: bytes, headers: headers) }
            return .noContent
        }
        router.get("page") { _, _ -> Response in
            let page = page.withLock { $0 }
            return Response(status: .ok, headers: page.headers, body: ResponseBody(byteBuffer: page.bytes))
        }
        router.put("action") { request, _ -> HTTPResponse.Status in
            var headers = try replayedHeaders(of: request)
            headers[.location] = "/page"
            redirect.withLock { $0 = headers }
            return .noContent
        }
        router.post("action") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 64 << 10)
            guard request.uri.query == "answer=page" else {
                return Response(status: .seeOther, headers: redirect.withLock { $0 })
            }
            let page = page.withLock { $0 }
            return Response(status: .ok, headers: page.headers, body: ResponseBody(byteBuffer: page.bytes))
        }
        // No log handler at all: Hummingbird sets a request id on its logger for every request,
        // which swift-log's default handler formats at once. The limit pays nothing it need not.
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            logger: Logger(label: "flowhost-bare") { _ in SwiftLogNoOpLogHandler() })
        try await application.runService()
    }

    /// The fields the request's `Bare-Header`s name.
    private static func replayedHeaders(of request: Request) throws -> HTTPFields {
        var headers = HTTPFields()
        for line in request.headers[values: replayedHeader] {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let name = HTTPField.Name(String(parts[0])) else {
                throw HTTPError(.badRequest, message: "Bare-Header is `Name: value`, not \(line)")
            }
            headers.append(HTTPField(name: name, value: parts[1].trimmingCharacters(in: .whitespaces)))
        }
        return headers
    }
}
