import Foundation
import HTMLPresenter
import HTTPTypes
import Hummingbird

extension FlowHostResponder {
    /// `POST /_action/<token>`: runs the action on the session's coordinator, then `303` to the
    /// screen on top (or `422` with the same screen when a form has field errors). Posted to
    /// `/_action/<token>?answer=page` (``FlowHostRoute/pageAnswerQuery``, what `flowhost.js` sends),
    /// it answers the screen's page itself: one request a click instead of two, the page's script
    /// then putting the screen's URL in the address bar.
    func action(_ token: String, request: Request, log: inout RequestLog) async throws -> Response {
        if let refusal = crossSiteRefusal(request) { return refusal }
        let fields: FormFields
        switch await readForm(request) {
        case .success(let form): fields = form
        case .failure(let refusal): return refusal.response
        }
        // Read once: each read scans the Cookie fields and copies the value out.
        let cookie = request.sessionCookieValue
        // Checked before the session is looked up: a forged token rebuilds nothing. A token of an
        // empty path: another process started the session, which stored nothing yet.
        let check = await host.check(token: token, cookie: cookie)
        let startsUnstored = if case .signed(let named) = check { named.pathLength == 0 } else { false }
        let session =
            check == .forged
            ? host.liveSession(cookie: cookie)
            : try await host.existingSession(cookie: cookie, clientGone: log.clientGone, startsUnstored: startsUnstored)
        log.session = session?.id
        guard let session else {
            guard cookie != nil else {
                return responses.message(
                    .conflict, title: "Cookies are off",
                    message: "This prototype remembers where you are with a cookie, and this browser sent none. "
                        + "Allow cookies for this site, then start again. Nothing was done.",
                    linkTitle: "Start again")
            }
            return responses.message(
                .conflict, title: "This page has expired",
                message: "Its session ended (it was idle for a while, or the server restarted). Nothing was done.")
        }
        guard check != .forged else {
            return responses.message(.conflict, title: "Nothing was done", message: ActionError.unknown.description)
        }
        let outcome = try await host.change(session, .perform(token: token, fields: fields), clientGone: log.clientGone)
        switch outcome {
        case .refused(let error):
            return responses.message(.conflict, title: "Nothing was done", message: error.description)
        case .ended:
            return responses.redirect(to: FlowHostRoute.root.url)
        case .storeUnavailable:
            return responses.storeUnavailable()
        case .page(let page, action: .invalid, _):
            return responses.page(page.body, for: request.contentCoding, status: .unprocessableContent)
        case .page(let page, _, let pathLength):
            // A tester's action that reached their last goal leads to the thank-you page.
            if session.isTester { return afterTask(outcome, of: session) }
            if request.uri.query == FlowHostRoute.pageAnswerQuery {
                return responses.page(page.body, for: request.contentCoding, pathLength: pathLength, of: session.id)
            }
            return responses.redirect(to: page.url, pathLength: pathLength, of: session.id)
        }
    }

    /// A `403` unless the request comes from a page of this server: `Sec-Fetch-Site` when the
    /// browser sends it, else `Origin` against the server's own origins (``AllowedHosts``), never
    /// against the request's `Host`, which a rebound name chooses. Requests with neither (curl)
    /// pass; the session cookie is `SameSite=Lax`, so a cross-site form post carries no session
    /// anyway.
    func crossSiteRefusal(_ request: Request) -> Response? {
        let isSameOrigin: Bool
        if let site = request.headers.value(of: .secFetchSite) {
            isSameOrigin = site == "same-origin"
        } else if let origin = request.headers.value(of: .origin) {
            isSameOrigin = allowedHosts.allowsOrigin(origin)
        } else {
            isSameOrigin = true
        }
        guard !isSameOrigin else { return nil }
        return responses.message(
            .forbidden, title: "Refused",
            message: "Actions are only accepted from this prototype's own pages. Nothing was done.")
    }

    /// Whether another site's page sent the browser here (`Sec-Fetch-Site: cross-site` or
    /// `same-site`): a link from elsewhere, which must not change a session its cookie names. A
    /// page of this server, the browser's own history, a typed or bookmarked address, and clients
    /// that send no `Sec-Fetch-Site` are not.
    func isSentByAnotherSite(_ request: Request) -> Bool {
        guard let site = request.headers.value(of: .secFetchSite) else { return false }
        return site == "cross-site" || site == "same-site"
    }

    struct Refusal: Error {
        let response: Response
    }

    /// The submitted fields, or the answer explaining why there are none.
    func readForm(_ request: Request) async -> Result<FormFields, Refusal> {
        let limit = host.configuration.maxBodySize
        // Rendered only when it is the answer (it was rendered for every post once: 1 % of the CPU).
        var tooLarge: Refusal {
            Refusal(
                response: responses.message(
                    .contentTooLarge, title: "Too much to send",
                    message: "The form sent more than \(limit / 1024) KiB. Nothing was done."))
        }
        if let length = request.headers.value(of: .contentLength).flatMap({ Int($0) }), length > limit {
            return .failure(tooLarge)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return .failure(tooLarge)
        } catch {
            return .failure(badRequest("The form could not be read: \(error)."))
        }
        // The type browsers send is taken as it is; any other is trimmed as HTTP trims (spaces and
        // tabs), not by Foundation's `CharacterSet` (that took 2 % of the server's CPU on a round
        // trip), and lowercased.
        let contentType = request.headers.value(of: .contentType)
        let mediaType =
            contentType == Self.formMediaType
            ? contentType : contentType.map { $0.prefix { $0 != ";" }.trimmingOWS().lowercased() }
        guard mediaType == Self.formMediaType || (mediaType == nil && body.readableBytes == 0) else {
            return .failure(
                Refusal(
                    response: responses.message(
                        .unsupportedMediaType, title: "Unsupported form",
                        message: "Forms post as application/x-www-form-urlencoded, not \(mediaType ?? "nothing"). "
                            + "Nothing was done.")))
        }
        do {
            return .success(try FormBody.parse(body.readableBytesView))
        } catch {
            return .failure(badRequest("The form was malformed: \(error.description). Nothing was done."))
        }
    }

    private static let formMediaType = "application/x-www-form-urlencoded"

    private func badRequest(_ message: String) -> Refusal {
        Refusal(response: responses.message(.badRequest, title: "Bad request", message: message))
    }
}
