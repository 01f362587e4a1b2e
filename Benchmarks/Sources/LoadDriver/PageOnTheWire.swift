import AsyncHTTPClient
import NIOCore

/// A signed-in session's movie list exactly as the server sent it: the bytes on the wire (gzip
/// when the client accepts it) and their length as HTML. Read with a client of its own that
/// inflates nothing.
struct PageOnTheWire {
    let bytes: ByteBuffer
    let contentEncoding: String?
    let htmlLength: Int

    /// Signs in a new session of `options.server` and reads its movie list.
    static func read(options: Options, client: HTTPClient) async throws -> PageOnTheWire {
        var browser = Browser(client: client, server: options.server, acceptsGzip: options.acceptsGzip)
        let movies = try await browser.signIn()
        let raw = HTTPClient(configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        let outcome: Result<PageOnTheWire, any Error>
        do {
            var request = HTTPClientRequest(url: options.server + movies.path)
            request.headers.add(name: "Cookie", value: "\(Browser.sessionCookie)=\(browser.session ?? "")")
            if options.acceptsGzip { request.headers.add(name: "Accept-Encoding", value: "gzip") }
            let response = try await raw.execute(request, timeout: .seconds(30))
            let bytes = try await response.body.collect(upTo: 4 << 20)
            guard response.status == .ok else {
                throw LoadFailure("GET \(movies.path) answered \(response.status.code) to the raw client")
            }
            outcome = .success(
                PageOnTheWire(
                    bytes: bytes, contentEncoding: response.headers.first(name: "Content-Encoding"),
                    htmlLength: movies.bytes.count))
        } catch {
            outcome = .failure(error)
        }
        try await raw.shutdown()
        return try outcome.get()
    }

    /// Gives these bytes to the `flowhost-bare` at `bare`, which serves them at `GET /page`.
    func upload(to bare: String, client: HTTPClient) async throws {
        var request = HTTPClientRequest(url: bare + "/page")
        request.method = .PUT
        request.headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        if let contentEncoding { request.headers.add(name: "Content-Encoding", value: contentEncoding) }
        request.body = .bytes(bytes)
        let response = try await client.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1024)
        guard response.status == .noContent else {
            throw LoadFailure("PUT \(bare)/page answered \(response.status.code), expected 204")
        }
    }
}
