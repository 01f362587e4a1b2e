/// How a ``FlowHostServer`` listens and bounds its sessions.
///
/// ```swift
/// var configuration = WebHostConfiguration()
/// configuration.port = 8080
/// configuration.maxSessions = 500
/// ```
public struct WebHostConfiguration: Sendable {
    /// The address to bind.
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
    /// How often the session and stream counts are logged at info when they changed.
    public var statusLogInterval: Duration = .seconds(60)

    /// The defaults: loopback, port 8080, 1000 returning and 500 new sessions idle for at most
    /// 30 minutes, 8 event streams a session and 4096 in all, share links for 30 days.
    public init() {}
}
