import ArgumentParser
import FlowHostApp
import FlowHostSQLite
import Foundation
import HTMLPresenter
import Logging
import WebHost

/// The options of `flowhost serve`, and the one way to start a server from them. An app's own
/// executable takes the same options (`--host`, `--port`, `--templates`, ...) and reports a broken
/// template or a missing folder the same way: `file:line:col: message` on standard error and exit
/// status 65, never a crash.
///
/// ```swift
/// // main.swift: serves the app at http://127.0.0.1:8080/ with the package's Templates/ and Public/
/// await ServeOptions.main(appName: "Movies", app: makeMovieApp)
/// ```
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

    /// The templates folder, when given.
    @Option(
        help: """
            The folder of the app's mustache templates, validated at start. (default: Templates, in the app's \
            package or the current folder)
            """)
    public var templates: String?

    /// Where click paths are kept: a SQLite file, or `memory`.
    @Option(
        help: """
            Where sessions' clicks and share links are kept, so that sessions survive a restart: a SQLite file, \
            or 'memory' for nowhere.
            """)
    public var store = ".flowhost/flowhost.sqlite"

    /// The folder served at `/public/`, when given.
    @Option(
        help:
            "A folder of static files served at /public/. (default: Public, when it exists, in the app's package or the current folder)"
    )
    public var `public`: String?

    /// ``WebHostConfiguration/maxSessions``.
    @Option(
        help:
            "At most this many returning sessions (they came back with their cookie); the least recently used ends first."
    )
    public var maxSessions = defaults.maxSessions

    /// ``WebHostConfiguration/maxNewSessions``.
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

    /// ``WebHostConfiguration/idleTimeout``.
    @Option(
        help:
            "End a session unused this long: 90s, 30m, 2h. (default: \(DurationArgument.format(defaults.idleTimeout)))",
        transform: DurationArgument.parse)
    public var idleTimeout = defaults.idleTimeout

    /// ``WebHostConfiguration/hibernateAfter``.
    @Option(
        help: """
            Release a session's memory after this long unused (it is rebuilt from its stored clicks on its next \
            request): 90s, 10m, 1h. (default: \(DurationArgument.format(defaults.hibernateAfter)))
            """,
        transform: DurationArgument.parse)
    public var hibernateAfter = defaults.hibernateAfter

    /// ``WebHostConfiguration/shareLifetime``.
    @Option(
        name: .customLong("share-ttl"),
        help: """
            How long a share link opens after it is made: 12h, 30d. Its sharer can revoke it sooner on its page. \
            (default: \(DurationArgument.format(defaults.shareLifetime)))
            """,
        transform: DurationArgument.parse)
    public var shareLifetime = defaults.shareLifetime

    /// ``WebHostConfiguration/maxEventStreamsPerSession``.
    @Option(help: "At most this many live-move streams per session (open tabs); one more ends the oldest.")
    public var maxEventStreamsPerSession = defaults.maxEventStreamsPerSession

    /// ``WebHostConfiguration/maxEventStreams``.
    @Option(help: "At most this many live-move streams in all; more are answered 503.")
    public var maxEventStreams = defaults.maxEventStreams

    /// ``WebHostConfiguration/secureCookies``.
    @Flag(help: "Mark the session cookie Secure (when served over HTTPS).")
    public var secureCookies = defaults.secureCookies

    /// Watch the templates and public folders while serving (on unless `--no-watch`); nil when
    /// neither flag is given. An explicit `--watch` also starts a server whose app loads its
    /// templates with ``TemplateLibrary/loadingValid(directory:)`` when they have problems.
    @Flag(
        inversion: .prefixedNo,
        help: """
            Watch the templates and --public folders: a change is checked and open pages show it at once; a broken \
            template shows on the pages until fixed. Watching is on unless --no-watch; with --watch, flowhost serve \
            also starts with broken templates. (default: on)
            """)
    public var watch: Bool?

    /// Hides the inspector, for a shared demo (``WebHostConfiguration/showsInspector``).
    @Flag(
        help: """
            Hide the inspector (coordinator tree, step log, click path, time travel, copy as test) \
            beside the phone and at /_flowhost/inspector: for a shared demo.
            """)
    public var noInspector = false

    /// The server's log level.
    @Option(help: "Log level: trace, debug (the step log), info (one line per request), warning, error.")
    public var logLevel: Logger.Level = .info

    /// The defaults (what `flowhost serve` does with no options).
    public init() {}

    /// Refuses bounds below 1, a store bound below the sessions', a port out of range, and a `--public` folder that does not exist.
    public func validate() throws {
        for (value, name) in [
            (maxSessions, "--max-sessions"), (maxNewSessions, "--max-new-sessions"),
            (maxEventStreamsPerSession, "--max-event-streams-per-session"), (maxEventStreams, "--max-event-streams"),
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
    }

    /// The server's configuration these options give.
    public var configuration: WebHostConfiguration {
        var configuration = WebHostConfiguration()
        configuration.host = host
        configuration.port = port
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
        return configuration
    }

    /// The folders to serve: `--templates` and `--public` where given (relative to the current
    /// folder), else `defaultFolders`' (computed only when needed; with `--templates` alone, a
    /// default that cannot be found means no public folder).
    public func folders(defaultFolders: () throws -> AppFolders) throws -> AppFolders {
        var folders: AppFolders
        if let templates {
            let defaults = self.public == nil ? try? defaultFolders() : nil
            folders = AppFolders(templates: URL(filePath: templates), publicDirectory: defaults?.publicDirectory)
        } else {
            folders = try defaultFolders()
        }
        if let folder = self.public { folders.publicDirectory = URL(filePath: folder, directoryHint: .isDirectory) }
        return folders
    }

    /// Builds the app from its folders and serves it until SIGINT or SIGTERM. A template, folder
    /// or app that cannot be used is reported on standard error (one `file:line:col: message` line
    /// per template problem) and ends with exit status 65, before anything listens.
    ///
    /// - Parameters:
    ///   - appName: How the start-up line names the app ("FlowHost serves Notes at ...").
    ///   - defaultFolders: The folders when neither `--templates` nor `--public` is given.
    ///   - app: Makes the app from its folders (loading its templates checks them).
    public func run(
        appName: String, defaultFolders: () throws -> AppFolders, app makeApp: (AppFolders) throws -> WebApp
    ) async throws {
        var logger = Logger(label: "flowhost")
        logger.logLevel = logLevel
        let app: WebApp
        do {
            app = try makeApp(try folders(defaultFolders: defaultFolders))
        } catch {
            FileHandle.standardError.write(Data((String(describing: error) + "\n").utf8))
            throw ExitCode(65)
        }
        let server = FlowHostServer(
            app: app, configuration: configuration, store: openStore(logger: logger), logger: logger)
        try await server.run { [host, logger] port in
            logger.notice("FlowHost serves \(appName) at http://\(host):\(port)/")
        }
    }

    /// An app's own `main`: parses the command line (`--help` lists the options), then serves the
    /// app from the folders of the package that holds the calling file (see
    /// ``AppFolders/init(packageContaining:)``) until SIGINT or SIGTERM. A bad option, template or
    /// folder ends the process with its message and a non-zero status.
    public static func main(
        appName: String, packageContaining filePath: String = #filePath, app makeApp: (AppFolders) throws -> WebApp
    ) async {
        let options = parseOrExit()
        do {
            try await options.run(
                appName: appName, defaultFolders: { try AppFolders(packageContaining: filePath) }, app: makeApp)
        } catch {
            exit(withError: error)
        }
    }

    /// The store `--store` names. A file that is no FlowHost store is moved aside (never deleted)
    /// and a new one started; one that cannot be opened at all leaves the sessions in memory. Either
    /// way the server starts, and the log says what happened.
    private func openStore(logger: Logger) -> any ClickPathStore {
        guard store != "memory" else { return MemoryClickPathStore() }
        do {
            let (opened, movedAside) = try SQLiteClickPathStore.openMovingAside(
                path: store, maxSessions: storedSessionsBound)
            if let movedAside {
                logger.warning("\(movedAside.error); it was moved to \(movedAside.movedTo) and a new store started")
            }
            return opened
        } catch {
            logger.error("\(error); sessions are kept in memory only (they will not survive a restart)")
            return MemoryClickPathStore()
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
