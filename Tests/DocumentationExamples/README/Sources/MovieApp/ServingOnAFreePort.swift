import FlowHostApp
import WebHost

/// Serves `app` until SIGINT or SIGTERM on a port the system picks; `onReady` gets the address.
func serveOnAFreePort(_ app: WebApp, onReady: @escaping @Sendable (String) async -> Void) async throws {
    var configuration = WebHostConfiguration()  // the bounds `flowhost serve` takes as options, as values
    configuration.port = 0  // a free port
    let server = FlowHostServer(app: app, configuration: configuration)
    try await server.run { port in await onReady("http://127.0.0.1:\(port)/") }
}
