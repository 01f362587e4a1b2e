import Foundation
import HTMLTemplates
import HTMLValidation
import Testing

/// A templates folder of its own for each test, removed afterwards.
final class TemplatesFolder {
    let path = FileManager.default.temporaryDirectory.appending(path: "flowhost-templates-\(UUID().uuidString)").path

    init(_ files: [String: String]) throws {
        for (name, source) in files { try write(name, source) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ source: String) throws {
        let url = URL(filePath: path).appending(path: name + ".mustache")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try source.write(to: url, atomically: true, encoding: .utf8)
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: path + "/" + name + ".mustache")
    }
}

@Suite("Reloading templates while serving")
struct TemplateReloadTests {
    @Test("a changed, a new and a removed file show in the reloaded library")
    func changesShow() throws {
        let folder = try TemplatesFolder(["movies/detail": "<h1>{{title}}</h1>", "old": "<p>old</p>"])
        let library = try TemplateLibrary(directory: folder.path)

        try folder.write("movies/detail", "<h2>{{title}}</h2>")
        try folder.write("profile/new", "<p>new</p>")
        try folder.remove("old")
        let reloaded = library.reloaded()

        #expect(try reloaded.render(["title": "Heat"], template: "movies/detail") == "<h2>Heat</h2>")
        #expect(try reloaded.render([:], template: "profile/new") == "<p>new</p>")
        #expect(reloaded.names == ["movies/detail", "profile/new"])
        #expect(reloaded.problems.isEmpty)
        #expect(try library.render(["title": "Heat"], template: "movies/detail") == "<h1>Heat</h1>", "a value")
    }

    @Test("a broken file keeps its last good version and is listed as file:line:col with its source line")
    func brokenFileKeepsLastGoodVersion() throws {
        let folder = try TemplatesFolder(["movies/detail": "<h1>{{title}}</h1>\n<p>ok</p>", "other": "<p>a</p>"])
        let library = try TemplateLibrary(directory: folder.path)

        try folder.write("movies/detail", "<h1>{{title}}</h1>\n\t<p><span>broken</p>")
        try folder.write("other", "<p>b</p>")
        let broken = library.reloaded()

        let problem = try #require(broken.problems.first)
        #expect(broken.problems.count == 1)
        #expect(problem.file == folder.path + "/movies/detail.mustache")
        #expect(problem.line == 2)
        #expect(problem.sourceLine == "\t<p><span>broken</p>")
        #expect(problem.description.hasPrefix("\(folder.path)/movies/detail.mustache:2:\(problem.column!): "))
        #expect(problem.description.contains("<span>"))
        #expect(
            try broken.render(["title": "Heat"], template: "movies/detail") == "<h1>Heat</h1>\n<p>ok</p>",
            "the last good version renders")
        #expect(try broken.render([:], template: "other") == "<p>b</p>", "the other files' changes load")

        try folder.write("movies/detail", "<h1>{{title}}</h1>\n<p>fixed</p>")
        let fixed = broken.reloaded()
        #expect(fixed.problems.isEmpty)
        #expect(try fixed.render(["title": "Heat"], template: "movies/detail") == "<h1>Heat</h1>\n<p>fixed</p>")
    }

    @Test("loading what is valid lists the problems the throwing initializer throws, the same lines")
    func loadingValidListsWhatTheStrictLoadThrows() throws {
        let folder = try TemplatesFolder(["good": "<p>{{x}}</p>", "bad": "<div>\n{{#items}}\n</div>"])

        let library = TemplateLibrary.loadingValid(directory: folder.path)
        #expect(library.names == ["good"])
        #expect(try library.render(["x": "1"], template: "good") == "<p>1</p>")
        #expect(throws: RenderError.unknownTemplate("bad")) { try library.render([:], template: "bad") }

        #expect {
            try TemplateLibrary(directory: folder.path)
        } throws: { error in
            (error as? TemplateLoadError)?.messages == library.problems.map(\.description)
                && library.problems.count == 1 && library.problems[0].line == 2
        }
    }

    @Test("a folder that goes away keeps every template and says so; templates given as text never reload")
    func folderGone() throws {
        var folder: TemplatesFolder? = try TemplatesFolder(["a": "<p>a</p>"])
        let path = try #require(folder?.path)
        let library = try TemplateLibrary(directory: path)
        folder = nil

        let reloaded = library.reloaded()
        #expect(reloaded.problems.map(\.description) == ["\(path): no such template directory"])
        #expect(try reloaded.render([:], template: "a") == "<p>a</p>")

        let text = try TemplateLibrary(templates: ["a": "<p>a</p>"])
        #expect(text.directory == nil)
        #expect(text.reloaded().names == ["a"])
    }
}
