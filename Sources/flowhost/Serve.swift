import ArgumentParser
import Foundation
import HTMLPresenter
import Logging
import MovieDemo
import WebHost

/// `flowhost serve`: the sample app over HTTP, one coordinator per browser session.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the sample app; each browser session gets its own coordinator.")

    private static let defaults = WebHostConfiguration()

    @Option(help: "The address to bind.")
    var host = defaults.host

    @Option(help: "The port to bind (0 picks a free one).")
    var port = defaults.port

    @Option(help: "The folder of the app's mustache templates, validated at start.")
    var templates = "Templates"

    @Flag(
        inversion: .prefixedNo,
        help: """
            Watch the templates and --public folders: a change is checked and open pages show it at once; a broken \
            template shows on the pages until fixed. Watching is on unless --no-watch; --watch also starts the \
            server with broken templates. (default: on)
            """)
    var watch: Bool?

    @Option(
        help: """
            Where sessions' clicks and share links are kept, so that sessions survive a restart: a SQLite file, \
            or 'memory' for nowhere.
            """)
    var store = ".flowhost/flowhost.sqlite"

    @Option(help: "A folder of static files served at /public/. (default: Public, when it exists)")
    var `public`: String?

    @Option(
        help:
            "At most this many returning sessions (they came back with their cookie); the least recently used ends first."
    )
    var maxSessions = defaults.maxSessions

    @Option(
        help:
            "At most this many new sessions (one request so far: a first visit, or a client that keeps no cookies); they never end a returning one."
    )
    var maxNewSessions = defaults.maxNewSessions

    @Option(
        help: "End a session unused this long: 90s, 30m, 2h. (default: \(Serve.format(defaults.idleTimeout)))",
        transform: Serve.parseDuration)
    var idleTimeout = defaults.idleTimeout

    @Option(
        help: """
            Release a session's memory after this long unused (it is rebuilt from its stored clicks on its next \
            request): 90s, 10m, 1h. (default: \(Serve.format(defaults.hibernateAfter)))
            """,
        transform: Serve.parseDuration)
    var hibernateAfter = defaults.hibernateAfter

    @Option(help: "At most this many live-move streams per session (open tabs); one more ends the oldest.")
    var maxEventStreamsPerSession = defaults.maxEventStreamsPerSession

    @Option(help: "At most this many live-move streams in all; more are answered 503.")
    var maxEventStreams = defaults.maxEventStreams

    @Flag(help: "Mark the session cookie Secure (when served over HTTPS).")
    var secureCookies = defaults.secureCookies

    @Option(help: "Log level: trace, debug (the step log), info (one line per request), warning, error.")
    var logLevel: Logger.Level = .info

    func validate() throws {
        for (value, name) in [
            (maxSessions, "--max-sessions"), (maxNewSessions, "--max-new-sessions"),
            (maxEventStreamsPerSession, "--max-event-streams-per-session"), (maxEventStreams, "--max-event-streams"),
        ] where value < 1 {
            throw ValidationError("\(name) must be at least 1.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535.") }
        if let folder = self.public, !Self.isDirectory(folder) {
            throw ValidationError("--public \(folder): there is no folder at \(Self.absolute(folder)).")
        }
    }

    /// The folder served at /public/: the one given, else `Public` of the current folder if there
    /// is one (an app without static files needs none).
    var publicDirectory: URL? {
        let folder = self.public ?? (Self.isDirectory(Self.defaultPublic) ? Self.defaultPublic : nil)
        return folder.map { URL(filePath: $0, directoryHint: .isDirectory) }
    }

    static let defaultPublic = "Public"

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func absolute(_ path: String) -> String {
        URL(filePath: path).standardizedFileURL.path(percentEncoded: false)
    }

    func run() async throws {
        var logger = Logger(label: "flowhost")
        logger.logLevel = logLevel
        let app = MovieDemo.app(templates: try loadTemplates(logger: logger), publicDirectory: publicDirectory)
        var configuration = WebHostConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.maxSessions = maxSessions
        configuration.maxNewSessions = maxNewSessions
        configuration.maxEventStreamsPerSession = maxEventStreamsPerSession
        configuration.maxEventStreams = maxEventStreams
        configuration.idleTimeout = idleTimeout
        configuration.hibernateAfter = hibernateAfter
        configuration.secureCookies = secureCookies
        configuration.watchesFiles = watch ?? true
        let server = FlowHostServer(
            app: app, configuration: configuration, store: openStore(logger: logger), logger: logger)
        try await server.run { [host, logger] port in
            logger.notice("FlowHost serves the sample at http://\(host):\(port)/")
        }
    }

    /// The templates, checked. A problem stops the server with its `file:line:col: message` lines,
    /// unless `--watch` is given: then the server starts, and its pages show the problems until
    /// the files are fixed. A missing folder always stops it.
    private func loadTemplates(logger: Logger) throws -> TemplateLibrary {
        let library = TemplateLibrary.loadingValid(directory: templates)
        guard !library.problems.isEmpty else { return library }
        let lines = library.problems.map(\.description).joined(separator: "\n")
        guard watch == true, Self.isDirectory(templates) else {
            FileHandle.standardError.write(Data((lines + "\n").utf8))
            throw ExitCode(65)
        }
        logger.warning("\(lines)\nthe pages show these problems until the templates are fixed")
        return library
    }

    /// The store `--store` names. A file that is no FlowHost store is moved aside (never deleted)
    /// and a new one started; one that cannot be opened at all leaves the sessions in memory. Either
    /// way the server starts, and the log says what happened.
    private func openStore(logger: Logger) -> any ClickPathStore {
        guard store != "memory" else { return MemoryClickPathStore() }
        do {
            let (opened, movedAside) = try SQLiteClickPathStore.openMovingAside(path: store)
            if let movedAside {
                logger.warning("\(movedAside.error); it was moved to \(movedAside.movedTo) and a new store started")
            }
            return opened
        } catch {
            logger.error("\(error); sessions are kept in memory only (they will not survive a restart)")
            return MemoryClickPathStore()
        }
    }

    static func format(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds % 3600 == 0 ? "\(seconds / 3600)h" : seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
    }

    static func parseDuration(_ text: String) throws -> Duration {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600]
        let unit = text.last.flatMap { units[$0] }
        guard let value = Int64(unit == nil ? text : String(text.dropLast())), value > 0 else {
            throw ValidationError("'\(text)' is not a duration: write 90s, 30m or 2h.")
        }
        return .seconds(value * (unit ?? 1))
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
