import AsyncHTTPClient

/// Action round trips as a browser makes them: POST a form of the current page and expect `200` and
/// the screen the action leads to, as `flowhost.js` sends a click (or, `--no-script`, expect `303`
/// and GET its `Location`, as without JavaScript). Each signed-in session
/// opens the first movie of its list, then goes Back to the list, and so on, each time with the
/// fresh token of the page it was just given.
enum RoundTrips {
    /// A session and the page it shows.
    private struct Session: Sendable {
        var browser: Browser
        var page: Answer
        var onList = true
    }

    /// Runs `sessions` signed-in sessions for `duration` (sign-in is not measured).
    static func run(sessions: Int, for duration: Duration, client: HTTPClient, options: Options) async throws -> (
        tally: Tally, elapsed: Duration
    ) {
        try await ClosedLoop.run(clients: sessions, for: duration, cpu: options.serverPID.map(ProcessCPU.init)) {
            var browser = Browser(client: client, server: options.server, acceptsGzip: options.acceptsGzip)
            let movies = try await browser.signIn()
            return Session(browser: browser, page: movies)
        } step: { session, tally in
            let (form, screen) =
                session.onList
                ? (MovieDemo.row, MovieDemo.backToMovies) : (MovieDemo.backButton, MovieDemo.moviesTitle)
            let action = try session.page.action(before: form)
            let page = try await session.browser.click(action, withScript: options.clicksWithScript, tally: &tally)
            session.page = try page.page(showing: screen)
            session.onList.toggle()
            tally.roundTrips += 1
        }
    }
}
