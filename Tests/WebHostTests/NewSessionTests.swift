import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("New sessions and clients that keep no cookies")
struct NewSessionTests {
    @Test(
        "a client that keeps no cookies gets a page after at most one redirect",
        arguments: ["/", "/screen/1", "/screen/12345", "/link/page/3"])
    func cookielessClientDoesNotLoop(path: String) async throws {
        try await withLabServer { client in
            // Given a client that never sends a cookie back, following redirects as curl -L does
            var response = try await client.executeRequest(uri: path, method: .get, headers: [:], body: nil)
            var redirects = 0
            while response.status == .seeOther, let location = response.headers[.location], redirects < 50 {
                redirects += 1
                response = try await client.executeRequest(uri: location, method: .get, headers: [:], body: nil)
            }
            // Then it lands on a page at once, having started at most two sessions
            #expect(response.status == .ok)
            #expect(redirects <= 1)
            #expect(try await client.status().sessions.started == redirects + 1)
        }
    }

    @Test("made-up cookies never end a returning session: a session joins the pool once its rebuild found it stored")
    func madeUpCookiesDoNotEvictReturningOnes() async throws {
        try await withLabServer(configure: { $0.maxSessions = 2 }) { client in
            // Given two people, each on their second page
            var first = Browser(client)
            var second = Browser(client)
            _ = try await first.click("Next", on: try await first.open())
            _ = try await second.click("Next", on: try await second.open())
            _ = try await first.open()
            _ = try await second.open()

            // When 20 clients send cookies of the right shape that name no session
            for index in 0..<20 {
                let cookie = String(repeating: String(format: "%02x", index), count: 16)
                _ = try await client.executeRequest(
                    uri: "/", method: .get, headers: [.cookie: "flowhost_session=\(cookie)"], body: nil)
            }

            // Then both people are where they were
            #expect(try await first.open().heading == "Page 2")
            #expect(try await second.open().heading == "Page 2")
            let status = try await client.status()
            #expect(status.sessions.evictedReturning == 0)
            #expect(status.sessions.restored == 0, "nothing was stored under those cookies")
        }
    }

    @Test("a flood of new sessions never ends a returning one")
    func newSessionsDoNotEvictReturningOnes() async throws {
        let recorder = await LabFlows()
        try await withLabServer(
            recorder: recorder,
            configure: {
                $0.maxSessions = 2; $0.maxNewSessions = 3
            }
        ) { client in
            // Given two people, each on their second page
            var first = Browser(client)
            var second = Browser(client)
            _ = try await first.click("Next", on: try await first.open())
            _ = try await second.click("Next", on: try await second.open())

            // When 40 clients without cookies arrive
            for _ in 0..<40 {
                _ = try await client.executeRequest(uri: "/", method: .get, headers: [:], body: nil)
            }

            // Then both people are where they were, and only new sessions were ended
            #expect(try await first.open().heading == "Page 2")
            #expect(try await second.open().heading == "Page 2")
            let status = try await client.status()
            #expect(status.sessions.returning == 2)
            #expect(status.sessions.new == 3)
            #expect(status.sessions.evictedNew == 37)
            #expect(status.sessions.evictedReturning == 0)
            let flows = await recorder.flows
            #expect(flows.filter { $0 != nil }.count == 5, "the 37 evicted sessions' trees were released")
        }
    }

    @Test("a new session that comes back with its cookie becomes a returning one")
    func comingBackPromotes() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            // Given a first request
            let first = try await browser.get("/")
            #expect(first.status == .seeOther)
            var status = try await client.status()
            #expect((status.sessions.new, status.sessions.returning) == (1, 0))

            // When the browser comes back with its cookie
            let page = try await browser.get(try #require(first.headers[.location]))

            // Then its session is a returning one
            #expect(page.status == .ok)
            status = try await client.status()
            #expect((status.sessions.new, status.sessions.returning, status.sessions.promoted) == (0, 1, 1))
        }
    }

    @Test("an action posted without any cookie says cookies are off and changes nothing")
    func actionWithoutCookie() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let page = try await browser.open()
            var cookieless = Browser(client)
            let response = try await cookieless.post(try #require(page.action("Next")))
            #expect(response.status == .conflict)
            #expect(response.text.contains("Cookies are off"))
            #expect(try await browser.open().text == page.text, "the page on top is unchanged, same tokens")
        }
    }

    @Test("the status page counts sessions and streams as JSON")
    func statusPage() async throws {
        try await withLabServer(configure: { $0.maxEventStreams = 7 }) { client in
            let status = try await client.status()
            #expect(status.sessions.started == 0)
            #expect(status.eventStreams == .init(open: 0, limit: 7, refused: 0))
        }
    }

    @Test(
        "a browser holding another FlowHost server's cookies (same host, another port) gets the first screen, no loop")
    func anotherServersCookies() async throws {
        try await withLabServer { client in
            // Cookies ignore ports: a session of another server, and the path length it told.
            let told = "flowhost_at=7-77777777"
            var cookie = "flowhost_session=\(String(repeating: "7", count: 32)); \(told)"
            var response = try await client.executeRequest(
                uri: "/", method: .get, headers: [.cookie: cookie], body: nil)
            var hops = 0
            while response.status == .seeOther, let location = response.headers[.location], hops < 5 {
                if let session = response.headers[values: .setCookie].first(where: { $0.hasPrefix("flowhost_session=") }
                ) {
                    cookie = session.prefix { $0 != ";" } + "; " + told
                }
                response = try await client.executeRequest(
                    uri: location, method: .get, headers: [.cookie: cookie], body: nil)
                hops += 1
            }
            #expect(response.status == .ok, "after \(hops) redirects")
            #expect(response.heading == "Page 1")
            #expect(try await client.status().sessions.started == 1, "one new session, not one per hop")
        }
    }
}
