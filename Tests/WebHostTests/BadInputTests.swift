import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebHost

/// Every bad input gets a clear 4xx page and leaves the session exactly as it was: the page on
/// top is byte for byte the same (same tokens), and its Next action still works.
@Suite("Bad input changes nothing")
struct BadInputTests {
    /// Opens page 1, runs `bad`, checks the page and its actions are untouched, then that Next still acts.
    private func expectUnchanged(
        configure: @escaping (inout WebHostConfiguration) -> Void = { _ in },
        _ bad: @escaping @Sendable (inout Browser, TestResponse) async throws -> Void
    ) async throws {
        try await withLabServer(configure: configure) { client in
            var browser = Browser(client)
            let before = try await browser.open()
            try await bad(&browser, before)
            let after = try await browser.open()
            #expect(after.text == before.text, "the page on top changed")
            let next = try await browser.click("Next", on: before)
            #expect(next.heading == "Page 2", "the page's own actions stopped working")
        }
    }

    @Test("an unknown token answers 409 with a link to the current screen")
    func unknownToken() async throws {
        try await expectUnchanged { browser, _ in
            // Well-formed (22 base64url characters), signed for no page.
            let response = try await browser.post("/_action/AAAAAQAAAAoAAAAAAAAAAA")
            #expect(response.status == .conflict)
            #expect(response.text.contains("This action does not exist"))
            #expect(response.text.contains(#"href="/""#))
            for malformed in [
                "/_action/", "/_action/xyz", "/_action/../healthz", "/_action/0123456789abcdef0123456789abcdef",
            ] {
                #expect(try await browser.post(malformed).status == .conflict, "\(malformed)")
            }
        }
    }

