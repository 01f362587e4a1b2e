import FlowHostApp
import Foundation
import HTMLPresenter
import HTMLTemplates
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebHost

/// Comments through the real HTTP server: written without script, pinned and listed on the pages
/// of their screen, threaded, resolved, deleted, opened at their state, replayed on a new build;
/// and what strangers may send them.
@Suite("Comments", .serialized)
struct CommentTests {
    /// The comments as `/_flowhost/comments.json` gives them.
    private func commentsJSON(_ browser: inout Browser) async throws -> [[String: Any]] {
        let response = try await browser.get("/_flowhost/comments.json")
        #expect(response.status == .ok)
        return try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [[String: Any]])
    }

    @Test(
        "a comment written without script shows on every page of its screen, marked on another state, and in the JSON")
    func writeWithoutScript() async throws {
        try await withLabServer(testing: .live) { client in
            var writer = Browser(client)
            let page = try await writer.click("Next", on: try await writer.open())
            #expect(page.heading == "Page 2")
            #expect(page.text.contains(#"href="/_flowhost/comments/new" data-comment-mode>Comment</a>"#))
            // A screen without comments carries no threads column (every page's bytes on the wire):
            // the list of every thread is on the form, and beside the threads once there are some.
            #expect(!page.text.contains("comment-threads") && !page.text.contains(#"href="/_flowhost/comments""#))
            let form = try await writer.get("/_flowhost/comments/new")
            #expect(form.status == .ok)
            #expect(form.text.contains(#"name="author""#) && form.text.contains(#"name="text""#))
            #expect(form.text.contains(#"<a class="comments-link" href="/_flowhost/comments">All comments</a>"#))

            let posted = try await writer.post("/_flowhost/comments", form: "author=Ada&text=Say+Save+here")
            #expect(posted.status == .seeOther)
            #expect(posted.headers[values: .setCookie].contains { $0.hasPrefix("flowhost_author=Ada;") })
            let shown = try await writer.open()
            #expect(shown.heading == "Page 2")
            #expect(shown.text.contains("Say Save here") && shown.text.contains("on the whole screen"))
            #expect(
                shown.text.contains(#"<p class="comment-links"><a href="/_flowhost/comments">All comments</a></p>"#))
            #expect(!shown.text.contains("written in another state"))

            // Another browser on another state of the same screen (Page 1, by no click) sees it as such.
            var reader = Browser(client)
            let first = try await reader.open()
            #expect(first.heading == "Page 1")
            #expect(first.text.contains("Say Save here") && first.text.contains("written in another state"))

            let json = try await commentsJSON(&reader)
            #expect(json.count == 1)
            #expect(json.first?["author"] as? String == "Ada")
            #expect(json.first?["text"] as? String == "Say Save here")
            #expect(json.first?["status"] as? String == "current")
            #expect((json.first?["screen"] as? String)?.hasPrefix("lab/page") == true)
            #expect((json.first?["replies"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("a page open on the comment's screen in another browser moves at once to its page with the new pin")
    func live() async throws {
        // The router client: the live one sends every request on one connection, which the stream holds.
        try await withLabServer { client in
            var reader = Browser(client)
            let open = try await reader.open()
            let events = try #require(open.eventsURL)
            let cookie = try #require(reader.sessionCookie)
            // The reader's page listens before the comment is written.
            async let stream = client.executeRequest(
                uri: events, method: .get, headers: [.cookie: "flowhost_session=\(cookie)"], body: nil)
            try await Task.sleep(for: .milliseconds(200))

            var writer = Browser(client)
            _ = try await writer.open()
            #expect(try await writer.post("/_flowhost/comments", form: "author=Ada&text=Live").status == .seeOther)

            let moved = try #require(
                String(buffer: try await stream.body).firstMatch(of: /event: move\ndata: (\/screen\/\d+)/))
            let page = try await reader.get(String(moved.output.1))
            #expect(page.text.contains("Live"))
        }
    }

    @Test("a comment pinned to a point shows its pin there, with the label of the action under it")
    func pinnedToAPoint() async throws {
        try await withLabServer(testing: .live) { client in
            var browser = Browser(client)
            _ = try await browser.open()
            let form = try await browser.get("/_flowhost/comments/new?x=0.31&y=0.6&label=Next")
            #expect(form.text.contains(#"name="x" value="0.31""#) && form.text.contains("on “Next”"))
            let posted = try await browser.post(
                "/_flowhost/comments", form: "author=Ada&text=Rename+it&x=0.31&y=0.6&label=Next")
            #expect(posted.status == .seeOther)
            let page = try await browser.open()
            #expect(page.text.contains(#"class="comment-pin pin-x-30 pin-y-60" href="/_flowhost/comments#c-"#))
            #expect(page.text.contains(#"data-x="0.31" data-y="0.6""#))
            #expect(page.text.contains("on “Next”"))
        }
    }

    @Test("HTML in a comment's text and author is shown as text on the page, the comments page and the JSON")
    func escaped() async throws {
        try await withLabServer(testing: .live) { client in
            var browser = Browser(client)
            _ = try await browser.open()
            let posted = try await browser.post(
                "/_flowhost/comments",
                form: "author=%3Cb%3EEve%3C%2Fb%3E&text=%3Cscript%3Ealert(1)%3C%2Fscript%3E+%26+%22x%22")
            #expect(posted.status == .seeOther)
            for path in ["/", "/_flowhost/comments"] {
                let page = try await browser.open(path)
                #expect(!page.text.contains("<script>alert"), "\(path)")
                #expect(!page.text.contains("<b>Eve"), "\(path)")
                #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path)")
            }
            let json = try await browser.get("/_flowhost/comments.json")
            #expect(!json.text.contains("<script>") && json.text.contains(#"\u003cscript\u003e"#))
            #expect(try await commentsJSON(&browser).first?["text"] as? String == "<script>alert(1)</script> & \"x\"")
        }
    }

    @Test("text past 2,000 characters or no name is refused with why, the form keeps what was typed, nothing is stored")
    func refusedKeepsWhatWasTyped() async throws {
        try await withLabServer(testing: .live) { client in
            var browser = Browser(client)
            _ = try await browser.open()
            let long = String(repeating: "a", count: 2001)
            let tooLong = try await browser.post("/_flowhost/comments", form: "author=Ada&text=\(long)")
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.text.contains("A comment has at most 2000 characters; this one has 2001."))
            #expect(tooLong.text.contains(">\(long)</textarea>") && tooLong.text.contains(#"value="Ada""#))

            let nameless = try await browser.post("/_flowhost/comments", form: "author=+&text=Hello")
            #expect(nameless.status == .unprocessableContent)
            #expect(nameless.text.contains("Give your name") && nameless.text.contains(">Hello</textarea>"))

            let offScreen = try await browser.post("/_flowhost/comments", form: "author=Ada&text=Hi&x=2&y=0.5")
            #expect(offScreen.status == .unprocessableContent)
            #expect(offScreen.text.contains("two fractions of the screen"))
            #expect(try await commentsJSON(&browser).isEmpty)
        }
    }

    @Test("past the per-session rate a comment is refused with why, and the log says so once")
    func rate() async throws {
        let logs = RecordingLogHandler.Messages()
        try await withLabServer(testing: .live, logs: logs, configure: { $0.maxCommentsPerMinute = 2 }) { client in
            var browser = Browser(client)
            _ = try await browser.open()
            for number in 1...2 {
                #expect(
                    try await browser.post("/_flowhost/comments", form: "author=Ada&text=\(number)").status == .seeOther
                )
            }
            for _ in 1...3 {
                let refused = try await browser.post("/_flowhost/comments", form: "author=Ada&text=more")
                #expect(refused.status == .tooManyRequests)
                #expect(
                    refused.text.contains("wrote 2 comments and replies in the last minute")
                        && refused.text.contains(">more</textarea>"))
            }
            // Another session has its own allowance.
            var other = Browser(client)
            _ = try await other.open()
            #expect(try await other.post("/_flowhost/comments", form: "author=Bo&text=mine").status == .seeOther)
            #expect(try await commentsJSON(&browser).map { $0["text"] as? String } == ["1", "2", "mine"])
            #expect(logs.all.filter { $0.message.contains("comments: a session wrote more than 2") }.count == 1)
        }
    }

    @Test("past the store's bound a comment is refused with why, and the log says so once")
    func storeBound() async throws {
        var limits = ClickPathStoreLimits()
        limits.maxComments = 1
        let logs = RecordingLogHandler.Messages()
        try await withLabServer(store: MemoryClickPathStore(limits: limits), testing: .live, logs: logs) { client in
            var browser = Browser(client)
            _ = try await browser.open()
            #expect(try await browser.post("/_flowhost/comments", form: "author=Ada&text=first").status == .seeOther)
            for _ in 1...2 {
                let refused = try await browser.post("/_flowhost/comments", form: "author=Ada&text=second")
                #expect(refused.status == .serviceUnavailable)
                #expect(refused.text.contains("There are 1 already") && refused.text.contains(">second</textarea>"))
            }
            #expect(try await commentsJSON(&browser).count == 1)
            #expect(logs.all.filter { $0.message.contains("comments: the store holds as many") }.count == 1)
        }
    }

    @Test("a stranger cannot delete another's comment (nothing changes); its author can")
    func strangerCannotDelete() async throws {
        try await withLabServer(testing: .live, configure: { $0.showsInspector = false }) { client in
            var author = Browser(client)
            _ = try await author.open()
            _ = try await author.post("/_flowhost/comments", form: "author=Ada&text=mine")
            let id = try #require(try await commentsJSON(&author).first?["id"] as? String)
            #expect(try await author.open("/_flowhost/comments").text.contains("/_flowhost/comments/\(id)/delete"))

            var stranger = Browser(client)
            _ = try await stranger.open()
            #expect(!(try await stranger.open("/_flowhost/comments").text.contains("/delete")))
            let refused = try await stranger.post("/_flowhost/comments/\(id)/delete")
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("Nothing was deleted"))
            #expect(try await commentsJSON(&stranger).count == 1)
            let crossSite = try await author.post(
                "/_flowhost/comments/\(id)/delete", headers: [.secFetchSite: "cross-site"])
            #expect(crossSite.status == .forbidden)
            #expect(try await commentsJSON(&stranger).count == 1)

            #expect(try await author.post("/_flowhost/comments/\(id)/delete").status == .seeOther)
            #expect(try await commentsJSON(&stranger).isEmpty)
        }
    }

    @Test("replies thread under a comment; resolving takes its pin off the screen; reopening brings it back")
    func threadAndResolve() async throws {
        try await withLabServer(testing: .live) { client in
            var browser = Browser(client)
            _ = try await browser.open()
            _ = try await browser.post("/_flowhost/comments", form: "author=Ada&text=Why+here%3F")
            let id = try #require(try await commentsJSON(&browser).first?["id"] as? String)

            let replied = try await browser.post("/_flowhost/comments/\(id)/reply", form: "author=Bo&text=Because")
            #expect(replied.status == .seeOther)
            #expect(replied.headers[.location] == "/_flowhost/comments#c-\(id)")
            let empty = try await browser.post("/_flowhost/comments/\(id)/reply", form: "author=Bo&text=")
            #expect(empty.status == .unprocessableContent && empty.text.contains("Write something"))
            let list = try await browser.open("/_flowhost/comments")
            #expect(list.text.contains("Because") && list.text.contains("Open at this state"))
            #expect((try await commentsJSON(&browser).first?["replies"] as? [[String: Any]])?.count == 1)

            #expect(try await browser.post("/_flowhost/comments/\(id)/resolve").status == .seeOther)
            #expect(try await commentsJSON(&browser).first?["status"] as? String == "resolved")
            #expect(!(try await browser.open()).text.contains("Why here?"))
            #expect(try await browser.post("/_flowhost/comments/\(id)/reopen").status == .seeOther)
            #expect(try await browser.open().text.contains("Why here?"))

            let unknown = try await browser.post("/_flowhost/comments/\(String(repeating: "0", count: 32))/resolve")
            #expect(unknown.status == .notFound)
        }
    }

    @Test("'Open at this state' starts a fresh session replayed to the comment's state, with its stack under it")
    func openAtState() async throws {
        try await withLabServer(testing: .live) { client in
            var writer = Browser(client)
            var page = try await writer.click("Next", on: try await writer.open())
            page = try await writer.click("Next", on: page)
            #expect(page.heading == "Page 3")
            _ = try await writer.post("/_flowhost/comments", form: "author=Ada&text=Here")
            let id = try #require(try await commentsJSON(&writer).first?["id"] as? String)

            var reader = Browser(client)
            let opened = try await reader.open("/_flowhost/comments/\(id)/open")
            #expect(opened.heading == "Page 3")
            #expect(reader.sessionCookie != nil && reader.sessionCookie != writer.sessionCookie)
            #expect(try await reader.click("Page 2", on: opened).heading == "Page 2")
        }
    }

    @Test(
        "at start, a comment whose path no longer fits the build is outdated, with where it stopped; others stay current"
    )
    func outdatedAcrossBuilds() async throws {
        let store = MemoryClickPathStore()
        try await withLabServer(store: store, testing: .live) { client in
            var browser = Browser(client)
            _ = try await browser.click("Next", on: try await browser.open())
            _ = try await browser.post("/_flowhost/comments", form: "author=Ada&text=Fits")
        }
        // Written on an earlier build, whose page had an action this one does not.
        let gone = ClickPath.Entry.action(
            ActionPosition(screen: ScreenPosition(layer: 0, path: [0, 0], template: "lab/page"), index: 99),
            fields: FormFields())
        try await store.addComment(
            ScreenComment(
                id: OpaqueToken.random().text, path: ClickPath([gone]), screen: "lab/page", author: "Bo",
                text: "Gone", created: .now),
            bySession: "earlier")

        try await withLabServer(store: store, testing: .live) { client in
            var browser = Browser(client)
            var statuses: [String?] = []
            for _ in 0..<100 {
                statuses = try await commentsJSON(&browser).map { $0["status"] as? String }
                if statuses == ["current", "outdated"] { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(statuses == ["current", "outdated"])
            let stopped = try await commentsJSON(&browser).last?["stoppedAt"] as? String
            #expect(stopped?.hasPrefix("step 1 of 1") == true)
            #expect(try await browser.open("/_flowhost/comments").text.contains("Open, outdated"))
        }
    }

    @Test("the live map lists each screen's open comments under it, as text, and counts them on its phone")
    func onTheMap() async throws {
        // The router client: the map's crawl may take longer than the live client's read timeout on a busy machine.
        try await withLabServer { client in
            var browser = Browser(client)
            _ = try await browser.open()
            _ = try await browser.post("/_flowhost/comments", form: "author=Ada&text=%3Ci%3ENot%3C%2Fi%3E+this")
            let map = try await browser.open("/_flowhost/map")
            #expect(map.status == .ok)
            #expect(map.text.contains(#"<a href="/_flowhost/comments">1 open comment</a>"#))
            // The picture: a badge with the count on the screen's phone, leading to its list above.
            let badge = try #require(
                map.text.firstMatch(
                    of: /<a class="comment-badge" href="#(screen-\d+-comments)" aria-label="1 open comment on [^"]+">/))
            #expect(map.text.contains(#"<div class="map-comments" id="\#(badge.output.1)">"#))
            #expect(map.text.contains("<strong>Ada</strong>: &lt;i&gt;Not&lt;/i&gt; this"))
        }
    }

    @Test("with comments off there is no Comment control and no comment route")
    func commentsOff() async throws {
        try await withLabServer(testing: .live, configure: { $0.allowsComments = false }) { client in
            var browser = Browser(client)
            let page = try await browser.open()
            #expect(!page.text.contains("data-comment-mode") && !page.text.contains("comment-threads"))
            for path in ["/_flowhost/comments", "/_flowhost/comments/new", "/_flowhost/comments.json"] {
                #expect(try await browser.get(path).status == .notFound, "\(path)")
            }
            #expect(try await browser.post("/_flowhost/comments", form: "author=A&text=b").status == .notFound)
        }
    }

    @Test(
        "another process's comment moves this one's open page to its pin; no one reads the comments while none changes",
        .timeLimit(.minutes(1)))
    func liveAcrossProcesses() async throws {
        let cluster = ClusterStore()
        try await withLabServer(store: cluster.process()) { a in
            try await withLabServer(store: cluster.process()) { b in
                var reader = Browser(a)
                let open = try await reader.open()
                let events = try #require(open.eventsURL)
                let cookie = try #require(reader.sessionCookie)
                // The replay at start reads them; past it, no one polls.
                var reads = cluster.commentReads.load(ordering: .relaxed)
                for _ in 0..<50 where reads < 4 {
                    try await Task.sleep(for: .milliseconds(20))
                    reads = cluster.commentReads.load(ordering: .relaxed)
                }
                try await Task.sleep(for: .milliseconds(1500))
                #expect(cluster.commentReads.load(ordering: .relaxed) == reads, "no read while nothing changed")

                async let stream = a.executeRequest(
                    uri: events, method: .get, headers: [.cookie: "flowhost_session=\(cookie)"], body: nil)
                var writer = Browser(b)
                _ = try await writer.open()
                #expect(
                    try await writer.post("/_flowhost/comments", form: "author=Ada&text=Elsewhere").status == .seeOther)

                let moved = try #require(
                    String(buffer: try await stream.body).firstMatch(of: /event: move\ndata: (\/screen\/\d+)/))
                #expect(try await reader.get(String(moved.output.1)).text.contains("Elsewhere"))
            }
        }
    }

    @Test("a comment redraws only the pages of its screen: a page on another screen keeps its actions")
    func otherScreensKeepTheirTokens() async throws {
        try await withLabServer(testing: .live) { client in
            var elsewhere = Browser(client)
            let sheet = try await elsewhere.click("Sheet", on: try await elsewhere.open())
            #expect(sheet.action("Close") != nil)

            var writer = Browser(client)
            _ = try await writer.open()
            #expect(
                try await writer.post("/_flowhost/comments", form: "author=Ada&text=On+the+page").status == .seeOther)

            // The sheet's page, as it was before the comment: its action still works.
            let closed = try await elsewhere.click("Close", on: sheet)
            #expect(closed.status == .ok)
            #expect(closed.heading == "Page 1")
            #expect(closed.text.contains("On the page"))
        }
    }

    @Test("a comment opens at its state with what was typed, and the form says so; a secret value is never shown")
    func secretsReplayedNeverShown() async throws {
        try await withLabServer(testing: .live) { client in
            var writer = Browser(client)
            let unlocked = try await writer.click(
                "Unlock", on: try await writer.open(), form: "pin=\(LabPageModel.pin)")
            #expect(unlocked.text.contains(#"class="unlocked""#))
            let form = try await writer.get("/_flowhost/comments/new")
            #expect(form.text.contains("with what you typed on the way (a password is replayed, never shown)"))
            _ = try await writer.post("/_flowhost/comments", form: "author=Ada&text=Behind+the+PIN")
            let id = try #require(try await commentsJSON(&writer).first?["id"] as? String)

            var reader = Browser(client)
            let opened = try await reader.open("/_flowhost/comments/\(id)/open")
            #expect(opened.text.contains(#"class="unlocked""#), "the PIN was replayed")
            #expect(!opened.text.contains(LabPageModel.pin))
            for path in ["/_flowhost/comments", "/_flowhost/comments.json", "/_flowhost/comments/new"] {
                #expect(!(try await reader.get(path).text.contains(LabPageModel.pin)), "\(path)")
            }
        }
    }
}
