import FlowCore
import FlowHostApp
import Foundation
import HTMLPresenter
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import WebHost

/// The lab's templates in a folder of their own, and a folder of static files, for one test.
private struct EditedFolders {
    let root = FileManager.default.temporaryDirectory.appending(path: "flowhost-edit-\(UUID().uuidString)").path
    var templates: String { root + "/Templates" }
    var files: String { root + "/Public" }

    init() throws {
        for (name, source) in labTemplates { try write(name, source) }
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        try "body {}".write(toFile: files + "/site.css", atomically: false, encoding: .utf8)
    }

    func write(_ template: String, _ source: String) throws {
        let path = templates + "/" + template + ".mustache"
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try source.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

/// Runs `test` against the lab served from `folders`, watching them.
private func withWatchedLab(
    _ folders: EditedFolders, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    let app = try WebApp(
        templates: try TemplateLibrary(directory: folders.templates), publicDirectory: URL(filePath: folders.files)
    ) {
        window in
        let flow = LabFlow(clock: window.clock, laterDelay: .seconds(1))
        window.rootViewController = flow.tabs
        let coordinator = FlowCoordinator()
        coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: LabStep.start))
        return coordinator
    }
    var configuration = WebHostConfiguration()
    configuration.port = 0
    configuration.watchesFiles = true
    var logger = Logger(label: "lab")
    logger.logLevel = .warning
    try await FlowHostServer(app: app, configuration: configuration, logger: logger).makeApplication().test(.router) {
        client in try await test(client)
    }
}

@Suite("The edit loop: templates and static files reload while serving", .timeLimit(.minutes(1)))
struct EditLoopTests {
    @Test("a saved template moves the open page to the same screen drawn with it")
    func savedTemplateShows() async throws {
        let folders = try EditedFolders()
        defer { folders.remove() }
        try await withWatchedLab(folders) { client in
            var browser = Browser(client)
            let page = try await browser.click("Next", on: try await browser.open())
            #expect(page.text.contains("<h1>Page 2</h1>"))

            try folders.write("lab/page", labTemplates["lab/page"]!.replacing("<h1>Page", with: "<h1>Seite"))
            let moved = try await browser.followMoves(from: page) { !$0.text.contains("<h1>Page 2</h1>") }

            #expect(moved.text.contains("<h1>Seite 2</h1>"))
            #expect(moved.action("Next") != nil, "the same screen, with actions that work")
            #expect(try await browser.click("Next", on: moved).text.contains("<h1>Seite 3</h1>"))
        }
    }

    @Test("a broken template shows on the open page at its line, keeps the last good page, and a fix clears it")
    func brokenTemplateShowsUntilFixed() async throws {
        let folders = try EditedFolders()
        defer { folders.remove() }
        try await withWatchedLab(folders) { client in
            var browser = Browser(client)
            let page = try await browser.open()

            let broken = labTemplates["lab/page"]!.replacing(
                "<p class=\"name\">{{name}}</p>", with: "<p><b>{{name}}</p>")
            try folders.write("lab/page", broken)
            let shown = try await browser.followMoves(from: page) { $0.text.contains("template-problem") }

            let file = folders.templates + "/lab/page.mustache"
            #expect(shown.text.contains("<code>\(file):2:4: "), "file:line:col: message")
            #expect(shown.text.contains("&lt;p&gt;&lt;b&gt;{{name}}&lt;/p&gt;"), "the line at fault")
            #expect(shown.text.contains("<h1>Page 1</h1>"), "the last good version still draws the screen")

            try folders.write("lab/page", labTemplates["lab/page"]!.replacing("<h1>Page", with: "<h1>Fixed page"))
            let fixed = try await browser.followMoves(from: shown) { !$0.text.contains("template-problem") }
            #expect(!fixed.text.contains("template-problem"))
            #expect(fixed.text.contains("<h1>Fixed page 1</h1>"))
        }
    }

