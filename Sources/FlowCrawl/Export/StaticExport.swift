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
        /// Files of the public folder that were not copied, and why: a symbolic link that leads
        /// out of the folder, or loops, or nowhere; something that is no file.
        public let skipped: [String]
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
    /// same names are replaced). Nothing is written through a symbolic link: one in the way of a
    /// file or folder of the site is replaced, and what it leads to is left alone. Only files
    /// inside the public folder are copied: a link in it that leads out of it, loops or leads
    /// nowhere is skipped and named in ``Result/skipped``.
    ///
    /// - Throws: ``OutputFolder/Failure`` when a file cannot be written (its path and why).
    public func write(to directory: URL) throws -> Result {
        let output = try OutputFolder(creatingAt: directory)
        var written = 0
        for (id, page) in crawl.pages.enumerated() {
            try output.write(Data(staticPage(ofState: id, page: page).utf8), to: Self.file(ofState: id))
            written += 1
        }
        var copier = FolderCopier(excluding: directory)
        try copier.copy(ServedFolder(Chrome.publicDirectory), to: output.folder(Self.chromeFolder))
        if let publicDirectory {
            try copier.copy(ServedFolder(publicDirectory), to: output.folder(Self.publicFolder))
        }
        written += copier.copied
        let dot = crawl.map.dot { Self.file(ofState: $0) }
        try output.write(Data(dot.utf8), to: "map.dot")
        try output.write(crawl.map.json(), to: "map.json")
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
        try output.write(Data(page.html.utf8), to: Self.mapFile)
        return Result(files: written + 3, mapProblem: problem, skipped: copier.skipped)
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
}
