import FlowCrawl
import FlowHostApp
import Foundation
import Testing

@testable import WebHost

@Suite("A study's recorded paths re-run on a later build")
struct StudyRerunTests {
    /// Open the sheet (a goal by template); find the about page from page 2 (the tester opens the
    /// sheet, closes it and gives up); open the About tab (a goal by storyboard id).
    static let study = """
        {"title": "The lab", "tasks": [
          {"prompt": "Open the sheet", "start": "start", "goal": ["lab/sheet"]},
          {"prompt": "Find the about page", "start": "/link/page/2", "goal": ["lab/about"]},
          {"prompt": "Open the About tab", "start": "start", "goal": ["lab/about in tab About"]}]}
        """

    /// A tester takes the study through its link on a lab server; returns the study and its testers.
    private func recordedTester() async throws -> (Study, [StudyTester]) {
        let store = MemoryClickPathStore()
        let file = try StudyFile(text: Self.study, file: "Studies/lab.json")
        try await withLabServer(store: store, testing: .live, studies: [file]) { client in
            var tester = Browser(client)
            let link = StudyLink.id(ofStudy: "lab", key: try await store.tokenKey())
            let started = try await tester.post("/study/\(link)")
            var page = try await tester.open(try #require(started.headers[.location]))
            page = try await tester.click("Sheet", on: page)
            #expect(page.text.contains("Task 2 of 3"))
            page = try await tester.click("Sheet", on: page)
            page = try await tester.click("Close", on: page)
            let gaveUp = try await tester.post("/_study/give-up")
            page = try await tester.open(try #require(gaveUp.headers[.location]))
            #expect(page.text.contains("Task 3 of 3"))
            #expect(try await tester.post(try #require(page.action("About"))).headers[.location] == "/_study/thanks")
        }
        let stored = try #require(try await store.study(id: "lab"))
        let testers = try await store.testers(ofStudy: "lab")
        #expect(
            testers.first?.labels == ["Sheet", nil, "Sheet", "Close", "About"],
            "each click's label as the page showed it; the deep link that opened task 2 has none")
        return (stored.study, testers)
    }

    @Test(
        "on the same build, each task's part of the tester's path replays from its start: the goals reached still are, the given-up one is no regression"
    )
    @MainActor
    func sameBuild() async throws {
        let (study, testers) = try await recordedTester()
        let app = try labApp()
        let rerun = await StudyRerun.run(
            study: study, testers: testers, app: app, crawl: try await Crawler(app: app).crawl())

        #expect(rerun.paths.map(\.task) == [0, 1, 2])
        #expect(rerun.paths.map(\.ending) == [.succeeded, .gaveUp, .succeeded])
        #expect(rerun.paths.map(\.entries) == [1, 3, 1], "the deep link that opened task 2 is its part's first entry")
        #expect(rerun.paths.map(\.reachedGoalAt) == [1, nil, 1])
        #expect(rerun.paths[1].missingStep == nil, "every step of the given-up part is still there")
        #expect(rerun.regressions == 0)
        #expect(rerun.summary == "2 of 3 recorded paths still reach their goal")
        // Today's shortest way from page 2 to the about page is its tab.
        #expect(rerun.shortestPaths[1]?.actions == ["About"])
        #expect(rerun.shortestPaths[1]?.screens.last == "lab/about in tab About")
        #expect(rerun.shortestPaths[0]?.actions == ["Sheet"])
    }

    @Test(
        "on a build whose sheet is another screen: the path that reached it no longer does (a regression), the given-up one names its first missing step"
    )
    @MainActor
    func screenChanged() async throws {
        let (study, testers) = try await recordedTester()
        var templates = labTemplates
        templates["lab/drawer"] = templates["lab/sheet"]
        let app = try labApp(templates: templates, sheetTemplate: "lab/drawer")
        let rerun = await StudyRerun.run(
            study: study, testers: testers, app: app, crawl: try await Crawler(app: app).crawl())

        let opened = rerun.paths[0]
        #expect(!opened.reachesGoal && opened.isRegression)
        #expect(opened.endsOn.hasPrefix("lab/drawer"), "\(opened.endsOn)")
        #expect(opened.missingStep == nil, "every step was done: it leads elsewhere")

        let gaveUp = try #require(rerun.paths[1].missingStep)
        #expect(gaveUp.step == 3)
        #expect(gaveUp.screen.hasPrefix("lab/drawer"), "\(gaveUp.screen)")
        #expect(gaveUp.action.hasPrefix("action 0 of layer 1") && gaveUp.action.hasSuffix("(lab/sheet)"))
        #expect(gaveUp.label == "Close", "named by what the tester clicked")
        #expect(gaveUp.reason == "is not on screen")
        let json = String(decoding: rerun.json(), as: UTF8.self)
        #expect(json.contains(#""label" : "Close""#), "\(json)")
        #expect(!rerun.paths[1].isRegression, "it gave up before: still failing is no regression")

        #expect(rerun.paths[2].reachesGoal)
        #expect(rerun.summary == "1 of 3 recorded paths still reach their goal; 1 that succeeded no longer does")
        #expect(rerun.shortestPaths[0] == nil, "no screen of lab/sheet on this build's crawl")

        // A copy recorded before labels were kept (by an older FlowHost) names the step by position
        var unlabelled = testers
        unlabelled[0].labels = []
        let older = await StudyRerun.run(
            study: study, testers: unlabelled, app: app, crawl: try await Crawler(app: app).crawl())
        let named = try #require(older.paths[1].missingStep)
        #expect(named.label == nil && named.action == gaveUp.action && named.step == 3)
    }
}
