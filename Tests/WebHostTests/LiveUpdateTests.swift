import HummingbirdTesting
import Testing

@Suite("Live moves")
struct LiveUpdateTests {
    @Test("when a stepper emits later, the open page's event stream sends it to the new screen")
    func stepperThatEmitsLater() async throws {
        // Later's step 3 s out: on a busy machine the click's answer and the page's GET may take
        // longer than a short delay, and a stream opened on the page after the step waits for a
        // move that never comes (the router client has no timeouts: the test hung).
        try await withLabServer(laterDelay: .seconds(3)) { client in
            var browser = Browser(client)
            let page = try await browser.click("Later", on: try await browser.open())
            try #require(page.heading == "Page 1", "the step has not come yet")
            let events = try #require(page.eventsURL)

            let stream = try await browser.get(events)
            #expect(stream.headers[.contentType] == "text/event-stream")
            let target = try #require(stream.text.firstMatch(of: /event: move\ndata: (\/screen\/\d+)\n\n/)?.output.1)
            let moved = try await browser.get(String(target))
            #expect(moved.status == .ok)
            #expect(moved.heading == "Page 2")
        }
    }

    @Test("a page older than the published one is moved at once")
    func outdatedPageMovesAtOnce() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let old = try await browser.open()
            _ = try await browser.click("Next", on: old)
            let stream = try await browser.get(try #require(old.eventsURL))
            #expect(stream.text.contains("event: move\ndata: /screen/"))
        }
    }

    @Test("the stream of a page whose session ended sends it to /")
    func endedSession() async throws {
        try await withLabServer { client in
            let stream = try await client.executeRequest(uri: "/_events?v=3", method: .get, headers: [:], body: nil)
            #expect(String(buffer: stream.body) == "event: move\ndata: /\n\n")
            let bad = try await client.executeRequest(uri: "/_events?v=x", method: .get, headers: [:], body: nil)
            #expect(bad.status == .badRequest)
        }
    }
}

extension TestResponse {
    /// Where the page's script listens for live moves.
    var eventsURL: String? {
        text.firstMatch(of: /data-events="([^"]+)"/).map { String($0.output.1).replacing("&amp;", with: "&") }
    }
}
