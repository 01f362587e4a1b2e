import FlowCrawl
import FlowHostApp
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import WebHost

/// A study's results, for the owner: testers take the lab's study through its link as browsers do,
/// the store keeps their events and paths, and the results count them on the live map's crawl.
@Suite("A study's results")
struct StudyResultsTests {
    /// Open the sheet from the start (expected: the page, then the sheet); open About, from the
    /// start again (no expected path: a shortest way, one click on the About tab, is direct).
    static let study = """
        {"title": "Results lab", "tasks": [
          {"prompt": "Open the sheet", "start": "start", "goal": ["lab/sheet"], "expected": [["lab/page", "lab/sheet"]]},
          {"prompt": "Find the about page", "start": "start", "goal": ["lab/about"]}]}
        """

    /// A value a tester types: no result may show it.
    static let typed = "Zebra42"

    static func file() throws -> StudyFile {
        try StudyFile(text: study, file: "Studies/lab.json")
    }

    /// `/_flowhost/studies/<id>.json` as a tool reads it.
    struct ResultsJSON: Decodable {
        struct Task: Decodable {
            let task: Int
            let testers: Int
            let directSuccess: Int
            let indirectSuccess: Int
            let gaveUp: Int
            let done: Int
            let bounced: Int
            let underWay: Int
            let medianSeconds: Double?
            let misclickRate: Double?
            let scoredPath: String
        }

        let id: String
        let title: String
        let scoreFormula: String
        let tasks: [Task]
    }

    /// Four testers, each in a browser of their own:
    /// - A opens the sheet at once (direct: the expected path), then About at once (direct: shortest);
    /// - B goes to the About tab and back to the Stack tab before the sheet (indirect), then Next
    ///   before About (indirect: two clicks where one does);
    /// - C goes Next and gives up, then types a name, renames, and says "I'm done";
    /// - D starts and does nothing yet (under way).
    static func takeTheStudy(_ client: any TestClientProtocol, store: MemoryClickPathStore) async throws {
        let link = StudyLink.id(ofStudy: "lab", key: try await store.tokenKey())
        func start() async throws -> (Browser, TestResponse) {
            var tester = Browser(client)
            let started = try await tester.post("/study/\(link)")
            let page = try await tester.open(try #require(started.headers[.location]))
            return (tester, page)
        }
        var (a, page) = try await start()
        page = try await a.click("Sheet", on: page)
        #expect(page.text.contains("Task 2 of 2"))
        page = try await a.click("About", on: page)
        #expect(page.text.contains("Thank you") || page.headers[.location] == "/_study/thanks" || page.status == .ok)

        var b: Browser
        (b, page) = try await start()
        page = try await b.click("About", on: page)
        page = try await b.click("Stack", on: page)
        page = try await b.click("Sheet", on: page)
        #expect(page.text.contains("Task 2 of 2"))
        page = try await b.click("Next", on: page)
        _ = try await b.click("About", on: page)

        var c: Browser
        (c, page) = try await start()
        _ = try await c.click("Next", on: page)
        page = try await c.open(try #require(try await c.post("/_study/give-up").headers[.location]))
        #expect(page.text.contains("Task 2 of 2"))
        _ = try await c.click("Rename", on: page, form: "name=\(typed)")
        #expect(try await c.post("/_study/done").status == .seeOther)

        _ = try await start()
    }

    @Test(
        "the JSON counts each tester once by how each task ended; a task still under way is no bounce; misclicks unknown without the script"
    )
    func resultsJSON() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, studies: [try Self.file()]) { client in
            try await Self.takeTheStudy(client, store: store)
            var owner = Browser(client)
            let response = try await owner.get("/_flowhost/studies/lab.json")
            #expect(response.status == .ok)
            let results = try JSONDecoder().decode(ResultsJSON.self, from: Data(buffer: response.body))
            #expect(results.id == "lab" && results.title == "Results lab")
            #expect(results.scoreFormula.contains("100 − drop-off %"))
            try #require(results.tasks.count == 2)
            let (first, second) = (results.tasks[0], results.tasks[1])
            #expect(first.task == 1 && first.testers == 4)
            #expect(first.directSuccess == 1 && first.indirectSuccess == 1 && first.gaveUp == 1)
            #expect(first.done == 0 && first.bounced == 0 && first.underWay == 1)
            #expect(first.scoredPath == "expected")
            #expect(second.testers == 3 && second.directSuccess == 1 && second.indirectSuccess == 1)
            #expect(second.done == 1 && second.gaveUp == 0 && second.underWay == 0)
            #expect(second.scoredPath == "shortest")
            #expect(first.medianSeconds != nil)
            #expect(first.misclickRate == nil, "no tester's pages ran the script: unknown, not 0")
            let text = String(buffer: response.body)
            #expect(text.contains(#""misclickRate" : null"#), "an unknown figure is null, not left out")
            #expect(!text.contains(Self.typed))
        }
    }

