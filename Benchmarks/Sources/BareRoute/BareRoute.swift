import Foundation
import Hummingbird
import Logging
import Synchronization

/// `flowhost-bare`: the honest limit of serving a page. A bare Hummingbird router with one route,
/// `GET /page`, that answers the bytes it was given from memory with the headers they came with:
/// no session, no cookie, no lock but the one that hands out the bytes. `flowhost-load --bare URL`
/// first sends it (`PUT /page`) a signed-in session's movie list exactly as `flowhost serve`
/// sent it (compressed, when the server compressed it), then measures `GET /page` in the same run
/// as the server's page GET.
///
/// Usage: flowhost-bare --port PORT
@main
struct BareRoute {
    /// The page as it travels, and the headers that say what it is.
    struct Page: Sendable {
        var bytes = ByteBuffer()
        var contentType = "text/plain"
        var contentEncoding: String?
    }

    static func main() async throws {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--port"), index + 1 < arguments.count,
            let port = Int(arguments[index + 1])
        else {
            FileHandle.standardError.write(Data("Usage: flowhost-bare --port PORT\n".utf8))
            exit(2)
        }
        let page = Mutex(Page())
        let router = Router()
        router.put("page") { request, _ -> HTTPResponse.Status in
            let bytes = try await request.body.collect(upTo: 16 << 20)
            page.withLock {
                $0 = Page(
                    bytes: bytes, contentType: request.headers[.contentType] ?? "application/octet-stream",
                    contentEncoding: request.headers[.contentEncoding])
            }
            return .noContent
        }
        router.get("page") { _, _ -> Response in
            let page = page.withLock { $0 }
            var headers: HTTPFields = [.contentType: page.contentType, .cacheControl: "no-store"]
            if let encoding = page.contentEncoding {
                headers[.contentEncoding] = encoding
                headers[.vary] = "Accept-Encoding"
            }
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: page.bytes))
        }
        // No log handler at all: Hummingbird sets a request id on its logger for every request,
        // which swift-log's default handler formats at once. The limit pays nothing it need not.
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            logger: Logger(label: "flowhost-bare") { _ in SwiftLogNoOpLogHandler() })
        try await application.runService()
    }
}
