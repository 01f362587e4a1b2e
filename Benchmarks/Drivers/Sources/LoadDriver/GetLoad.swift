import AsyncHTTPClient

/// GET of one URL per client in a closed loop: `/healthz` (the server's floor), the movie list of a
/// session of the client's own (a real page, served from the session's published copy), or the
/// same page's bytes from `flowhost-bare` (the limit: a bare Hummingbird route serving them from
/// memory).
enum GetLoad: String, CaseIterable {
    case healthz
    case page
    case bare

    /// The row's name in the report.
    var label: String {
        switch self {
        case .healthz: "/healthz"
        case .page: "page"
        case .bare: "bare route"
        }
    }

    /// Runs `connections` clients for `duration`; every answer must be `200` with the expected body.
    /// The bare route's clients send `page`'s session cookie: the same request bytes as the page's.
    func run(
        connections: Int, for duration: Duration, client: HTTPClient, options: Options, page: PageOnTheWire?
    ) async throws -> (
        tally: Tally, elapsed: Duration
    ) {
        let gzip = options.acceptsGzip
        let cpu = self == .bare ? options.barePID.map(ProcessCPU.init) : options.serverPID.map(ProcessCPU.init)
        switch self {
        case .healthz:
            return try await ClosedLoop.run(clients: connections, for: duration, cpu: cpu) {
                Browser(client: client, server: options.server, acceptsGzip: gzip)
            } step: { browser, tally in
                let start = ContinuousClock.now
                let answer = try await browser.get("/healthz")
                tally.gets.record(since: start)
                guard try answer.expecting(200).body == "ok" else {
                    throw LoadFailure("GET /healthz answered \(answer.body.prefix(80)), expected ok")
                }
                tally.requests += 1
            }
        case .page:
            return try await ClosedLoop.run(clients: connections, for: duration, cpu: cpu) {
                var browser = Browser(client: client, server: options.server, acceptsGzip: gzip)
                let movies = try await browser.signIn()
                return (browser, movies.path)
            } step: { session, tally in
                let start = ContinuousClock.now
                let answer = try await session.0.get(session.1)
                tally.gets.record(since: start)
                _ = try answer.page(showing: MovieDemo.moviesTitle)
                tally.requests += 1
            }
        case .bare:
            guard let bare = options.bare, let page else { throw LoadFailure("the bare route needs --bare") }
            return try await ClosedLoop.run(clients: connections, for: duration, cpu: cpu) {
                Browser(client: client, server: bare, acceptsGzip: gzip, session: page.session)
            } step: { browser, tally in
                let start = ContinuousClock.now
                let answer = try await browser.get("/page")
                tally.gets.record(since: start)
                _ = try answer.page(showing: MovieDemo.moviesTitle)
                tally.requests += 1
            }
        }
    }
}
