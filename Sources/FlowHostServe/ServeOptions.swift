import ArgumentParser
import FlowHostApp
import FlowHostPostgres
import FlowHostSQLite
import Foundation
import HTMLPresenter
import Logging
import WebHost

/// The options of `serve`, and the one way to start a server from them. An app's own executable
/// (``FlowHostCommand``) takes the same options (`--host`, `--port`, `--templates`, ...) and reports
/// a broken template or a missing folder the same way: `file:line:col: message` on standard error
/// and exit status 65, never a crash.
///
/// A command of your own takes them with `@OptionGroup var serve: ServeOptions` and calls
/// ``run(appName:defaultFolders:app:)``.
public struct ServeOptions: ParsableArguments, Sendable {
    private static let defaults = WebHostConfiguration()

    /// The address to bind.
    @Option(help: "The address to bind.")
    public var host = defaults.host

    /// The port to bind; 0 picks a free one.
    @Option(help: "The port to bind (0 picks a free one).")
    public var port = defaults.port

    /// `WebHostConfiguration/allowedHosts`.
    @Option(
        name: .customLong("allowed-host"),
        help: """
            A name the server answers to besides localhost, 127.0.0.1, [::1] and --host (repeat it for more): a \
            host name or IP address without a port. Requests for any other Host are refused (421).
            """)
    public var allowedHosts: [String] = []

    /// `WebHostConfiguration/publicURL`.
    @Option(
        help: """
            Where people reach the server, e.g. https://demo.example.com behind a proxy: share links start with it \
            and its host is allowed. (default: share links name --host and --port)
            """)
    public var publicURL: String?

    /// The templates folder, when given.
    @Option(
        help: """
            The folder of the app's mustache templates, validated at start. (default: Templates, in the app's \
            package or the current folder)
            """)
    public var templates: String?

    /// Where click paths are kept, when given: a SQLite file, a PostgreSQL URL, or `memory`
    /// (see ``storeName(environment:)``).
    @Option(
        help: """
            Where sessions' clicks and share links are kept, so that sessions survive a restart: a SQLite file, \
            'memory' for nowhere, or a PostgreSQL database that several server processes share, \
            postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (the password may come from PGPASSWORD). \
            (default: FLOWHOST_STORE, else DATABASE_URL when it is a postgres:// URL, else .flowhost/flowhost.sqlite)
            """)
    public var store: String?

    /// The folder served at `/public/`, when given.
    @Option(
        help:
            "A folder of static files served at /public/. (default: Public, when it exists, in the app's package or the current folder)"
    )
    public var `public`: String?

    /// The folder of study files, when given (``studyFolder(in:)``).
    @Option(
        help: """
            A folder of study files (NAME.json: a title and tasks for testers), checked against the app's screens \
            at start and kept in the store. (default: Studies, when it exists, in the app's package)
            """)
    public var studies: String?

    /// `FlowHostApp/ClickPathStoreLimits/maxTestersPerStudy`.
    @Option(help: "At most this many testers a study keeps; a new one beyond is refused (the log says so once).")
    public var maxTestersPerStudy = ClickPathStoreLimits().maxTestersPerStudy

    /// `FlowHostApp/ClickPathStoreLimits/maxEventsPerTester`.
    @Option(help: "At most this many task events (starts, ends, screen times) a tester keeps.")
    public var maxEventsPerTester = ClickPathStoreLimits().maxEventsPerTester

    /// `FlowHostApp/ClickPathStoreLimits/maxStudies`.
    @Option(help: "At most this many studies the store keeps (files and the map's New study form).")
    public var maxStudies = ClickPathStoreLimits().maxStudies

    /// `WebHostConfiguration/maxSessions`.
    @Option(
        help:
            "At most this many returning sessions (they came back with their cookie); the least recently used ends first."
    )
    public var maxSessions = defaults.maxSessions

    /// `WebHostConfiguration/maxNewSessions`.
    @Option(
        help:
            "At most this many new sessions (one request so far: a first visit, or a client that keeps no cookies); they never end a returning one."
    )
    public var maxNewSessions = defaults.maxNewSessions

    /// At most this many sessions in the store, when given (see ``storedSessionsBound``).
    @Option(
        help: """
            At most this many sessions in the store, hibernated ones included (at most 2,000 clicks each); a new \
            one beyond ends the least recently used. At least --max-sessions plus --max-new-sessions. \
            (default: 10000, or that sum when larger)
            """)
    public var maxStoredSessions: Int?

