import FlowHostApp
import Foundation
import HTMLPresenter

/// Writes a crawl as a static site that opens from `file://` and from any static host under any
/// sub-path: `index.html` (the start screen), one page per state in the same phone-frame chrome
/// with every action a relative link to the state it leads to, `map.html` (the flow map, each
/// node a link to its page), `map.json` and `map.dot`, the chrome's files and the app's `public`
/// files. Nothing absolute, no script, nothing fetched from elsewhere.
///
/// ```swift
/// let result = try StaticExport(crawl: crawl, app: app).write(to: URL(filePath: "site"))
/// if let problem = result.mapProblem { print(problem) }  // dot missing: the rest is written
/// ```
public struct StaticExport: Sendable {
    /// What was written.
    public struct Result: Sendable {
        /// Files written.
        public let files: Int
        /// Why `map.html` has no picture (Graphviz missing or failing); nil when it has one.
        public let mapProblem: Graphviz.Failure?
    }

    static let chromeFolder = "flowhost"
    static let publicFolder = "public"
    static let mapFile = "map.html"
    /// Seconds before a page moves on by itself where the app moved on its own (a timer).
    static let liveMoveSeconds = 3

    private let crawl: Crawl
    private let publicDirectory: URL?
    private let dotSearchPath: String?

    /// An export of `crawl`, with `app`'s public files; Graphviz's `dot` is looked for in
    /// `dotSearchPath` (the `PATH` by default).
    public init(crawl: Crawl, app: WebApp, dotSearchPath: String? = nil) {
        self.crawl = crawl
        publicDirectory = app.publicDirectory
        self.dotSearchPath = dotSearchPath
    }

    /// The file of state `id`: `index.html` for the start, `state-<id>.html` for the others.
    public static func file(ofState id: Int) -> String {
        id == 0 ? "index.html" : "state-\(id).html"
    }

    /// Writes the site into `directory` (created if needed; files of an earlier export with the
    /// same names are replaced).
    ///
    /// - Throws: a file system error when a file cannot be written.
    public func write(to directory: URL) throws -> Result {
        let files = FileManager.default
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        var written = 0
        for (id, page) in crawl.pages.enumerated() {
            try Data(staticPage(ofState: id, page: page).utf8).write(
                to: directory.appending(path: Self.file(ofState: id)))
            written += 1
        }
        written += try copyFolder(Chrome.publicDirectory, to: directory.appending(path: Self.chromeFolder))
        if let publicDirectory {
            written += try copyFolder(publicDirectory, to: directory.appending(path: Self.publicFolder))
        }
        let dot = crawl.map.dot { Self.file(ofState: $0) }
        try Data(dot.utf8).write(to: directory.appending(path: "map.dot"))
        try crawl.map.json().write(to: directory.appending(path: "map.json"))
        var problem: Graphviz.Failure?
        let svg: String?
        do {
            svg = try Graphviz.svg(from: dot, searchPath: dotSearchPath)
        } catch {
            svg = nil
            problem = error
        }
        let page = MapPage(
            map: crawl.map, svg: svg, problem: problem, stylesheetURL: Self.chromeFolder + "/flowmap.css",
            link: { Self.file(ofState: $0) })
        try Data(page.html.utf8)
            .write(to: directory.appending(path: Self.mapFile))
        return Result(files: written + 3, mapProblem: problem)
    }

    private func staticPage(ofState id: Int, page: CrawledPage) -> String {
        var result = ExportPage(html: page.html)
        let edges = crawl.map.edges.filter { $0.from == id }
        for (index, token) in page.tokens.enumerated() {
            // A form's first sending is the one the page offers: its samples, else as it stands.
            guard let edge = edges.first(where: { $0.action == index }) else {
                result.rewrite(action: token, to: .cut("Not crawled"))
                continue
            }
            if let to = edge.to {
                result.rewrite(action: token, to: .file(Self.file(ofState: to), fields: page.sampleFields[index]))
            } else {
                result.rewrite(action: token, to: .cut("Not crawled: \(edge.cut ?? "a bound was reached")"))
            }
        }
        if let move = edges.first(where: { $0.action == nil }), let to = move.to {
            result.moveOn(to: Self.file(ofState: to), after: Self.liveMoveSeconds)
        }
        result.relativizeFiles()
        result.addMapLink()
        return result.html
    }

    /// Copies the files of `source` (sorted, recursively) into `target`; returns how many.
    private func copyFolder(_ source: URL, to target: URL) throws -> Int {
        let files = FileManager.default
        try files.createDirectory(at: target, withIntermediateDirectories: true)
        var count = 0
        for name in try files.contentsOfDirectory(atPath: source.path).sorted() where !name.hasPrefix(".") {
            let from = source.appending(path: name)
            let to = target.appending(path: name)
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: from.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                count += try copyFolder(from, to: to)
            } else {
                if files.fileExists(atPath: to.path) { try files.removeItem(at: to) }
                try files.copyItem(at: from, to: to)
                count += 1
            }
        }
        return count
    }
}
