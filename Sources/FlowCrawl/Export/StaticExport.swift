import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter

/// Writes a crawl as a static site that opens from `file://` and from any static host under any
/// sub-path: `index.html` (the start screen), one page per state in the same phone-frame chrome
/// with every action a relative link to the state it leads to, `map.html` (the storyboard,
/// each screen a phone showing one of its pages, its states listed and linked), `map.json` and
/// `map.dot` (the storyboard's), the chrome's files and the app's `public`
/// files. Nothing absolute, no script, nothing fetched from elsewhere.
///
/// Each page is its state's screen tree rendered again for the export (`PageLinks`), showing what
/// the app showed (the same values as the state's whole-app snapshot): a followed action is a GET
/// to the file of the state it leads to (a form's `method` becomes `get`, a `formaction` button
/// gets `formmethod="get"`), one not followed is a disabled button with the reason as its title:
/// whatever the app's markup, nothing reads the HTML back. A form's own button leads where its
/// first sending led (the samples its screen declared, else empty); beside the phone the page lists
/// every sending of each form (`ExportedForm`: the values sent, secret ones hidden, a link to
/// the page it led to and what that page shows), so the state after an empty sending, with its
/// field errors, is reached from the form too.
///
/// Given comments (`flowhost export --store`), it carries them read-only: each page shows the open
/// comments of its storyboard screen, pins and threads as a server's page does; `comments.html`
/// lists every thread with its replies and status; `map.html` shows each screen's open ones, with
/// a count on its phone. Nothing to send: no Comment control, no reply, resolve or delete. Their
/// text is escaped everywhere, as on a server.
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
        /// How many comments the export carries (`comments.html`); nil when it was given none.
        public let comments: Int?
    }

    static let chromeFolder = "flowhost"
    static let publicFolder = "public"
    static let mapFile = "map.html"
    static let commentsFile = "comments.html"
    /// Seconds before a page moves on by itself where the app moved on its own (a timer).
    static let liveMoveSeconds = 3

    private let crawl: Crawl
    private let renderer: PageRenderer
    private let publicDirectory: URL?
    private let dotSearchPath: String?
    private let comments: [ScreenComment]?

    /// An export of `crawl`, with `app`'s public files and, read-only, `comments` (nil: none, and
    /// no comments page); Graphviz's `dot` is looked for in `dotSearchPath` (the `PATH` by default).
    public init(crawl: Crawl, app: WebApp, comments: [ScreenComment]? = nil, dotSearchPath: String? = nil) {
        self.crawl = crawl
        renderer = PageRenderer(templates: app.templates)
        publicDirectory = app.publicDirectory
        self.comments = comments
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
    /// - Throws: `OutputFolder.Failure` when a file cannot be written (its path and why);
    ///   `RenderError` when a page the crawl rendered no longer renders.
    public func write(to directory: URL) throws -> Result {
        let output = try OutputFolder(creatingAt: directory)
        var written = 0
        for (id, page) in crawl.pages.enumerated() {
            try output.write(Data(try staticPage(ofState: id, page: page).utf8), to: Self.file(ofState: id))
            written += 1
        }
        var copier = FolderCopier(excluding: directory)
        try copier.copy(ServedFolder(Chrome.publicDirectory), to: output.folder(Self.chromeFolder))
        if let publicDirectory {
            try copier.copy(ServedFolder(publicDirectory), to: output.folder(Self.publicFolder))
        }
        written += copier.copied
        let dot = crawl.map.storyboard.dot { MapPage.anchor(ofScreen: $0) }
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
            map: crawl.map, svg: svg, problem: problem, stylesheetURL: Self.chromeFolder + "/" + Chrome.mapStylesheet,
            link: { Self.file(ofState: $0) }, thumbnail: { Self.file(ofState: $0) },
            comments: comments.map { MapComments(open: $0, listURL: Self.commentsFile) })
        try output.write(Data(page.html.utf8), to: Self.mapFile)
        if let comments {
            let html = CommentsPage(comments: comments).exportHTML(
                stylesheetURL: Self.chromeFolder + "/" + Chrome.stylesheet, backURL: Self.file(ofState: 0))
            try output.write(Data(html.utf8), to: Self.commentsFile)
            written += 1
        }
        return Result(files: written + 3, mapProblem: problem, skipped: copier.skipped, comments: comments?.count)
    }

    private func staticPage(ofState id: Int, page: CrawledPage) throws(RenderError) -> String {
        let edges = crawl.map.edges.filter { $0.from == id }
        var targets: [String: ActionTarget] = [:]
        for (index, action) in page.tree.actions.enumerated() {
            // A form's first sending is the one the page offers: its samples, else as it stands.
            let edge = edges.first { $0.action == index }
            targets[action.token] =
                switch (edge, edge?.to) {
                case (nil, _): .disabled(reason: "Not crawled")
                case (_, let to?): .link(Self.file(ofState: to))
                case (let edge?, nil): .disabled(reason: "Not crawled: \(edge.cut ?? "a bound was reached")")
                }
        }
        var links = PageLinks(
            stylesheet: Self.chromeFolder + "/" + Chrome.stylesheet, publicFiles: Self.publicFolder + "/",
            actions: .resolve { [targets] token in targets[token] ?? .disabled(reason: "Not crawled") },
            flowMap: Self.mapFile)
        if let move = edges.first(where: { $0.action == nil }), let to = move.to {
            links.refresh = PageLinks.Refresh(url: Self.file(ofState: to), seconds: Self.liveMoveSeconds)
        }
        links.forms = forms(of: page, edges: edges, from: id)
        links.comments = comments.map { comments in
            PageComments(
                open: comments, onScreen: page.tree.storyboardScreen, reachedBy: nil,
                threadURL: { Self.commentsFile + "#c-" + $0 }, formURL: nil, listURL: Self.commentsFile)
        }
        return try renderer.render(page.tree, links: links)
    }

    /// The page's forms, each with every way the crawl sent it (its samples first, then empty).
    private func forms(of page: CrawledPage, edges: [FlowMap.Edge], from id: Int) -> [ExportedForm] {
        page.tree.actions.indices.compactMap { index in
            guard page.tree.actions[index].isForm else { return nil }
            let sendings = edges.filter { $0.action == index }.map { edge in
                let fields = edge.fields?.fields ?? []
                return ExportedForm.Sending(
                    label: fields.isEmpty ? "Send empty" : "Send the sample",
                    values: fields.map { $0.isSecret ? "\($0.name): (secret)" : "\($0.name): \($0.value)" },
                    url: edge.to.map(Self.file(ofState:)), outcome: outcome(of: edge, from: id))
            }
            return sendings.isEmpty ? nil : ExportedForm(title: page.labels[index], sendings: sendings)
        }
    }

    /// What `edge`, sent from state `id`, led to: the page's title and the field errors it shows,
    /// or why it was not followed.
    private func outcome(of edge: FlowMap.Edge, from id: Int) -> String {
        guard let to = edge.to else { return "not followed: \(edge.cut ?? "a bound was reached")" }
        if to == id { return "this page again" }
        let state = crawl.map.states[to]
        let title = state.title.isEmpty ? state.template : state.title
        guard case .object(let errors)? = crawl.pages[to].tree.visibleScreen?.values?["form"]?["errors"],
            !errors.isEmpty
        else { return title }
        return title + ", saying "
            + errors.sorted { $0.key.name < $1.key.name }.map { "“\($0.value)”" }.joined(separator: " ")
    }
}
