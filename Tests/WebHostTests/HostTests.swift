import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebHost

@Suite("Hosts: the server answers the names it is told, compares origins with them, builds links from them")
struct HostTests {
    @Test("a Host that is not allowed is answered 421 saying which host and which option allows it; no session starts")
    func refusedHost() async throws {
        try await withLabServer(testing: .live) { client in
            let raw = RawHTTP(port: try #require(client.port))
            let response = try await raw.send("GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
            #expect(response.status == 421)
            #expect(response.body.contains("does not answer to evil.example"))
            #expect(response.body.contains("--allowed-host evil.example"))
            #expect(!response.head.contains("flowhost_session"))
            #expect(try await client.status().sessions.started == 0)
        }
    }

    @Test("a same-origin post under a rebound name is refused before the session is touched")
    func rebinding() async throws {
        try await withLabServer(testing: .live) { client in
            // Given a browser on Page 1
            var browser = Browser(client)
            let page = try await browser.open()
            let next = try #require(page.action("Next"))
            let cookie = try #require(browser.sessionCookie)

            // When a page at evil.example, rebound to this machine, posts its Next as the browser
            // would: its own origin, same-origin by the browser's reckoning, the cookie of the name
            let raw = RawHTTP(port: try #require(client.port))
            let response = try await raw.send(
                "POST \(next) HTTP/1.1\r\nHost: evil.example:\(try #require(client.port))\r\n"
                    + "Origin: http://evil.example:\(try #require(client.port))\r\nSec-Fetch-Site: same-origin\r\n"
                    + "Cookie: flowhost_session=\(cookie)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: 0\r\nConnection: close\r\n\r\n")

            // Then it is refused, and the session has not moved
            #expect(response.status == 421)
            #expect(try await browser.open().heading == "Page 1")
        }
    }

    @Test(
        "loopback names are allowed, with or without a port, in any case",
        arguments: ["localhost", "localhost:8080", "127.0.0.1", "127.0.0.1:1", "[::1]", "[::1]:8080", "LocalHost"])
    func loopback(_ host: String) async throws {
        try await withLabServer(testing: .live) { client in
            let raw = RawHTTP(port: try #require(client.port))
            let response = try await raw.send("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(response.status == 303, "\(host)")  // to the first screen
        }
    }

    @Test("--allowed-host names and --public-url's host are allowed; a wildcard --host allows nothing more")
    func configuredHosts() async throws {
        try await withLabServer(
            testing: .live,
            configure: {
                $0.host = "0.0.0.0"
                $0.allowedHosts = ["demo.example.com", "192.168.1.20"]
                $0.publicURL = URL(string: "https://share.example.org")
            }
        ) { client in
            let raw = RawHTTP(port: try #require(client.port))
            for (host, status) in [
                ("demo.example.com", 303), ("DEMO.example.com:443", 303), ("192.168.1.20:8080", 303),
                ("share.example.org", 303), ("0.0.0.0", 421), ("demo.example.com.evil.example", 421),
                ("example.com", 421),
            ] {
                let response = try await raw.send("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                #expect(response.status == status, "\(host)")
            }
        }
    }

    @Test("a health check is answered whatever host it names: a load balancer names its own")
    func health() async throws {
        try await withLabServer(testing: .live) { client in
            let raw = RawHTTP(port: try #require(client.port))
            let response = try await raw.send("GET /healthz HTTP/1.1\r\nHost: 10.0.0.7\r\nConnection: close\r\n\r\n")
            #expect(response.status == 200)
            #expect(response.body == "ok")
        }
    }

    @Test(
        "a request with no Host, two of them or one that is no host is a 400",
        arguments: [
            "GET / HTTP/1.1\r\nConnection: close\r\n\r\n", "GET / HTTP/1.0\r\nConnection: close\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: user@localhost\r\nConnection: close\r\n\r\n",
        ])
    func malformedHost(_ request: String) async throws {
        try await withLabServer(testing: .live) { client in
            let response = try await RawHTTP(port: try #require(client.port)).send(request)
            #expect(response.status == 400)
            #expect(response.body.contains("one Host header"))
        }
    }

    @Test("without Sec-Fetch-Site, Origin is compared with the server's own origins, not with the request's Host")
    func origins() async throws {
        try await withLabServer(testing: .live, configure: { $0.allowedHosts = ["demo.example.com"] }) { client in
            let port = try #require(client.port)
            var browser = Browser(client)
            let page = try await browser.open()
            let cookie = try #require(browser.sessionCookie)
            for (origin, status) in [
                ("http://evil.example", HTTPResponse.Status.forbidden),
                ("http://localhost:3000", .forbidden),  // another server on this machine
                ("https://localhost:\(port)", .forbidden),
                ("null", .forbidden),
                ("https://demo.example.com", .seeOther),
                ("http://localhost:\(port)", .seeOther),
            ] {
                let current = try await browser.open()
                let next = try #require(current.action("Next"))
                let response = try await client.executeRequest(
                    uri: next, method: .post,
                    headers: [
                        .origin: origin, .cookie: "flowhost_session=\(cookie)",
                        .contentType: "application/x-www-form-urlencoded",
                    ], body: ByteBuffer())
                #expect(response.status == status, "\(origin)")
            }
            // Two of them were accepted
            #expect(page.heading == "Page 1")
            #expect(try await browser.open().heading == "Page 3")
        }
    }

    @Test("without --public-url a share link names the bound address, never the request's Host, and says so")
    func shareLinkWithoutPublicURL() async throws {
        try await withLabServer(testing: .live) { client in
            let port = try #require(client.port)
            var browser = Browser(client)
            _ = try await browser.open()
            let shared = try await browser.post("/_share")
            let location = try #require(shared.headers[.location])
            let cookie = try #require(browser.sessionCookie)
            let page = try await RawHTTP(port: port).send(
                "GET \(location) HTTP/1.1\r\nHost: localhost:9999\r\nCookie: flowhost_session=\(cookie)\r\n"
                    + "Connection: close\r\n\r\n")
            #expect(page.body.contains(">http://127.0.0.1:\(port)/s/"))
            #expect(!page.body.contains("localhost:9999"))
            #expect(page.body.contains("opens on this machine only"))
        }
    }

    @Test("with --public-url a share link starts with it")
    func shareLinkWithPublicURL() async throws {
        try await withLabServer(configure: { $0.publicURL = URL(string: "https://demo.example.com") }) { client in
            var browser = Browser(client)
            _ = try await browser.open()
            let shared = try await browser.post("/_share")
            let page = try await browser.get(try #require(shared.headers[.location]))
            #expect(page.text.contains(#"href="https://demo.example.com/s/"#))
            #expect(!page.text.contains("opens on this machine only"))
        }
    }
}
