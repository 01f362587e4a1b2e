import FlowCore
import FlowHostApp
import HTMLPresenter
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Answers every request of the host: dispatches by path, turns every problem into a clear
/// answer (never a 5xx for client input), adds the security headers and logs one line.
///
/// One responder rather than Hummingbird's `Router` with middleware, for two reasons checked
/// against Hummingbird 2.28: ``FlowHostRoute`` already parses every path FlowHost serves (and the
/// same type builds every URL), so a router's pattern strings would be a second parser of the same
/// shapes; and the router answers a known path asked with the wrong method `404`
/// (`Router.swift` throws `HTTPError(.notFound)`), where FlowHost answers `405` with `Allow`
/// (tested in `BadInputTests`). What middleware would add — the error page, the security headers,
/// the log line — is `respond(to:context:)` below, applied to every answer, files included.
struct FlowHostResponder: HTTPResponder {
    typealias Context = FlowHostRequestContext

    let host: SessionHost
    let responses: PageResponses
    let files: StaticFiles
    let allowedHosts: AllowedHosts

    init(host: SessionHost) {
        self.host = host
        allowedHosts = AllowedHosts(configuration: host.configuration)
        responses = PageResponses(renderer: host.renderer, secureCookies: host.configuration.secureCookies)
        files = StaticFiles(
            publicDirectory: host.app.publicDirectory, version: host.publicFolderVersion, responses: responses)
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        var log = RequestLog(clientGone: context.channel.closeFuture)
        var response: Response
        do {
            response = try await route(request, context: context, log: &log)
        } catch ClickPathStoreError.unavailable {
            // The store cannot be reached for what the request needs (a session not in memory, to
            // rebuild): nothing was done, no other session is started in its place (the browser
            // keeps its cookie), and its next request reads the store again.
            response = responses.storeUnavailable()
        } catch is CancellationError {
            // The client went away while the request waited its turn (or the server stops): no one
            // reads this answer, and nothing was done.
            response = responses.message(
                .serviceUnavailable, title: "Nothing was done",
                message: "The request was dropped before its turn came. Try again.")
        } catch {
            // Only the app can fail here (a template that does not render), never client input.
            host.logger.error("\(request.method) \(Self.loggedPath(request.uri.path)) failed: \(error)")
            // A shared demo's visitors are not told which file, line or value: the log keeps that.
            let message =
                host.configuration.showsInspector
                ? "\(error)"
                : error is RenderError
                    ? "This screen has a template problem; the server's log has the details."
                    : "Something went wrong; the server's log has the details."
            response = responses.message(
                .internalServerError, title: "This screen could not be shown", message: message,
                linkTitle: "Try again", linkURL: "/")
        }
        PageResponses.addSecurityHeaders(to: &response.headers)
        let elapsed = (ContinuousClock.now - start).components
        let milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
        host.logger.info(
            "\(request.method) \(Self.loggedPath(request.uri.path)) \(response.status.code) \(Self.format(milliseconds))ms",
            metadata: log.metadata)
        return response
    }