    @Test("the CSV has a row a task, defuses formulas, and shows no typed value; the page neither")
    func csvAndPage() async throws {
        let store = MemoryClickPathStore()
        let formula = """
            {"title": "Results lab", "tasks": [{"prompt": "=HYPERLINK(\\"http://evil\\", \\"x\\")", "start": "start",
              "goal": ["lab/sheet"]}, {"prompt": "Find the about page", "start": "/link/page/2", "goal": ["lab/about"]}]}
            """
        let file = try StudyFile(text: formula, file: "Studies/lab.json")
        try await withLabServer(store: store, studies: [file]) { client in
            try await Self.takeTheStudy(client, store: store)
            var owner = Browser(client)
            let csv = try await owner.get("/_flowhost/studies/lab.csv")
            #expect(csv.status == .ok && csv.headers[.contentType] == "text/csv; charset=utf-8")
            let rows = String(buffer: csv.body).split(separator: "\r\n")
            #expect(rows.count == 3)
            #expect(rows[0].hasPrefix("task,prompt,testers,directSuccess,indirectSuccess,gaveUp,done,bounced,underWay"))
            #expect(rows[1].hasPrefix(#"1,"'=HYPERLINK(""http://evil"", ""x"")",4,"#), "the formula is text")
            #expect(!String(buffer: csv.body).contains(Self.typed))

            let page = try await owner.get("/_flowhost/studies/lab")
            #expect(page.status == .ok)
            #expect(page.text.contains("Task 1:") && page.text.contains("Usability score of a screen"))
            #expect(page.text.contains(#"<g id="task1-phone_"#), "the storyboard drawn for each task")
            #expect(page.text.contains("Tester 2: indirect success"))
            #expect(page.text.contains(#"action="/_flowhost/studies/lab/open""#))
            #expect(!page.text.contains(Self.typed))
        }
    }

