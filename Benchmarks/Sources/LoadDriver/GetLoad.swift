import AsyncHTTPClient

/// GET of one URL per client in a closed loop: `/healthz` (the server's floor), or the movie
/// list of a session of the client's own (a real page, served from the session's published copy).
enum GetLoad: String, CaseIterable {
    case healthz
    case page

    /// Runs `connections` clients for `duration`; every answer must be `200` with the expected body.
    func run(connections: Int, for duration: Duration, client: HTTPClient, server: String) async throws -> (
        tally: Tally, elapsed: Duration
    ) {
        switch self {
        case .healthz:
            return try await ClosedLoop.run(clients: connections, for: duration) {
                Browser(client: client, server: server)
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
            return try await ClosedLoop.run(clients: connections, for: duration) {
                var browser = Browser(client: client, server: server)
                let movies = try await browser.signIn()
                return (browser, movies.path)
            } step: { session, tally in
                let start = ContinuousClock.now
                let answer = try await session.0.get(session.1)
                tally.gets.record(since: start)
                _ = try answer.page(showing: MovieDemo.moviesTitle)
                tally.requests += 1
            }
        }
    }
}
