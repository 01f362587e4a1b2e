import FlowHostApp
import Hummingbird
import Logging
import ServiceLifecycle

/// Serves a `WebApp` over HTTP: one coordinator per browser session.
///
/// ```swift
/// var configuration = WebHostConfiguration()
/// configuration.port = 8080
/// let server = FlowHostServer(app: app, configuration: configuration)
/// try await server.run()  // until SIGINT or SIGTERM; in-flight requests finish
/// ```
public struct FlowHostServer: Sendable {
    let host: SessionHost
    /// The study files kept in the store before the server answers.
    let studies: [StudyFile]

    /// A server for `app`; `store` keeps the sessions' click paths (in memory unless given: pass
    /// a SQLite store for sessions that survive a restart), and the server runs it in its service
    /// group (`ClickPathStore`: it stops last, and closes then); `logger` gets one line per
    /// request at info, the step log at debug. `studies` (checked against the app's screens:
    /// `FlowHostServe`'s `ServeOptions` does) are kept in the store before the server answers.
    public init(
        app: WebApp, configuration: WebHostConfiguration = WebHostConfiguration(),
        store: any ClickPathStore = MemoryClickPathStore(), studies: [StudyFile] = [],
        logger: Logger = Logger(label: "flowhost")
    ) {
        host = SessionHost(app: app, configuration: configuration, paths: store, logger: logger)
        self.studies = studies
    }

    /// The Hummingbird application: run it, add it to a service group, or test it with
    /// HummingbirdTesting (`try await server.makeApplication().test(.router) { client in ... }`).
    public func makeApplication(
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let responder = FlowHostResponder(host: host)
        var application = Application(
            responder: responder,
            server: .http1(
                requestHeadTimeout: host.configuration.requestHeadTimeout,
                idleTimeout: host.configuration.idleConnectionTimeout),
            configuration: .init(
                address: .hostname(host.configuration.host, port: host.configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                responder.allowedHosts.serverStarted(port: port)
                await onServerRunning(port)
            },
            logger: host.logger.deferringMetadata)
        // The store first: services stop in the reverse order, so it closes once the requests,
        // the sweeper and the sessions' tasks have ended.
        application.addServices(host.paths, SessionSweeper(host: host), host.tasks)
        // Other processes sharing the store: their changes move this one's pages. Subscribed
        // before the server answers anything (once the store listens), so that no change is
        // missed in between.
        application.beforeServerStarts { [host] in
            let changes = try await host.paths.changes()
            host.tasks.start { await host.follow(changes) }
            // Comments: replayed on this build off the path of requests, then followed (their
            // changes subscribed to now, so that none written during the replay is missed).
            if host.configuration.allowsComments {
                let commentChanges = try await host.paths.changes()
                host.tasks.start {
                    await host.replayComments()
                    await host.followComments(commentChanges)
                }
            }
        }
        application.beforeServerStarts { [host, studies] in try await host.importStudies(studies) }
        if host.configuration.watchesFiles { application.addServices(FileWatchService(host: host)) }
        return application
    }

    /// Serves until SIGINT or SIGTERM, then shuts down gracefully: in-flight requests finish,
    /// event streams end, the sessions' windows are released (for at most a second: a server
    /// holding many leaves the rest to the process's exit; their click paths stay stored).
    public func run(onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) async throws {
        try await makeApplication(onServerRunning: onServerRunning).runService()
    }
}
