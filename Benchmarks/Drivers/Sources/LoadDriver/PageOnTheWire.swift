import AsyncHTTPClient
import NIOCore

/// A signed-in session's movie list exactly as the server sent it: the bytes on the wire (gzip
/// when the client accepts it), the headers they came with, and their length as HTML; and the
/// headers of the `303` that answered an action of that page. Read with a client of its own that
/// inflates nothing.
struct PageOnTheWire {
    let bytes: ByteBuffer
    /// The answer's fields but those the HTTP server writes itself (`Date`, `Content-Length`).
    let headers: [(name: String, value: String)]
    /// The fields of the action's `303`, likewise, but its `Location`.
    let redirectHeaders: [(name: String, value: String)]
    let htmlLength: Int
    /// The session cookie the page was read with: the bare route's clients send one as long.
    let session: String

    /// The coding the bytes are in (`gzip`), nil when they are the HTML as is.
    var contentEncoding: String? {
        headers.first { $0.name.lowercased() == "content-encoding" }?.value
    }

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
            var post = HTTPClientRequest(url: options.server + (try movies.action(before: MovieDemo.row)))
            post.method = .POST
            post.headers = request.headers
            post.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            post.headers.add(name: "Sec-Fetch-Site", value: "same-origin")
            let redirect = try await raw.execute(post, timeout: .seconds(30))
            _ = try await redirect.body.collect(upTo: 4 << 20)
            guard redirect.status == .seeOther else {
                throw LoadFailure("POST \(post.url) answered \(redirect.status.code) to the raw client, expected 303")
            }
            let writtenByServer: Set<String> = ["date", "content-length", "connection", "transfer-encoding"]
            outcome = .success(
                PageOnTheWire(
                    bytes: bytes,
                    headers: response.headers.filter { !writtenByServer.contains($0.name.lowercased()) },
                    redirectHeaders: redirect.headers.filter {
                        !writtenByServer.contains($0.name.lowercased()) && $0.name.lowercased() != "location"
                    },
                    htmlLength: movies.bytes.count, session: browser.session ?? ""))
        } catch {
            outcome = .failure(error)
        }
        try await raw.shutdown()
        return try outcome.get()
    }

    /// Gives these bytes and headers to the `flowhost-bare` at `bare`, which serves them at
    /// `GET /page`, and the `303`'s headers, which it answers `POST /action` with.
    func upload(to bare: String, client: HTTPClient) async throws {
        try await put(bytes, headers: headers, at: bare + "/page", client: client)
        try await put(ByteBuffer(), headers: redirectHeaders, at: bare + "/action", client: client)
    }

    private func put(
        _ body: ByteBuffer, headers: [(name: String, value: String)], at url: String, client: HTTPClient
    ) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .PUT
        for header in headers { request.headers.add(name: "Bare-Header", value: "\(header.name): \(header.value)") }
        request.body = .bytes(body)
        let response = try await client.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1024)
        guard response.status == .noContent else {
            throw LoadFailure("PUT \(url) answered \(response.status.code), expected 204")
        }
    }
}
