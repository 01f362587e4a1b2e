import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Sessions")
struct SessionTests {
    @Test("two concurrent posts of the same token act once; both answer the page it led to")
    func sameTokenActsOnce() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let next = try #require(page.action("Next"))
            let poster = browser
            async let first = poster.postOnce(next)
            async let second = poster.postOnce(next)
            let statuses = [try await first, try await second].map(\.code).sorted()
            #expect(statuses == [303, 303], "the second is the same request again: no error page")
            let top = try await browser.open()
            #expect(top.heading == "Page 2")
            #expect(try await browser.click("Page 1", on: top).heading == "Page 1", "one push, one pop back")
        }
    }

    @Test("over the bound, the least recently used session ends and its coordinator tree is released")
    func leastRecentlyUsedIsEvicted() async throws {
        let recorder = await LabFlows()
        try await withLabServer(recorder: recorder, configure: { $0.maxSessions = 2 }) { client in
            var first = Browser(client)
            var second = Browser(client)
            var third = Browser(client)
            _ = try await first.click("Next", on: try await first.open())
            _ = try await second.open()
            _ = try await first.open()  // first is now more recent than second
            _ = try await third.open()

            let flows = await recorder.flows
            #expect(flows.count == 3)
            #expect(flows[0] != nil && flows[2] != nil)
            #expect(flows[1] == nil, "the evicted session's flow, tab bar and screens were released")

            #expect(try await first.open().heading == "Page 2", "the recently used session kept its stack")
            let cookie = second.sessionCookie
            #expect(try await second.open().heading == "Page 1")
            #expect(second.sessionCookie != cookie, "an evicted session's cookie starts a new session")
        }
    }

    @Test("a session idle past the timeout ends; its cookie starts a new session")
    func idleSessionsEnd() async throws {
        let recorder = await LabFlows()
        try await withLabServer(recorder: recorder, configure: { $0.idleTimeout = .milliseconds(1500) }) { client in
            var browser = Browser(client)
            _ = try await browser.click("Next", on: try await browser.open())
            let cookie = browser.sessionCookie
            // On a busy machine a session can expire between two requests of the click already: count
            // from here. The sweeper ends it after 1.5 s unused (later on a busy machine).
            let expired = try await client.status().sessions.expired
            let status = try await client.waitForStatus(timeout: .seconds(30)) { $0.sessions.expired > expired }
            #expect(status.sessions.expired == expired + 1)
            #expect(try await browser.open().heading == "Page 1")
            #expect(browser.sessionCookie != cookie)
            #expect(await recorder.flows.first! == nil, "the idle session's tree was released")
        }
    }
}

extension Browser {
    /// POSTs `path` once without following anything; the status.
    func postOnce(_ path: String) async throws -> HTTPResponse.Status {
        var copy = self
        return try await copy.post(path).status
    }
}
