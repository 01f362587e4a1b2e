import Foundation
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
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        var response = Response(status: status, headers: headers, body: ResponseBody(byteBuffer: html))
        response.headers[values: .setCookie].append(nextNavigationCookie())
        return response
    }

    /// A published page, in the coding the client accepts (`Vary: Accept-Encoding` when it is kept
    /// compressed: the answer depends on that header).
    func page(_ body: CompressedBody, for coding: ContentCoding, status: HTTPResponse.Status = .ok) -> Response {
        let (bytes, sent) = body.bytes(for: coding)
        var response = page(bytes, status: status)
        if body.isCompressed { response.headers[.vary] = "Accept-Encoding" }
        if sent == .gzip { response.headers[.contentEncoding] = "gzip" }
        return response
    }

    /// `303 See Other` to `location`.
    func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        var response = Response(status: .seeOther, headers: headers)
        response.headers[values: .setCookie].append(nextNavigationCookie())
        return response
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

    /// Adds the headers every response carries; a response that set its own policy (a thumbnail's,
    /// ``framedBySelfContentSecurityPolicy``) keeps it.
    static func addSecurityHeaders(to headers: inout HTTPFields) {
        if headers[.contentSecurityPolicy] == nil { headers[.contentSecurityPolicy] = contentSecurityPolicy }
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "same-origin"
    }

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
