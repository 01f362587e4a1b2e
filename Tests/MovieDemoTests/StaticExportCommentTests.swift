import FlowCrawl
import FlowHostApp
import Foundation
import HTMLPresenter
import HTMLValidation
import Testing

@testable import MovieDemo

/// `flowhost export --store`: the comments a server kept come along read-only, escaped, on the
/// pages of their screen, in `comments.html` and on the map; without them, none of it.
@MainActor
@Suite("Exporting comments read-only", .serialized)
struct StaticExportCommentTests {
    private static func export(_ comments: [ScreenComment]?) async throws -> (URL, StaticExport.Result, Crawl) {
        let crawl = try await SampleCrawl.crawl(SampleCrawl.small)
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-export-\(UUID().uuidString)")
        let result = try StaticExport(crawl: crawl, app: SampleCrawl.appWithPublicFiles, comments: comments)
            .write(to: folder)
        return (folder, result, crawl)
    }

    private static func text(_ file: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appending(path: file), encoding: .utf8)
    }

    @Test(
        "pins and threads on the pages of their screen, a comments page, a count on the map; nothing to send, escaped")
    func readOnly() async throws {
        let start = try await SampleCrawl.crawl(SampleCrawl.small).pages[0].tree.storyboardScreen
        let written = Date(timeIntervalSince1970: 1_790_000_000)
        let comments = [
            ScreenComment(
                id: "a1", path: ClickPath(), screen: start, point: ScreenComment.Point(x: 0.5, y: 0.25),
                author: "<b>Eve</b>", text: "<script>alert(1)</script> & here", created: written,
                replies: [ScreenComment.Reply(author: "Bo", text: "Agreed <i>so</i>", created: written)]),
            ScreenComment(
                id: "r1", path: ClickPath(), screen: start, author: "Ada", text: "Done already", created: written,
                isResolved: true),
        ]
        let (folder, result, crawl) = try await Self.export(comments)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.comments == 2)

        let index = try Self.text("index.html", in: folder)
        #expect(index.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; here"))
        #expect(index.contains(#"class="comment-pin pin-x-50 pin-y-25" href="comments.html#c-a1""#))
        #expect(!index.contains("<script>alert") && !index.contains("<b>Eve"))
        #expect(!index.contains("Done already"), "a resolved thread has no pin")
        #expect(!index.contains("data-comment-mode") && !index.contains("/_flowhost"), "nothing to send")

        let page = try Self.text("comments.html", in: folder)
        #expect(page.contains(#"id="c-a1""#) && page.contains("&lt;b&gt;Eve&lt;/b&gt;"))
        #expect(page.contains("Agreed &lt;i&gt;so&lt;/i&gt;") && page.contains("Done already"))
        #expect(page.contains("Resolved") && page.contains("2026-09-21 14:13 UTC"))
        #expect(!page.contains("<form") && !page.contains("<script>alert") && !page.contains("/_flowhost"))
        #expect(page.contains(#"href="index.html""#))

        let map = try Self.text("map.html", in: folder)
        let screen = try #require(crawl.map.storyboard.screens.firstIndex { $0.id == start })
        #expect(map.contains(##"<a class="comment-badge" href="#screen-\##(screen)-comments""##))
        #expect(map.contains(#"<div class="map-comments" id="screen-\#(screen)-comments">"#))
        #expect(map.contains(#"<a href="comments.html">1 open comment</a>"#))
        #expect(map.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; here") && !map.contains("<script>alert"))
        for (name, html) in [("index.html", index), ("comments.html", page), ("map.html", map)] {
            #expect(HTMLValidator.problems(in: html) == [], "\(name) is valid HTML")
        }
    }

    @Test("without comments the export has no comments page, no pins and no badges")
    func none() async throws {
        let (folder, result, _) = try await Self.export(nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.comments == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "comments.html").path))
        #expect(!(try Self.text("index.html", in: folder)).contains("comment-threads"))
        #expect(!(try Self.text("map.html", in: folder)).contains("comment-badge"))
    }
}