    @Test("a changed static file moves the open page, so it loads the file again")
    func staticFileRedraws() async throws {
        let folders = try EditedFolders()
        defer { folders.remove() }
        try await withWatchedLab(folders) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            try "body { color: red }".write(toFile: folders.files + "/site.css", atomically: false, encoding: .utf8)
            let moved = try await browser.followMoves(from: page) { _ in true }
            #expect(moved.text.contains("<h1>Page 1</h1>"))
            #expect(try await browser.get("/public/site.css").text == "body { color: red }")
        }
    }

    @Test(
        "a page links a static file under its folder's version, which browsers keep; a changed file moves the page to the new version, and the old one is revalidated"
    )
    func staticFileVersions() async throws {
        let folders = try EditedFolders()
        defer { folders.remove() }
        try "<svg xmlns='http://www.w3.org/2000/svg'/>".write(
            toFile: folders.files + "/logo.svg", atomically: false, encoding: .utf8)
        try folders.write("lab/page", #"<img src="/public/logo.svg" alt="Logo">"# + "\n" + labTemplates["lab/page"]!)
        try await withWatchedLab(folders) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let first = try #require(page.text.firstMatch(of: /src="\/public\/(v[0-9a-f]{16})\/logo.svg"/)?.output.1)
            let kept = "public, max-age=31536000, immutable"
            #expect(try await browser.get("/public/\(first)/logo.svg").headers[values: .cacheControl] == [kept])
            #expect(try await browser.get("/public/logo.svg").headers[values: .cacheControl] == ["no-cache"])

            try "<svg xmlns='http://www.w3.org/2000/svg' width='9'/>".write(
                toFile: folders.files + "/logo.svg", atomically: false, encoding: .utf8)
            let moved = try await browser.followMoves(from: page) { !$0.text.contains("/public/\(first)/") }
            let second = try #require(moved.text.firstMatch(of: /src="\/public\/(v[0-9a-f]{16})\/logo.svg"/)?.output.1)
            #expect(second != first)
            let old = try await browser.get("/public/\(first)/logo.svg")
            #expect(old.headers[values: .cacheControl] == ["no-cache"], "another version is revalidated")
            #expect(old.text.contains("width='9'"), "and is the file as it is now")
            #expect(try await browser.get("/public/\(second)/logo.svg").headers[values: .cacheControl] == [kept])
        }
    }

    @Test("a page of an earlier server process is moved at once, even at the version it shows here")
    func pageOfEarlierProcess() async throws {
        try await withLabServer { client in
            var browser = Browser(client)
            let page = try await browser.open()
            let events = try #require(page.eventsURL)
            // The version this page shows is the published one: only the stream id tells that it
            // came from another process (an EventSource sends it back when it reconnects).
            let stream = try await browser.get(events, headers: [.lastEventID: "an-earlier-process"])
            #expect(stream.text.contains("event: move\ndata: /screen/"))
            let id = try #require(stream.text.firstMatch(of: /\nid: ([0-9a-f]{32})\n/)?.output.1)
            #expect(id != "an-earlier-process")
        }
    }
}

extension Browser {
    /// Follows the moves of `page`'s event stream, page after page, until one is `shown` (a page
    /// may first move for another reason: a change of the window after it was captured).
    mutating func followMoves(
        from page: TestResponse, until shown: (TestResponse) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestResponse {
        var page = page
        for _ in 0..<5 {
            let stream = try await get(try #require(page.eventsURL, sourceLocation: sourceLocation))
            let target = try #require(
                stream.text.firstMatch(of: /event: move\ndata: (\/screen\/\d+)\n\n/)?.output.1,
                sourceLocation: sourceLocation)
            page = try await get(String(target))
            if shown(page) { return page }
        }
        Issue.record("five moves and never the page awaited; the last: \(page.text)", sourceLocation: sourceLocation)
        return page
    }
}

extension HTTPField.Name {
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}

@Suite("Watching with nothing to watch", .timeLimit(.minutes(1)))
struct NothingToWatchTests {
    @Test("a server told to watch an app with templates given as text and no static files serves on")
    func servesOn() async throws {
        try await withLabServer(testing: .live, configure: { $0.watchesFiles = true }) { client in
            var browser = Browser(client)
            #expect(try await browser.open().text.contains("<h1>Page 1</h1>"))
            // Long enough for a service that returned at once to have ended the server.
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await browser.click("Next", on: try await browser.open()).text.contains("<h1>Page 2</h1>"))
        }
    }
}