    /// `--max-stored-sessions`, or its default: room for every live session, and 10,000 at least.
    public var storedSessionsBound: Int { maxStoredSessions ?? max(10_000, maxSessions + maxNewSessions) }

    /// `WebHostConfiguration/idleTimeout`.
    @Option(
        help:
            "End a session unused this long: 90s, 30m, 2h. (default: \(DurationArgument.format(defaults.idleTimeout)))",
        transform: DurationArgument.parse)
    public var idleTimeout = defaults.idleTimeout

    /// `WebHostConfiguration/hibernateAfter`.
    @Option(
        help: """
            Release a session's memory after this long unused (it is rebuilt from its stored clicks on its next \
            request): 90s, 10m, 1h. (default: \(DurationArgument.format(defaults.hibernateAfter)))
            """,
        transform: DurationArgument.parse)
    public var hibernateAfter = defaults.hibernateAfter

    /// `WebHostConfiguration/shareLifetime`.
    @Option(
        name: .customLong("share-ttl"),
        help: """
            How long a share link opens after it is made: 12h, 30d. Its sharer can revoke it sooner on its page. \
            (default: \(DurationArgument.format(defaults.shareLifetime)))
            """,
        transform: DurationArgument.parse)
    public var shareLifetime = defaults.shareLifetime

    /// `WebHostConfiguration/requestHeadTimeout`.
    @Option(
        help: """
            Close a connection whose request has not arrived whole this long after it began: 10s, 1m. \
            (default: \(DurationArgument.format(defaults.requestHeadTimeout)))
            """,
        transform: DurationArgument.parse)
    public var requestHeadTimeout = defaults.requestHeadTimeout

    /// `WebHostConfiguration/idleConnectionTimeout`.
    @Option(
        help: """
            Close a kept-alive connection with no request for this long (a live-move stream is never cut): 60s, \
            5m. (default: \(DurationArgument.format(defaults.idleConnectionTimeout)))
            """,
        transform: DurationArgument.parse)
    public var idleConnectionTimeout = defaults.idleConnectionTimeout

    /// `WebHostConfiguration/maxEventStreamsPerSession`.
    @Option(help: "At most this many live-move streams per session (open tabs); one more ends the oldest.")
    public var maxEventStreamsPerSession = defaults.maxEventStreamsPerSession

    /// `WebHostConfiguration/maxEventStreams`.
    @Option(help: "At most this many live-move streams in all; more are answered 503.")
    public var maxEventStreams = defaults.maxEventStreams

    /// `WebHostConfiguration/secureCookies`.
    @Flag(help: "Mark the session cookie Secure (when served over HTTPS).")
    public var secureCookies = defaults.secureCookies

    /// Watch the templates and public folders while serving (on unless `--no-watch`); nil when
    /// neither flag is given. An explicit `--watch` also starts a server whose app loads its
    /// templates with `TemplateLibrary/loadingValid(directory:)` when they have problems.
    @Flag(
        inversion: .prefixedNo,
        help: """
            Watch the templates and --public folders: a change is checked and open pages show it at once; a broken \
            template shows on the pages until fixed. Watching is on unless --no-watch; with --watch, flowhost serve \
            also starts with broken templates. (default: on)
            """)
    public var watch: Bool?

    /// Hides the inspector, for a shared demo (`WebHostConfiguration/showsInspector`).
    @Flag(
        help: """
            Hide the inspector (coordinator tree, step log, click path, time travel, copy as test) \
            beside the phone and at /_flowhost/inspector: for a shared demo.
            """)
    public var noInspector = false

    // MARK: - Comments

    /// Turns comments off (`WebHostConfiguration/allowsComments`).
    @Flag(help: "Turn comments off: no Comment control beside the phone, no pins, no /_flowhost/comments.")
    public var noComments = false

    /// At most this many comments the store keeps (`ClickPathStoreLimits/maxComments`).
    @Option(help: "At most this many comments are kept; more are refused until some are deleted.")
    public var maxComments = ClickPathStoreLimits().maxComments

    /// At most this many comments and replies a session writes in a minute
    /// (`WebHostConfiguration/maxCommentsPerMinute`).
    @Option(help: "At most this many comments and replies a browser session writes in a minute.")
    public var commentsPerMinute = WebHostConfiguration().maxCommentsPerMinute

    /// The server's log level.
    @Option(help: "Log level: trace, debug (the step log), info (one line per request), warning, error.")
    public var logLevel: Logger.Level = .info

