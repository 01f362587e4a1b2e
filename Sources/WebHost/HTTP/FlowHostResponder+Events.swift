import Hummingbird
import ServiceLifecycle

extension FlowHostResponder {
    /// `GET /_events?v=<version>`: a Server-Sent Events stream that sends one `move` event (the
    /// URL of the screen on top) once the session publishes a page newer than `version`, then
    /// ends. A comment every keep-alive interval keeps proxies from closing it; a graceful
    /// shutdown ends it at once.
    func events(_ request: Request, log: inout RequestLog) async throws -> Response {
        guard let version = request.uri.queryParameters.get("v", as: Int.self) else {
            return responses.message(.badRequest, title: "Bad request", message: "/_events needs ?v=<page version>.")
        }
        let session = await existingSession(request, log: &log)
        let host = host
        let interval = host.configuration.keepAliveInterval
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                guard let session else {
                    // The page belongs to a session that ended: start over.
                    try await writer.write(Self.moveEvent(to: "/"))
                    try await writer.finish(nil)
                    return
                }
                try await writer.write(ByteBuffer(string: "retry: 3000\n\n"))
                waiting: while true {
                    let wait = await cancelWhenGracefulShutdown {
                        await session.waitForMove(after: version, timeout: interval) { host.scheduleRefresh(session) }
                    }
                    switch wait {
                    case .move(let url):
                        try await writer.write(Self.moveEvent(to: url))
                        break waiting
                    case .idle:
                        session.touch(.now)
                        try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    case .cancelled:
                        break waiting
                    }
                }
                try await writer.finish(nil)
            })
    }

    private static func moveEvent(to url: String) -> ByteBuffer {
        ByteBuffer(string: "event: move\ndata: \(url)\n\n")
    }
}
