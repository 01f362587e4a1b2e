import HTMLPresenter
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

extension FlowHostResponder {
    /// `GET /_events?v=<version>`: a Server-Sent Events stream that sends one `move` event (the
    /// URL of the screen on top) once the session publishes a page newer than `version`, then
    /// ends. A comment every keep-alive interval keeps proxies from closing it; a graceful
    /// shutdown ends it at once, and so does the client going away (the connection's inbound
    /// side closing), so a stream costs nothing once its page is gone. With the inspector shown, an
    /// `inspect` event (the stream goes on) tells the page that a step was logged while nothing
    /// moved (a dropped step), so that its inspector asks again.
    ///
    /// Bounded: a session keeps at most `maxEventStreamsPerSession` streams (one more sends the
    /// oldest a `close` event: its page stops listening until it is shown again), the server at
    /// most `maxEventStreams` (one more is answered `503` with `Retry-After`; pages and actions
    /// go on working).
    ///
    /// When the stream ends its connection is closed, both ways: an EventSource never reuses it,
    /// and a client that kept it open would otherwise hold the server's side until it let go.
    func events(
        _ request: Request, after version: Int?, channel: any Channel, log: inout RequestLog
    ) async throws -> Response {
        guard let version else {
            return responses.message(.badRequest, title: "Bad request", message: "/_events needs ?v=<page version>.")
        }
        guard let slot = host.streams.reserve() else {
            host.streamsFull.hit(host.logger)
            var response = responses.text(
                "Too many live pages are open; try again shortly.", status: .serviceUnavailable)
            response.headers[.retryAfter] = "10"
            return response
        }
        let session = try await existingSession(request, log: &log)
        let host = host
        // An EventSource that reconnects sends the id its stream was given: this process's. Any
        // other id is a page of a process that has stopped since (the server restarted), shown
        // from a window that no longer exists: it moves at once to the session's rebuilt page.
        let isFromEarlierProcess = request.headers[.lastEventID].map { $0 != host.processID } ?? false
        // A page another process rendered (several share the store): its version is that process's
        // numbering, so the stream waits for this process's next change of the session (another
        // process's changes reach it through the store's change stream).
        let pageProcess = request.uri.query.flatMap(FlowHostRoute.process(inQuery:))
        let isFromOtherProcess = pageProcess.map { !host.processID.hasPrefix($0) } ?? false
        let shown =
            isFromEarlierProcess ? 0 : isFromOtherProcess ? (session.map { max($0.latestVersion, 1) } ?? 0) : version
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                defer {
                    channel.close(promise: nil)
                    withExtendedLifetime(slot) {}
                }
                guard let session else {
                    // The page belongs to a session that ended: start over.
                    try await writer.write(Self.moveEvent(to: FlowHostRoute.root.url))
                    try await writer.finish(nil)
                    return
                }
                let stream = session.openStream(limit: host.configuration.maxEventStreamsPerSession)
                defer { session.closeStream(stream) }
                do {
                    try await request.body.consumeWithCancellationOnInboundClose { _ in
                        try await Self.follow(session, stream: stream, after: shown, host: host, writer: &writer)
                    }
                } catch is CancellationError {
                    return  // the client went away: nobody to finish the response for
                }
                try await writer.finish(nil)
            })
    }

    /// Writes keep-alives until the page has somewhere to move (or must stop listening), then
    /// writes that event.
    private static func follow(
        _ session: Session, stream: Int, after version: Int, host: SessionHost, writer: inout any ResponseBodyWriter
    ) async throws {
        // The process's id comes back as Last-Event-ID when the page reconnects, telling a page of an
        // earlier process (a restart) from another live one's. It is sent as an event with data:
        // Firefox keeps an id only from an event that has some (Chromium from any).
        try await writer.write(
            ByteBuffer(string: "retry: 3000\nevent: process\nid: \(host.processID)\ndata: \(host.processID)\n\n")
        )
        var inspected = host.configuration.showsInspector ? session.inspectorChanges : .max
        while true {
            let wait = await cancelWhenGracefulShutdown { [inspected] in
                await session.waitForMove(
                    stream: stream, after: version, inspected: inspected, timeout: host.configuration.keepAliveInterval
                ) { host.scheduleRefresh(session) }
            }
            switch wait {
            case .inspect(let count):
                inspected = count
                try await writer.write(ByteBuffer(string: "event: inspect\ndata: \(count)\n\n"))
            case .move(let url):
                try await writer.write(moveEvent(to: url))
                return
            case .idle:
                session.touch(.now)
                try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
            case .replaced:
                try await writer.write(ByteBuffer(string: "event: close\ndata: too many open pages\n\n"))
                return
            case .cancelled:
                return
            }
        }
    }

    private static func moveEvent(to url: String) -> ByteBuffer {
        ByteBuffer(string: "event: move\ndata: \(url)\n\n")
    }
}

extension HTTPField.Name {
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
