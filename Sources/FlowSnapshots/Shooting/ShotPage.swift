import Crypto
import FlowCrawl
import Foundation
import HTMLPages
import HTMLPresenter

/// One picture to take: a state's page, rendered as a static export renders it (relative links to
/// the chrome's and the app's files, actions as links that go nowhere, no script, no refresh), in
/// one colour scheme.
struct ShotPage: Sendable {
    /// The picture's name: the state's snapshot name, `.dark` after it for the dark scheme.
    let name: String
    /// The state.
    let state: FlowMap.State
    /// Its storyboard screen's id.
    let screen: String
    /// The way to it, as a person clicks (``StateSnapshot/steps``).
    let steps: [String]
    /// The page as rendered, without ``style``.
    let html: String
    /// In the dark colour scheme.
    let dark: Bool

    /// What is added to every shot page: animations and transitions jump to their end, the text
    /// caret is not drawn. (Timers are held by the crawl: the page has no script that moves on.)
    static let style = """
        <style>*, *::before, *::after { animation-duration: 0s !important; animation-delay: 0s !important; \
        animation-iteration-count: 1 !important; transition-duration: 0s !important; \
        transition-delay: 0s !important; caret-color: transparent !important; }</style>
        """

    /// The page of `state` from its crawled `page`, rendered by `renderer`.
    ///
    /// - Throws: ``SnapshotError/render(state:reason:)`` when it does not render.
    static func render(_ page: CrawledPage, of state: FlowMap.State, renderer: PageRenderer) throws(SnapshotError)
        -> String
    {
        var indexes: [String: Int] = [:]
        for (index, action) in page.tree.actions.enumerated() { indexes[action.token] = index }
        // Each action links to a fragment named by its place: the same page renders to the same
        // bytes in every run (tokens differ), and nothing is followed while shooting.
        let links = PageLinks(
            stylesheet: AssetFolders.chrome + "/" + Chrome.stylesheet, publicFiles: AssetFolders.publicFiles + "/",
            actions: .resolve { [indexes] token in .link("#action-\(indexes[token] ?? -1)") })
        do {
            return try renderer.render(page.tree, links: links)
        } catch {
            throw .render(state: "\(state.id) (\(state.title))", reason: "\(error)")
        }
    }

    /// The file Chromium loads: the page with ``style`` at the end of its head.
    var shotHTML: String {
        guard let head = html.range(of: "</head>") else { return Self.style + html }
        return html.replacingCharacters(in: head, with: Self.style + "\n</head>")
    }

    /// The digest of what the picture shows: the settings, the page and each file it loads (by
    /// `assets`' digests). The same digest, the same picture.
    func digest(loading loaded: [String], from assets: AssetFolders, options: SnapshotOptions) -> String {
        var hash = SHA256()
        let settings = "flowhost pixel snapshot 1\n\(options.width)x\(options.height)@\(options.scale)"
        hash.update(data: Data((settings + (dark ? " dark\n" : " light\n") + Self.style + "\n").utf8))
        hash.update(data: Data(html.utf8))
        for asset in loaded.sorted() {
            hash.update(data: Data("\n\(asset) \(assets.digest(asset))".utf8))
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
