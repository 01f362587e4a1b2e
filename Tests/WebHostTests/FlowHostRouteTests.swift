import HTMLPresenter
import Testing
import WebHost

@Suite("FlowHostRoute")
struct FlowHostRouteTests {
    @Test(
        "every route a page or redirect names parses back to itself",
        arguments: [
            FlowHostRoute.root, .screen(ScreenID(rawValue: 12)), .action(token: String(repeating: "a1", count: 16)),
            .events(after: 4), .link("movies/3"), .health, .status, .stylesheet, .script,
            .publicFile("posters/1.svg"), .share, .sharePage(id: String(repeating: "0f", count: 16)),
            .shared(id: String(repeating: "0f", count: 16)), .inspector, .backToHere(entryCount: 0),
            .backToHere(entryCount: 12), .study(link: String(repeating: "0f", count: 16)), .studyDone, .studyGiveUp,
            .studyThanks, .studyMisclick, .studyScriptRan, .newStudy, .studyFile(id: "rating"), .studies,
            .studiesJSON, .studyResults(id: "rating", .html), .studyResults(id: "rating", .json),
            .studyResults(id: "rating", .csv), .studyResults(id: "new-study", .html), .openTesterPart(study: "rating"),
        ])
    func roundTrip(route: FlowHostRoute) {
        let url = route.url
        let parts = url.split(separator: "?", maxSplits: 1).map(String.init)
        #expect(FlowHostRoute(path: parts[0], query: parts.count > 1 ? parts[1] : nil) == route, "\(url)")
    }

    @Test(
        "paths that name nothing FlowHost serves are unknown, and static files are files",
        arguments: [
            ("/screen/", FlowHostRoute.unknown), ("/screen/abc", .unknown), ("/screen/99999999999999999999", .unknown),
            ("/nowhere", .unknown), ("/_flowhost/flowhost.css", .chromeFile("flowhost.css")),
            ("/public/posters/1.svg", .publicFile("posters/1.svg")),
            ("/_events", .events(after: nil)), ("/_flowhost/inspector/back/", .unknown),
            ("/_flowhost/inspector/back/-1", .unknown), ("/_flowhost/inspector/back/1234567890", .unknown),
            ("/_flowhost/studies/a/b", .unknown), ("/_flowhost/studies/a/b/study.json", .unknown),
            ("/_flowhost/studies/new.json", .unknown), ("/_flowhost/studies/new/open", .unknown),
        ])
    func otherPaths(path: String, route: FlowHostRoute) {
        #expect(FlowHostRoute(path: path, query: nil) == route)
    }

    @Test("an event stream's version is read from its query, and a bad one is none")
    func eventsQuery() {
        #expect(FlowHostRoute(path: "/_events", query: "v=7") == .events(after: 7))
        #expect(FlowHostRoute(path: "/_events", query: "x=1&v=8") == .events(after: 8))
        #expect(FlowHostRoute(path: "/_events", query: "v=x") == .events(after: nil))
    }
}