    private func route(_ request: Request, context: Context, log: inout RequestLog) async throws -> Response {
        let route = FlowHostRoute(path: request.uri.path, query: request.uri.query)
        // A load balancer's health check names a host of its own; the answer reveals nothing.
        if route != .health, let refusal = hostRefusal(request, log: &log) { return refusal }
        guard route.allowedMethods.contains(request.method) else {
            if route == .unknown { return notFound(request) }
            var response = responses.message(
                .methodNotAllowed, title: "Method not allowed",
                message: "\(request.uri.path) does not answer \(request.method).")
            response.headers[.allow] = route.allowedMethods.map(\.rawValue).joined(separator: ", ")
            return response
        }
        switch route {
        case .health:
            return responses.text("ok")
        case .status:
            return try responses.json(host.status)
        case .map:
            guard host.configuration.showsInspector else { return notFound(request) }
            return try await mapPage(request, log: &log)
        case .mapJSON:
            guard host.configuration.showsInspector else { return notFound(request) }
            return try await mapJSON(request)
        case .mapThumbnail(let state):
            guard host.configuration.showsInspector else { return notFound(request) }
            return try await mapThumbnail(state, request: request)
        case .chromeFile, .publicFile:
            return try await files.serve(request)
        case .root:
            return try await withSession(request, log: &log) { [clientGone = log.clientGone] session, _ in
                try await screen(nil, in: session, request: request, clientGone: clientGone)
            }
        case .screen(let id):
            // A new session (the request named none that lives) is shown its first screen right
            // here: redirecting it would send a client that keeps no cookies from new session to
            // new session. So a cookieless client gets at most one redirect (from `/`).
            // A screen's GET may change the session (Back pops to it, Forward redoes what opened
            // it): not when another site's page sent the browser here (a share link's redirect
            // too). Then it is shown when on top, else the screen on top, and nothing changes.
            let mayChange = !isSentByAnotherSite(request)
            return try await withSession(request, log: &log) { [clientGone = log.clientGone] session, isNew in
                try await screen(
                    isNew ? nil : id, in: session, redirect: !isNew, mayChange: mayChange, request: request,
                    clientGone: clientGone)
            }
        case .link(let path):
            return try await link(path, request: request, log: &log)
        case .action(let token):
            return try await action(token, request: request, log: &log)
        case .events(let version):
            return try await events(request, after: version, channel: context.channel, log: &log)
        case .share:
            return try await share(request, log: &log)
        case .sharePage(let id):
            return try await sharePage(id, request: request, log: &log)
        case .revokeShare(let id):
            return try await revokeShare(id, request: request, log: &log)
        case .shared(let id):
            return try await openShared(id, log: &log)
        case .inspector:
            guard host.configuration.showsInspector else { return notFound(request) }
            return try await withSession(request, log: &log) { session, _ in
                // A study link opens nothing but the study: a tester's session has no inspector.
                session.isTester ? notFound(request) : try await inspector(of: session)
            }
        case .backToHere(let entryCount):
            guard host.configuration.showsInspector else { return notFound(request) }
            return try await backToHere(entryCount, request: request, log: &log)
        case .study(let link):
            return try await study(link, request: request, log: &log)
        case .studyDone:
            return try await endTask(.done, request: request, log: &log)
        case .studyGiveUp:
            return try await endTask(.gaveUp, request: request, log: &log)
        case .studyThanks:
            return try await studyThanks(request, log: &log)
        case .studyMisclick, .studyScriptRan:
            return try await scriptNote(misclick: route == .studyMisclick, request: request, log: &log)
        case .newStudy, .studyFile:
            // The owner's: the inspector's server, and no tester's session.
            guard host.configuration.showsInspector,
                host.liveSession(cookie: request.sessionCookieValue)?.isTester != true
            else { return notFound(request) }
            return try await studyForm(route, request: request, log: &log)
        case .comments, .commentForm, .commentsJSON, .comment:
            // A study link opens nothing but the study: a tester's session takes no comments.
            if host.liveSession(cookie: request.sessionCookieValue)?.isTester == true { return notFound(request) }
            return try await comments(route, request: request, log: &log)
        case .studies, .studiesJSON, .studyResults, .openTesterPart:
            // A study link opens nothing but the study: a tester's session sees no results.
            if host.liveSession(cookie: request.sessionCookieValue)?.isTester == true { return notFound(request) }
            return try await studyResults(route, request: request, log: &log)
        case .unknown:
            return notFound(request)
        }
    }

    /// GET of a screen (`id`) or of whatever is on top (nil): the page when it is `id`, else a
    /// redirect to the screen on top (or that page in place, when `redirect` is false), in the
    /// `coding` the client accepts (see ``SessionHost/show(_:of:seenPathLength:clientGone:)``).
    /// Unless `mayChange`, the session is not changed to bring `id` back on screen.
    private func screen(
        _ id: ScreenID?, in session: Session, redirect: Bool = true, mayChange: Bool = true, request: Request,
        clientGone: EventLoopFuture<Void>?
    ) async throws -> Response {
        let seen = request.seenPathLength(of: session.id)
        let outcome = try await host.show(
            mayChange ? id : nil, of: session, seenPathLength: seen, clientGone: clientGone)
        switch outcome {
        case .page(let page, _, let pathLength):
            let response =
                page.screenID == id || !redirect
                ? responses.page(page.body, for: request.contentCoding) : responses.redirect(to: page.url)
            // A GET that changed the session (the browser's Back revealed a screen below the top)
            // tells the browser the new length, as an action's answer does: the process its next
            // request lands on catches up first, whether the change stream reached it or not.
            return responses.telling(pathLength: pathLength, of: session.id, beyond: seen, response)
        case .storeUnavailable:
            return responses.storeUnavailable()
        case .refused, .ended:
            return responses.redirect(to: FlowHostRoute.root.url)
        }
    }

    /// The session the request's cookie names, if it lives, or if its click path is stored (then it
    /// is rebuilt: it hibernated, or the server restarted).
    /// - Throws: ``ClickPathStoreError/unavailable(reason:)`` when it must be rebuilt and the store
    ///   cannot be read (``respond(to:context:)`` answers `503`, nothing done).
    func existingSession(_ request: Request, log: inout RequestLog) async throws -> Session? {
        let cookie = request.sessionCookieValue
        let session = try await host.existingSession(cookie: cookie, clientGone: log.clientGone)
        log.session = session?.id
        return session
    }

