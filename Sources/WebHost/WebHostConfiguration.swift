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
    /// At most this many browser sessions live at once; the least recently used goes first.
    public var maxSessions = 1000
    /// A session unused this long is ended.
    public var idleTimeout: Duration = .seconds(30 * 60)
    /// Mark the session cookie `Secure` (when served over HTTPS, behind a proxy).
    public var secureCookies = false
    /// How long an action waits for the navigation it started to settle before answering.
    public var settleTimeout: Duration = .seconds(1)
    /// The largest form body accepted, in bytes.
    public var maxBodySize = 64 * 1024
    /// How often an idle event stream sends a comment to keep proxies from closing it.
    public var keepAliveInterval: Duration = .seconds(25)

    /// The defaults: loopback, port 8080, 1000 sessions idle for at most 30 minutes.
    public init() {}
}
