import AsyncHTTPClient

/// The round trips' limit on `flowhost-bare`, which does nothing but answer: `POST /action?answer=page`
/// answered with a real movie list's bytes and headers (or, `--no-script`, `POST /action` -> a real
/// action's `303` headers -> `GET /page`).
/// Each client does the driver's part of a real round trip (it reads the action off the page,
/// posts, follows the redirect when there is one, inflates and checks the page), so the two rows
/// differ only in what the server does.
enum BareRoundTrips {
    /// Runs `sessions` clients for `duration`, each with `page`'s session cookie.
    static func run(
        sessions: Int, for duration: Duration, client: HTTPClient, options: Options, page: PageOnTheWire
    ) async throws -> (tally: Tally, elapsed: Duration) {
        guard let bare = options.bare else { throw LoadFailure("bare round trips need --bare") }
        let gzip = options.acceptsGzip
        return try await ClosedLoop.run(clients: sessions, for: duration, cpu: options.barePID.map(ProcessCPU.init)) {
            var browser = Browser(client: client, server: bare, acceptsGzip: gzip, session: page.session)
            return (browser, try await browser.get("/page").page(showing: MovieDemo.moviesTitle))
        } step: { client, tally in
            _ = try client.1.action(before: MovieDemo.row)
            let page = try await client.0.click("/action", withScript: options.clicksWithScript, tally: &tally)
            client.1 = try page.page(showing: MovieDemo.moviesTitle)
            tally.roundTrips += 1
        }
    }
}
