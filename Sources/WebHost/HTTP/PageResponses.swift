import Foundation
import HTMLPages
import HTMLPresenter
import HTTPTypes
import Hummingbird
import Synchronization

/// Builds the responses of the host: pages, redirects, message pages, with the headers every
/// response carries.
struct PageResponses: Sendable {
    static let sessionCookie = "flowhost_session"
    /// Changes on every page and redirect: Chromium keeps even `no-store` pages in its
    /// back/forward cache unless a cookie changed since, and a page from that cache would show
    /// stale actions. With it, Back and Forward always ask the server.
    static let navigationCookie = "flowhost_nav"
    private static let navigationCounter = Atomic<Int>(0)
    /// Set by an action's answer to the length of the session's stored click path: a load balancer
    /// may send the next request (the GET after a `303`, a reload, the next click) to another
    /// process, whose copy of the session is then behind until the store's change stream reaches
    /// it; the cookie tells it to rebuild first. Its value names the session too
    /// (`LENGTH-SESSION`, the first eight digits of its id): a length is only ever read for the
    /// session it was told of.
    static let pathLengthCookie = "flowhost_at"

    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    /// ``contentSecurityPolicy`` for the one kind of page that is framed: a live map's thumbnail,
    /// by the server's own pages only.
    static let framedBySelfContentSecurityPolicy = contentSecurityPolicy.replacing(
        "frame-ancestors 'none'", with: "frame-ancestors 'self'")

    let renderer: PageRenderer
    let secureCookies: Bool