    /// The defaults (what `flowhost serve` does with no options).
    public init() {}

    /// Refuses bounds below 1, a store bound below the sessions', a port out of range, a `--public`
    /// folder that does not exist, an `--allowed-host` that is no host name and a `--public-url`
    /// that is no http(s) URL of a server's root.
    public func validate() throws {
        for (value, name) in [
            (maxSessions, "--max-sessions"), (maxNewSessions, "--max-new-sessions"),
            (maxEventStreamsPerSession, "--max-event-streams-per-session"), (maxEventStreams, "--max-event-streams"),
            (maxTestersPerStudy, "--max-testers-per-study"), (maxEventsPerTester, "--max-events-per-tester"),
            (maxStudies, "--max-studies"),
            (maxComments, "--max-comments"), (commentsPerMinute, "--comments-per-minute"),
        ] where value < 1 {
            throw ValidationError("\(name) must be at least 1.")
        }
        guard storedSessionsBound >= maxSessions + maxNewSessions else {
            throw ValidationError(
                "--max-stored-sessions \(storedSessionsBound) is less than --max-sessions plus --max-new-sessions "
                    + "(\(maxSessions + maxNewSessions)): live sessions would lose their clicks.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535.") }
        if let folder = self.public, !Self.isDirectory(folder) {
            throw ValidationError("--public \(folder): there is no folder at \(Self.absolute(folder)).")
        }
        if let folder = studies, !Self.isDirectory(folder) {
            throw ValidationError("--studies \(folder): there is no folder at \(Self.absolute(folder)).")
        }
        for name in allowedHosts where !Self.isHostName(name) {
            throw ValidationError(
                "--allowed-host \(name): not a host name or IP address; give the name alone, without a scheme, port "
                    + "or path (every port of it is allowed), e.g. --allowed-host demo.example.com.")
        }
        if let publicURL { _ = try Self.publicURL(publicURL) }
    }

