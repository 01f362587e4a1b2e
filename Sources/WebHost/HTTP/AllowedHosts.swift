import Foundation
import Synchronization

/// The names requests may address the server by, the origins its forms may be posted from, and the
/// base of its share links, all from the configuration and never from a request: a web page
/// anywhere whose name is rebound to this machine's address (DNS rebinding) names its own host,
/// and is refused before any session is touched.
///
/// Allowed: the loopback names and ``WebHostConfiguration/host`` (unless it is a wildcard address),
/// ``WebHostConfiguration/allowedHosts`` and ``WebHostConfiguration/publicURL``'s host, each with
/// any port (the names are what a rebinding attacker cannot choose; a proxy in front may use any
/// port). An origin is allowed when it is exactly the public URL's, or `http` on the bound port of
/// a loopback name or the bound host (another server on this machine is another origin), or any
/// origin of an ``WebHostConfiguration/allowedHosts`` name (the proxy in front decides its scheme
/// and port).
final class AllowedHosts: Sendable {
    /// What a request's `Host` is worth.
    enum Verdict: Equatable {
        /// An allowed name.
        case allowed
        /// No `Host` at all.
        case missing
        /// Something that is no host (`a b`, `user@host`).
        case malformed
        /// A host this server does not answer to.
        case refused(host: String)
    }

    private static let loopback: Set<String> = ["localhost", "127.0.0.1", "::1"]
    private static let wildcards: Set<String> = ["0.0.0.0", "::", ""]

    /// The loopback names and the bound host: their origins are `http` on the bound port.
    private let boundNames: Set<String>
    /// ``WebHostConfiguration/allowedHosts``: any origin of theirs.
    private let allowedNames: Set<String>
    private let publicOrigin: (scheme: String, authority: Authority)?
    /// How share links name the server without a public URL.
    private let linkHost: String
    private let port: Atomic<Int>
    /// Authorities found allowed, as sent: a browser names the same `Host` in every request, and
    /// parsing one walks its characters (a few percent of a served page's GET in profiles). Only
    /// allowed ones are kept, at most ``knownLimit``: a client naming other hosts adds nothing.
    private let known = Mutex<Set<String>>([])
    private static let knownLimit = 32

    init(configuration: WebHostConfiguration) {
        let bound = Authority(configuration.host).map(\.host)
        var boundNames = Self.loopback
        if let bound, !Self.wildcards.contains(bound) { boundNames.insert(bound) }
        self.boundNames = boundNames
        if let url = configuration.publicURL, let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            let host = url.host(percentEncoded: false), let authority = Authority(host: host, port: url.port)
        {
            publicOrigin = (scheme, authority)
        } else {
            publicOrigin = nil
        }
        allowedNames = Set(configuration.allowedHosts.compactMap { Authority($0)?.host })
        switch bound {
        case nil, "0.0.0.0", "": linkHost = "127.0.0.1"
        case "::": linkHost = "[::1]"
        case let bound?: linkHost = Authority(bound)?.hostInURL ?? bound
        }
        port = Atomic(configuration.port)
    }

    /// Records the port the server listens on (the configured one may be 0: any free port).
    func serverStarted(port: Int) {
        self.port.store(port, ordering: .relaxed)
    }

    /// Whether a request that names `authority` (its `Host`) is answered.
    func check(authority: String?) -> Verdict {
        guard let authority else { return .missing }
        if known.withLock({ $0.contains(authority) }) { return .allowed }
        guard let parsed = Authority(authority) else { return .malformed }
        let allowed =
            boundNames.contains(parsed.host) || allowedNames.contains(parsed.host)
            || parsed.host == publicOrigin?.authority.host
        guard allowed else { return .refused(host: parsed.host) }
        known.withLock { known in
            if known.count < Self.knownLimit { known.insert(authority) }
        }
        return .allowed
    }

    /// Whether `origin` (an `Origin` header: `scheme://host[:port]`) is one of the server's own.
    func allowsOrigin(_ origin: String) -> Bool {
        let parts = origin.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let authority = Authority(parts[1]) else { return false }
        let scheme = parts[0].lowercased()
        let port = authority.port ?? (scheme == "https" ? 443 : 80)
        if let publicOrigin, scheme == publicOrigin.scheme, authority.host == publicOrigin.authority.host,
            port == publicOrigin.authority.port ?? (scheme == "https" ? 443 : 80)
        {
            return true
        }
        if boundNames.contains(authority.host) {
            return scheme == "http" && port == self.port.load(ordering: .relaxed)
        }
        return allowedNames.contains(authority.host)
    }

    /// Where the server is reached from elsewhere: the public URL's origin, else `http://` the
    /// bound host and port (a wildcard address as loopback).
    var origin: String {
        if let publicOrigin {
            return "\(publicOrigin.scheme)://\(publicOrigin.authority.hostInURL)"
                + (publicOrigin.authority.port.map { ":\($0)" } ?? "")
        }
        return "http://\(linkHost):\(port.load(ordering: .relaxed))"
    }

    /// Whether share links reach this machine only (no public URL, and the server is bound to a
    /// loopback name or to every address).
    var linksStayOnThisMachine: Bool {
        publicOrigin == nil && (linkHost == "127.0.0.1" || linkHost == "[::1]" || linkHost == "localhost")
    }
}