    /// A rendered page.
    func page(_ html: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: pageHeaders(), body: ResponseBody(byteBuffer: html))
    }

    /// A published page, in the coding the client accepts (`Vary: Accept-Encoding` when it is kept
    /// compressed: the answer depends on that header).
    func page(_ body: CompressedBody, for coding: ContentCoding, status: HTTPResponse.Status = .ok) -> Response {
        let (bytes, sent) = body.bytes(for: coding)
        var headers = pageHeaders()
        if body.isCompressed { headers.append(Self.varyField) }
        if sent == .gzip { headers.append(Self.gzipField) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }

    /// An action's page itself (`200`, in the coding the client accepts), telling the browser the
    /// stored path of `session` is `pathLength` entries long (``pathLengthCookie``), as the
    /// action's `303` would: for a page whose script puts the screen's URL in the address bar.
    func page(_ body: CompressedBody, for coding: ContentCoding, pathLength: Int?, of session: SessionID) -> Response {
        var response = page(body, for: coding)
        if let pathLength { response.headers.append(pathLengthField(pathLength, of: session)) }
        return response
    }

    /// A page's headers, the security headers (``addSecurityHeaders(to:)``) among them. Every page
    /// GET pays for these.
    private func pageHeaders() -> HTTPFields {
        headers(Self.pageFields)
    }

    /// `fields`, then the next navigation cookie. The fields were made once (a field checks its
    /// value when it is made) and are copied at once: appended one by one, each went through
    /// `RangeReplaceableCollection`'s generic `insert`. The copy (made by the append: the static
    /// fields are shared) doubles their room, for what an answer adds after.
    private func headers(_ fields: HTTPFields) -> HTTPFields {
        var headers = fields
        headers.append(HTTPField(name: .setCookie, value: nextNavigationCookie()))
        return headers
    }

    private static let pageFields = HTTPFields([htmlField, noStoreField] + securityFields)
    private static let redirectFields = HTTPFields([noStoreField] + securityFields)

    private static let htmlField = HTTPField(name: .contentType, value: "text/html; charset=utf-8")
    private static let noStoreField = HTTPField(name: .cacheControl, value: "no-store")
    private static let varyField = HTTPField(name: .vary, value: "Accept-Encoding")
    private static let gzipField = HTTPField(name: .contentEncoding, value: "gzip")

    /// `303 See Other` to `location`.
    func redirect(to location: String) -> Response {
        var headers = headers(Self.redirectFields)
        headers.append(HTTPField(name: .location, value: location))
        return Response(status: .seeOther, headers: headers)
    }

    /// `303 See Other` to `location` after an action that left the stored path of `session`
    /// `pathLength` entries long (``pathLengthCookie``).
    func redirect(to location: String, pathLength: Int?, of session: SessionID) -> Response {
        var response = redirect(to: location)
        if let pathLength { response.headers.append(pathLengthField(pathLength, of: session)) }
        return response
    }

    /// `response`, telling the browser that the session's stored path is `pathLength` entries long
    /// (``pathLengthCookie``) when that is more than the browser said it saw (`seen`): a GET that
    /// changed the session.
    func telling(pathLength: Int?, of session: SessionID, beyond seen: Int?, _ response: Response) -> Response {
        guard let pathLength, pathLength > seen ?? 0 else { return response }
        var response = response
        response.headers.append(pathLengthField(pathLength, of: session))
        return response
    }

    private func pathLengthField(_ pathLength: Int, of session: SessionID) -> HTTPField {
        HTTPField(
            name: .setCookie,
            value: "\(Self.pathLengthCookie)=\(pathLength)-\(session.short)"
                + (secureCookies ? Self.secureCookieAttributes : Self.cookieAttributes))
    }

    /// A page in the phone frame that explains a problem, with one link onward.
    func message(
        _ status: HTTPResponse.Status, title: String, message: String,
        linkTitle: String = "Go to the current screen", linkURL: String = "/"
    ) -> Response {
        let html = renderer.renderMessage(
            title: title, message: message, linkTitle: linkTitle, linkURL: linkURL, links: .served)
        return page(ByteBuffer(string: html), status: status)
    }

    /// `503` with `Retry-After`: the click path store cannot be reached, so nothing that changes a
    /// session is taken now (``SessionHost/Outcome/storeUnavailable``).
    func storeUnavailable() -> Response {
        var response = message(
            .serviceUnavailable, title: "Try again in a moment",
            message: "This prototype cannot save where you are right now (its database is not answering), so "
                + "nothing was done. Pages you have open still show; try again in a few seconds.")
        response.headers[.retryAfter] = "5"
        return response
    }

    /// Plain text.
    func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A value as JSON.
    func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return json(bytes: try encoder.encode(value))
    }

    /// JSON already encoded.
    func json(bytes: Data) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The cookie naming a new session.
    func sessionCookie(_ id: SessionID) -> Cookie {
        cookie(Self.sessionCookie, value: "\(id)")
    }

    /// Adds the headers every response carries, unless it has them (pages and redirects are made
    /// with them); a response that set its own policy (a thumbnail's,
    /// ``framedBySelfContentSecurityPolicy``) keeps it.
    static func addSecurityHeaders(to headers: inout HTTPFields) {
        // Only these headers add `X-Content-Type-Options`, together with the other two.
        guard !headers.contains(.xContentTypeOptions) else { return }
        if !headers.contains(.contentSecurityPolicy) { headers.append(contentSecurityPolicyField) }
        headers.append(noSniffField)
        headers.append(referrerPolicyField)
    }

    private static let securityFields = [contentSecurityPolicyField, noSniffField, referrerPolicyField]

    private static let contentSecurityPolicyField = HTTPField(
        name: .contentSecurityPolicy, value: contentSecurityPolicy)
    private static let noSniffField = HTTPField(name: .xContentTypeOptions, value: "nosniff")
    private static let referrerPolicyField = HTTPField(name: .referrerPolicy, value: "same-origin")

    /// The next navigation cookie, as its `Set-Cookie` value: the attributes of ``cookie(_:value:)``
    /// written once, not a `Cookie` (a table of attributes) built and printed for every page.
    private func nextNavigationCookie() -> String {
        "\(Self.navigationCookie)=\(Self.navigationCounter.wrappingAdd(1, ordering: .relaxed).newValue)"
            + (secureCookies ? Self.secureCookieAttributes : Self.cookieAttributes)
    }

    private static let cookieAttributes = "; Path=/; HttpOnly; SameSite=Lax"
    private static let secureCookieAttributes = cookieAttributes + "; Secure"

    /// A cookie of the host: whole site, never read by scripts, not sent with cross-site posts.
    private func cookie(_ name: String, value: String) -> Cookie {
        Cookie(name: name, value: value, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax)
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