    /// Whether `text` is a host name, an IPv4 address or an IPv6 address (in brackets or not).
    private static func isHostName(_ text: String) -> Bool {
        let name = /[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?/
        let ipv6 = /\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f.]*:[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*/
        return text.wholeMatch(of: name) != nil || text.wholeMatch(of: ipv6) != nil
    }

    /// `text` as the server's public URL: http or https, a host, maybe a port, no path beyond `/`.
    private static func publicURL(_ text: String) throws -> URL {
        guard let components = URLComponents(string: text), let url = components.url,
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.host, isHostName(host)
        else {
            throw ValidationError(
                "--public-url \(text): not an http or https URL with a host, e.g. --public-url https://demo.example.com."
            )
        }
        guard ["", "/"].contains(components.path), components.query == nil, components.fragment == nil,
            components.user == nil, components.password == nil
        else {
            throw ValidationError(
                "--public-url \(text): FlowHost is served at the root of its host; give the URL without a path, query "
                    + "or user, e.g. \(scheme)://\(host)\(components.port.map { ":\($0)" } ?? "").")
        }
        return url
    }

    /// The server's configuration these options give.
    public var configuration: WebHostConfiguration {
        var configuration = WebHostConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.allowedHosts = allowedHosts
        configuration.publicURL = publicURL.flatMap { try? Self.publicURL($0) }
        configuration.requestHeadTimeout = requestHeadTimeout
        configuration.idleConnectionTimeout = idleConnectionTimeout
        configuration.maxSessions = maxSessions
        configuration.maxNewSessions = maxNewSessions
        configuration.maxEventStreamsPerSession = maxEventStreamsPerSession
        configuration.maxEventStreams = maxEventStreams
        configuration.idleTimeout = idleTimeout
        configuration.hibernateAfter = hibernateAfter
        configuration.shareLifetime = shareLifetime
        configuration.secureCookies = secureCookies
        configuration.showsInspector = !noInspector
        configuration.watchesFiles = watch ?? true
        configuration.allowsComments = !noComments
        configuration.maxCommentsPerMinute = commentsPerMinute
        return configuration
    }

    /// The folders to serve: `--templates` and `--public` where given (relative to the current
    /// folder), else `defaultFolders`' (computed only when needed; with `--templates` alone, a
    /// default that cannot be found means no public folder).
    public func folders(defaultFolders: () throws -> AppFolders) throws -> AppFolders {
        try AppFolders.resolving(templates: templates, public: self.public, defaultFolders: defaultFolders)
    }

    /// Builds the app from its folders and serves it until SIGINT or SIGTERM. A template, folder
    /// or app that cannot be used is reported on standard error (one `file:line:col: message` line
    /// per template problem, and per study file problem: ``checkedStudies(in:app:)``) and ends with
    /// exit status 65, before anything listens.
    ///
    /// - Parameters:
    ///   - appName: How the start-up line names the app ("FlowHost serves Notes at ...").
    ///   - defaultFolders: The folders when neither `--templates` nor `--public` is given.
    ///   - makeApp: Makes the app from its folders (loading its templates checks them).
    public func run(
        appName: String, defaultFolders: () throws -> AppFolders, app makeApp: (AppFolders) throws -> WebApp
    ) async throws {
        var logger = Logger(label: "flowhost")
        logger.logLevel = logLevel
        let app: WebApp
        let studies: [StudyFile]
        do {
            let folders = try folders(defaultFolders: defaultFolders)
            app = try makeApp(folders)
            studies = try await checkedStudies(in: folders, app: app)
        } catch {
            FileHandle.standardError.write(Data((String(describing: error) + "\n").utf8))
            throw ExitCode(65)
        }
        let store = try await openStore(logger: logger)
        let server = FlowHostServer(
            app: app, configuration: configuration, store: store, studies: studies, logger: logger)
        // A wildcard address is no name to open: the server answers it 421. Loopback is.
        let shown =
            switch host {
            case "0.0.0.0", "": "127.0.0.1"
            case "::": "[::1]"
            case _ where host.contains(":") && !host.hasPrefix("["): "[\(host)]"
            default: host
            }
        try await server.run { [publicURL, logger] port in
            let also = publicURL.map { " (and at \($0), the start of share links)" } ?? ""
            logger.notice("FlowHost serves \(appName) at http://\(shown):\(port)/\(also)")
        }
    }

    /// The stores `--store` can name, asked in this order: the first that takes the name opens it.
    /// A new store is its module and one line here; the SQLite store, which takes any other name as
    /// a file path, comes last.
    static let stores: [any OpenableClickPathStore.Type] = [
        MemoryClickPathStore.self,
        PostgresClickPathStore.self,
        SQLiteClickPathStore.self,
    ]

    /// What the store keeps: `--max-stored-sessions`, `--max-testers-per-study`, `--max-events-per-tester`,
    /// `--max-studies`, `--max-comments`.
    public var storeLimits: ClickPathStoreLimits {
        var limits = ClickPathStoreLimits(
            maxSessions: storedSessionsBound, maxTestersPerStudy: maxTestersPerStudy,
            maxEventsPerTester: maxEventsPerTester)
        limits.maxComments = maxComments
        limits.maxStudies = maxStudies
        return limits
    }

    /// The store's name: `--store`, else `FLOWHOST_STORE`, else `DATABASE_URL` when it names a
    /// PostgreSQL database (as platforms that provide one set it), else `.flowhost/flowhost.sqlite`.
    public func storeName(environment: [String: String]) -> String {
        store ?? environment["FLOWHOST_STORE"] ?? environment["DATABASE_URL"].flatMap {
            PostgresStoreLocation.isURL($0) ? $0 : nil
        } ?? ".flowhost/flowhost.sqlite"
    }

    /// The store ``storeName(environment:)`` names, opened by the first of ``stores`` that takes
    /// the name, with at most ``storedSessionsBound`` sessions. A store that cannot be opened ends
    /// the start with exit status 1 and a message on standard error (a PostgreSQL database that
    /// cannot be reached: the processes sharing it would not share sessions otherwise); what a store
    /// does in place of failing (SQLite moves a file that is no store aside, or keeps sessions in
    /// memory) its log line says.
    private func openStore(logger: Logger) async throws -> any ClickPathStore {
        let environment = ProcessInfo.processInfo.environment
        let name = storeName(environment: environment)
        do {
            guard let store = Self.stores.first(where: { $0.opens(name) }) else {
                throw ValidationError("--store \(name): no store takes this name.")
            }
            return try await store.open(
                named: name, limits: storeLimits, environment: environment, logger: logger)
        } catch {
            FileHandle.standardError.write(Data((String(describing: error) + "\n").utf8))
            throw ExitCode(1)
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func absolute(_ path: String) -> String {
        URL(filePath: path).standardizedFileURL.path(percentEncoded: false)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