    /// Runs `body` with the request's session: the one its cookie names or a new one (whose cookie
    /// the response then sets). A cookie the server did not issue is never adopted.
    private func withSession(
        _ request: Request, log: inout RequestLog, _ body: (Session, _ isNew: Bool) async throws -> Response
    ) async throws -> Response {
        if let session = try await existingSession(request, log: &log) {
            // A tester who did every task is done with the prototype.
            if session.isFinishedTester { return responses.redirect(to: FlowHostRoute.studyThanks.url) }
            return try await body(session, false)
        }
        let session = await host.startSession()
        log.session = session.id
        var response = try await body(session, true)
        response.setCookie(responses.sessionCookie(session.id))
        return response
    }

    private func link(_ path: String, request: Request, log: inout RequestLog) async throws -> Response {
        guard let decoded = path.removingPercentEncoding, host.app.deepLinks.step(for: decoded) != nil else {
            return responses.message(
                .notFound, title: "Link not found", message: "No screen of this prototype opens at /link/\(path).")
        }
        return try await withSession(request, log: &log) { [clientGone = log.clientGone] session, _ in
            let outcome = try await host.change(session, .openLink(decoded), clientGone: clientGone)
            if case .storeUnavailable = outcome { return responses.storeUnavailable() }
            guard case .page(let page, _, let pathLength) = outcome else {
                return responses.redirect(to: FlowHostRoute.root.url)
            }
            return responses.telling(
                pathLength: pathLength, of: session.id, beyond: request.seenPathLength(of: session.id),
                responses.redirect(to: page.url))
        }
    }

    /// `400` for a request that names no host, or more than one, or something that is no host;
    /// `421` for a host the server does not answer to (see ``AllowedHosts``); nil for an allowed one.
    private func hostRefusal(_ request: Request, log: inout RequestLog) -> Response? {
        // HTTP/1.1's first `Host` became the authority; a second one is left among the fields.
        let hosts = request.headers.count(of: .host) + (request.head.authority == nil ? 0 : 1)
        let verdict = hosts > 1 ? .malformed : allowedHosts.check(authority: request.head.authority)
        switch verdict {
        case .allowed:
            return nil
        case .missing, .malformed:
            return responses.message(
                .badRequest, title: "Bad request",
                message: "A request names the server it is for with one Host header, a host name and maybe a port.")
        case .refused(let name):
            let shown = name.count > 100 ? name.prefix(100) + "…" : name
            log.refusedHost = String(shown)
            return responses.message(
                .misdirectedRequest, title: "Not this server's name",
                message: "This prototype does not answer to \(shown): a page elsewhere could reach it through that "
                    + "name. If it is how people reach this server, start it with --allowed-host \(shown) (or "
                    + "--public-url with its address).",
                linkTitle: "Open it on this machine", linkURL: allowedHosts.origin + FlowHostRoute.root.url)
        }
    }

    func notFound(_ request: Request) -> Response {
        responses.message(
            .notFound, title: "Page not found", message: "Nothing of this prototype lives at \(request.uri.path).")
    }

    /// `path` as the log shows it: a share id cut to its first eight digits, as session ids are
    /// (the whole id opens the link, and a log is read by more people than the link was given to).
    static func loggedPath(_ path: String) -> String {
        func short(_ id: String) -> String { id.count > 8 ? id.prefix(8) + "…" : id }
        switch FlowHostRoute(path: path, query: nil) {
        case .sharePage(let id): return FlowHostRoute.sharePage(id: short(id)).url
        case .revokeShare(let id): return FlowHostRoute.revokeShare(id: short(id)).url
        case .shared(let id): return FlowHostRoute.shared(id: short(id)).url
        case .study(let link): return FlowHostRoute.study(link: short(link)).url
        default: return path
        }
    }

    private static func format(_ milliseconds: Double) -> String {
        let hundredths = Int((milliseconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// What the handling of one request carries besides the request: the connection's close, which
/// drops the request while it waits for its session's turn, and the session it turned out to use,
/// for the log line.
struct RequestLog {
    /// Completes when the client's connection closes.
    let clientGone: EventLoopFuture<Void>?
    /// The session the request used, if any.
    var session: SessionID?
    /// The host a `421` refused, so that whoever reads the log can allow it.
    var refusedHost: String?

    var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        if let session { metadata["session"] = "\(session.short)" }
        if let refusedHost { metadata["refused-host"] = "\(refusedHost)" }
        return metadata
    }
}
