import FlowHostApp
import FlowHostSQLite
import Foundation
import HTTPTypes
import HummingbirdTesting
import Synchronization
import Testing

@testable import WebHost

@Suite("A tester's events: screen times, misclicks, bounces, and their study across restarts")
struct StudyEventsTests {
    /// The storyboard screen a tester's page names for `flowhost.js` (its `data-screen`).
    static func screen(of page: TestResponse) throws -> String {
        let match = try #require(page.text.firstMatch(of: /data-screen="([^"]*)"/), "the page names no screen")
        return String(match.output.1).replacing("&quot;", with: "\"").replacing("&#39;", with: "'")
            .replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }

    /// The lab study's (only) tester's events in the store.
    static func events(on store: any ClickPathStore) async throws -> [StudyEvent] {
        try #require(try await store.testers(ofStudy: "lab").first).events
    }

    @Test("each screen a tester left gets its time, written with the task's end; the goal screen has none")
    func screenTimes() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, testing: .live, studies: [try StudyTesterTests.labStudy()]) { client in
            var tester = Browser(client)
            let started = try await tester.post("/study/\(try await StudyTesterTests.link(on: store))")
            let first = try await tester.open(try #require(started.headers[.location]))
            try await Task.sleep(for: .milliseconds(100))
            let second = try await tester.click("Next", on: first)
            #expect(
                try await Self.events(on: store).map(\.kind) == [.started(entry: 0)],
                "screen times wait for the task's end: no store write per click")

            // The sheet is the goal: the task ends, with the times of the screens before it
            _ = try await tester.click("Sheet", on: second)
            let kinds = try await Self.events(on: store).filter { $0.task == 0 }.map(\.kind)
            #expect(kinds.first == .started(entry: 0) && kinds.last == .succeeded(entry: 2))
            let times = kinds.compactMap { kind -> (String, Double)? in
                guard case .screenTime(let screen, let seconds) = kind else { return nil }
                return (screen, seconds)
            }
            let shown = [try Self.screen(of: first), try Self.screen(of: second)]
            #expect(times.map(\.0) == (shown[0] == shown[1] ? [shown[0]] : shown), "\(kinds)")
            #expect(times.first.map { $0.1 >= 0.1 } == true, "the first screen was on for 100 ms or more")
            #expect(!times.contains { $0.0.hasPrefix("lab/sheet") }, "reaching the goal ends the task at once")
        }
    }

    @Test(
        "flowhost.js's notes: a misclick and that the script ran (once a task) on the screen shown; other notes are refused and change nothing"
    )
    func misclicks() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, testing: .live, studies: [try StudyTesterTests.labStudy()]) { client in
            var visitor = Browser(client)
            let plain = try await visitor.open()
            #expect(!plain.text.contains("data-misclick"), "a page that is no tester's sends no notes")

            var tester = Browser(client)
            let started = try await tester.post("/study/\(try await StudyTesterTests.link(on: store))")
            let page = try await tester.open(try #require(started.headers[.location]))
            #expect(page.text.contains(#"data-misclick="/_study/misclick""#))
            #expect(page.text.contains(#"data-script-ran="/_study/script-ran""#))
            let screen = try Self.screen(of: page)
            let named = "screen=\(screen.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"

            #expect(try await tester.post("/_study/script-ran", form: named).status == .noContent)
            #expect(try await tester.post("/_study/script-ran", form: named).status == .noContent)
            #expect(try await tester.post("/_study/misclick", form: "\(named)&x=0.25&y=0.5").status == .noContent)

            // Refused, nothing noted: another screen (a page left behind), a point off the screen,
            // a note without its point or screen, another site's post, a browser doing no task
            #expect(
                try await tester.post("/_study/misclick", form: "screen=lab%2Fabout&x=0.1&y=0.1").status == .conflict)
            #expect(try await tester.post("/_study/misclick", form: "\(named)&x=1.5&y=0.5").status == .badRequest)
            #expect(try await tester.post("/_study/misclick", form: "\(named)&x=nan&y=0.5").status == .badRequest)
            #expect(try await tester.post("/_study/misclick", form: named).status == .badRequest)
            #expect(try await tester.post("/_study/misclick", form: "x=0.1&y=0.1").status == .badRequest)
            let long = String(repeating: "a", count: FlowHostResponder.maxNotedScreenLength + 1)
            #expect(try await tester.post("/_study/script-ran", form: "screen=\(long)").status == .badRequest)
            #expect(
                try await tester.post(
                    "/_study/misclick", form: "\(named)&x=0.1&y=0.1", headers: [.secFetchSite: "cross-site"]
                ).status == .forbidden)
            #expect(try await visitor.post("/_study/misclick", form: "\(named)&x=0.1&y=0.1").status == .conflict)
            #expect(try await Self.events(on: store).count == 1, "notes wait in memory for the task's end")

            // Give up writes them with the task's end; the next task's script notes again, once
            let gaveUp = try await tester.post("/_study/give-up")
            let next = try await tester.open(try #require(gaveUp.headers[.location]))
            let nextNamed =
                "screen=\(try Self.screen(of: next).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            #expect(try await tester.post("/_study/script-ran", form: nextNamed).status == .noContent)
            _ = try await tester.post("/_study/done")

            let events = try await Self.events(on: store)
            #expect(
                events.filter { $0.task == 0 }.map(\.kind) == [
                    .started(entry: 0), .scriptRan, .misclick(screen: screen, x: 0.25, y: 0.5),
                    .screenTime(screen: screen, seconds: events[3].kind.seconds ?? -1), .gaveUp(entry: 0),
                ])
            #expect(events.filter { $0.task == 1 && $0.kind == .scriptRan }.count == 1)
        }
    }

    @Test(
        "a tester who leaves mid-task (their session ends) keeps their path and screen times: results see the drop-off")
    func bounceKeepsPath() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(
            store: store, testing: .live, studies: [try StudyTesterTests.labStudy()],
            configure: {
                // Idle sessions end without hibernating first; long enough for the two requests
                // below on a busy machine.
                $0.idleTimeout = .seconds(3)
                $0.hibernateAfter = .seconds(3)
            }
        ) { client in
            var tester = Browser(client)
            let started = try await tester.post("/study/\(try await StudyTesterTests.link(on: store))")
            let page = try await tester.click(
                "Next", on: try await tester.open(try #require(started.headers[.location])))
            #expect(page.heading == "Page 2")

            let deadline = ContinuousClock.now + .seconds(30)
            while try await store.testers(ofStudy: "lab").first?.path.entries.isEmpty != false,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(50))
            }
            let bounced = try #require(try await store.testers(ofStudy: "lab").first)
            #expect(bounced.path.entries.count == 1, "the Next click of the task under way")
            #expect(bounced.events.first?.kind == .started(entry: 0))
            #expect(bounced.events.contains { $0.kind.seconds != nil }, "the screen they left on has its time")
            let ended = bounced.events.filter(\.endsTask)
            #expect(ended.isEmpty, "a bounce has no end event")
        }
    }

    @Test(
        "a tester hibernates like any session, even before their first click, and comes back on their task, which goes on"
    )
    func testerHibernates() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(
            store: store, testing: .live, studies: [try StudyTesterTests.labStudy()],
            configure: { $0.hibernateAfter = .milliseconds(1500) }
        ) { client in
            var tester = Browser(client)
            let started = try await tester.post("/study/\(try await StudyTesterTests.link(on: store))")
            let first = try await tester.open(try #require(started.headers[.location]))
            #expect(first.heading == "Page 1" && first.text.contains("Task 1 of 3"))
            // Nothing stored yet (the task starts at the app's start): it comes back a tester anyway
            try await client.waitForStatus(timeout: .seconds(30)) { $0.sessions.hibernated == 1 }

            let back = try await tester.open()
            #expect(back.heading == "Page 1" && back.text.contains("Task 1 of 3"))
            #expect(!back.text.contains("Share this screen"), "still a tester: no Share control")
            let page = try await tester.click("Next", on: back)
            try await client.waitForStatus(timeout: .seconds(30)) { $0.sessions.hibernated == 1 }

            let again = try await tester.open()
            #expect(again.heading == "Page 2" && again.text.contains("Task 1 of 3"))
            let second = try await tester.click("Sheet", on: again)
            #expect(second.text.contains("Task 2 of 3"))
            #expect(page.heading == "Page 2")

            let events = try await Self.events(on: store).filter(\.isTaskStep).map(\.kind)
            #expect(events == [.started(entry: 0), .succeeded(entry: 2), .started(entry: 2)])
        }
    }

    @Test("after a restart on a SQLite store a tester's cookie goes on with their task; their events go on")
    func testerSurvivesRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-tester-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "flowhost.sqlite").path
        let cookie = Mutex<String?>(nil)
        let study = try StudyTesterTests.labStudy()
        try await withLabServer(
            store: try SQLiteClickPathStore(path: file, environment: [:]), testing: .live, studies: [study]
        ) { client in
            var tester = Browser(client)
            let store = try SQLiteClickPathStore(path: file, environment: [:])
            let link = StudyLink.id(ofStudy: "lab", key: try await store.tokenKey())
            let started = try await tester.post("/study/\(link)")
            let page = try await tester.click(
                "Next", on: try await tester.open(try #require(started.headers[.location])))
            #expect(page.heading == "Page 2")
            cookie.withLock { $0 = tester.sessionCookie }
        }
        let saved = try #require(cookie.withLock { $0 })
        try await withLabServer(
            store: try SQLiteClickPathStore(path: file, environment: [:]), testing: .live, studies: [study]
        ) { client in
            var tester = Browser(client, sessionCookie: saved)
            let page = try await tester.open()
            #expect(page.heading == "Page 2" && page.text.contains("Task 1 of 3"))
            #expect(try await tester.get("/_flowhost/inspector").status == .notFound, "still a tester")
            let next = try await tester.click("Sheet", on: page)
            #expect(next.text.contains("Task 2 of 3") && next.heading == "Page 2")
        }
        let store = try SQLiteClickPathStore(path: file, environment: [:])
        let tester = try #require(try await store.tester(session: saved))
        #expect(
            tester.tester.events.filter(\.isTaskStep).map(\.kind) == [
                .started(entry: 0), .succeeded(entry: 2), .started(entry: 2),
            ])
        #expect(tester.tester.path.entries.count == 3, "both tasks' parts, the second's kept at the stop")
    }
}

extension StudyEvent.Kind {
    /// A screen time's seconds; nil for other events.
    fileprivate var seconds: Double? {
        guard case .screenTime(_, let seconds) = self else { return nil }
        return seconds
    }
}
