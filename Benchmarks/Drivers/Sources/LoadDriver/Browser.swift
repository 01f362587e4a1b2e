import AsyncHTTPClient
import NIOCore

/// One browser of the movie demo: keeps its session cookie, accepts gzip (the client inflates what
/// comes compressed) and posts forms the way a page of the server does (same-origin,
/// form-encoded). Follows no redirect by itself. Keeps the path length an action's answer tells
/// (`flowhost_at`) too: behind a load balancer, the process the next GET lands on needs it.
struct Browser: Sendable {
    static let sessionCookie = "flowhost_session"
    static let pathLengthCookie = "flowhost_at"

    let client: HTTPClient
    let server: String
    let acceptsGzip: Bool
    private(set) var session: String?
    private var pathLength: String?

    init(client: HTTPClient, server: String, acceptsGzip: Bool = true, session: String? = nil) {
        self.client = client
        self.server = server
        self.acceptsGzip = acceptsGzip
        self.session = session
    }

    /// `GET path`.
    mutating func get(_ path: String) async throws -> Answer {
        try await send(HTTPClientRequest(url: server + path), path: path)
    }

    /// `POST path` with a form body (`name=value&...`, already encoded).
    mutating func post(_ path: String, form: String = "") async throws -> Answer {
        var request = HTTPClientRequest(url: server + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Sec-Fetch-Site", value: "same-origin")
        request.body = .bytes(ByteBuffer(string: form))
        return try await send(request, path: path)
    }

    /// A click on the form whose action is `action`, as `flowhost.js` sends it (`withScript`: one
    /// `POST <action>?answer=page`, answered with the new page) or as a browser without JavaScript
    /// does (`POST`, `303`, `GET` of its `Location`); its requests and latencies go to `tally`. A
    /// `303` to the script's post (a server from before 2026-11-28) is followed, as a browser does.
    /// - Returns: the page the click led to.
    mutating func click(_ action: String, withScript: Bool, tally: inout Tally) async throws -> Answer {
        var start = ContinuousClock.now
        let answer = try await post(withScript ? action + "?answer=page" : action)
        tally.posts.record(since: start)
        tally.requests += 1
        if withScript, answer.status != 303 { return answer }
        let location = try answer.redirect()
        start = ContinuousClock.now
        let page = try await get(location)
        tally.gets.record(since: start)
        tally.requests += 1
        return page
    }

    private mutating func send(_ request: HTTPClientRequest, path: String) async throws -> Answer {
        var request = request
        if let session {
            let told = pathLength.map { "; \(Self.pathLengthCookie)=\($0)" } ?? ""
            request.headers.add(name: "Cookie", value: "\(Self.sessionCookie)=\(session)\(told)")
        }
        if acceptsGzip { request.headers.add(name: "Accept-Encoding", value: "gzip") }
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 4 << 20)
        for cookie in response.headers["Set-Cookie"] {
            let pair = cookie.prefix { $0 != ";" }.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == Self.sessionCookie { session = String(pair[1]) }
            if pair.count == 2, pair[0] == Self.pathLengthCookie { pathLength = String(pair[1]) }
        }
        return Answer(
            method: request.method.rawValue, path: path, status: response.status.code,
            location: response.headers.first(name: "Location"),
            contentEncoding: response.headers.first(name: "Content-Encoding"),
            wireLength: response.headers.first(name: "Content-Length").flatMap { Int($0) },
            bytes: Array(body.readableBytesView))
    }
}
