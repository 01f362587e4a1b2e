import FlowTesting
import Foundation
import HTMLPresenter
import Testing

@MainActor
@Suite("A page while templates have problems")
struct TemplateProblemsPageTests {
    @Test("the page shows each problem over the screen: file:line:col: message, the source line, a caret")
    func overlay() throws {
        let (library, folder) = try loadedWithProblems(["screen": "<p>\n\t  {{#x}}</p>", "shown": "<p>Still here</p>"])
        let problem = try #require(library.problems.first)
        #expect(problem.line == 2 && problem.column == 4)

        let html = try PageRenderer(templates: library).render(tree(template: "shown"), links: .snapshot)

        #expect(html.contains("The templates have a problem"))
        #expect(html.contains("<code>\(folder)/screen.mustache:2:4: "))
        #expect(html.contains("<span class=\"template-problem-line-number\">2</span>\t  {{#x}}&lt;/p&gt;"))
        #expect(html.contains("<span class=\"template-problem-caret\">\t  ^</span>"))
        #expect(html.contains("<p>Still here</p>"))
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("a screen whose template never loaded renders empty under the problems, not an error page")
    func screenWithoutTemplate() throws {
        let html = try PageRenderer(templates: loadedWithProblems(["screen": "<p>{{#x}}</p>"]).library).render(
            tree(template: "screen"), links: .snapshot)
        #expect(html.contains("screen.mustache:1:4: "))
        #expect(HTMLValidator.problems(in: html) == [])
    }

    @Test("without problems there is no overlay")
    func noOverlay() throws {
        let html = try PageRenderer(templates: loadedWithProblems(["screen": "<p>fine</p>"]).library).render(
            tree(template: "screen"), links: .snapshot)
        #expect(!html.contains("template-problems"))
    }

    /// `files` (name: source) loaded from a folder of their own as a server that watches its templates
    /// loads them, problems and all; the folder is gone once they are read.
    private func loadedWithProblems(_ files: [String: String]) throws -> (library: TemplateLibrary, folder: String) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-problems-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, source) in files {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try source.write(to: folder.appending(path: name + ".mustache"), atomically: true, encoding: .utf8)
        }
        let path = folder.path(percentEncoded: false)
        return (TemplateLibrary.loadingValid(directory: path), path)
    }

    private func tree(template: String) -> ScreenTree {
        let window = HTMLWindow()
        window.rootViewController = HTMLViewController(template: template)
        return window.updatedScreenTree()
    }
}
