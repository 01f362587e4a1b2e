import HTTPTypes
import HummingbirdTesting
import Testing
import WebHost

@Suite("The inspector")
struct InspectorTests {
    @Test("the page shows the coordinator tree, the step log newest first and the click path with Back to here")
    func inspectorPage() async throws {
        try await withLabServer { client in
            // Given a browser on Page 2 of the lab
            var browser = Browser(client)
            let first = try await browser.open()
            #expect(first.text.contains(#"href="/_flowhost/inspector" data-inspector"#), "the toolbar links to it")
            _ = try await browser.click("Next", on: first)

            // When it opens the inspector
            let inspector = try await browser.get("/_flowhost/inspector")

            // Then it sees its flow with the steppers of both pages, Page 2 visible and Page 1 hidden
            #expect(inspector.status == .ok)
            let text = inspector.text
            #expect(
                text.contains(#"<span class="inspector-name">LabFlow</span> <span class="inspector-state">visible"#))
            #expect(
                text.contains(
                    #"for HTMLViewController &quot;Page 1&quot; (lab/page) <span class="inspector-state">hidden"#))
            #expect(
                text.contains(
                    #"for HTMLViewController &quot;Page 2&quot; (lab/page) <span class="inspector-state">visible"#))
            // The step log, newest first: Next's step, then the initial steps
            let next = try #require(
                text.range(of: "<code>page(2)</code> from stepper LabPageModel to <code>LabFlow</code>"))
            let start = try #require(text.range(of: "<code>start</code> from initial step of OneStepper"))
            #expect(next.lowerBound < start.lowerBound)
            // The click path: the start and Next, each with Back to here
            #expect(text.contains(#"action="/_flowhost/inspector/back/0""#))
            #expect(text.contains(#"<span class="inspector-entry-text">action 0 of layer 0 / 0.0 (lab/page)</span>"#))
            #expect(text.contains(#"action="/_flowhost/inspector/back/1""#))
            #expect(!text.contains("/_flowhost/inspector/back/2"))
            #expect(!text.contains("Copy as test"), "the lab says not how a test makes it")
        }
    }

    @Test("a dropped step is logged with its reason")
    func droppedStep() async throws {
        // Later's step comes 3 s after the click: the stream must be open by then (on a busy machine
        // opening it took over a second), or the page is told nothing that happened before it listened.
        try await withLabServer(laterDelay: .seconds(3)) { client in
            // Given Later clicked on Page 1, then Next before Later's step came
            var browser = Browser(client)
            let later = try await browser.click("Later", on: try await browser.open())
            _ = try await browser.click("Next", on: later)

            // Then the inspector shows Later's step dropped, once it came (a busy machine may take
            // a while): Page 1 is not visible
            var text = ""
            for _ in 0..<600 {
                text = try await browser.get("/_flowhost/inspector").text
                if text.contains("is-dropped") { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(text.contains(#"<li class="inspector-step is-dropped""#))
            #expect(text.contains("Dropped: not visible"))
        }
    }

    @Test("Back to here replays the click path up to that entry in the same session")
    func backToHere() async throws {
        try await withLabServer { client in
            // Given a browser on Page 3, named on Page 3
            var browser = Browser(client)
            var page = try await browser.click("Next", on: try await browser.open())
            page = try await browser.click("Next", on: page)
            page = try await browser.click("Rename", on: page, form: "name=Ada")
            #expect(page.text.contains("Ada"))
            let cookie = browser.sessionCookie

            // When it goes back to entry 1 (Next)
            let back = try await browser.post("/_flowhost/inspector/back/1")

            // Then the same session shows Page 2, with Page 1 under it, and its path is that one entry
            #expect(back.status == .seeOther)
            page = try await browser.open(try #require(back.headers[.location]))
            #expect(page.heading == "Page 2")
            #expect(browser.sessionCookie == cookie)
            let inspector = try await browser.get("/_flowhost/inspector").text
            #expect(inspector.contains("/_flowhost/inspector/back/1"))
            #expect(!inspector.contains("/_flowhost/inspector/back/2"))
            #expect(try await browser.click("Page 1", on: page).heading == "Page 1")

            // And the session goes on from there: Next, then Back to the start
            page = try await browser.click("Next", on: try await browser.open())
            #expect(page.heading == "Page 2")
            let start = try await browser.post("/_flowhost/inspector/back/0")
            #expect(try await browser.open(try #require(start.headers[.location])).heading == "Page 1")
        }
    }

    @Test("Back to here past the path, from another site or by GET is refused and changes nothing")
    func badBackToHere() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            _ = try await browser.click("Next", on: try await browser.open())
            let past = try await browser.post("/_flowhost/inspector/back/2")
            #expect(past.status == .conflict)
            #expect(past.text.contains("Nothing was done"))
            let crossSite = try await browser.post(
                "/_flowhost/inspector/back/0", headers: [.secFetchSite: "cross-site"])
            #expect(crossSite.status == .forbidden)
            #expect(try await browser.get("/_flowhost/inspector/back/0").status == .methodNotAllowed)
            #expect(try await browser.get("/_flowhost/inspector/back/x").status == .notFound)
            #expect(try await browser.open().heading == "Page 2", "nothing changed")
        }
    }

    @Test("the event stream tells an open page that a step was logged while nothing moved")
    func inspectEvent() async throws {
        // Later's step 3 s out: on a busy machine, Next and the stream's opening come first.
        try await withLabServer(laterDelay: .seconds(3)) { client in
            // Given Later clicked on Page 1, then Next, and Page 2's stream open
            var browser = Browser(client)
            let later = try await browser.click("Later", on: try await browser.open())
            let page = try await browser.click("Next", on: later)
            let events = try #require(page.eventsURL)
            let stream = Task { [browser] in
                var browser = browser
                return try await browser.get(events).text
            }
            try await client.waitForStatus { $0.eventStreams.open == 1 }
            // When Later's step is dropped, then (to end the stream) Next moves the page
            while try await !browser.get("/_flowhost/inspector").text.contains("Dropped: not visible") {
                try await Task.sleep(for: .milliseconds(20))
            }
            _ = try await browser.click("Next", on: page)

            // Then the stream said `inspect` before `move`
            let text = try await stream.value
            let inspect = try #require(text.range(of: "event: inspect\ndata: "))
            let move = try #require(text.range(of: "event: move\ndata: /screen/"))
            #expect(inspect.lowerBound < move.lowerBound)
        }
    }

    @Test("with the inspector off there is no toolbar link, page or Back to here, for share links too")
    func inspectorOff() async throws {
        try await withLabServer(configure: { $0.showsInspector = false }) { client in
            var browser = Browser(client)
            let page = try await browser.click("Next", on: try await browser.open())
            #expect(!page.text.contains("inspector"))
            #expect(try await browser.get("/_flowhost/inspector").status == .notFound)
            #expect(try await browser.post("/_flowhost/inspector/back/0").status == .notFound)

            let shared = try await browser.post("/_share")
            let sharePage = try await browser.get(try #require(shared.headers[.location])).text
            let link = try #require(sharePage.firstMatch(of: /\/s\/([0-9a-f]{32})/))
            var recipient = Browser(client)
            let opened = try await recipient.open("/s/\(link.output.1)")
            #expect(opened.heading == "Page 2")
            #expect(!opened.text.contains("inspector"))
        }
    }
}
