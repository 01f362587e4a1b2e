import Foundation

/// How a ``FlowHostServer`` listens and bounds its sessions.
///
/// ```swift
/// var configuration = WebHostConfiguration()
/// configuration.port = 8080
/// configuration.maxSessions = 500
/// ```
public struct WebHostConfiguration: Sendable {
    /// The address to bind. A request must name the server by a loopback name (`localhost`,
    /// `127.0.0.1`, `[::1]`), by this address (unless it is `0.0.0.0` or `::`), by one of
    /// ``allowedHosts`` or by ``publicURL``'s host; any other `Host` is answered `421`, so that a
    /// web page elsewhere cannot reach the server through a name it rebinds (DNS rebinding).
    public var host = "127.0.0.1"
    /// The port to bind; 0 picks a free one.
    public var port = 8080
    /// At most this many returning browser sessions (ones that came back with their cookie) live at
    /// once; the least recently used goes first.
    public var maxSessions = 1000
    /// At most this many new sessions (only their first request made: a person's first page, or a
    /// client that keeps no cookies) live at once, in a pool of their own: the oldest new session
    /// goes first, and a flood of new ones never ends a returning session.
    public var maxNewSessions = 500
    /// A session unused this long is ended.
    public var idleTimeout: Duration = .seconds(30 * 60)
    /// A session unused this long (and with no page listening for live moves) leaves memory: its
    /// window and coordinators are released and rebuilt from its stored click path on its next
    /// request. Set it at or above ``idleTimeout`` to keep sessions in memory until they end.
    public var hibernateAfter: Duration = .seconds(10 * 60)
    /// More names the server answers to, besides the loopback ones and ``host``: host names or IP
    /// addresses without a port (`demo.example.com`, `192.168.1.20`); every port of them is allowed.
    public var allowedHosts: [String] = []
    /// Where people reach the server (`https://demo.example.com`), when it is not ``host`` and
    /// ``port``: share links start with it, its host is allowed and it is an allowed origin. Its
    /// scheme is `http` or `https`; a path is not used (FlowHost is served at the root). Without
    /// it, share links name ``host`` and the bound port — never what a request's `Host` said.
    public var publicURL: URL?
    /// Mark the session cookie `Secure` (when served over HTTPS, behind a proxy).
    public var secureCookies = false
    /// How long an action waits for the navigation it started to settle before answering.
    public var settleTimeout: Duration = .seconds(1)
    /// The largest form body accepted, in bytes.
    public var maxBodySize = 64 * 1024
    /// How often an idle event stream sends a comment to keep proxies from closing it.
    public var keepAliveInterval: Duration = .seconds(25)
    /// At most this many live-move streams per session (a few tabs); one more ends the oldest.
    public var maxEventStreamsPerSession = 8
    /// At most this many live-move streams in the whole server; one more is answered `503`.
    public var maxEventStreams = 4096
    /// Show the inspector (coordinator tree, step log, click path with "Back to here", "Copy as
    /// test") beside the phone and at `/_flowhost/inspector`; off for a shared demo.
    public var showsInspector = true
    /// Watch the app's templates folder and static files folder while serving (Linux inotify): a
    /// changed template is checked and loaded, and every open page moves to its new rendering
    /// within a moment; a broken one shows on the pages, `file:line:col: message` and the line at
    /// fault, until it is fixed. For editing a prototype; off by default (`flowhost serve` turns
    /// it on).
    public var watchesFiles = false
    /// A share link opens for this long after it was made (then its page says it expired, and the
    /// store's sweep removes it once no session opened from it lives).
    public var shareLifetime: Duration = .seconds(30 * 24 * 60 * 60)
    /// At most this many entries of a session's click path are recorded; what the session does
    /// after that is not (it can no longer be shared, and comes back from a restart where its path
    /// ends). The store's own bound (`maxEntriesPerSession`) should not be lower.
    public var maxClickPathEntries = 2000
    /// A connection that has not sent a whole request (its head, and the small form body that may
    /// follow) this long after it opened or after the request's first byte is closed: a client
    /// that trickles its headers (slowloris) holds a connection this long at most.
    public var requestHeadTimeout: Duration = .seconds(30)
    /// A kept-alive connection with no request for this long is closed. An answer in progress
    /// (a live-move stream) is never cut by it.
    public var idleConnectionTimeout: Duration = .seconds(60)
    /// How often the session and stream counts are logged at info when they changed.
    public var statusLogInterval: Duration = .seconds(60)
    /// The live map's traffic figures count at most this many stored sessions, the most recently
    /// used.
    public var trafficSessions = 10_000
    /// The live map's traffic figures are read from the store and computed at most once in this
    /// long (for each `since` asked); requests meanwhile share them. So are a study's results
    /// (its page, JSON and CSV).
    public var trafficRefreshInterval: Duration = .seconds(5)

    /// Let people comment on screens (the Comment control beside Share, pins on the screens, the
    /// comments page and its JSON); `--no-comments` turns it off.
    public var allowsComments = true
    /// At most this many comments and replies a session writes in a minute; more are refused with
    /// a message, and the log says so once.
    public var maxCommentsPerMinute = 10

    /// The defaults: loopback, port 8080, answering loopback names only, 1000 returning and 500
    /// new sessions idle for at most 30 minutes, 8 event streams a session and 4096 in all, 30 s
    /// for a request to arrive and 60 s for an idle connection, share links for 30 days.
    public init() {}
}
