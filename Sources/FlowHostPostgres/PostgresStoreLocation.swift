import Foundation

/// Where a ``PostgresClickPathStore`` is: a `postgres://` (or `postgresql://`) URL as libpq reads
/// it, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE]`. The password comes from
/// the URL or else from `PGPASSWORD`; the port is 5432 unless given; `sslmode` is `prefer` unless
/// given (`disable`, `prefer`, `require`: TLS without checking the certificate, as libpq does;
/// `verify-full`: TLS with the certificate checked against the system's roots and the host name).
public struct PostgresStoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// Whether and how connections use TLS (libpq's `sslmode`).
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Never.
        case disable
        /// When the server offers it, the certificate unchecked.
        case prefer
        /// Always, the certificate unchecked.
        case require
        /// Always, the certificate checked, host name included.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address.
    public var host: String
    /// The server's TCP port.
    public var port: Int
    /// The user to connect as.
    public var user: String
    /// The user's password, if any.
    public var password: String?
    /// The database.
    public var database: String
    /// Whether and how connections use TLS.
    public var tls: TLSMode

    /// Whether `text` is a PostgreSQL URL (`postgres://` or `postgresql://`), as `--store` tells a
    /// database from a file path.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// The location `url` names; the password from `PGPASSWORD` in `environment` when the URL has
    /// none.
    /// - Throws: ``PostgresStoreError/badURL(url:reason:)`` for one that names no user, host or
    ///   database, or has a parameter other than `sslmode`.
    public init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let shown = Self.withoutPassword(url)
        func bad(_ reason: String) -> PostgresStoreError { .badURL(url: shown, reason: reason) }
        guard Self.isURL(url), let components = URLComponents(string: url) else {
            throw bad("not a postgres:// URL")
        }
        guard let user = components.user, !user.isEmpty else { throw bad("no user before the @") }
        guard let host = components.host, !host.isEmpty else { throw bad("no host") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { throw bad("no database after the host: /DATABASE") }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw bad("unknown parameter \(item.name)") }
            guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                throw bad("sslmode is one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            tls = mode
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? 5432
        self.user = user
        self.password = components.password ?? environment["PGPASSWORD"]
        self.database = database
        self.tls = tls
    }

    /// The URL without its password, for messages and logs.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    }

    /// `url` with the password it may hold replaced by `***`, for a message about a URL that could
    /// not be read.
    private static func withoutPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].lastIndex(of: "@"),
            let colon = url[scheme.upperBound..<at].firstIndex(of: ":")
        else { return url }
        return url[..<url.index(after: colon)] + "***" + url[at...]
    }
}
