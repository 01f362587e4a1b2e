import FlowCrawl
import Foundation
import HTMLPresenter
import HTMLValidation
import Testing

@testable import MovieDemo

/// `flowhost export` of the sample: a static site whose every link resolves to a file inside it,
/// the same bytes from two exports, and the rest written when Graphviz is missing.
@MainActor
@Suite("Exporting the sample as a static site", .serialized)
struct StaticExportTests {
    private static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "flowhost-export-\(UUID().uuidString)")
    }

    private static func export(_ crawl: Crawl, dotSearchPath: String? = nil) throws -> (URL, StaticExport.Result) {
        let folder = temporaryFolder()
        let result = try StaticExport(crawl: crawl, app: SampleCrawl.appWithPublicFiles, dotSearchPath: dotSearchPath)
            .write(to: folder)
        return (folder, result)
    }

    /// Every file under `folder`, by path relative to it.
    private static func files(in folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            ?? .init()
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.standardizedFileURL.path.dropFirst(root.count + 1))] = try? Data(contentsOf: url)
        }
        return files
    }

    /// The values of the `href`, `xlink:href`, `action` and `src` attributes in `html`.
    private static func references(in html: String) -> [String] {
        var references: [String] = []
        for attribute in [" href=\"", " xlink:href=\"", " action=\"", " src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let value = rest[start.upperBound...].prefix { $0 != "\"" }
                references.append(String(value))
                rest = rest[start.upperBound...].dropFirst(value.count)
            }
        }
        return references
    }

    @Test("every href, action and src of every page resolves to a file inside the export")
    func linksResolve() async throws {
        let crawl = try await SampleCrawl.crawl(SampleCrawl.small)
        let (folder, result) = try Self.export(crawl)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.mapProblem == nil)
        let files = Self.files(in: folder)
        let pages = files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count == crawl.map.states.count + 1, "a page per state, and the map")
        var checked = 0
        var broken: [String] = []
        for (name, data) in pages.sorted(by: { $0.key < $1.key }) {
            let html = String(decoding: data, as: UTF8.self)
            #expect(!html.contains("<script"), "\(name) has a script")
            #expect(!html.contains("/_action/"), "\(name) has a server action")
            for reference in Self.references(in: html) where !reference.hasPrefix("data:") {
                checked += 1
                if reference.hasPrefix("#") {
                    // A place on the same page (a storyboard screen's list of states).
                    if !html.contains(#"id="\#(reference.dropFirst())""#) { broken.append("\(name): \(reference)") }
                    continue
                }
                let path = String(reference.prefix { $0 != "?" && $0 != "#" }).removingPercentEncoding ?? reference
                let root = folder.standardizedFileURL.path
                let target = folder.appending(path: path).standardizedFileURL.path
                if reference.hasPrefix("/") || reference.contains("://") || path.isEmpty
                    || !target.hasPrefix(root + "/") || files[String(target.dropFirst(root.count + 1))] == nil
                {
                    broken.append("\(name): \(reference)")
                }
            }
        }
        #expect(checked > crawl.map.states.count * 3, "the checker saw the pages' links")
        #expect(broken.count == 0, "links that resolve to no file of the export: \(broken.prefix(20))")
        let map = String(decoding: files["map.html"] ?? Data(), as: UTF8.self)
        #expect(map.contains("<svg"), "map.html embeds the picture")
        #expect(HTMLValidator.problems(in: map) == [], "map.html is valid HTML, as every page is")
        #expect(map.contains(#"<a href="state-1.html">"#), "the screens' lists link each state's page")
        // The storyboard: each screen a phone showing one of its pages, linked to the list of its states.
        let screens = crawl.map.storyboard.screens
        #expect(map.components(separatedBy: #"<foreignObject class="thumbnail""#).count - 1 == screens.count)
        for (index, screen) in screens.enumerated() {
            #expect(map.contains(##"xlink:href="#screen-\##(index)""##), "\(screen.id) links to its states")
            #expect(map.contains(#"<section class="screen" id="screen-\#(index)">"#))
            #expect(
                screen.states.contains { map.contains(#"<iframe src="\#(StaticExport.file(ofState: $0))""#) },
                "\(screen.id) shows one of its pages")
        }
        // The sign-in form shows what the app shows (nothing typed) and leads to the signed-in list;
        // beside it, its sendings: the demo account's, and the empty one, which shows the form's error.
        let index = String(decoding: files["index.html"] ?? Data(), as: UTF8.self)
        #expect(!index.contains(#"value="\#(Account.demoEmail)""#))
        #expect(index.contains(#"<form method="get" action="state-1.html">"#))
        #expect(
            index.contains(
                #"<span class="exported-form-values">email: \#(Account.demoEmail), password: (secret)</span>"#))
        let empty = try #require(crawl.map.edges.first { $0.from == 0 && $0.fields == FormFields() }?.to)
        #expect(
            index.contains(
                #"<a class="exported-form-link" href="\#(StaticExport.file(ofState: empty))">Send empty</a>"#))
        #expect(index.contains("Sign In, saying “Enter your email address.”"))
    }

    @Test("two exports of the same build are identical")
    func identicalExports() async throws {
        let (first, _) = try Self.export(try await SampleCrawl.crawl(SampleCrawl.small))
        let (second, _) = try Self.export(try await SampleCrawl.crawl(SampleCrawl.small, fresh: true))
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let a = Self.files(in: first)
        let b = Self.files(in: second)
        #expect(a.count > 50)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (name, data) in a where b[name] != data {
            Issue.record("\(name) differs between two exports")
        }
    }

    @Test("a symbolic link in the output folder is replaced, never written through")
    func linksInTheOutput() async throws {
        let crawl = try await SampleCrawl.crawl(SampleCrawl.small)
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        let output = root.appending(path: "site")
        let elsewhere = root.appending(path: "elsewhere")
        try files.createDirectory(at: output, withIntermediateDirectories: true)
        try files.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: elsewhere.appending(path: "victim.txt"))
        // Given links where the export writes a page, a data file and the folder of public files
        try files.createSymbolicLink(
            atPath: output.appending(path: "index.html").path,
            withDestinationPath: elsewhere.appending(path: "victim.txt").path)
        try files.createSymbolicLink(
            atPath: output.appending(path: "map.json").path, withDestinationPath: "../elsewhere/new.json")
        try files.createSymbolicLink(atPath: output.appending(path: "public").path, withDestinationPath: elsewhere.path)

        // When the site is exported into that folder
        let result = try StaticExport(crawl: crawl, app: SampleCrawl.appWithPublicFiles).write(to: output)

        // Then the links were replaced and nothing outside the folder changed
        #expect(result.files > 50)
        #expect(try String(contentsOf: elsewhere.appending(path: "victim.txt"), encoding: .utf8) == "keep")
        #expect(try files.contentsOfDirectory(atPath: elsewhere.path) == ["victim.txt"])
        for name in ["index.html", "map.json", "public"] {
            let type =
                try files.attributesOfItem(atPath: output.appending(path: name).path)[.type] as? FileAttributeType
            #expect(type == (name == "public" ? .typeDirectory : .typeRegular), "\(name)")
        }
        #expect(files.fileExists(atPath: output.appending(path: "public/posters/1.svg").path))
    }

    @Test("only files inside Public/ are copied: a link out of it, a loop or a dangling link is skipped and named")
    func linksInPublic() async throws {
        let crawl = try await SampleCrawl.crawl(SampleCrawl.small)
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        let publicFolder = root.appending(path: "Public")
        try files.createDirectory(at: publicFolder.appending(path: "sub"), withIntermediateDirectories: true)
        try Data("a".utf8).write(to: publicFolder.appending(path: "a.svg"))
        try Data("b".utf8).write(to: publicFolder.appending(path: "sub/b.svg"))
        try Data("the store".utf8).write(to: root.appending(path: "secret.sqlite"))
        for (name, destination) in [
            ("leak.sqlite", "../secret.sqlite"), ("loop", "loop"), ("dangling", "nothing-here"), ("same.svg", "a.svg"),
            ("sub/up", ".."), ("outside", root.path),
        ] {
            try files.createSymbolicLink(
                atPath: publicFolder.appending(path: name).path, withDestinationPath: destination)
        }
        let app = try MovieDemo.app(
            templates: DemoDriver.root.appending(path: "Templates").path, publicDirectory: publicFolder)

        let output = root.appending(path: "site")
        let result = try StaticExport(crawl: crawl, app: app).write(to: output)

        let copied = try files.subpathsOfDirectory(atPath: output.appending(path: "public").path).sorted()
        #expect(copied == ["a.svg", "same.svg", "sub", "sub/b.svg"])
        #expect(try String(contentsOf: output.appending(path: "public/same.svg"), encoding: .utf8) == "a")
        let skipped = result.skipped.joined(separator: "\n")
        #expect(skipped.contains("Public/leak.sqlite: a symbolic link that leads out of the folder"))
        #expect(skipped.contains("Public/outside: a symbolic link that leads out of the folder"))
        #expect(skipped.contains("Public/loop: symbolic links that loop"))
        #expect(skipped.contains("Public/dangling: a symbolic link that leads nowhere"))
        #expect(skipped.contains("Public/sub/up: a symbolic link that leads back to a folder it is in"))
        #expect(result.skipped.count == 5)
    }

    @Test("without Graphviz the rest is written and the message names the Debian package")
    func withoutGraphviz() async throws {
        let crawl = try await SampleCrawl.crawl(SampleCrawl.small)
        let (folder, result) = try Self.export(crawl, dotSearchPath: "/nonexistent")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.mapProblem == .notInstalled)
        #expect(result.mapProblem?.description.contains("apt-get install graphviz") == true)
        let files = Self.files(in: folder)
        #expect(files["index.html"] != nil && files["map.json"] != nil && files["map.dot"] != nil)
        let map = String(decoding: files["map.html"] ?? Data(), as: UTF8.self)
        #expect(map.contains("apt-get install graphviz"))
        #expect(map.contains(#"<a href="state-1.html">"#), "the states are still listed as links")
    }
}
