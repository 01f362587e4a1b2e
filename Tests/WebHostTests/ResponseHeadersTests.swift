import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Every answer carries the security headers once")
struct ResponseHeadersTests {
    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

    /// Each of the headers every answer carries, once, with its value.
    private static func expectSecurityHeaders(_ response: TestResponse, _ what: String) {
        let csp = response.headers[values: .contentSecurityPolicy]
        #expect(csp.count == 1 && csp.first?.contains("frame-ancestors 'none'") == true, "\(what)")
        #expect(response.headers[values: .xContentTypeOptions] == ["nosniff"], "\(what)")
        #expect(response.headers[values: referrerPolicy] == ["same-origin"], "\(what)")
    }

    @Test("a page, a redirect, an action's 303, a message page, plain text and a file: the same three headers, once")
    func securityHeadersOnce() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let root = try await browser.get("/")
            #expect(root.status == .seeOther)
            Self.expectSecurityHeaders(root, "GET / (303)")
            #expect(root.headers[values: .cacheControl] == ["no-store"])

            let page = try await browser.open()
            #expect(page.status == .ok)
            Self.expectSecurityHeaders(page, "a page")
            #expect(page.headers[values: .contentType] == ["text/html; charset=utf-8"])
            #expect(page.headers[values: .cacheControl] == ["no-store"])
            #expect(page.headers[values: .setCookie].count { $0.hasPrefix("flowhost_nav=") } == 1)

            let next = try await browser.post(try #require(page.action("Next")))
            #expect(next.status == .seeOther)
            Self.expectSecurityHeaders(next, "an action's 303")
            #expect(next.headers[values: .location].count == 1)
            #expect(next.headers[values: .cacheControl] == ["no-store"])
            #expect(next.headers[values: .setCookie].count { $0.hasPrefix("flowhost_nav=") } == 1)
            #expect(next.headers[values: .setCookie].count { $0.hasPrefix("flowhost_at=") } == 1)

            let missing = try await browser.get("/no/such/page")
            #expect(missing.status == .notFound)
            Self.expectSecurityHeaders(missing, "a message page")

            let health = try await browser.get("/healthz")
            Self.expectSecurityHeaders(health, "plain text")

            let css = try await browser.get("/_flowhost/flowhost.css")
            #expect(css.status == .ok)
            Self.expectSecurityHeaders(css, "a file")
        }
    }
}
