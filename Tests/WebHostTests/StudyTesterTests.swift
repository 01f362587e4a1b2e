import FlowCrawl
import FlowHostApp
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import WebHost

@Suite("A tester takes a study through its link")
struct StudyTesterTests {
    /// Three tasks of the lab: open the sheet (a goal by template), find the about page from page
    /// 2 (given up), open the About tab from the start (a goal by storyboard id).
    static let study = """
        {"title": "The lab", "tasks": [
          {"prompt": "Open the sheet", "start": "start", "goal": ["lab/sheet"]},
          {"prompt": "Find the about page", "start": "/link/page/2", "goal": ["lab/about"]},
          {"prompt": "Open the About tab", "start": "start", "goal": ["lab/about in tab About"]}]}
        """

    static func labStudy() throws -> StudyFile {
        try StudyFile(text: study, file: "Studies/lab.json")
    }

    /// The lab's study link on `store` (the server imported it under the store's key).
    static func link(on store: MemoryClickPathStore) async throws -> String {
        StudyLink.id(ofStudy: "lab", key: try await store.tokenKey())
    }

    @Test(
        "welcome, Start, a goal reached by a click ends a task, Give up ends the next, each task in a fresh window at its start, then thanks; the store has every event and the path"
    )
    func testerTakesTheStudy() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, testing: .live, studies: [try Self.labStudy()]) { client in
            let link = try await Self.link(on: store)
            var tester = Browser(client)

            // Given the study link, its welcome page says what it is and offers Start, as a form
            let welcome = try await tester.get("/study/\(link)")
            #expect(welcome.status == .ok)
            #expect(welcome.text.contains("The lab") && welcome.text.contains("3 tasks"))
            #expect(welcome.text.contains(#"<form method="post" action="/study/\#(link)""#))
            #expect(tester.sessionCookie == nil, "reading the welcome page starts nothing")

            // When they start: the first task's prompt is above the phone, with its two forms, and
            // the page has no Share control and no inspector
            let started = try await tester.post("/study/\(link)")
            #expect(started.status == .seeOther)
            var page = try await tester.open(try #require(started.headers[.location]))
            #expect(page.heading == "Page 1")
            let prompt = try #require(page.text.firstRange(of: #"<section class="study-task""#))
            let device = try #require(page.text.firstRange(of: #"<div class="device">"#))
            #expect(prompt.lowerBound < device.lowerBound, "the prompt is outside the phone, above it")
            #expect(page.text.contains("Task 1 of 3") && page.text.contains("Open the sheet"))
            #expect(page.text.contains(#"action="/_study/done""#) && page.text.contains(#"action="/_study/give-up""#))
            #expect(!page.text.contains("Share this screen") && !page.text.contains("/_flowhost/inspector"))
            #expect(try await tester.get("/_flowhost/inspector").status == .notFound)
            #expect(try await tester.post("/_share").status == .forbidden)
            #expect(try await tester.post("/_flowhost/comments", form: "author=T&text=Hi").status == .notFound)
            #expect(!page.text.contains("/_flowhost/comments"), "no Comment control")

            // The sheet is the goal: reaching it ends the task by itself and opens the second one
            // at its deep link
            page = try await tester.click("Sheet", on: page)
            #expect(page.heading == "Page 2")
            #expect(page.text.contains("Task 2 of 3") && page.text.contains("Find the about page"))

            // Give up ends it: the third task opens in a fresh window at the app's start
            let gaveUp = try await tester.post("/_study/give-up")
            #expect(gaveUp.status == .seeOther)
            page = try await tester.open(try #require(gaveUp.headers[.location]))
            #expect(page.heading == "Page 1", "a fresh window, not the second task's page 2")
            #expect(page.text.contains("Task 3 of 3"))

            // The About tab is the last goal: then the thank-you page, and nothing else opens
            let last = try await tester.post(try #require(page.action("About")))
            #expect(last.headers[.location] == "/_study/thanks")
            let thanks = try await tester.get("/_study/thanks")
            #expect(thanks.status == .ok && thanks.text.contains("Thank you"))
            #expect(try await tester.get("/").headers[.location] == "/_study/thanks")
            #expect(try await tester.post("/_study/done").status == .conflict, "no task is under way")

            // Then the store has the tester's events and their path through the three tasks
            let testers = try await store.testers(ofStudy: "lab")
            try #require(testers.count == 1)
            // Screen times aside (StudyEventsTests has them)
            #expect(
                testers[0].events.filter(\.isTaskStep).map { [$0.task: $0.kind] } == [
                    [0: .started(entry: 0)], [0: .succeeded(entry: 1)],
                    [1: .started(entry: 1)], [1: .gaveUp(entry: 2)],
                    [2: .started(entry: 2)], [2: .succeeded(entry: 3)],
                ])
            #expect(testers[0].path.entries.count == 3)
            #expect(testers[0].path.entries[1] == .deepLink("page/2"))
        }
    }

    @Test("I'm done ends the task under way where the tester is, without a goal, and opens the next")
    func done() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, testing: .live, studies: [try Self.labStudy()]) { client in
            var tester = Browser(client)
            let started = try await tester.post("/study/\(try await Self.link(on: store))")
            let page = try await tester.open(try #require(started.headers[.location]))
            _ = try await tester.click("Next", on: page)

            let done = try await tester.post("/_study/done")
            #expect(try await tester.open(try #require(done.headers[.location])).text.contains("Task 2 of 3"))
            let events = try await store.testers(ofStudy: "lab").first?.events.filter(\.isTaskStep).map(\.kind)
            #expect(events == [.started(entry: 0), .done(entry: 1), .started(entry: 1)])
        }
    }

    @Test("a revoked link is 410 saying so, an unknown one 404; neither starts a tester")
    func closedLinks() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, testing: .live, studies: [try Self.labStudy()]) { client in
            let link = try await Self.link(on: store)
            var browser = Browser(client)
            #expect(try await browser.get("/study/\(String(repeating: "0", count: 32))").status == .notFound)
            #expect(try await browser.get("/study/not-a-link").status == .notFound)

            #expect(try await store.revokeStudyLink(ofStudy: "lab"))
            let revoked = try await browser.get("/study/\(link)")
            #expect(revoked.status == .gone && revoked.text.contains("This study link was revoked"))
            let start = try await browser.post("/study/\(link)")
            #expect(start.status == .gone && start.headers[.setCookie]?.contains("flowhost_session") != true)
            #expect(try await store.testers(ofStudy: "lab").isEmpty)
        }
    }

    @Test("a Start posted by another site's page is refused (403) and stores nothing")
    func crossSiteStartIsRefused() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, testing: .live, studies: [try Self.labStudy()]) { client in
            let link = try await Self.link(on: store)
            var browser = Browser(client)
            let crossSite = try await browser.post("/study/\(link)", headers: [.secFetchSite: "cross-site"])
            #expect(crossSite.status == .forbidden)
            let forged = try await client.execute(
                uri: "/study/\(link)", method: .post, headers: [.origin: "https://evil.example"])
            #expect(forged.status == .forbidden)
            #expect(
                try await browser.post("/_study/give-up", headers: [.secFetchSite: "cross-site"]).status == .forbidden)
            #expect(try await store.testers(ofStudy: "lab").isEmpty)
            #expect(browser.sessionCookie == nil)
        }
    }

    @Test("past the study's bound of testers Start says the study is full, stores nothing, and logs it once")
    func testerBound() async throws {
        let store = MemoryClickPathStore(limits: ClickPathStoreLimits(maxTestersPerStudy: 1))
        let logs = RecordingLogHandler.Messages()
        try await withLabServer(store: store, testing: .live, logs: logs, studies: [try Self.labStudy()]) { client in
            let link = try await Self.link(on: store)
            #expect(logs.all.contains { $0.message == "study lab kept in the store; testers open /study/\(link)" })
            var first = Browser(client)
            #expect(try await first.post("/study/\(link)").status == .seeOther)

            for _ in 0..<2 {
                var late = Browser(client)
                let refused = try await late.post("/study/\(link)")
                #expect(refused.status == .serviceUnavailable && refused.text.contains("This study is full"))
                #expect(late.sessionCookie == nil)
            }
            #expect(try await store.testers(ofStudy: "lab").count == 1)
            #expect(logs.all.filter { $0.message.hasPrefix("studies: a study has as many testers") }.count == 1)
        }
    }

    @Test("a click's label is what the page showed, cut at 80 characters, never one that holds a typed value")
    func clickLabels() throws {
        var run = StudyRun(studyID: "lab", study: try Self.labStudy().study)
        let long = String(repeating: "x", count: 100)
        run.noteClick(label: "Rename", entry: 0, typed: ["Zebra42"])
        run.noteClick(label: "Delete Zebra42", entry: 1, typed: ["Zebra42"])
        run.noteClick(label: long, entry: 2, typed: [])
        #expect(run.copyLabels(windowEntries: 3) == ["Rename", nil, String(long.prefix(79)) + "…"])

        // Back to entry 1, then another click there: the labels after it are forgotten
        run.noteClick(label: "Rename", entry: 1, typed: [])
        #expect(run.copyLabels(windowEntries: 3) == ["Rename", "Rename", nil])
        run.beginNextTask(after: ClickPath([.liveMove, .liveMove]), labels: ["Rename", "Rename"])
        run.noteClick(label: long, entry: 0, typed: [])
        #expect(run.copyLabels(windowEntries: 1) == ["Rename", "Rename", String(long.prefix(79)) + "…"])
    }

    @Test(
        "a task's end past the bound of events is kept with the path, then the newest events that fit; the outcome counts, the bound is logged once"
    )
    func eventBoundKeepsTheEnd() async throws {
        let store = MemoryClickPathStore(limits: ClickPathStoreLimits(maxEventsPerTester: 3))
        let logs = RecordingLogHandler.Messages()
        try await withLabServer(store: store, testing: .live, logs: logs, studies: [try Self.labStudy()]) { client in
            var tester = Browser(client)
            let started = try await tester.post("/study/\(try await Self.link(on: store))")
            let page = try await tester.open(try #require(started.headers[.location]))
            let screen = try StudyEventsTests.screen(of: page)
            let named = "screen=\(screen.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            #expect(try await tester.post("/_study/script-ran", form: named).status == .noContent)
            for x in [0.1, 0.2, 0.3] {
                #expect(try await tester.post("/_study/misclick", form: "\(named)&x=\(x)&y=0.5").status == .noContent)
            }

            // The sheet ends the task with 6 events waiting (the script ran, 3 misclicks, the
            // page's time, the success) where 2 fit; the second task's start and Give up fit none
            let next = try await tester.click("Sheet", on: page)
            #expect(next.text.contains("Task 2 of 3"), "the tester goes on")
            #expect(try await tester.post("/_study/give-up").status == .seeOther)

            let stored = try #require(try await store.testers(ofStudy: "lab").first)
            #expect(stored.events.map(\.kind) == [.started(entry: 0), .scriptRan, .succeeded(entry: 1)])
            #expect(stored.path.entries.count == 2, "the path copy of each end is kept, with no room for events")
            #expect(
                logs.all.filter { $0.message.hasPrefix("studies: a tester reached the bound of events") }.count == 1)
        }
        // The results count the success (folded here: the results route's crawl of the live map
        // would outlast a live client's read timeout on a loaded machine)
        let app = try labApp()
        let traffic = TrafficMap(crawl: try await Crawler(app: app).crawl(), deepLinks: app.deepLinks)
        let first = traffic.results(
            of: try Self.labStudy().study, testers: try await store.testers(ofStudy: "lab"), now: .now,
            idleTime: .seconds(1800)
        ).tasks[0]
        #expect(first.testers == 1 && first.directSuccess + first.indirectSuccess == 1, "the success counts")
    }
}

extension StudyEvent {
    /// Whether it starts or ends a task (not a screen's time, a misclick or the script's run).
    var isTaskStep: Bool {
        switch kind {
        case .started, .succeeded, .done, .gaveUp: true
        case .screenTime, .misclick, .scriptRan: false
        }
    }
}
