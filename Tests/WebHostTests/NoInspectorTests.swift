import Foundation
import HTMLPresenter
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import WebHost

@Suite("--no-inspector: a shared demo shows none of the app's insides")
struct NoInspectorTests {
    @Test("the inspector, Back to here and the flow map are not found; pages link to none of them")
    func hidden() async throws {
        try await withLabServer(configure: { $0.showsInspector = false }) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            #expect(!page.text.contains("/_flowhost/inspector"))
            #expect(!page.text.contains("/_flowhost/map"))
            for path in ["/_flowhost/map", "/_flowhost/map.json", "/_flowhost/map/state/0", "/_flowhost/inspector"] {
                #expect(try await browser.get(path).status == .notFound, "\(path)")
            }
            #expect(try await browser.post("/_flowhost/inspector/back/1").status == .notFound)
        }
    }

    @Test("a template that never loaded: visitors read that the screen has a template problem, no file or source")
    func templateProblem() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, source) in labTemplates {
            let file = folder.appending(path: name + ".mustache")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let broken = name == "lab/page" ? "<h1>Page {{number}</h1>\n<p>secret-source-line</p>" : source
            try Data(broken.utf8).write(to: file)
        }
        let templates = TemplateLibrary.loadingValid(directory: folder.path(percentEncoded: false))
        try #require(templates.problems.count == 1)

        try await withLabServer(library: templates, configure: { $0.showsInspector = false }) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            #expect(page.text.contains("This screen has a template problem"))
            #expect(!page.text.contains("page.mustache"))
            #expect(!page.text.contains("{{number}"))
        }
        try await withLabServer(library: templates) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            #expect(page.text.contains("page.mustache:1:"), "with the inspector, the details show")
        }
    }

    @Test("a screen that cannot render: visitors get a plain 500 page, the log keeps what failed")
    func renderFailure() async throws {
        var sources = labTemplates
        sources["lab/page"] = nil
        let messages = RecordingLogHandler.Messages()
        var configuration = WebHostConfiguration()
        configuration.showsInspector = false
        let server = FlowHostServer(
            app: try labApp(templates: sources), configuration: configuration,
            logger: Logger(label: "lab") { _ in RecordingLogHandler(messages: messages) })
        try await server.makeApplication().test(.router) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            #expect(page.status == .internalServerError)
            #expect(page.text.contains("This screen has a template problem"))
            #expect(!page.text.contains("lab/page"))
        }
        #expect(messages.all.contains { $0.level == .error && $0.message.contains("No template named 'lab/page'") })
    }
}