    @Test("the list of studies, as a page and JSON with each study's full link")
    func list() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, studies: [try Self.file()]) { client in
            var owner = Browser(client)
            let json = try await owner.get("/_flowhost/studies.json")
            struct Listed: Decodable, Equatable {
                let id: String
                let title: String
                let link: String
            }
            let listed = try JSONDecoder().decode([Listed].self, from: Data(buffer: json.body))
            let link = StudyLink.id(ofStudy: "lab", key: try await store.tokenKey())
            try #require(listed.count == 1)
            #expect(listed[0].id == "lab" && listed[0].title == "Results lab")
            #expect(listed[0].link.hasPrefix("http://") && listed[0].link.hasSuffix("/study/\(link)"))
            let page = try await owner.get("/_flowhost/studies")
            #expect(page.status == .ok && page.text.contains(#"href="/_flowhost/studies/lab""#))
        }
    }

    @Test("an unknown study is 404 saying so; with the inspector off every study route is 404; a tester sees none")
    func refusals() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, studies: [try Self.file()]) { client in
            var owner = Browser(client)
            for path in ["/_flowhost/studies/nope", "/_flowhost/studies/nope.json", "/_flowhost/studies/nope.csv"] {
                let response = try await owner.get(path)
                #expect(response.status == .notFound && response.text.contains("No study of this prototype"), "\(path)")
            }
            #expect(try await owner.get("/_flowhost/studies/a.b.json").status == .notFound)
            let open = try await owner.post("/_flowhost/studies/lab/open", form: "tester=7&started=0&task=0")
            #expect(open.status == .notFound && open.text.contains("no tester 8"))
            #expect(try await owner.post("/_flowhost/studies/lab/open", form: "tester=x").status == .badRequest)
            let unstamped = try await owner.post("/_flowhost/studies/lab/open", form: "tester=0&task=0")
            #expect(unstamped.status == .badRequest && unstamped.text.contains("when they started"))
            #expect(try await owner.get("/_flowhost/studies/lab/open").status == .methodNotAllowed)

            var tester = Browser(client)
            _ = try await tester.post("/study/\(StudyLink.id(ofStudy: "lab", key: try await store.tokenKey()))")
            #expect(try await tester.get("/_flowhost/studies/lab.json").status == .notFound)
            #expect(try await tester.get("/_flowhost/studies.json").status == .notFound)
        }
        try await withLabServer(store: store, studies: [try Self.file()], configure: { $0.showsInspector = false }) {
            client in
            var owner = Browser(client)
            for path in ["/_flowhost/studies", "/_flowhost/studies.json", "/_flowhost/studies/lab.json"] {
                let response = try await owner.get(path)
                #expect(response.status == .notFound, "\(path)")
            }
        }
    }

    @Test("Open at this state: a fresh session replayed to a tester's part of a task, where Back to here works")
    func openAtThisState() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, studies: [try Self.file()]) { client in
            try await Self.takeTheStudy(client, store: store)
            var owner = Browser(client)
            let results = try await owner.get("/_flowhost/studies/lab")
            // Tester B's second task: from page 1, Next, then About
            let opened = try await owner.post(
                "/_flowhost/studies/lab/open", form: try Self.openForm(on: results, tester: 1, task: 1))
            #expect(opened.status == .seeOther && owner.sessionCookie != nil)
            let page = try await owner.open(try #require(opened.headers[.location]))
            #expect(page.text.contains("About the lab"))
            #expect(!page.text.contains("Task 2 of 2"), "the owner's session is no tester's")
            let inspector = try await owner.get("/_flowhost/inspector")
            #expect(inspector.text.contains(#"action="/_flowhost/inspector/back/2""#))
            let back = try await owner.post("/_flowhost/inspector/back/1")
            #expect(back.status == .seeOther)
            let location = try #require(back.headers[.location])
            #expect(try await owner.open(location).heading == "Page 2")

            let crossSite = try await owner.post(
                "/_flowhost/studies/lab/open", form: "tester=1&task=1", headers: [.secFetchSite: "cross-site"])
            #expect(crossSite.status == .forbidden)
        }
    }

    @Test(
        "Open at this state names the tester by index and start: once the testers' order moved, the old page's form opens nothing and says so, the new page's opens"
    )
    func openAfterTheTestersMoved() async throws {
        let store = MemoryClickPathStore()
        let configure: (inout WebHostConfiguration) -> Void = { $0.trafficRefreshInterval = .zero }
        try await withLabServer(store: store, studies: [try Self.file()], configure: configure) { client in
            let link = StudyLink.id(ofStudy: "lab", key: try await store.tokenKey())
            var first = Browser(client)
            _ = try await first.post("/study/\(link)")
            var second = Browser(client)
            var page = try await second.open(try #require(try await second.post("/study/\(link)").headers[.location]))
            page = try await second.click("Sheet", on: page)
            var owner = Browser(client)
            let shown = try await owner.get("/_flowhost/studies/lab")
            let form = try Self.openForm(on: shown, tester: 1, task: 0)

            // The first tester's session starts the study again: it is filed last, so index 1 is now theirs
            _ = try await store.startTester(try #require(first.sessionCookie), fromStudyLink: link)
            let moved = try await owner.post("/_flowhost/studies/lab/open", form: form)
            #expect(moved.status == .conflict && moved.text.contains("The testers moved"))
            #expect(owner.sessionCookie == nil, "no session was started")

            // The results read again: the second tester is tester 1 now
            let again = try await owner.get("/_flowhost/studies/lab")
            let opened = try await owner.post(
                "/_flowhost/studies/lab/open", form: try Self.openForm(on: again, tester: 0, task: 0))
            #expect(opened.status == .seeOther)
            #expect(try await owner.open(try #require(opened.headers[.location])).text.contains("<title>Sheet</title>"))
        }
    }

    /// The form the results page shows for *Open at this state* of `tester`'s part of `task`.
    static func openForm(on results: TestResponse, tester: Int, task: Int) throws -> String {
        let stamp = try #require(
            results.text.firstMatch(
                of: try Regex(
                    #"name="tester" value="\#(tester)"><input type="hidden" name="started" value="(\d+)"><input type="hidden" name="task" value="\#(task)""#
                )
            ), "a form for tester \(tester + 1), task \(task + 1)")
        return "tester=\(tester)&started=\(stamp.output[1].substring ?? "")&task=\(task)"
    }

    @Test(
        "Open at this state shows what the tester typed, as a comment's state does; the results page says so beside the button and shows none"
    )
    func openedStateShowsTypedValues() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, studies: [try Self.file()]) { client in
            try await Self.takeTheStudy(client, store: store)
            var owner = Browser(client)
            let results = try await owner.get("/_flowhost/studies/lab")
            #expect(!results.text.contains(Self.typed))
            let hint = try #require(results.text.firstMatch(of: /<p class="study-open-hint">([^<]*)<\/p>/))
            #expect(hint.output.1.contains("That page shows what they typed on the way"))
            #expect(
                results.text.components(separatedBy: "study-open-hint").count - 1 == 2,
                "once above each task's testers, beside their buttons")

            // Tester C renamed the page before saying "I'm done": the replay types the name again
            let opened = try await owner.post(
                "/_flowhost/studies/lab/open", form: try Self.openForm(on: results, tester: 2, task: 1))
            let page = try await owner.open(try #require(opened.headers[.location]))
            #expect(page.text.contains(Self.typed), "the replay types a non-secret value again, and the page shows it")
        }
    }

    @Test(
        "a task not ended bounces once the tester's last event is older than the idle time; misclicks count over the parts that ran the script; drop-offs, times and misclicks make each screen's score"
    )
    func countingRules() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, studies: [try Self.file()]) { client in
            try await Self.takeTheStudy(client, store: store)
        }
        var testers = try await store.testers(ofStudy: "lab")
        // The server timed each screen as the testers clicked (a machine's pace, which a slow one
        // stretches past the score's 5 s): this test sets the one time it scores itself
        for index in testers.indices {
            testers[index].events.removeAll {
                if case .screenTime = $0.kind { true } else { false }
            }
        }
        let app = try labApp()
        let traffic = TrafficMap(crawl: try await Crawler(app: app).crawl(), deepLinks: app.deepLinks)
        let study = try Self.file().study
        let (now, idle) = (Date.now, Duration.seconds(1800))

        // Tester D's first task has no end: under way within the idle time, bounced after it
        let soon = traffic.results(of: study, testers: testers, now: now, idleTime: idle).tasks[0]
        #expect(soon.underWay == 1 && soon.bounced == 0)
        let later = traffic.results(of: study, testers: testers, now: now + 3600, idleTime: idle).tasks[0]
        #expect(later.underWay == 0 && later.bounced == 1 && later.testers == 4)
        // Still clicking an hour on, with no study event since (they wait for the task's end)
        var clicking = testers
        clicking[3].lastClick = now + 3500
        let stillAtIt = traffic.results(of: study, testers: clicking, now: now + 3600, idleTime: idle).tasks[0]
        #expect(stillAtIt.underWay == 1 && stillAtIt.bounced == 0, "a recent click is no bounce")

        // The page's score: reached by all four; C gave up on it and D bounced there (50 %)
        let page = try #require(later.screens.first)
        #expect(page.name == "lab/page" && page.reached == 4 && page.droppedOff == 2)
        #expect(page.misclickPercent == nil && page.score == 50, "unknown misclicks cost nothing")
        let pageScreen = try #require(page.screens.first)
        #expect(later.figures.screens[pageScreen].exits == 2, "the drawing's drop-offs")

        // A's pages ran the script: one misclick on the page, beside one click (Sheet)
        let pageID = traffic.storyboard.screens[pageScreen].id
        testers[0].events += [
            StudyEvent(task: 0, at: now, kind: .scriptRan),
            StudyEvent(task: 0, at: now, kind: .misclick(screen: pageID, x: 0.25, y: 0.5)),
            StudyEvent(task: 0, at: now, kind: .screenTime(screen: pageID, seconds: 25)),
        ]
        let known = traffic.results(of: study, testers: testers, now: now + 3600, idleTime: idle).tasks[0]
        #expect(known.misclickRate == 0.5 && known.misclicks == 1 && known.clicks == 1 && known.partsWithScript == 1)
        #expect(known.misclickPoints[pageScreen] == [ScreenComment.Point(x: 0.25, y: 0.5)])
        let scored = try #require(known.screens.first)
        #expect(scored.misclickPercent == 50 && scored.medianSeconds == 25 && scored.timePenalty == 10)
        let expected: Double = 100 - 50 - 25 - 10
        #expect(scored.score == expected, "100 − 50 % drop-off − 0.5 × 50 % misclicks − 10 for time")
        #expect(traffic.results(of: study, testers: testers, now: now, idleTime: idle).tasks[1].misclickRate == nil)
    }
}