    @Test("a stale token answers 409 and changes nothing")
    func staleToken() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let first = try await browser.open()
            let third = try await browser.click("Next", on: try await browser.click("Next", on: first))
            let response = try await browser.post(try #require(first.action("Next")))
            #expect(response.status == .conflict)
            #expect(response.text.contains("This page was out of date"))
            let after = try await browser.open()
            #expect(after.text == third.text)
        }
    }

    @Test("the same action posted twice (a double click) answers the page it led to both times, taken once")
    func doubleClick() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let first = try await browser.open()
            let next = try #require(first.action("Next"))
            let once = try await browser.post(next)
            let twice = try await browser.post(next)
            #expect(once.status == .seeOther)
            #expect(twice.status == .seeOther, "no error page for the second click")
            let page = try await browser.open()
            #expect(page.heading == "Page 2", "taken once: not Page 3")
        }
    }

    @Test("another session's token answers 409")
    func otherSessionsToken() async throws {
        try await expectUnchanged { browser, page in
            var intruder = Browser(browser.client)
            _ = try await intruder.open()
            let response = try await intruder.post(try #require(page.action("Next")))
            #expect(response.status == .conflict)
        }
    }

    @Test("a token posted with a session that ended answers 409: the page has expired")
    func noSession() async throws {
        try await expectUnchanged { browser, page in
            var stranger = Browser(browser.client, sessionCookie: String(repeating: "ab", count: 16))
            let response = try await stranger.post(try #require(page.action("Next")))
            #expect(response.status == .conflict)
            #expect(response.text.contains("This page has expired"))
            #expect(
                !response.headers[values: .setCookie].contains { $0.hasPrefix("flowhost_session=") },
                "a POST starts no session")
        }
    }

    @Test(
        "a cross-site post answers 403",
        arguments: [
            ["Sec-Fetch-Site": "cross-site"], ["Sec-Fetch-Site": "same-site"], ["Sec-Fetch-Site": "none"],
            ["Origin": "https://evil.example"], ["Origin": "null"],
        ])
    func crossSite(_ header: [String: String]) async throws {
        try await expectUnchanged { browser, page in
            var headers = HTTPFields()
            for (name, value) in header { headers[HTTPField.Name(name)!] = value }
            if header["Origin"] != nil { headers[.secFetchSite] = nil }
            let action = try #require(page.action("Next"))
            let response = try await browser.sendRaw(action, headers: headers)
            #expect(response.status == .forbidden)
            #expect(response.text.contains("Actions are only accepted from this prototype"))
        }
    }

    @Test("a post that names its site twice, once as another site, answers 403 whichever comes first")
    func crossSiteNamedTwice() async throws {
        for sites in [["same-origin", "cross-site"], ["cross-site", "same-origin"]] {
            try await expectUnchanged { browser, page in
                var headers = HTTPFields()
                for site in sites { headers.append(HTTPField(name: .secFetchSite, value: site)) }
                let response = try await browser.sendRaw(try #require(page.action("Next")), headers: headers)
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test("a body over the cap answers 413")
    func bodyTooLarge() async throws {
        try await expectUnchanged(configure: { $0.maxBodySize = 1024 }) { browser, page in
            let form = "name=" + String(repeating: "a", count: 2000)
            let response = try await browser.post(try #require(page.action("Rename")), form: form)
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test("a malformed form body answers 400", arguments: ["name=%zz", "name=%4", "name=%", "name=%ff%fe", "%c3%28=x"])
    func malformedBody(_ body: String) async throws {
        try await expectUnchanged { browser, page in
            let response = try await browser.post(try #require(page.action("Rename")), form: body)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("The form was malformed"))
        }
    }

    @Test("a form that is not url-encoded answers 415")
    func unsupportedMediaType() async throws {
        try await expectUnchanged { browser, page in
            let response = try await browser.post(
                try #require(page.action("Rename")), form: "--x\r\n", contentType: "multipart/form-data; boundary=x")
            #expect(response.status == .unsupportedMediaType)
        }
    }

    @Test("a url-encoded form is read whatever the case, spaces and parameters of its media type; another is not")
    func mediaTypeSpelling() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            for contentType in [
                "Application/X-WWW-Form-URLEncoded", "application/x-www-form-urlencoded ; charset=UTF-8",
                "application/x-www-form-urlencoded;charset=utf-8",
            ] {
                let page = try await browser.open()
                let response = try await browser.post(
                    try #require(page.action("Rename")), form: "name=Ada", contentType: contentType)
                #expect(response.status == .seeOther, "\(contentType)")
            }
            for contentType in ["application/x-www-form-urlencodedx", "text/plain", ""] {
                let page = try await browser.open()
                let response = try await browser.post(
                    try #require(page.action("Rename")), form: "name=Ada", contentType: contentType)
                #expect(response.status == .unsupportedMediaType, "\(contentType)")
            }
        }
    }

    @Test("an unknown route answers a 404 page")
    func unknownRoute() async throws {
        try await expectUnchanged { browser, _ in
            for path in [
                "/nowhere", "/screen/", "/screen/abc", "/screen/99999999999999999999", "/_flowhost/missing.css",
            ] {
                let response = try await browser.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            }
        }
    }

    @Test("a wrong method answers 405 with Allow")
    func wrongMethod() async throws {
        try await expectUnchanged { browser, page in
            let get = try await browser.get(try #require(page.action("Next")))
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers[.allow] == "POST")
            let post = try await browser.post("/")
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, HEAD")
        }
    }

    @Test(
        "no path outside the static folders is served",
        arguments: [
            "/_flowhost/../Package.swift", "/_flowhost/%2e%2e/Package.swift", "/_flowhost/%2E%2E%2FPackage.swift",
            "/_flowhost/..%2f..%2f..%2fetc%2fpasswd", "/_flowhost//etc/passwd", "/_flowhost/%2Fetc%2Fpasswd",
            "/_flowhost/flowhost.css%00.txt", "/_flowhost/..\\Package.swift", "/_flowhost/%zz",
        ])
    func pathTraversal(_ path: String) async throws {
        try await withLabServer { client in
            let response = try await client.executeRequest(uri: path, method: .get, headers: [:], body: nil)
            #expect([.badRequest, .notFound].contains(response.status), "\(path) answered \(response.status)")
            #expect(!String(buffer: response.body).contains("root:"))
            #expect(!String(buffer: response.body).contains("PackageDescription"))
        }
    }

    @Test("static files have their content type and an ETag that answers 304")
    func staticFiles() async throws {
        try await withLabServer { client in
            let css = try await client.executeRequest(
                uri: "/_flowhost/flowhost.css", method: .get, headers: [:], body: nil)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(css.headers[.xContentTypeOptions] == "nosniff")
            let etag = try #require(css.headers[.eTag])
            let again = try await client.executeRequest(
                uri: "/_flowhost/flowhost.css", method: .get, headers: [.ifNoneMatch: etag], body: nil)
            #expect(again.status == .notModified)
            let script = try await client.executeRequest(
                uri: "/_flowhost/flowhost.js", method: .get, headers: [:], body: nil)
            #expect(script.status == .ok)
            #expect(script.headers[.contentType]?.contains("javascript") == true)
        }
    }
}

extension Browser {
    /// POSTs an empty form with exactly `headers` beyond the cookie.
    mutating func sendRaw(_ path: String, headers: HTTPFields) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        if let sessionCookie { headers[.cookie] = "flowhost_session=\(sessionCookie)" }
        return try await client.executeRequest(uri: path, method: .post, headers: headers, body: ByteBuffer())
    }
}
